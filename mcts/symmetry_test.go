package mcts

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// capturePriors is Material with priors: three times the weight for a
// capture. Like Material it sees only what the rules see, so it scores a
// position and its image under any symmetry alike; it gives the symmetry
// tests blocks whose priors are not uniform. It is a PriorFiller, so the
// searches with it compute priors lazily (eagerPriors hides that).
type capturePriors struct{}

func (capturePriors) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	v, _ := Material{}.Evaluate(p, moves, nil)
	if priors == nil {
		return v, false
	}
	return v, capturePriors{}.FillPriors(p, moves, priors)
}

func (capturePriors) FillPriors(p *rules.Position, moves []rules.Move, priors []float32) bool {
	sum := float32(0)
	for k, m := range moves {
		priors[k] = 1
		if m.IsCapture() {
			priors[k] = 3
		}
		sum += priors[k]
	}
	for k := range priors {
		priors[k] /= sum
	}
	return true
}

// eagerPriors is an evaluator without its PriorFiller: the search asks
// for its priors at every expansion.
type eagerPriors struct{ ev Evaluator }

func (e eagerPriors) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	return e.ev.Evaluate(p, moves, priors)
}

// symmetrySetting is one configuration the symmetry test searches with.
type symmetrySetting struct {
	name string
	cfg  Config
	ev   Evaluator
}

func symmetrySettings(sims int) []symmetrySetting {
	var out []symmetrySetting
	for _, leaf := range []LeafMode{LeafValue, LeafPlayout} {
		for _, noise := range []bool{false, true} {
			for _, solver := range []bool{true, false} {
				for _, priors := range []bool{false, true} {
					c := DefaultConfig()
					c.Sims, c.Leaf, c.Solver = sims, leaf, solver
					c.PlayoutPlies = 20
					c.MaxNodes = 1 << 16
					if noise {
						c.NoiseWeight, c.NoiseAlpha = 0.25, 10
					}
					c.TemperaturePlies, c.Temperature = 1<<20, 1
					var ev Evaluator = Material{}
					if priors {
						ev = capturePriors{}
					}
					out = append(out, symmetrySetting{
						name: fmt.Sprintf("%v/noise=%v/solver=%v/priors=%v", leaf, noise, solver, priors),
						cfg:  c, ev: ev,
					})
				}
			}
		}
	}
	// A tree that runs out of node slots early.
	c := DefaultConfig()
	c.Sims, c.Leaf, c.MaxNodes, c.PlayoutPlies = sims, LeafPlayout, minNodes, 20
	out = append(out, symmetrySetting{name: "playout/min-nodes", cfg: c, ev: Material{}})
	return out
}

