package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
)

func TestFitWritesWeightsAndJSONReport(t *testing.T) {
	// A small self-play dataset: 80 games, 8 value-leaf simulations a move
	// of the material evaluator (the former default with value leaves).
	data := t.TempDir()
	if _, _, err := run(t, "", "selfplay", "--games", "80", "--out", data, "--sims", "8", "--preset", "baseline", "--leaf", "value", "--concurrency", "2"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "w.json")
	stdout, stderr, err := run(t, "", "fit", data, "--model", "logistic", "--weights", out, "--json")
	if err != nil {
		t.Fatal(err)
	}
	// Progress: both passes counted against twice the rows, with the
	// rate; "done" once (the line ended "done in 0s | done").
	if !regexp.MustCompile(`(?m)positions (\d+)/(\d+) 100\.0% \| \S+ positions/s \| done in \S+$`).MatchString(stderr) {
		t.Errorf("fit progress on stderr lacks the final count over both passes:\n%s", stderr)
	}
	var rep struct {
		Holdout map[string]any `json:"holdout"`
		Weights []eval.NamedWeight
		Variant string `json:"variant"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for _, k := range []string{"log_loss", "brier", "mse", "baseline_log_loss", "positions", "games", "calibration"} {
		if _, ok := rep.Holdout[k]; !ok {
			t.Errorf("--json holdout lacks %s: %v", k, rep.Holdout)
		}
	}
	if rep.Variant != "standard" || len(rep.Weights) != eval.NumFeatures {
		t.Errorf("variant %q, %d weights", rep.Variant, len(rep.Weights))
	}
	f, _, err := eval.LoadWeights(out)
	if err != nil {
		t.Fatal(err)
	}
	if f.Model != eval.Logistic || f.Variant != "standard" || f.Dataset.Rows == 0 || f.Dataset.Seed != 1 || f.Report == nil {
		t.Errorf("weights file %+v", f)
	}

	// The weights drive the search wherever --eval is accepted.
	if _, _, err := run(t, "", "analyze", "--eval", out, "--leaf", "value", "--sims", "50"); err != nil {
		t.Errorf("analyze --eval %s: %v", out, err)
	}
	stdout, stderr, err = run(t, "", "match", "--a", "sims=8,leaf=value,eval="+out, "--b", "sims=8,leaf=value,evaluator=material", "--games", "4", "--json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if stderr != "" {
		t.Errorf("match --quiet wrote to stderr: %q", stderr)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	for _, k := range []string{"games", "wins", "draws", "losses", "score", "elo", "elo_ci", "los", "sprt"} {
		if _, ok := m[k]; !ok {
			t.Errorf("match --json lacks %s", k)
		}
	}
	if m["games"] != 4.0 || m["sprt"] != nil {
		t.Errorf("games %v, sprt %v", m["games"], m["sprt"])
	}

	text, stderr, err := run(t, "", "fit", data, "--weights", out, "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	// This dataset is too small for a fit better than material: --quiet
	// leaves only the warning that says so, which the weights file keeps.
	wf, _, werr := eval.LoadWeights(out)
	if !strings.HasPrefix(stderr, "warning: held-out log-loss") || strings.Count(stderr, "\n") != 1 ||
		werr != nil || "warning: "+wf.Report.Warning+"\n" != stderr {
		t.Errorf("fit --quiet of a fit worse than material: stderr %q (want the warning alone)\n%s", stderr, text)
	}
	// The old forms --data DIR and --out FILE still work, with a note.
	old, stderr, err := run(t, "", "fit", "--data", data, "--out", out, "--quiet")
	if err != nil || old != text {
		t.Fatalf("fit --data DIR --out FILE: %v\n%s", err, old)
	}
	mustContain(t, stderr, "surakarta: --data is deprecated: give the dataset directory as the argument",
		"surakarta: --out is deprecated: use --weights: --out names a directory in every command")
	for _, want := range []string{"held out", "log-loss", "Brier", "sign accuracy", "calibration", "material_x_phase", "material-only baseline", "wrote " + out} {
		if !strings.Contains(text, want) {
			t.Errorf("text report lacks %q:\n%s", want, text)
		}
	}
}

func TestFitRefusesBadFlags(t *testing.T) {
	dir := t.TempDir()
	runRefusals(t, []refusal{
		{[]string{"fit", "--weights", "w.json"}, "give the dataset directory to fit on: surakarta fit DIR --weights FILE"},
		{[]string{"fit", dir}, "--weights FILE is required"},
		{[]string{"fit", dir, "--data", dir, "--weights", "w.json"}, "the dataset is given twice"},
		{[]string{"fit", dir, "--weights", "w.json", "--model", "forest"}, "--model"},
		{[]string{"fit", dir, "--weights", "w.json", "--lambda", "0"}, "--lambda 0: want a positive number"},
		{[]string{"fit", dir, "--weights", "w.json", "--holdout", "1"}, "--holdout 1: want a fraction"},
		{[]string{"fit", dir, "--weights", "w.json", "--blend", "1.5"}, "--blend 1.5: want a weight from 0 to 1"},
		{[]string{"fit", dir, "--weights", "w.json", "--max-iterations", "0"}, "--max-iterations 0: want at least 1"},
		{[]string{"fit", dir, "--weights", "w.json", "--threads", "-1"}, "--threads -1: want 0 (one per CPU) or more"},
		{[]string{"fit", dir, "--weights", "w.json"}, "no dataset"},
	})
}

// TestFitRecordsTheDatasetRelativeToTheWeights: a weights file names its
// dataset relative to its own directory (or absolute, as given), so the
// record holds wherever fit ran and when the tree moves; stdout keeps the
// path as given.
func TestFitRecordsTheDatasetRelativeToTheWeights(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, _, err := run(t, "", "selfplay", "--games", "20", "--sims", "4", "--out", "data", "--quiet"); err != nil {
		t.Fatal(err)
	}
	os.Mkdir("models", 0o755)
	out := runOK(t, "fit", "data", "--weights", filepath.Join("models", "w.json"), "--quiet", "--holdout", "0.5")
	f, _, err := eval.LoadWeights(filepath.Join("models", "w.json"))
	if err != nil || f.Dataset.Dir != "../data" || !strings.Contains(out, "fit on data ") {
		t.Errorf("weights record dataset %q (%v), stdout %q", f.Dataset.Dir, err, out[:min(len(out), 80)])
	}
	abs, _ := filepath.Abs("data")
	if _, _, err := run(t, "", "fit", abs, "--weights", "w.json", "--quiet", "--holdout", "0.5"); err != nil {
		t.Fatal(err)
	}
	if f, _, err := eval.LoadWeights("w.json"); err != nil || f.Dataset.Dir != filepath.ToSlash(abs) {
		t.Errorf("an absolute dataset path recorded as %q (%v)", f.Dataset.Dir, err)
	}
}

// TestFitRefusesAWeightsPathItCannotWriteBeforeFitting: an unwritable
// --weights (a missing directory, a directory) failed only after the fit,
// minutes in on a large dataset; it is refused at once, nothing read.
func TestFitRefusesAWeightsPathItCannotWriteBeforeFitting(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, _, err := run(t, "", tinySelfplay(data)...); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, tc := range []struct{ weights, want string }{
		{filepath.Join(dir, "missing", "w.json"), "--weights: create " + filepath.Join(dir, "missing", "w.json") + ": directory " + filepath.Join(dir, "missing") + " does not exist"},
		{dir, "--weights: " + dir + " is a directory; give a file in a directory you can write"},
	} {
		_, errOut, err := run(t, "", "fit", data, "--weights", tc.weights)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || errOut != "" {
			t.Errorf("--weights %s: %v, stderr %q; want %q before any progress", tc.weights, err, errOut, tc.want)
		}
	}
}

// TestFitInterruptedSaysSo: a fit cut short by Ctrl-C said "no held-out
// games among 4 games: raise --holdout or add games", as if the data were
// at fault; it says it was interrupted, that nothing was written, and
// exits 130.
func TestFitInterruptedSaysSo(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	if _, _, err := run(t, "", tinySelfplay(data)...); err != nil {
		t.Fatal(err)
	}
	w := filepath.Join(t.TempDir(), "w.json")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cmd := newRootCommand()
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	err := execute(ctx, cmd, []string{"fit", data, "--weights", w})
	if want := "fit interrupted: no weights written to " + w + "; run the same command again"; err == nil || err.Error() != want || exitStatus(ctx, err) != exitInterrupted {
		t.Errorf("interrupted fit: %v (status %d)\nwant %s (status %d)", err, exitStatus(ctx, err), want, exitInterrupted)
	}
	if _, serr := os.Stat(w); serr == nil {
		t.Errorf("an interrupted fit wrote %s", w)
	}
}
