package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestResumeRunHoldsTheGamesAndRepairsOnlyOnAResume checks the one call a
// writer makes: without a resume it holds the games and only looks (the
// complete parts, a half-written one as a leftover, nothing removed);
// with a resume it removes the leftover and says so; a foreign file is
// refused by name and the games' lock released.
func TestResumeRunHoldsTheGamesAndRepairsOnlyOnAResume(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 1)
	writeSynth(t, dir, run, 2, 3)
	half := PartPath(dir, TableGames, run.Variant, 2)
	if err := os.Remove(half); err != nil {
		t.Fatal(err)
	}
	left := PartPath(dir, TablePositions, run.Variant, 2)
	var said []string
	logf := func(f string, a ...any) { said = append(said, fmt.Sprintf(f, a...)) }

	res, err := ResumeRun(dir, run, 0, 4, false, logf)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.Complete) != fmt.Sprint([]Range{{0, 1}}) || !slices.Contains(res.Leftovers, left) || len(said) != 0 {
		t.Errorf("without resume: complete %v, leftovers %v, said %q; want [0..1], %s and nothing said", res.Complete, res.Leftovers, said, left)
	}
	if _, err := ResumeRun(dir, run, 0, 4, true, logf); err == nil {
		t.Error("a second writer of the same games was not refused")
	}
	res.Lock.Unlock()

	res, err = ResumeRun(dir, run, 0, 4, true, logf)
	if err != nil {
		t.Fatal(err)
	}
	res.Lock.Unlock()
	if _, err := os.Stat(left); !os.IsNotExist(err) || !strings.Contains(strings.Join(said, "\n"), "removed "+left+", left by an interrupted run") {
		t.Errorf("resume: %s stat %v, said %q; want it removed and said", left, err, said)
	}

	foreign := filepath.Join(PartitionDir(dir, TableGames, run.Variant), "notes.txt")
	if err := os.WriteFile(foreign, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ResumeRun(dir, run, 0, 4, true, logf); err == nil || !strings.Contains(err.Error(), foreign) {
		t.Errorf("a foreign file: error %v, want one naming %s", err, foreign)
	}
	l, err := LockGames(dir, run.Variant, 0, 4)
	if err != nil {
		t.Fatalf("the refused resume kept the games' lock: %v", err)
	}
	l.Unlock()
}
