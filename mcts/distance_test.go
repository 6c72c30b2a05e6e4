package mcts

import (
	"fmt"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// checkProvenMoves checks every proven move of r against exhaustive search
// of g: a move proven won at distance d forces the win within d plies, and
// one proven lost at distance d loses against the opponent's shortest win
// in exactly d plies when that is at most maxLoss (the solver finds the
// opponent's shortest reply first: captures of the last piece are proven at
// expansion).
func checkProvenMoves(t *testing.T, g *rules.Game, r *Result, maxLoss int) {
	t.Helper()
	for _, ms := range r.Moves {
		c := g.Clone()
		if err := c.Play(ms.Move); err != nil {
			t.Fatal(err)
		}
		switch ms.Proof {
		case ProofWin:
			if ms.Distance < 1 || !c.IsTerminal() && !bruteLoss(c, ms.Distance-1) {
				t.Errorf("%v: proven win in %d, but the move does not force a win in %d plies", ms.Move, ms.Distance, ms.Distance)
			}
		case ProofLoss:
			if d := winDistance(c, maxLoss-1); d > 0 && ms.Distance != d+1 {
				t.Errorf("%v: proven loss in %d, want %d (the opponent's shortest win after it)", ms.Move, ms.Distance, d+1)
			}
		default:
			if ms.Distance != 0 {
				t.Errorf("%v: proof %q with distance %d, want 0", ms.Move, ms.Proof, ms.Distance)
			}
		}
	}
}

// TestSolverPlaysShortestWin: on 6/6/b5/1r4/2r1b1/r5 Red wins in 3 plies
// by b3xe2 and in 5 by b3xa4 or c2xa4; before proof distances the search
// stopped at whichever win it proved first. It must find and play the
// shortest for every seed, and report its distance.
func TestSolverPlaysShortestWin(t *testing.T) {
	const fen = "6/6/b5/1r4/2r1b1/r5 r 0 1"
	g := mustGame(t, rules.DefaultRules(), fen)
	if d := winDistance(g, 3); d != 3 {
		t.Fatalf("test position %s: shortest win %d plies, want 3", fen, d)
	}
	p := g.Position()
	want, err := rules.ParseMove(&p, "b3xe2")
	if err != nil {
		t.Fatal(err)
	}
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprint(leaf, "/", seed), func(t *testing.T) {
				cfg := testConfig(20000, leaf)
				cfg.Seed = seed
				s := mustSearcher(t, cfg, Material{})
				r := s.Search(g)
				if r.Best != want || r.Proof != ProofWin || r.Distance != 3 {
					t.Errorf("best %v proof %q distance %d, want b3xe2, win in 3", r.Best, r.Proof, r.Distance)
				}
				if m := s.Choose(&r, 0); m != want {
					t.Errorf("Choose played %v, want b3xe2", m)
				}
				if len(r.PV) != 3 {
					t.Errorf("PV %v, want the 3 plies of the win", r.PV)
				}
				longer := 0
				for _, ms := range r.Moves {
					if ms.Proof == ProofWin && ms.Distance > 3 {
						longer++
					}
				}
				t.Logf("%d sims, %d longer proven wins beside it", r.Sims, longer)
				checkProvenMoves(t, g, &r, 0)
			})
		}
	}
}

// TestSolverPlaysLongestLoss: in these positions every Red move loses,
// some at once (Black captures the last piece at the next ply) and some
// only after Black's quiet move and Red's reply (4 plies); the search must
// prove them all with their distances and play a longest loss.
func TestSolverPlaysLongestLoss(t *testing.T) {
	for _, fen := range []string{
		"4b1/4b1/6/6/r1b3/6 r 0 30",
		"6/4bb/6/6/3r2/6 r 0 30",
		"1b2r1/6/6/6/5b/6 r 0 30",
	} {
		t.Run(fen, func(t *testing.T) {
			g := mustGame(t, rules.DefaultRules(), fen)
			if d := lossDistance(g, 4); d != 4 {
				t.Fatalf("test position %s: lost in %d plies, want 4", fen, d)
			}
			for seed := uint64(1); seed <= 4; seed++ {
				cfg := testConfig(20000, LeafValue)
				cfg.Seed = seed
				s := mustSearcher(t, cfg, Material{})
				r := s.Search(g)
				if r.Proof != ProofLoss || r.Distance != 4 {
					t.Fatalf("seed %d: root proof %q distance %d, want loss in 4", seed, r.Proof, r.Distance)
				}
				short := 0
				for _, ms := range r.Moves {
					if ms.Proof != ProofLoss {
						t.Errorf("seed %d: %v proof %q, want loss", seed, ms.Move, ms.Proof)
					}
					if ms.Distance == 2 {
						short++
					}
				}
				if short == 0 {
					t.Fatalf("seed %d: no move loses in 2: the position does not test the choice", seed)
				}
				if best := moveStat(&r, r.Best); best.Distance != 4 {
					t.Errorf("seed %d: best %v loses in %d, want a loss in 4", seed, r.Best, best.Distance)
				}
				if m := s.Choose(&r, 0); moveStat(&r, m).Distance != 4 {
					t.Errorf("seed %d: Choose played %v, which loses in %d, want 4", seed, m, moveStat(&r, m).Distance)
				}
				checkProvenMoves(t, g, &r, 4)
			}
		})
	}
}
