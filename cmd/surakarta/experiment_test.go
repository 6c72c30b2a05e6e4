package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/rules"
)

func TestExperimentCheckListsArmsAndComparisons(t *testing.T) {
	out := runOK(t, "experiment", "check", filepath.Join("..", "..", "experiments", "specs", "ladder.yaml"))
	for _, want := range []string{"experiment ladder: 7 arms of 1000 games", "sims50", "800 sims", "compare sims400 → sims800 (changes are sims800 − sims400)"} {
		if !strings.Contains(out, want) {
			t.Errorf("check output lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("name: x\ngames: 10\npairing: none\nengine: {sims: 5, cpuctt: 1}\narms: [{name: a, variant: standard}]\n"), 0o644)
	if _, _, err := run(t, "", "experiment", "check", bad); err == nil || !strings.Contains(err.Error(), `unknown field "cpuctt" in engine`) {
		t.Errorf("bad spec: %v", err)
	}
}

// writeExperimentDir writes an experiment directory as experiment run
// leaves it: a spec of 30 games (seed 5, 3 random plies, paired openings)
// with a standard and a majority arm, and random games (seed 5) in each
// arm, standard of them under the standard rules and majority under the
// majority ending; it returns the directory.
func writeExperimentDir(t *testing.T, standard, majority int64) string {
	t.Helper()
	dir := t.TempDir()
	spec := `{"name":"t","seed":5,"games":30,"random_opening":3,"pairing":"openings","confidence":0.95,
"engine":{"sims":8},"arms":[{"name":"standard","variant":"standard"},{"name":"majority","variant":"majority"}]}`
	if err := os.WriteFile(filepath.Join(dir, "spec.json"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	writeRandomGames(t, filepath.Join(dir, "arms", "standard"), standard, 5, rules.Standard)
	writeRandomGames(t, filepath.Join(dir, "arms", "majority"), majority, 5, rules.Majority)
	return dir
}

func TestExperimentReportRewritesTheReport(t *testing.T) {
	dir := writeExperimentDir(t, 30, 20)
	out := runOK(t, "experiment", "report", dir)
	if !strings.Contains(out, "report.md") || !strings.Contains(out, "standard → majority") {
		t.Errorf("report summary:\n%s", out)
	}
	md, err := os.ReadFile(filepath.Join(dir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "Incomplete run**: majority has 20 of 30 games") {
		t.Errorf("report.md does not flag the unfinished arm:\n%s", md)
	}
	if _, _, err := run(t, "", "experiment", "report", t.TempDir()); err == nil || !strings.Contains(err.Error(), "not an experiment directory") {
		t.Errorf("empty dir: %v", err)
	}
}

func TestExperimentRunPlaysAndReports(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "tiny.yaml")
	os.WriteFile(spec, []byte(`name: tiny
seed: 2
games: 4
random_opening: 2
pairing: openings
engine: {sims: 4, temperature_plies: 0, noise_weight: 0}
rules: {no_capture_limit: 10}
arms:
  - {name: standard, variant: standard}
  - {name: majority, variant: majority}
`), 0o644)
	out := filepath.Join(dir, "run")
	stdout, _, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet", "--concurrency", "2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stdout, "report.md") || !strings.Contains(stdout, "standard → majority") {
		t.Errorf("run output:\n%s", stdout)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "surakarta experiment run "+spec+" --out "+out) {
		t.Errorf("report.md lacks the command (%v)", err)
	}
	// A second run with --resume finds the arms complete and only rewrites
	// the report; --json gives its path and figures.
	stdout, errOut, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet", "--json", "--resume")
	if err != nil || errOut != "" {
		t.Fatalf("rerun: %v, stderr %q", err, errOut)
	}
	// Without --resume the old behaviour remains, with a deprecation note.
	if _, errOut, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet"); err != nil ||
		!strings.Contains(errOut, "continuing it without --resume is deprecated; add --resume") {
		t.Errorf("rerun without --resume: %v, stderr %q", err, errOut)
	}
	var sum report.Headline
	decodeJSON(t, "experiment run --json", stdout, &sum)
	if sum.ReportJSON != filepath.Join(out, "report.json") || len(sum.Arms) != 2 || sum.Arms[1].Games != 4 || len(sum.Comparisons) != 1 {
		t.Errorf("run --json: %+v", sum)
	}
	if _, _, err := run(t, "", "experiment", "run", spec); err == nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("no --out: %v", err)
	}
}

// TestExperimentRunGamesOverridesTheSpecAndSaysSo: --games N plays N games
// per arm instead of the spec's; report.md says so and gives the command
// with --games, report.json and --json record the spec's number; a resume
// continues the run's number, grows with a larger one, refuses a smaller.
func TestExperimentRunGamesOverridesTheSpecAndSaysSo(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "tiny.yaml")
	os.WriteFile(spec, []byte("name: tiny\nseed: 2\ngames: 400\nrandom_opening: 2\npairing: openings\n"+
		"engine: {sims: 4}\nrules: {no_capture_limit: 10}\narms:\n  - {name: standard, variant: standard}\n  - {name: majority, variant: majority}\n"), 0o644)
	out := filepath.Join(dir, "run")
	stdout, _, err := run(t, "", "experiment", "run", spec, "--out", out, "--games", "4", "--quiet", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var sum report.Headline
	decodeJSON(t, "experiment run --games 4 --json", stdout, &sum)
	if sum.Games != 4 || sum.SpecGames != 400 || sum.Arms[0].Games != 4 {
		t.Errorf("--json: games %d, spec_games %d, arm games %d; want 4, 400, 4", sum.Games, sum.SpecGames, sum.Arms[0].Games)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(md), "**Games overridden**: 4 games per arm (experiment run --games 4), not the spec file's 400 games") ||
		!strings.Contains(string(md), "--out "+out+" --games 4") {
		t.Errorf("report.md does not say the games were overridden:\n%s", md)
	}
	var rep struct {
		Spec struct {
			Games     int64 `json:"games"`
			SpecGames int64 `json:"spec_games"`
		} `json:"spec"`
	}
	b, _ := os.ReadFile(filepath.Join(out, "report.json"))
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Spec.Games != 4 || rep.Spec.SpecGames != 400 {
		t.Errorf("report.json spec: %+v", rep.Spec)
	}
	// A resume continues the run's 4 games (it was refused with "delete
	// it"), grows with a larger --games (as the help says: it once said a
	// resume must give the same --games, and took 4 → 6), and refuses a
	// smaller one naming the run's number (it named "the spec").
	if _, errOut, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet", "--resume"); err != nil ||
		!strings.Contains(errOut, "surakarta: resuming "+out+" with its 4 games per arm (the spec file has 400: give --games 400 to grow every arm to it)") {
		t.Errorf("resume without --games: %v\n%s", err, errOut)
	}
	want := "--games 2: " + out + " holds an experiment of 4 games per arm, and a resume grows its arms, never shrinks them: give --games 4 or more, or another --out"
	if _, _, err := run(t, "", "experiment", "run", spec, "--out", out, "--games", "2", "--quiet", "--resume"); err == nil || err.Error() != want {
		t.Errorf("resume with fewer games: %v\nwant %s", err, want)
	}
	stdout, _, err = run(t, "", "experiment", "run", spec, "--out", out, "--games", "6", "--quiet", "--resume", "--json")
	if err != nil {
		t.Fatal(err)
	}
	decodeJSON(t, "experiment run --games 6 --json", stdout, &sum)
	if sum.Games != 6 || sum.SpecGames != 400 || sum.Arms[0].Games != 6 {
		t.Errorf("grown: games %d, spec_games %d, arm games %d; want 6, 400, 6", sum.Games, sum.SpecGames, sum.Arms[0].Games)
	}
}

// TestExperimentHelpNamesEveryShippedSpec: experiment --help lists every
// spec in experiments/specs (it once left out strongest.yaml).
func TestExperimentHelpNamesEveryShippedSpec(t *testing.T) {
	help, _, err := run(t, "", "experiment", "--help")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "experiments", "specs", "*.yaml"))
	if err != nil || len(files) < 4 {
		t.Fatalf("specs %v: %v", files, err)
	}
	for _, f := range files {
		if !strings.Contains(help, filepath.Base(f)) {
			t.Errorf("experiment --help does not name %s", filepath.Base(f))
		}
	}
}
