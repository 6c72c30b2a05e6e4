package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/experiments/spec"
)

// The runs below are made under the former default engine. --preset
// baseline is exactly that engine (runspec.BaselineEngine is mcts's
// defaults, every command's default before the strongest engine), so a
// run made with it records the same description, byte for byte, as one
// made by an older version with no engine flags.

// TestResumeOfAFormerDefaultSelfplayRunNamesThePreset: selfplay --resume
// of a run played by the former default, given today's defaults, is
// refused naming the settings that differ and the flag that restores
// them; with --preset baseline it continues the run.
func TestResumeOfAFormerDefaultSelfplayRunNamesThePreset(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "", tinySelfplay(dir, "--preset", "baseline")...); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "", tinySelfplay(dir, "--resume", "--games", "6")...)
	if err == nil {
		t.Fatal("a run of the former default was continued with another engine")
	}
	mustContain(t, err.Error(), "--cpuct: this run 0.5, the partition 1.5", "--leaf: this run value, the partition playout",
		"--evaluator: this run weights sha256:", "the partition material",
		"played by the former default engine (cpuct=1.5,leaf=playout,evaluator=material)", "add --preset baseline (with --resume) to continue it")
	if _, _, err := run(t, "", tinySelfplay(dir, "--resume", "--games", "6", "--preset", "baseline")...); err != nil {
		t.Errorf("--preset baseline --resume: %v", err)
	}
	// A run of today's engine refused for another setting gets no note.
	_, _, err = run(t, "", tinySelfplay(dir, "--resume", "--preset", "baseline", "--seed", "9")...)
	if err == nil || strings.Contains(err.Error(), "former default") {
		t.Errorf("another seed: %v", err)
	}
}

// TestResumeOfAFormerDefaultMatchNamesThePreset: match --resume of a match
// whose built-in sides the former default played says which sides to give
// preset=baseline, and continues with it.
func TestResumeOfAFormerDefaultMatchNamesThePreset(t *testing.T) {
	dir := recordMatch(t, "preset=baseline,sims=2", "sims=3,preset=baseline")
	_, _, err := run(t, "", "match", "--a", "sims=2", "--b", "sims=3,preset=baseline", "--games", "4", "--out", dir, "--quiet", "--resume")
	if err == nil {
		t.Fatal("a match of the former default was continued with another engine")
	}
	mustContain(t, err.Error(), "--a cpuct: this run 0.5, the match 1.5", "add preset=baseline to --a to continue it")
	if strings.Contains(err.Error(), "--b") {
		t.Errorf("the note names side B, which is unchanged:\n%v", err)
	}
	if _, _, err := run(t, "", "match", "--a", "preset=baseline,sims=2", "--b", "sims=3,preset=baseline", "--games", "4", "--out", dir, "--quiet", "--resume"); err != nil {
		t.Errorf("preset=baseline --resume: %v", err)
	}
}

// TestResumeOfAFormerDefaultExperimentNamesTheSpecKeys: a spec that leaves
// the engine to the default is the one thing whose meaning changed; an
// experiment run of it made before is refused, naming the keys the spec
// must add, and continues once they are added.
func TestResumeOfAFormerDefaultExperimentNamesTheSpecKeys(t *testing.T) {
	dir := t.TempDir()
	// Runs of that time were played by one shared searcher (players:
	// shared), and their spec.json has no players key.
	const head = "name: old\nseed: 2\ngames: 2\nrandom_opening: 2\npairing: none\nplayers: shared\nrules: {no_capture_limit: 10}\narms: [{name: standard, variant: standard}]\n"
	old := filepath.Join(dir, "old.yaml")
	fixed := filepath.Join(dir, "fixed.yaml")
	os.WriteFile(old, []byte(head+"engine: {sims: 4}\n"), 0o644)
	os.WriteFile(fixed, []byte(head+"engine: {sims: 4, leaf: playout, cpuct: 1.5, evaluator: material}\n"), 0o644)
	out := filepath.Join(dir, "run")
	// The run an older version made of old.yaml: the former default's
	// games, under old.yaml's spec.json.
	if _, _, err := run(t, "", "experiment", "run", fixed, "--out", out, "--quiet"); err != nil {
		t.Fatal(err)
	}
	s, err := spec.Read(old)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.MarshalIndent(s, "", "  ")
	b = []byte(strings.Replace(string(b), `  "players": "shared",`+"\n", "", 1))
	os.WriteFile(filepath.Join(out, experiments.SpecFile), append(b, '\n'), 0o644)

	_, _, err = run(t, "", "experiment", "run", old, "--out", out, "--quiet", "--resume")
	if err == nil {
		t.Fatal("an experiment of the former default was continued with another engine")
	}
	mustContain(t, err.Error(), "arm standard", "games of the former default engine",
		"add engine: {cpuct: 1.5, leaf: playout, evaluator: material} to the spec")
	// Its report says what played, not today's default.
	if _, _, err := run(t, "", "experiment", "report", out); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	mustContain(t, string(md), "playout leaves (40 plies), cpuct 1.5", "material")
	// The spec with those keys is the same experiment: it continues the
	// run.
	os.WriteFile(old, []byte(head+"engine: {sims: 4, cpuct: 1.5, leaf: playout, evaluator: material}\n"), 0o644)
	if _, _, err := run(t, "", "experiment", "run", old, "--out", out, "--quiet", "--resume"); err != nil {
		t.Errorf("with the keys added: %v", err)
	}
}

// TestResumeOfAFormerDefaultTrainRunNamesThePreset: train's generation 0
// is the shipped model; a run whose generation 0 was the former default
// (made here with --preset baseline) resumes with --preset baseline and is
// refused without it, naming the preset.
func TestResumeOfAFormerDefaultTrainRunNamesThePreset(t *testing.T) {
	out := filepath.Join(t.TempDir(), "t")
	args := []string{"train", "--out", out, "--generations", "1", "--games", "10", "--sims", "8", "--match-engine", "sims=8",
		"--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--pool-games", "0", "--quiet"}
	if _, _, err := run(t, "", append(args, "--preset", "baseline")...); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "", append(args, "--resume")...)
	if err == nil {
		t.Fatal("a train run of the former default was continued with generation 0 the shipped model")
	}
	mustContain(t, err.Error(), "--preset: this run", "played by the former default engine", "add --preset baseline (with --resume) to continue it")
	if _, _, err := run(t, "", append(args, "--resume", "--preset", "baseline")...); err != nil {
		t.Errorf("--resume --preset baseline: %v", err)
	}
}
