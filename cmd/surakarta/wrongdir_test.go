package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsGivenTheWrongKindOfDirectorySayWhatItIs: a match's record
// given to dataset verify is refused before any progress is printed, and
// to fit with what it is and what to give instead; a training run given
// to stats points at its generations' datasets.
func TestCommandsGivenTheWrongKindOfDirectorySayWhatItIs(t *testing.T) {
	m := filepath.Join(t.TempDir(), "m")
	if _, _, err := run(t, "", "match", "--a", "sims=2", "--b", "sims=2", "--games", "2", "--out", m, "--quiet"); err != nil {
		t.Fatal(err)
	}
	_, errOut, err := run(t, "", "dataset", "verify", m)
	if err == nil || !strings.Contains(err.Error(), "match's record") || errOut != "" {
		t.Errorf("verify of a match: %v; stderr %q (want nothing before the refusal)", err, errOut)
	}
	_, _, err = run(t, "", "fit", m, "--weights", filepath.Join(t.TempDir(), "w.json"))
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
