package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/pipeline/train"
)

// TestTrainTinyRunLeavesAUsableModel trains one tiny generation, reads the
// ladder from --json, and plays the model with analyze --eval.
func TestTrainTinyRunLeavesAUsableModel(t *testing.T) {
	dir := t.TempDir()
	out, stderr, err := run(t, "", "train", "--out", dir, "--generations", "1", "--games", "10", "--sims", "8",
		"--match-engine", "sims=8", "--gate-games", "2", "--anchor-games", "2", "--strength-games", "2", "--pool-games", "2", "--quiet", "--json")
	if err != nil {
		t.Fatal(err)
	}
	if stderr != "" {
		t.Errorf("--quiet still wrote to stderr:\n%s", stderr)
	}
	var l train.Ladder
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatalf("--json output is not a ladder: %v\n%s", err, out)
	}
	if len(l.Generations) != 1 || l.Generations[0].Gate.Games != 2 || l.Generations[0].VsMaterial == nil {
		t.Fatalf("ladder %+v: want one generation with its gate and anchors", l)
	}
	for _, f := range []string{train.LadderFile, train.ReportFile, train.LadderPlot, "gen-01/model.json", "gen-01/data"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("missing output: %v", err)
		}
	}
	// Records hold snake_case keys and engines as JSON objects: gate.json
	// had "A": "{\"sims\":...}" and settings.fit Go field names.
	var settings struct {
		Fit map[string]json.RawMessage `json:"fit"`
	}
	if err := json.Unmarshal(l.Settings, &settings); err != nil || settings.Fit["td_lambda"] == nil || settings.Fit["value"] == nil {
		t.Errorf("settings.fit %s: want snake_case keys (td_lambda, value), %v", l.Settings, err)
	}
	gate, _ := os.ReadFile(filepath.Join(dir, "gen-01", train.GateFile))
	var rec struct {
		Key map[string]json.RawMessage `json:"key"`
	}
	if err := json.Unmarshal(gate, &rec); err != nil || len(rec.Key["a"]) == 0 || rec.Key["a"][0] != '{' || len(rec.Key["b"]) == 0 || rec.Key["b"][0] != '{' {
		t.Errorf("gate.json %s: want engines a and b of its key as JSON objects, %v", gate, err)
	}
	model := filepath.Join(dir, "gen-01", "model.json")
	got, _, err := run(t, "", "analyze", "--eval", model, "--leaf", "value", "--sims", "50")
	if err != nil || !strings.Contains(got, "best") && !strings.Contains(got, "pv") {
		t.Fatalf("analyze --eval %s: %v\n%s", model, err, got)
	}
	// A killed train left its temporary files for good; a resume removes
	// them and says so once, --quiet or not.
	left := []string{filepath.Join(dir, ".ladder.png.tmp-77"), filepath.Join(dir, "gen-01", ".model.json.tmp-1234")}
	for _, p := range left {
		os.WriteFile(p, []byte("half"), 0o644)
	}
	_, stderr, err = run(t, "", "train", "--out", dir, "--generations", "1", "--games", "10", "--sims", "8",
		"--match-engine", "sims=8", "--gate-games", "2", "--anchor-games", "2", "--strength-games", "2", "--quiet", "--resume")
	if want := "train: removed 2 temporary files a killed run left: " + left[0] + ", " + left[1] + "\n"; err != nil || stderr != want {
		t.Fatalf("resume after a killed run: %v, stderr %q; want only %q", err, stderr, want)
	}
	for _, p := range left {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s still there after the resume", p)
		}
	}
}

