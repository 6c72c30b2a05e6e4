package arena

import (
	"context"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// baselineGame plays a whole game between two baselines from the start
// under the default rules, seeding them with seeds, and returns its moves.
func baselineGame(t *testing.T, red, black string, seeds [2]uint64) []rules.Move {
	t.Helper()
	g, err := game.NewLine(rules.DefaultRules(), rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	var players [2]Player
	for c, name := range []string{red, black} {
		f, err := BaselinePlayer(name)
		if err != nil {
			t.Fatal(err)
		}
		if players[c], err = f(); err != nil {
			t.Fatal(err)
		}
		if err := players[c].NewGame(seeds[c], g.Rules()); err != nil {
			t.Fatal(err)
		}
	}
	for !g.IsTerminal() {
		mv, err := players[g.ToMove()].Move(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if mv.Nodes != 0 {
			t.Fatalf("a baseline counted %d nodes: it does not search", mv.Nodes)
		}
		if err := g.Play(mv.Move); err != nil {
			t.Fatalf("a baseline played an illegal move: %v", err)
		}
	}
	return slices.Clone(g.Moves())
}

// TestRandomBaselineIsSeeded: the random baseline's moves depend on its
// seed alone: the same seeds replay the same game, other seeds another.
func TestRandomBaselineIsSeeded(t *testing.T) {
	a := baselineGame(t, BaselineRandom, BaselineRandom, [2]uint64{1, 2})
	b := baselineGame(t, BaselineRandom, BaselineRandom, [2]uint64{1, 2})
	if !slices.Equal(a, b) {
		t.Fatal("the random baseline played two games with the same seeds differently: it draws from something besides its seed")
	}
	c := baselineGame(t, BaselineRandom, BaselineRandom, [2]uint64{3, 4})
	if slices.Equal(a, c) {
		t.Fatal("the random baseline played the same game under other seeds: the seed does not reach its draws")
	}
}

// TestFirstBaselinePlaysTheFirstGeneratedMove: every move of the first
// baseline is the first legal move in generation order, whatever its seed.
func TestFirstBaselinePlaysTheFirstGeneratedMove(t *testing.T) {
	moves := baselineGame(t, BaselineFirst, BaselineRandom, [2]uint64{5, 6})
	again := baselineGame(t, BaselineFirst, BaselineRandom, [2]uint64{99, 6})
	if !slices.Equal(moves, again) {
		t.Fatal("the first baseline's game changed with its seed: it must not draw")
	}
	g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
	var buf [rules.MaxMoves]rules.Move
	for i, m := range moves {
		if i%2 == 0 && m != g.LegalMoves(buf[:0])[0] {
			t.Fatalf("ply %d: the first baseline played %v, not the first generated move %v", i, m, buf[0])
		}
		g.Play(m)
	}
}

// TestBaselineUnknownNameIsRefused: a name that is no baseline gets an
// error listing the baselines.
func TestBaselineUnknownNameIsRefused(t *testing.T) {
	if _, err := BaselinePlayer("randm"); err == nil {
		t.Fatal("BaselinePlayer took an unknown name")
	}
}

// TestSearchBeatsTheRandomBaseline: the floor is a floor: a small search
// wins a short match against the random baseline by a wide margin.
func TestSearchBeatsTheRandomBaseline(t *testing.T) {
	s := mcts.DefaultConfig().Settings
	s.Sims = 32
	random, err := BaselinePlayer(BaselineRandom)
	if err != nil {
		t.Fatal(err)
	}
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency = 8, 3, 2, 1
	res, err := Arena(context.Background(), SearchPlayer(s, mcts.Material{}), random, ArenaOptions{Run: run, Rules: rules.DefaultRules()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score < 0.75 {
		t.Fatalf("32 simulations of search scored %.3f against random moves (%d-%d-%d): want at least 0.75", float64(res.Score), res.Wins, res.Draws, res.Losses)
	}
}
