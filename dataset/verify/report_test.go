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

// TestAMatchsReportCountsItsMatchesRows: a match's record (games and
// matches rows, no positions) was reported as "4 games and 0 positions",
// as if its positions were lost; it says the matches rows it checked.
func TestAMatchsReportCountsItsMatchesRows(t *testing.T) {
	for _, tc := range []struct {
		r    Report
		want string
	}{
		{Report{Games: 4, MatchRows: 4, Files: 2}, "ok: 4 games and 4 matches rows in 2 files"},
		{Report{Games: 1, MatchRows: 1, Files: 2}, "ok: 1 game and 1 matches row in 2 files"},
		{Report{Games: 4, Positions: 9, MatchRows: 4, Files: 3}, "ok: 4 games and 9 positions and 4 matches rows in 3 files"},
		{Report{Games: 0, Files: 0}, "ok: 0 games and 0 positions in 0 files"},
	} {
		var b bytes.Buffer
		tc.r.Variants = []string{"standard"}
		tc.r.WriteText(&b)
		if !strings.HasPrefix(b.String(), tc.want+" (variants standard)") {
			t.Errorf("report %+v: %q, want %q", tc.r, b.String(), tc.want)
		}
	}
	bad := &Report{Problems: []string{"p1"}, Games: 4, MatchRows: 4}
	if err := bad.Err("d"); err == nil || !strings.HasSuffix(err.Error(), "(4 games and 4 matches rows checked)") {
		t.Errorf("Err of a match's record: %v", err)
	}
}
