package main

import (
	"strings"
	"testing"
)

// TestMatchResumeNamesTheSettingThatDiffers: resuming a match with side B
// changed says which settings, in selfplay's form, instead of printing the
// two sides' whole engine texts.
func TestMatchResumeNamesTheSettingThatDiffers(t *testing.T) {
	out := recordMatch(t, "sims=2", "sims=2")
	_, _, err := run(t, "", "match", "--a", "sims=2", "--b", "sims=3,cpuct=1", "--games", "2", "--out", out, "--quiet", "--resume")
	if err == nil {
		t.Fatal("a resume with other settings of B was accepted")
	}
	msg := err.Error()
	if !strings.Contains(msg, "--b sims: this run 3, the match 2") || !strings.Contains(msg, "--b cpuct: this run 1, the match 0.5") ||
		strings.Contains(msg, "--a") || strings.Contains(msg, "playout-plies=") {
		t.Errorf("mismatch message:\n%s", msg)
	}
}
