package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/pipeline"
)

// tinyPipeline is the pipeline at a size that runs in about a second.
func tinyPipeline(out string, extra ...string) []string {
	return append([]string{"pipeline", "--out", out, "--games", "16", "--random-opening", "1", "--sims", "8", "--match-games", "4",
		"--match-engine", "sims=16,leaf=value,cpuct=0.5", "--concurrency", "2", "--quiet"}, extra...)
}

// timings matches the wall times of the summary, the only figures that
// change from run to run.
var timings = regexp.MustCompile(`\d+\.\d( s| CPU-s)\b`)

func maskPipelineSummary(out, dir string) string {
	return timings.ReplaceAllString(strings.ReplaceAll(out, dir, "OUT"), "T$1")
}

func TestPipelineSummaryOfATinyRunMatchesGolden(t *testing.T) {
	dir := t.TempDir()
	out := runOK(t, tinyPipeline(dir)...)
	golden(t, "pipeline-tiny.txt", maskPipelineSummary(out, dir))

	// --resume on the finished run skips every stage but the report and
	// prints the same figures.
	again, _, err := run(t, "", tinyPipeline(dir, "--resume")...)
	if err != nil {
		t.Fatal(err)
	}
	for _, stage := range []string{"self-play", "verify", "fit", "match material", "match model"} {
		if !regexp.MustCompile(`(?m)^` + stage + ` +skipped `).MatchString(again) {
			t.Errorf("--resume of a finished run did not skip %s:\n%s", stage, again)
		}
	}
	strip := func(s string) string {
		return regexp.MustCompile(`(?s)^.*?\ntotal T s[^\n]*\n`).ReplaceAllString(maskPipelineSummary(s, dir), "")
	}
	if strip(again) != strip(out) {
		t.Errorf("resumed summary's figures differ:\n%s\nfirst:\n%s", again, out)
	}
}

func TestPipelineJSONIsTheSummaryFileAndStatsAreTheStatsCommand(t *testing.T) {
	dir := t.TempDir()
	out := runOK(t, tinyPipeline(dir, "--json")...)
	var printed, disk pipeline.Summary
	if err := json.Unmarshal([]byte(out), &printed); err != nil {
		t.Fatalf("--json did not print one JSON object: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, pipeline.SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &disk); err != nil {
		t.Fatal(err)
	}
	pj, _ := json.Marshal(printed)
	dj, _ := json.Marshal(disk)
	if string(pj) != string(dj) {
		t.Errorf("--json output differs from %s", pipeline.SummaryFile)
	}
	if printed.Settings.GamesPerVariant != 16 || printed.Settings.MatchEngine != "sims=16,leaf=value,cpuct=0.5" {
		t.Errorf("settings %+v do not echo the flags", printed.Settings)
	}

	stats, _, err := run(t, "", "stats", filepath.Join(dir, pipeline.DataDir), "--compare", "--json")
	if err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(filepath.Join(dir, pipeline.ReportDir, pipeline.StatsFile))
	if err != nil {
		t.Fatal(err)
	}
	if stats != string(saved) {
		t.Errorf("report/%s differs from surakarta stats DATA --compare --json", pipeline.StatsFile)
	}
}

func TestPipelineFlagErrorsSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	x := filepath.Join(dir, "x")
	runRefusals(t, []refusal{
		{tinyPipeline(x, "--match-games", "3"), "--match-games 3: want an even number"},
		{tinyPipeline(x, "--games", "0"), "--games 0"},
		{tinyPipeline(x, "--match-engine", "sims=10,eval=w.json"), "leave evaluator out"},
		{tinyPipeline(x, "--match-engine", "sims"), "--match-engine"},
		{tinyPipeline(x, "--model", "tree"), "--model"},
		{tinyPipeline(x, "--lambda", "0"), "lambda"},
		{tinyPipeline(x, "--holdout", "1"), "holdout"},
		{tinyPipeline(x, "--confidence", "2"), "--confidence"},
		{tinyPipeline(x, "--no-moves", "win"), "--no-moves"},
		{tinyPipeline(x, "--sims", "0"), "--sims"},
	})
	if _, err := os.Stat(x); err == nil {
		t.Error("a refused command created its output directory")
	}
	if _, _, err := run(t, "", tinyPipeline(dir, "--variant", "majority")...); err == nil {
		t.Error("--variant accepted: the pipeline plays both variants")
	}
}

