package alquerque_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

// TestMobilityAndAttackedWalkTheLines checks Mobility and Attacked, the
// evaluators' whole-board counts, against walking every piece's lines
// point by point with Step, on random positions of every density.
func TestMobilityAndAttackedWalkTheLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 30))
	for i := range 5000 {
		p := randomPosition(rng, rng.IntN(13), rng.IntN(13), alquerque.Color(i&1))
		for _, us := range []alquerque.Color{alquerque.White, alquerque.Black} {
			own, opp := p.Pieces(us), p.Pieces(us.Other())
			occ := own | opp
			steps := 0
			var attacked alquerque.Bitboard
			for b := own; b != 0; {
				s := b.PopFirst()
				for d := range alquerque.Direction(8) {
					n := s.Step(d)
					if n == alquerque.NoPoint {
						continue
					}
					if !occ.Has(n) {
						steps++
					} else if opp.Has(n) {
						if l := n.Step(d); l != alquerque.NoPoint && !occ.Has(l) {
							attacked |= n.Bit()
						}
					}
				}
			}
			if got := alquerque.Mobility(own, opp); got != steps {
				t.Fatalf("%s, %s: Mobility %d, the lines give %d", p.Text(), us, got, steps)
			}
			if got := alquerque.Attacked(own, opp); got != attacked {
				t.Fatalf("%s, %s: Attacked %#x, the lines give %#x", p.Text(), us, got, attacked)
			}
		}
	}
}
