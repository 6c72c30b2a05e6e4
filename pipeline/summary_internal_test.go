package pipeline

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
)

// TestSummaryIntervalsKeepTheSignOfTheirBounds: the summary writes changes
// with stats.PointsText, as the report does, so a bound just below zero
// (issue 24: report.json's [−0.00048, +0.00148]) is not printed "+0.0" as
// if the interval excluded 0.
func TestSummaryIntervalsKeepTheSignOfTheirBounds(t *testing.T) {
	e := gamestats.Estimate{Value: 0.001, CI: [2]float64{-0.00048, 0.00148}}
	s := &Summary{Report: ReportSummary{Files: []string{"report.md"}}, Comparison: &VariantComparison{A: "standard", B: "majority", FirstPlayerScoreDiff: e}}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if want := "first player's score +0.100 pts [-0.048, +0.148],"; !strings.Contains(b.String(), want) {
		t.Errorf("summary lacks %q:\n%s", want, b.String())
	}
}

// TestSummarySaysWhenTheFitIsWorseThanMaterial: the fit's warning is in
// the summary's text (and JSON, as the field), not only in weights.json.
func TestSummarySaysWhenTheFitIsWorseThanMaterial(t *testing.T) {
	s := &Summary{Report: ReportSummary{Dir: "report", Files: []string{"report.md", "report.json"}}, Fit: &FitSummary{Model: "ridge", Variant: "standard", LogLoss: 0.7254, BaselineLogLoss: 0.6940, Warning: "held-out log-loss 0.7254 is worse"}}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "worse than the material-only baseline's 0.6940") || !strings.Contains(b.String(), "warning: held-out log-loss 0.7254 is worse") {
		t.Errorf("summary:\n%s", b.String())
	}
}

// TestSummaryQueryHintSaysWhereDuckDBComesFrom: the summary's query needs
// a DuckDB binary nothing installs; it said only "query: duckdb -c ...".
// It names the built-in reader, where the DuckDB CLI comes from, and the
// script that fetches DuckDB itself.
func TestSummaryQueryHintSaysWhereDuckDBComesFrom(t *testing.T) {
	s := &Summary{Out: "out", Report: ReportSummary{Files: []string{"report.md"}}}
	var b strings.Builder
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"query:  surakarta stats out/data, or any Parquet reader, e.g. the DuckDB CLI (not installed with surakarta: duckdb.org/docs/installation):\n",
		"        duckdb -c \"SELECT variant, winner, reason, count(*) AS games FROM read_parquet('out/data/games/*/*/*.parquet', hive_partitioning = true) GROUP BY ALL ORDER BY ALL\"\n",
		"        (scripts/duckdb/outside-reader.sh out/data fetches DuckDB's npm package and checks it reads what surakarta wrote)\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, b.String())
		}
	}
}