// TestEveryFileWrittenIsReadableByOthers: every file the pipeline leaves
// (Parquet parts, manifests, commit records, weights, match, verify,
// summary, reports, plots) and the weights fit writes are 0644 like the
// Parquet parts, readable on a shared volume, not 0600.
func TestEveryFileWrittenIsReadableByOthers(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinyPipeline(dir)...); err != nil {
		t.Fatal(err)
	}
	w := filepath.Join(t.TempDir(), "w.json")
	if _, _, err := run(t, "", "fit", filepath.Join(dir, pipeline.DataDir), "--variant", "standard", "--weights", w, "--quiet"); err != nil {
		t.Fatal(err)
	}
	n := 0
	check := func(path string, info os.FileInfo) {
		n++
		if info.Mode().Perm() != 0o644 {
			t.Errorf("%s has mode %v, want 0644", path, info.Mode().Perm())
		}
	}
	filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			check(path, info)
		}
		return err
	})
	if info, err := os.Stat(w); err == nil {
		check(w, info)
	}
	if n < 15 {
		t.Errorf("only %d files checked", n)
	}
}

// TestPipelineFilesRecordPathsRelativeToThemselves: summary.json names
// every output relative to its own directory, and weights.json its dataset
// relative to its own, so both stay true when the tree is moved; the
// report's arms name their data relative to the report.
func TestPipelineFilesRecordPathsRelativeToThemselves(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, _, err := run(t, "", tinyPipeline(filepath.Join("runs", "p"))...); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename("runs", "moved"); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("moved", "p")
	var s pipeline.Summary
	b, _ := os.ReadFile(filepath.Join(dir, pipeline.SummaryFile))
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	paths := []string{s.Verified.Path, s.Fit.Path, s.Match.Path, filepath.Join(s.Report.Dir, "report.md")}
	for _, st := range s.Stages {
		paths = append(paths, st.Output)
	}
	for _, p := range paths {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil || filepath.IsAbs(p) {
			t.Errorf("summary.json names %q, not a path relative to its directory: %v", p, err)
		}
	}
	var w struct {
		Dataset struct{ Dir string } `json:"dataset"`
	}
	b, _ = os.ReadFile(filepath.Join(dir, pipeline.WeightsFile))
	if err := json.Unmarshal(b, &w); err != nil || w.Dataset.Dir != pipeline.DataDir {
		t.Errorf("weights.json names its dataset %q (%v), want %q", w.Dataset.Dir, err, pipeline.DataDir)
	}
}

// TestPipelineAlquerqueRunsWithItsDefaults: pipeline --game alquerque
// plays Alquerque with its default evaluator (best: Alquerque's shipped
// model, recorded by its identity) and its defaults (the flags not given:
// a match against material and one against the shipped model), records
// the game, and refuses Surakarta's tables.
func TestPipelineAlquerqueRunsWithItsDefaults(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	out, _, err := run(t, "", "pipeline", "--game", "alquerque", "--games", "8", "--random-opening", "1", "--sims", "8",
		"--match-games", "4", "--out", dir, "--quiet", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var s pipeline.Summary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if s.Settings.Game != "alquerque" || s.Settings.Evaluator != eval.ShippedAlquerqueIdentity() || s.Settings.Openings != 4 || s.Match == nil ||
		s.ModelMatch == nil || s.Settings.MatchModel != eval.BestName {
		t.Errorf("settings %+v, model match %v: want Alquerque, its shipped model, its 4 one-ply openings, a match against material and one against best", s.Settings, s.ModelMatch)
	}
	_, _, err = run(t, "", "pipeline", "--game", "alquerque", "--tablebase", t.TempDir(), "--out", filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "endgame tables are Surakarta's") {
		t.Errorf("pipeline --game alquerque --tablebase: %v, want the tables refused as Surakarta's", err)
	}
}
