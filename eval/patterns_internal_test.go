package eval

import (
	"slices"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// boardsOf returns the pieces of the side to move and of its opponent in
// each of n random positions (randomBoards).
func boardsOf(seed uint64, n int) [][2]rules.Bitboard {
	var out [][2]rules.Bitboard
	for _, p := range randomBoards(seed, n) {
		stm := p.SideToMove()
		out = append(out, [2]rules.Bitboard{p.Pieces(stm), p.Pieces(stm.Other())})
	}
	return out
}

// TestPatternSetShape pins the pattern set's size: a changed count means a
// changed pattern set, which must bump PatternSetVersion.
func TestPatternSetShape(t *testing.T) {
	numPatternInstances, familySlots := len(surakartaPatterns.instances), surakartaPatterns.familySlots
	var inst []int
	for _, f := range PatternFamilies() {
		inst = append(inst, f.Instances)
	}
	// Ranks, files, diagonals and loops come in the orbits of the four
	// symmetries: two ranks (or files) a family, four loops a circuit.
	want := []int{2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4}
	if !slices.Equal(inst, want) || numPatternInstances != 30 {
		t.Fatalf("instances per family %v (%d in all), want %v (30)", inst, numPatternInstances, want)
	}
	// A rank is its own image under mirror-files (reversed): its 729
	// configurations pair up, the 27 palindromes alone: (729+27)/2 = 378.
	if got := familySlots[0]; got != 378 {
		t.Fatalf("rank family has %d slots, want 378", got)
	}
	// The corner region is fixed by no symmetry but the identity.
	if got := familySlots[len(familySlots)-1]; got != 19683 {
		t.Fatalf("corner family has %d slots, want 3^9 = 19683", got)
	}
}

// TestReadPatternsReadsEachInstanceInBase3 checks the per-square digit
// tables against reading every instance's squares in order.
func TestReadPatternsReadsEachInstanceInBase3(t *testing.T) {
	for _, bd := range boardsOf(1, 2000) {
		var ix patternIndex
		surakartaPatterns.read(&ix, uint64(bd[0]), uint64(bd[1]))
		for i, in := range surakartaPatterns.instances {
			want, pow := 0, 1
			for _, p := range in.points {
				s := rules.Square(p)
				switch {
				case bd[0].Has(s):
					want += pow
				case bd[1].Has(s):
					want += 2 * pow
				}
				pow *= 3
			}
			if int(ix[i]) != want {
				t.Fatalf("instance %d (%s): index %d, want %d", i, surakartaPatterns.families[in.family].name, ix[i], want)
			}
		}
	}
}

// TestPatternSlotsAreSymmetryInvariant checks that a board and each of its
// images under rules.Symmetries present the same multiset of (family,
// slot) pairs, the property that makes the evaluator symmetric.
func TestPatternSlotsAreSymmetryInvariant(t *testing.T) {
	slotsOf := func(own, opp rules.Bitboard) []int {
		var ix patternIndex
		ps := surakartaPatterns
		ps.read(&ix, uint64(own), uint64(opp))
		out := make([]int, len(ps.instances))
		for i := range out {
			out[i] = int(ps.instanceOffset[i]) + int(ps.instanceSlot[i][ix[i]])
		}
		slices.Sort(out)
		return out
	}
	for _, bd := range boardsOf(2, 2000) {
		want := slotsOf(bd[0], bd[1])
		for _, sym := range rules.Symmetries {
			if got := slotsOf(sym.Bitboard(bd[0]), sym.Bitboard(bd[1])); !slices.Equal(got, want) {
				t.Fatalf("%s image of %#x/%#x reads slots %v, the board %v", sym, uint64(bd[0]), uint64(bd[1]), got, want)
			}
		}
	}
}
