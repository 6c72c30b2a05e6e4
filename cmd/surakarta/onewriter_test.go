package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/pipeline/train"
)

// holdLock takes the lock file at path as another writer would, with its
// holder's line.
func holdLock(t *testing.T, path, holder string) {
	t.Helper()
	l, err := filelock.TryLock(path, holder)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Unlock() })
}

const otherWriter = "pid 4242 on host since 2026-01-01T00:00:00Z (surakarta something --out x)"

// TestExperimentRunIsOneWriterAndCleansAKilledRunsTemps: two experiment
// runs with --resume on one directory both wrote the report (no lock above
// the arms'), and a killed run's .report.json.tmp-… stayed for good.
func TestExperimentRunIsOneWriterAndCleansAKilledRunsTemps(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "tiny.yaml")
	os.WriteFile(spec, []byte("name: tiny\nseed: 2\ngames: 2\nrandom_opening: 2\npairing: openings\nengine: {sims: 4}\narms:\n  - {name: a, variant: standard}\n"), 0o644)
	out := filepath.Join(dir, "run")
	runOK(t, "experiment", "run", spec, "--out", out, "--quiet")

	holdLock(t, filepath.Join(out, experiments.LockFile), otherWriter)
	_, _, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet", "--resume")
	if want := "another experiment run is writing " + out + " now: " + otherWriter + "; wait for it to finish or stop it, then --resume"; err == nil || err.Error() != want {
		t.Fatalf("a second writer: %v; want refused naming the first", err)
	}
	os.Remove(filepath.Join(out, experiments.LockFile)) // the other writer is done (its lock file goes first)

	left := []string{filepath.Join(out, ".report.json.tmp-123"), filepath.Join(out, ".report.md.tmp-9")}
	for _, p := range left {
		os.WriteFile(p, []byte("half"), 0o644)
	}
	_, errOut, err := run(t, "", "experiment", "run", spec, "--out", out, "--quiet", "--resume")
	want := "experiment: removed 2 temporary files a killed run left: " + left[0] + ", " + left[1] + "\n"
	if err != nil || errOut != want {
		t.Fatalf("resume after a killed run: %v, stderr %q; want only %q", err, errOut, want)
	}
	for _, p := range left {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s still there after the resume", p)
		}
	}
}

// TestTrainIsOneWriter: two train --resume on one --out both ran to the
// end; the refusal of a used directory said "not empty … or --resume a
// run there" whether or not a run was live there.
func TestTrainIsOneWriter(t *testing.T) {
	out := t.TempDir()
	holdLock(t, filepath.Join(out, train.LockFile), otherWriter)
	_, _, err := run(t, "", "train", "--out", out, "--resume", "--quiet")
	if want := "another train is writing " + out + " now: " + otherWriter + "; wait for it to finish or stop it, then --resume"; err == nil || err.Error() != want {
		t.Fatalf("a second writer: %v; want refused naming the first", err)
	}
	os.Remove(filepath.Join(out, train.LockFile))
	os.WriteFile(filepath.Join(out, "notes.txt"), nil, 0o644)
	runFails(t, out+" is not empty (it holds notes.txt) and no run is writing it: --resume to continue the run there, or choose an empty or new --out",
		"train", "--out", out, "--quiet")
}

// TestARefusedRunClaimsNothing: a run refused for its tables still wrote
// gen-01/data/…/_run.json (train) or spec.json (experiment run), so the
// same command, once the tables were right, was refused as "not empty";
// experiment check passed the spec, run played its earlier arms in full
// and printed the tables' error twice.
func TestARefusedRunClaimsNothing(t *testing.T) {
	dir := t.TempDir()
	noTables := t.TempDir()
	out := filepath.Join(dir, "t")
	for range 2 {
		_, errOut, err := run(t, "", "train", "--out", out, "--tablebase", noTables, "--quiet")
		if err == nil || !strings.HasPrefix(err.Error(), "--tablebase "+noTables+": no tables for variant=standard,no-capture-limit=50,repetition=3,no-moves=loss in") || errOut != "" {
			t.Fatalf("train with no tables: %v, stderr %q; want the tables named, nothing else said", err, errOut)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("a refused train left %s: %v", out, err)
		}
	}
	spec := filepath.Join(dir, "tables.yaml")
	os.WriteFile(spec, []byte("name: tb\nseed: 2\ngames: 2\nrandom_opening: 2\npairing: openings\nengine: {sims: 4}\narms:\n"+
		"  - {name: plain, variant: standard}\n  - {name: tables, variant: standard, engine: {tablebase: "+noTables+"}}\n"), 0o644)
	want := "arm tables: engine tablebase " + noTables + ": no tables for variant=standard,no-capture-limit=50,repetition=3,no-moves=loss in " + noTables
	if _, _, err := run(t, "", "experiment", "check", spec); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("experiment check of a spec with no tables: %v; want %q…", err, want)
	}
	out = filepath.Join(dir, "e")
	for range 2 {
		_, errOut, err := run(t, "", "experiment", "run", spec, "--out", out)
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Count(err.Error()+errOut, "no tables for variant=standard") != 1 {
			t.Fatalf("experiment run of a spec with no tables: %v, stderr %q; want %q… once, before any arm", err, errOut, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("a refused experiment run left %s: %v", out, err)
		}
	}
}
