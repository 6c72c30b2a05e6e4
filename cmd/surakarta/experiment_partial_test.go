package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExperimentReportOfARunStoppedBeforeItsLastArm: the report covers the
// arms that have games and names the one that has none, instead of
// failing.
func TestExperimentReportOfARunStoppedBeforeItsLastArm(t *testing.T) {
	dir := writeExperimentDir(t, 30, 20)
	os.RemoveAll(filepath.Join(dir, "arms", "majority"))
	out, _, err := run(t, "", "experiment", "report", dir)
	if err != nil {
		t.Fatalf("report of an experiment stopped before its last arm: %v", err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, "report.md"))
	if !strings.Contains(string(md), "majority has no games yet") || !strings.Contains(out, "report.md") {
		t.Fatalf("report.md does not name the arm without games:\n%s", md)
	}
}

// TestExperimentCheckCatchesWhatRunWouldFailOn: a missing weights file and
// a setting out of range used to pass check and stop run at its arm.
func TestExperimentCheckCatchesWhatRunWouldFailOn(t *testing.T) {
	dir := t.TempDir()
	for body, want := range map[string]string{
		"engine: {sims: 5, evaluator: missing.json}":              "missing.json",
		"engine: {sims: 5, cpuct: -1}":                            "cpuct",
		"engine: {sims: 5, evaluator: ../../../../../etc/passwd}": "inside it",
	} {
		spec := filepath.Join(dir, "s.yaml")
		os.WriteFile(spec, []byte("name: x\ngames: 10\npairing: none\n"+body+"\narms: [{name: a, variant: standard}]\n"), 0o644)
		_, _, err := run(t, "", "experiment", "check", spec)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "arm ") {
			t.Errorf("check of a spec with %s: %v, want an error naming arm a and %q", body, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "invalid character") {
			t.Errorf("check of a spec with %s quotes the file it read: %v", body, err)
		}
	}
}