// TestTrainErrorsNameTrainsFlags: train's errors named --holdout (a flag
// of fit, not train), "generations 0" without its flag's dashes, and the
// fit's "td lambda" and "prior temperature" without their flags.
func TestTrainErrorsNameTrainsFlags(t *testing.T) {
	_, _, err := run(t, "", "train", "--out", t.TempDir(), "--generations", "0")
	if err == nil || !strings.HasPrefix(err.Error(), "--generations 0: ") {
		t.Errorf("--generations 0: %v; want an error starting with the flag", err)
	}
	runRefusals(t, []refusal{
		{[]string{"train", "--out", t.TempDir(), "--td-lambda", "2"}, "--td-lambda 2: want 0..1 (1: the game result)"},
		{[]string{"train", "--out", t.TempDir(), "--prior-temperature", "-1"}, "--prior-temperature -1: want a positive number"},
	})
	_, _, err = run(t, "", "train", "--out", t.TempDir(), "--generations", "1", "--games", "4", "--sims", "4",
		"--match-sims", "4", "--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--quiet")
	if err == nil || strings.Contains(err.Error(), "--holdout") || !strings.Contains(err.Error(), "raise --games") {
		t.Errorf("train of 4 games: %v; want it to say raise --games, not a flag train lacks", err)
	}
}

// TestTrainPlaysTheMajorityEnding: train takes the rules flags, so the
// majority ending can be trained; its generations' data is of that
// variant, and the ladder records the rules.
func TestTrainPlaysTheMajorityEnding(t *testing.T) {
	dir := t.TempDir()
	l := runJSON[train.Ladder](t, "train", "--out", dir, "--variant", "majority", "--generations", "1", "--games", "6", "--sims", "4",
		"--match-engine", "sims=4", "--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--quiet", "--json")
	if !strings.Contains(string(l.Settings), `"rules": "variant=majority`) {
		t.Errorf("ladder settings %s: want the majority rules", l.Settings)
	}
	if _, err := os.Stat(dataset.PartitionDir(filepath.Join(dir, "gen-01", "data"), dataset.TableGames, "majority")); err != nil {
		t.Errorf("gen-01/data holds no majority games: %v", err)
	}
	// The old --cpuct and --match-sims still work, with notes naming the new forms.
	_, errOut, err := run(t, "", "train", "--out", dir, "--variant", "majority", "--generations", "1", "--games", "6", "--sims", "4",
		"--match-sims", "4", "--cpuct", "0.5", "--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--resume", "--json")
	if err != nil || !strings.Contains(errOut, "--match-sims is deprecated: use --match-engine sims=N") ||
		!strings.Contains(errOut, "--cpuct is deprecated: use --model-cpuct") {
		t.Errorf("old flags on a resume of the same run: %v\n%s", err, errOut)
	}
}

// TestTrainAlquerqueLeavesAModelAlquerquePlays: train --game alquerque
// writes an Alquerque model that match --game alquerque plays, says how to
// play it with --game, and takes the presets (best, its default, or
// baseline, the engine that made Alquerque's shipped model), refusing an
// unknown one.
func TestTrainAlquerqueLeavesAModelAlquerquePlays(t *testing.T) {
	dir := t.TempDir()
	out, _, err := run(t, "", "train", "--game", "alquerque", "--out", dir, "--generations", "1", "--games", "10", "--sims", "8",
		"--match-engine", "sims=8", "--gate-games", "2", "--anchor-games", "2", "--strength-games", "0", "--pool-games", "0", "--gate", "half", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "gen-01", "model.json")
	if !strings.Contains(out, "--game alquerque --evaluator") && !strings.Contains(out, "champion: generation 0") {
		t.Errorf("train --game alquerque's text does not say to play its champion with --game alquerque:\n%s", out)
	}
	got, _, err := run(t, "", "match", "--game", "alquerque", "--a", "evaluator="+model+",leaf=value,cpuct=0.5,sims=8", "--b", "sims=8", "--games", "2")
	if err != nil {
		t.Fatalf("match --game alquerque with the trained model: %v\n%s", err, got)
	}
	_, _, err = run(t, "", "train", "--game", "alquerque", "--preset", "nosuch", "--out", t.TempDir())
	if err == nil || !strings.Contains(err.Error(), `--preset "nosuch": want best`) {
		t.Errorf("train --game alquerque --preset nosuch: %v, want the preset refused, the presets named", err)
	}
}
