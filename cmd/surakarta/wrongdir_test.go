package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsGivenTheWrongKindOfDirectorySayWhatItIsAndWhatToDo: a
// match's record given to fit is refused with what it is and what to give
// instead, while dataset verify replays it (its games and matches rows,
// not missing positions); a training run given to stats points at its
// generations' datasets.
func TestCommandsGivenTheWrongKindOfDirectorySayWhatItIsAndWhatToDo(t *testing.T) {
	m := recordMatch(t, "sims=2", "sims=2")
	if out, _, err := run(t, "", "dataset", "verify", m, "--quiet"); err != nil || !strings.Contains(out, "ok: 2 games and 2 matches rows in ") {
		t.Errorf("verify of a match: %v\n%s", err, out)
	}
	_, _, err := run(t, "", "fit", m, "--weights", filepath.Join(t.TempDir(), "w.json"))
	if err == nil || !strings.Contains(err.Error(), "match's record") || !strings.Contains(err.Error(), "selfplay --out") {
		t.Errorf("fit of a match: %v", err)
	}

	tr := filepath.Join(t.TempDir(), "train")
	if err := os.MkdirAll(filepath.Join(tr, "gen-01", "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, "", "stats", tr)
	if err == nil || !strings.Contains(err.Error(), "training run") || !strings.Contains(err.Error(), filepath.Join(tr, "gen-01", "data")) ||
		strings.Contains(err.Error(), "write one with surakarta selfplay") {
		t.Errorf("stats of a training run: %v", err)
	}
}

// TestInspectShowsEveryEngineInOneForm: a self-play run's engine (a JSON
// description in its manifest) and a match's sides print alike, in the
// settings form the flags and match --a take.
func TestInspectShowsEveryEngineInOneForm(t *testing.T) {
	sp := filepath.Join(t.TempDir(), "sp")
	if _, _, err := run(t, "", tinySelfplay(sp)...); err != nil {
		t.Fatal(err)
	}
	m := recordMatch(t, "sims=2", "sims=3")
	a, _, err := run(t, "", "dataset", "inspect", sp)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := run(t, "", "dataset", "inspect", m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(a, "  engine: sims=8,cpuct=0.5,") || strings.Contains(a, `{"sims"`) ||
		!strings.Contains(b, "  engine a: sims=2,cpuct=0.5,") || !strings.Contains(b, "  engine b: sims=3,cpuct=0.5,") {
		t.Errorf("inspect of a self-play run:\n%s\nof a match:\n%s", a, b)
	}
}

// TestStatsOfAPipelinesDirectoryPointsToItsData: stats given a pipeline's
// --out (the directory the pipeline says holds everything) points at the
// dataset inside, DIR/data, where it advised "selfplay --out DIR"; given
// a dataset's games table, at the dataset.
func TestStatsOfAPipelinesDirectoryPointsToItsData(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	data := filepath.Join(out, "data")
	if _, _, err := run(t, "", tinySelfplay(data)...); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, want string }{
		{out, "no dataset at " + out + ": the dataset is inside it: give " + data},
		{filepath.Join(data, "games"), "no dataset at " + filepath.Join(data, "games") + ": it is one table of the dataset " + data + ": give " + data},
	} {
		if _, _, err := run(t, "", "stats", tc.dir); err == nil || err.Error() != tc.want {
			t.Errorf("stats %s: %v\nwant %s", tc.dir, err, tc.want)
		}
	}
}
