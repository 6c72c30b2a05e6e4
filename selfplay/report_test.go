package selfplay

import (
	"strings"
	"testing"
	"time"
)

// TestSummarySaysWhatTheRunWroteAndKept: the text of a finished run, of
// one with nothing to play, and an interruption's count of what is kept.
func TestSummarySaysWhatTheRunWroteAndKept(t *testing.T) {
	s := Summary{Planned: 10, Skipped: 1, Played: 4, Written: 4, Positions: 100, Red: 2, Black: 1, Draw: 1, Elapsed: 2 * time.Second}
	var b strings.Builder
	s.WriteText(&b, "d")
	if want := "wrote 4 games (100 positions) to d in 2.0 s: 2.00 games/s, 50 positions/s; red 2, black 1, draw 1; 1 game was already there\n"; b.String() != want {
		t.Errorf("text %q, want %q", b.String(), want)
	}
	b.Reset()
	(&Summary{Planned: 3}).WriteText(&b, "d")
	if !strings.HasPrefix(b.String(), "nothing to play: all 3 ") {
		t.Errorf("nothing played: %q", b.String())
	}
	s = Summary{Planned: 10, Played: 5, Written: 2, Journaled: 1, InJournal: 4}
	if err := s.InterruptedErr("d").Error(); !strings.Contains(err, "2 of this run's 10 games are in d (2 written now) and 4 more are kept") || !strings.Contains(err, "play the 4 missing games") {
		t.Errorf("interruption: %s", err)
	}
}
