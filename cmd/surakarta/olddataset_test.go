package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestDatasetsOfSchemaVersion1StillVerifyStatAndFit: the commands read a
// dataset written before schema version 2 (run_id, the policy's moves; the
// fixtures of dataset/testdata/schema-v1) as they did: verify passes,
// stats counts its games and fit fits on it, and stats reads a version-1
// match.
func TestDatasetsOfSchemaVersion1StillVerifyStatAndFit(t *testing.T) {
	old := filepath.Join("..", "..", "dataset", "testdata", "schema-v1")
	sp := filepath.Join(old, "selfplay")
	if out, _, err := run(t, "", "dataset", "verify", sp, "--quiet"); err != nil || !strings.Contains(out, "ok: 8 games") {
		t.Errorf("verify of a version-1 dataset: %v\n%s", err, out)
	}
	if out, _, err := run(t, "", "stats", sp); err != nil || !strings.Contains(out, "standard: 4 games") || !strings.Contains(out, "majority: 4 games") {
		t.Errorf("stats of a version-1 dataset: %v\n%s", err, out)
	}
	w := filepath.Join(t.TempDir(), "w.json")
	if out, _, err := run(t, "", "fit", sp, "--variant", "standard", "--holdout", "0.5", "--weights", w, "--quiet"); err != nil || !strings.Contains(out, "wrote "+w) {
		t.Errorf("fit on a version-1 dataset: %v\n%s", err, out)
	}
	if out, _, err := run(t, "", "stats", filepath.Join(old, "match")); err != nil || !strings.Contains(out, "4 games") {
		t.Errorf("stats of a version-1 match: %v\n%s", err, out)
	}
}