// symmetryGame plays a random game under r from the start, taking captures
// often (to reach endgames) and moving back often (to build repetition
// histories), and calls visit at every ply.
func symmetryGame(t *testing.T, r rules.Rules, rng *RNG, plies int, visit func(g *rules.Game)) {
	g, err := rules.NewGame(r, rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	var buf [rules.MaxMoves]rules.Move
	var back []rules.Move
	for ply := 0; ply < plies && !g.IsTerminal(); ply++ {
		visit(g)
		moves := g.LegalMoves(buf[:0])
		m := moves[rng.IntN(len(moves))]
		p := g.Position()
		switch x := rng.Float64(); {
		case x < 0.3 && len(back) > 1:
			// Undo our own last move, if legal: back and forth repeats.
			if u := back[len(back)-2]; p.IsLegal(u) {
				m = u
			}
		case x < 0.7:
			var caps [rules.MaxMoves]rules.Move
			if cs := p.GenerateCaptures(caps[:0]); len(cs) > 0 {
				m = cs[rng.IntN(len(cs))]
			}
		}
		back = append(back, rules.NewMove(m.To(), m.From(), false))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
}

// sameUnderRotate reports how b, the result of searching the image of a
// position under rules.Rotate, differs from a mapped, or "" if it does not.
func sameUnderRotate(a, b *Result) string {
	pv := make([]rules.Move, len(a.PV))
	for i, m := range a.PV {
		pv[i] = rules.Rotate.Move(m)
	}
	return sameImage(a, b, rules.Rotate.Move, pv)
}

// sameImage reports how b, the result of searching the image of a
// position, differs from a, the result of searching the position, with
// its moves mapped by image and its PV mapped to pv, or "" if it does
// not: every figure must be equal, bit for bit.
func sameImage[M game.Move](a, b *ResultOf[M], image func(M) M, pv []M) string {
	switch {
	case b.Best != image(a.Best):
		return fmt.Sprintf("best %v, want the image of %v", b.Best, a.Best)
	case math.Float64bits(b.Value) != math.Float64bits(a.Value):
		return fmt.Sprintf("value %v, want %v", b.Value, a.Value)
	case b.Proof != a.Proof || b.Distance != a.Distance || b.Sims != a.Sims || b.Nodes != a.Nodes:
		return fmt.Sprintf("proof, distance, sims, nodes %v %d %d %d, want %v %d %d %d", b.Proof, b.Distance, b.Sims, b.Nodes, a.Proof, a.Distance, a.Sims, a.Nodes)
	case len(b.Moves) != len(a.Moves) || len(b.PV) != len(a.PV):
		return fmt.Sprintf("%d moves and PV %v, want %d and the image of %v", len(b.Moves), b.PV, len(a.Moves), a.PV)
	}
	for i, ms := range a.Moves {
		want := ms
		want.Move = image(ms.Move)
		if got := b.Moves[i]; got.Move != want.Move || got.Visits != want.Visits || got.Proof != want.Proof || got.Distance != want.Distance ||
			math.Float64bits(got.Value) != math.Float64bits(want.Value) {
			return fmt.Sprintf("move %d: %+v, want the image of %+v", i, got, ms)
		}
	}
	if !slices.Equal(b.PV, pv) {
		return fmt.Sprintf("PV %v, want the image of %v", b.PV, a.PV)
	}
	return ""
}

// TestSearchCommutesWithRotate: for positions of random games (captures,
// endgames, repetition histories, both ending variants), with playout and
// value leaves, noise on and off, solver on and off, uniform and non-uniform
// priors, tree reuse along the game and temperature sampling, searching the
// game turned round with colours swapped (rules.Rotate, history included)
// gives exactly the image of the search of the game: best move, visits and
// value of every move, PV, and the move Choose samples.
func TestSearchCommutesWithRotate(t *testing.T) {
	games, plies, sims := 4, 120, 48
	if testing.Short() {
		games, plies = 2, 80
	}
	variants := []rules.Rules{
		{Variant: rules.Standard, NoCaptureLimit: 50, Repetition: 3},
		{Variant: rules.Majority, NoCaptureLimit: 30, Repetition: 2, NoMoves: rules.NoMovesDraw},
	}
	positions, repeated, proven, endgames := 0, 0, 0, 0
	for si, st := range symmetrySettings(sims) {
		for gi := range games {
			r := variants[gi%len(variants)]
			cfg := st.cfg
			cfg.Rules, cfg.Seed = r, uint64(1000*si+gi)
			a := mustSearcher(t, cfg, st.ev)
			b := mustSearcher(t, cfg, st.ev)
			rng := NewRNG(uint64(gi))
			symmetryGame(t, r, &rng, plies, func(g *rules.Game) {
				if g.Ply()%3 != 0 {
					return // skip plies, so that tree reuse crosses some moves
				}
				positions++
				ig := rules.Rotate.Game(g)
				ra, rb := a.Search(g), b.Search(ig)
				p := g.Position()
				if g.Occurrences() > 1 {
					repeated++
				}
				if ra.Proof != ProofNone {
					proven++
				}
				if p.Count(rules.Red)+p.Count(rules.Black) <= 8 {
					endgames++
				}
				if d := sameUnderRotate(&ra, &rb); d != "" {
					t.Fatalf("%s, game %d ply %d, %q under %v: search of the image: %s", st.name, gi, g.Ply(), p.FEN(), r, d)
				}
				if ma, mb := a.Choose(&ra, g.Ply()), b.Choose(&rb, g.Ply()); mb != rules.Rotate.Move(ma) {
					t.Fatalf("%s, game %d ply %d, %q: Choose picked %v for the image, want the image of %v", st.name, gi, g.Ply(), p.FEN(), mb, ma)
				}
			})
		}
	}
	t.Logf("%d positions searched both ways: %d repeated in the game, %d proven, %d with 8 pieces or fewer", positions, repeated, proven, endgames)
	if repeated == 0 || proven == 0 || endgames == 0 {
		t.Error("the games did not reach a repetition, a proof and an endgame: the test does not exercise them")
	}
}
