package pipeline

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments"
)

// TestSummaryIntervalsKeepTheSignOfTheirBounds: the summary writes changes
// with stats.PointsText, as the report does, so a bound just below zero
// (issue 24: report.json's [−0.00048, +0.00148]) is not printed "+0.0" as
// if the interval excluded 0.
func TestSummaryIntervalsKeepTheSignOfTheirBounds(t *testing.T) {
	e := experiments.Estimate{Value: 0.001, CI: [2]float64{-0.00048, 0.00148}}
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
