package alquerque

import "testing"

// captureBound returns the most capture moves the pieces on the points of
// one class can have (the class being the points whose file and rank have
// the parities of c's): own pieces anywhere on the class's points, at most
// 12 enemy pieces on the points between them (the only pieces they can
// jump), nothing else on the board. With symmetric, it considers only
// enemy sets that are the least of their images under the square
// symmetries (all eight map the class onto itself).
func captureBound(c Point, symmetric bool) int {
	var lattice, mids Bitboard
	for s := Point(0); s < NumPoints; s++ {
		if s.File()%2 == c.File()%2 && s.Rank()%2 == c.Rank()%2 {
			lattice |= s.Bit()
			for _, j := range jumps[s][:jumpCount[s]] {
				mids |= j.over
			}
		}
	}
	mids &^= lattice
	var latt, mid []Point
	for b := lattice; b != 0; {
		latt = append(latt, b.PopFirst())
	}
	for b := mids; b != 0; {
		mid = append(mid, b.PopFirst())
	}
	best := 0
	var buf [MaxMoves]Move
	for em := 0; em < 1<<len(mid); em++ {
		var them Bitboard
		for i, s := range mid {
			if em>>i&1 != 0 {
				them |= s.Bit()
			}
		}
		if them.Count() > MaxPieces {
			continue
		}
		if symmetric {
			least := true
			for g := Symmetry(1); g < 8 && least; g++ {
				least = g.Bitboard(them) >= them
			}
			if !least {
				continue
			}
		}
		for om := 1; om < 1<<len(latt); om++ {
			var us Bitboard
			for i, s := range latt {
				if om>>i&1 != 0 {
					us |= s.Bit()
				}
			}
			empty := BoardMask &^ (us | them)
			if movers := jumpers(us, them, empty); movers != 0 {
				best = max(best, len(appendCaptures(buf[:0], movers, them, empty)))
			}
		}
	}
	return best
}

// TestMaxMovesBoundsEveryPosition counts the capture moves of every
// arrangement of each class's points (bound.go's argument) and checks
// that MaxMoves is their sum, and no less than the 96 steps of twelve
// pieces with eight neighbours each. The class of a1 (9 points, 16 between
// them) is the long one; -short skips it.
func TestMaxMovesBoundsEveryPosition(t *testing.T) {
	want := map[Point]int{MakePoint(1, 1): 4, MakePoint(0, 1): 7, MakePoint(1, 0): 7, MakePoint(0, 0): 260}
	sum := 0
	for _, c := range []Point{MakePoint(1, 1), MakePoint(0, 1), MakePoint(1, 0), MakePoint(0, 0)} {
		sum += want[c]
		if c == 0 && testing.Short() {
			continue
		}
		if got := captureBound(c, c == 0); got != want[c] {
			t.Errorf("the class of %v has at most %d capture moves, bound.go says %d", c, got, want[c])
		}
	}
	if MaxMoves != sum || MaxMoves < MaxPieces*8 {
		t.Errorf("MaxMoves %d, want the classes' sum %d (and at least %d steps)", MaxMoves, sum, MaxPieces*8)
	}
}
