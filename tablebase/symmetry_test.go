package tablebase

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// randomPlacement draws own and enemy pieces on distinct random squares.
func randomPlacement(rng *rand.Rand, own, enemy int) (rules.Bitboard, rules.Bitboard) {
	perm := rng.Perm(rules.NumSquares)
	var o, e rules.Bitboard
	for _, s := range perm[:own] {
		o |= rules.Square(s).Bit()
	}
	for _, s := range perm[own : own+enemy] {
		e |= rules.Square(s).Bit()
	}
	return o, e
}

func sortedMoves(p *rules.Position) []rules.Move {
	m := p.GenerateMoves(nil)
	slices.Sort(m)
	return m
}

// Every one of the eight maps must carry legal moves onto legal moves (the
// transpose and the quarter turns included: the circuits are symmetric
// under them too); if one did not, storing one entry per class would merge
// positions with different games ahead.
func TestEverySymmetryMapsLegalMovesOntoLegalMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 3000; trial++ {
		own, enemy := randomPlacement(rng, 1+rng.IntN(8), 1+rng.IntN(8))
		p, err := rules.NewPosition(own, enemy, rules.Red, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := sortedMoves(&p)
		for i := uint8(0); i < numSyms; i++ {
			q, err := rules.NewPosition(mapBoard(i, own), mapBoard(i, enemy), rules.Red, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			var mapped []rules.Move
			for _, m := range want {
				mapped = append(mapped, mapMove(i, m))
			}
			slices.Sort(mapped)
			if got := sortedMoves(&q); !slices.Equal(got, mapped) {
				t.Fatalf("symmetry %d of %s: moves %v, the map of the original's gives %v", i, p.FEN(), got, mapped)
			}
		}
	}
}

func TestSymmetryInversesUndoTheMaps(t *testing.T) {
	for i := uint8(0); i < numSyms; i++ {
		for s := rules.Square(0); s < rules.NumSquares; s++ {
			if back := symSquare[symInverse[i]][symSquare[i][s]]; back != s {
				t.Fatalf("symmetry %d then its inverse maps %v to %v", i, s, back)
			}
		}
	}
}

func TestRankIsThePlacementOrderAndUnrankInvertsIt(t *testing.T) {
	for _, m := range []Material{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
		n := uint32(0)
		m.placements(func(r uint32, own, enemy rules.Bitboard) {
			if r != n || m.rank(own, enemy) != r {
				t.Fatalf("%s: placement %d has rank %d (given %d)", m, n, m.rank(own, enemy), r)
			}
			if o, e := unrank(m, r); o != own || e != enemy {
				t.Fatalf("%s: unrank(%d) = %#x %#x, want %#x %#x", m, r, o, e, own, enemy)
			}
			n++
		})
		if uint64(n) != m.rawCount() {
			t.Fatalf("%s: %d placements, want %d", m, n, m.rawCount())
		}
	}
}

// classCount (Burnside's count of orbits, which Open checks every file
// against) agrees with the classes the build enumerates for every balance
// of up to 4 pieces, and with the class totals docs/BENCHMARKS.md measured
// for the builds of up to 5 and 6 pieces.
func TestClassCountIsTheNumberOfClassesEnumerated(t *testing.T) {
	for _, m := range Balances(4) {
		if got, want := m.classCount(), uint64(enumerate(m, 1, false).t.count()); got != want {
			t.Errorf("%s: classCount %d, the build enumerates %d classes", m, got, want)
		}
	}
	for _, tc := range []struct {
		n    int
		want uint64
	}{{4, 109236}, {5, 1524996}, {6, 16630118}} {
		var sum uint64
		for _, m := range Balances(tc.n) {
			sum += m.classCount()
		}
		if sum != tc.want {
			t.Errorf("up to %d pieces: %d classes, the measured build stored %d", tc.n, sum, tc.want)
		}
	}
}
