package arena

import (
	"context"
	"testing"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestTimedSearchPlayerSearchesForItsTime: a clock budget searches until
// the clock ends, whatever the settings' sims say, and plays a legal move.
func TestTimedSearchPlayerSearchesForItsTime(t *testing.T) {
	s := mcts.DefaultConfig().Settings
	s.Sims = 1
	p, err := TimedSearchPlayer(s, mcts.Material{}, 30*time.Millisecond)()
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewLine(rules.DefaultRules(), rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	if err := p.NewGame(1, g.Rules()); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	mv, err := p.Move(context.Background(), g)
	took := time.Since(start)
	if err != nil || took < 30*time.Millisecond || mv.Nodes < 2 || g.Play(mv.Move) != nil {
		t.Fatalf("move %v after %v, %d simulations, %v: want a legal move after 30 ms of search, not 1 simulation", mv.Move, took, mv.Nodes, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Move(ctx, g); err == nil {
		t.Error("a cancelled match's move returned no error")
	}
}
