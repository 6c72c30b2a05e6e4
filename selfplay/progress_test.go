package selfplay

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/game"
)

// TestProgressTalliesResultsAfterLabel: the final line counts every game
// (skipped ones included), tallies each result once, those of the games a
// resume kept too (it said "games 4/4 … red 2 black 0 draw 1" of a resumed
// run's 4 games), and puts the label before the figures; a restart after
// Stop begins from zero.
func TestProgressTalliesResultsAfterLabel(t *testing.T) {
	var p Progress
	p.Stop() // not started: nothing to do
	for _, c := range []struct {
		label            string
		planned, skipped int64
		kept             [3]int64
		results          []game.Result
		want             []string
	}{
		{"majority", 4, 1, [3]int64{1, 0, 0}, []game.Result{game.FirstWins, game.Draw, game.FirstWins},
			[]string{"games 4/4 ", "| majority | ", " positions/s | red 3 black 0 draw 1\n"}},
		{"", 1, 0, [3]int64{}, []game.Result{game.SecondWins},
			[]string{"games 1/1 ", "| done in ", " positions/s | red 0 black 1 draw 0\n"}},
	} {
		var b bytes.Buffer
		p.Start(&b, c.label, c.planned, c.skipped, false)
		p.Kept(c.kept[0], c.kept[1], c.kept[2])
		for _, r := range c.results {
			p.Game(GameStats{Positions: 10, Result: r})
		}
		p.Stop()
		p.Stop()
		line := b.String()
		for _, w := range c.want {
			if !strings.Contains(line, w) || strings.Count(line, "\n") != 1 {
				t.Errorf("label %q: line %q lacks %q", c.label, line, w)
			}
		}
	}
}

// TestRunShowingOfSaysTheRunOnItsWriter: the progress line's last line
// and the resume's notes go to the writer, nothing under quiet; a
// partition of other settings is refused before anything is played.
func TestRunShowingOfSaysTheRunOnItsWriter(t *testing.T) {
	dir := t.TempDir()
	var w bytes.Buffer
	sum, err := RunShowingOf(context.Background(), testConfig(dir, 2, 1), &w, false)
	if err != nil || sum.Played != 2 || !strings.Contains(w.String(), "games 2/2 ") {
		t.Fatalf("%+v, %v, said %q", sum, err, w.String())
	}
	w.Reset()
	cfg := testConfig(dir, 2, 1)
	cfg.Run.Resume = true
	if sum, err := RunShowingOf(context.Background(), cfg, &w, true); err != nil || sum.Played != 0 || w.Len() != 0 {
		t.Errorf("a quiet resume of a finished run: %+v, %v, said %q", sum, err, w.String())
	}
	cfg.Run.Seed++
	if _, err := RunShowingOf(context.Background(), cfg, &w, true); err == nil {
		t.Error("a run of another seed into the same partition was not refused")
	}
}
