package tablebase

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestVerifyDirReportsEveryRulesAndWhatIsMissing: a directory of two
// rules' tables, one of them missing a balance below its largest, is
// verified rules by rules: both listed, the incomplete one with the
// command that adds the balance, and the result unsound.
func TestVerifyDirReportsEveryRulesAndWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	std, maj := rulesWith(rules.Standard, 50), rulesWith(rules.Majority, 50)
	buildInto(t, dir, std, 3, 2)
	buildInto(t, dir, maj, 3, 2)
	if err := os.Remove(filepath.Join(dir, FileName(maj, Material{2, 1}))); err != nil {
		t.Fatal(err)
	}
	j, err := VerifyDir(dir, 2, io.Discard, true)
	if err != nil || len(j.Tables) != 2 || j.Sound || len(j.Leftovers) != 0 || j.Leftovers == nil {
		t.Fatalf("%+v, %v", j, err)
	}
	if err := j.Err(); err == nil || !strings.Contains(err.Error(), FileName(maj, Material{2, 1})) {
		t.Errorf("the unsound directory's error: %v", err)
	}
}

// TestBuildWithProgressSaysWhatAKilledBuildLeft: a build that finds the
// temporary file of a killed one removes it and says so, quiet or not, and
// returns build's result; options out of range are refused before
// anything is written.
func TestBuildWithProgressSaysWhatAKilledBuildLeft(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".standard-limit20-1v1.sktb.tmp-123"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	var w bytes.Buffer
	r := rulesWith(rules.Standard, 20)
	j, err := BuildWithProgress(dir, BuildOptions{Rules: r, Pieces: 3}, &w, true)
	if err != nil || len(j.Built) != 3 || j.Pieces != 3 || len(j.Removed) != 1 {
		t.Fatalf("%+v, %v", j, err)
	}
	if w.String() != "removed 1 temporary files a killed build left in "+dir+"\n" {
		t.Errorf("said %q", w.String())
	}
	if _, err := BuildWithProgress(t.TempDir(), BuildOptions{Rules: r, Pieces: MaxPieces + 1}, &w, true); err == nil {
		t.Error("pieces past MaxPieces: no error")
	}
}
