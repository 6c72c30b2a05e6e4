package verify

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckDirNamesWhatToGiveInstead: a directory that is not a dataset
// gets an error that says what it is and what to give.
func TestCheckDirNamesWhatToGiveInstead(t *testing.T) {
	base := t.TempDir()
	exp := filepath.Join(base, "exp")
	if err := os.MkdirAll(filepath.Join(exp, "arms", "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	for dir, want := range map[string]string{
		filepath.Join(base, "none"): "does not exist",
		exp:                         "experiment directory",
		base:                        "holds no games/game=G/variant=V/",
	} {
		if err := CheckDir(dir); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckDir(%s) = %v, want an error saying %q", dir, err, want)
		}
	}
}

// TestVerifyReportTextAndErrAgree: a report with problems lists them and
// fails with their count; a clean one says ok and does not fail.
func TestVerifyReportTextAndErrAgree(t *testing.T) {
	bad := &Report{Problems: []string{"p1"}, Omitted: 2, Games: 3}
	var b bytes.Buffer
	bad.WriteText(&b)
	if got := b.String(); got != "p1\n... and 2 more problems\n" {
		t.Errorf("text of a failed report: %q", got)
	}
	if err := bad.Err("d"); err == nil || !strings.Contains(err.Error(), "d: 3 problems found (3 games") {
		t.Errorf("Err: %v", err)
	}
	ok := &Report{Games: 1, Positions: 2, Files: 1, Variants: []string{"standard"}}
	b.Reset()
	ok.WriteText(&b)
	if got := b.String(); got != "ok: 1 game and 2 positions in 1 file (variants standard) agree with the rules\n" || ok.Err("d") != nil {
		t.Errorf("clean report: %q, %v", got, ok.Err("d"))
	}
}
