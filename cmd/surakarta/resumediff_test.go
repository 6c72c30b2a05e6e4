package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/pipeline/train"
)

// TestMatchResumeNamesTheSettingThatDiffers: resuming a match with side B
// changed says which settings, in selfplay's form, instead of printing the
// two sides' whole engine texts.
func TestMatchResumeNamesTheSettingThatDiffers(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m")
	if _, _, err := run(t, "", "match", "--a", "sims=2", "--b", "sims=2", "--games", "2", "--out", out, "--quiet"); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "", "match", "--a", "sims=2", "--b", "sims=3,cpuct=1", "--games", "2", "--out", out, "--quiet", "--resume")
	if err == nil {
		t.Fatal("a resume with other settings of B was accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, "--b sims: this run 3, the match 2") || !strings.Contains(msg, "--b cpuct: this run 1, the match 1.5") ||
		strings.Contains(msg, "--a") || strings.Contains(msg, "playout-plies=") {
		t.Errorf("mismatch message:\n%s", msg)
	}
}

// TestTrainResumeNamesTheSettingThatDiffers: train --resume's refusal says
// each setting by the flag that sets it.
func TestTrainResumeNamesTheSettingThatDiffers(t *testing.T) {
	err := trainMismatch(&train.SettingsMismatchError{Out: "runs/t", Diffs: []dataset.SettingDiff{
		{Setting: "selfplay_engine.sims", Mine: "60", Have: "50"},
		{Setting: "gate_games", Mine: "202", Have: "200"},
		{Setting: "selfplay_engine.cpuct", Mine: "1.5", Have: "1.25"},
	}})
	msg := err.Error()
	for _, want := range []string{"runs/t holds a training run with other settings", "--sims: this run 60, the run 50",
		"--gate-games: this run 202, the run 200", "selfplay_engine.cpuct (ladder.json settings): this run 1.5, the run 1.25"} {
		if !strings.Contains(msg, want) {
			t.Errorf("mismatch message lacks %q:\n%s", want, msg)
		}
	}
}
