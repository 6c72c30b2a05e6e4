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
	// A resume that wrote journaled games said "wrote 36 games (4128
	// positions) …; red 19, black 11, draw 4" of 34 played games.
	b.Reset()
	s = Summary{Planned: 60, Skipped: 24, Played: 34, Journaled: 2, Written: 36, Positions: 4128, Red: 19, Black: 11, Draw: 4,
		KeptRed: 11, KeptBlack: 11, KeptDraw: 4, Elapsed: 2 * time.Second}
	s.WriteText(&b, "d")
	if want := "wrote 36 games to d in 2.0 s: 34 games played now (4128 positions, 17.00 games/s, 2064 positions/s; red 19, black 11, draw 4) and 2 read back from an interrupted run's journal; 24 games were already there; the run's 60 games: red 30, black 22, draw 8\n"; b.String() != want {
		t.Errorf("text %q\nwant %q", b.String(), want)
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
