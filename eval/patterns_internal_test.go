package eval

import (
	"math"
	"math/rand/v2"
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
	if numPatternInstances > maxPatternInstances {
		t.Fatalf("%d instances, patternIndex holds %d", numPatternInstances, maxPatternInstances)
	}
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
		readPatterns(&ix, bd[0], bd[1])
		for i, in := range patternInstances {
			want, pow := 0, 1
			for _, s := range in.squares {
				switch {
				case bd[0].Has(s):
					want += pow
				case bd[1].Has(s):
					want += 2 * pow
				}
				pow *= 3
			}
			if int(ix[i]) != want {
				t.Fatalf("instance %d (%s): index %d, want %d", i, patternFamilies[in.family].name, ix[i], want)
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
		readPatterns(&ix, own, opp)
		out := make([]int, numPatternInstances)
		for i := range out {
			out[i] = int(instanceOffset[i]) + int(instanceSlot[i][ix[i]])
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

// TestPatternLossGradientMatchesFiniteDifferences compares the analytic
// gradient of the pattern objective with central differences.
func TestPatternLossGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	rows := &patternRows{}
	for _, bd := range boardsOf(3, 300) {
		r := Row{Red: bd[0], Black: bd[1], Side: rules.Color(rng.IntN(2)), NoCapture: rng.IntN(60)}
		rows.add(&r, rng.Float64())
	}
	rows.standardize()
	e := newPatternLoss(rows, 1e-3, 1e-2, 2)
	theta := make([]float64, NumPhaseBands*patternBlock())
	for i := range theta {
		theta[i] = 0.3 * rng.NormFloat64()
	}
	e.evaluate(theta)
	grad := append([]float64(nil), e.grad...)
	// The coordinates the rows touch (every hand weight, the slots read)
	// and some they do not.
	var coords []int
	for b := range NumPhaseBands {
		for j := b; j < numHand; j += 3 {
			coords = append(coords, b*patternBlock()+j)
		}
	}
	for r := 0; r < rows.rows(); r += 37 {
		base := int(rows.band[r])*patternBlock() + numHand
		for i := 0; i < numPatternInstances; i += 7 {
			coords = append(coords, base+int(instanceOffset[i])+int(rows.slot[r*numPatternInstances+i]))
		}
	}
	coords = append(coords, 5*numHand+11, len(theta)-1)
	const h = 1e-5
	for _, c := range coords {
		x := append([]float64(nil), theta...)
		x[c] = theta[c] + h
		e.evaluate(x)
		up := e.loss
		x[c] = theta[c] - h
		e.evaluate(x)
		fd := (up - e.loss) / (2 * h)
		if math.Abs(fd-grad[c]) > 1e-7+1e-5*math.Abs(fd) {
			t.Fatalf("coordinate %d: gradient %v, finite difference %v", c, grad[c], fd)
		}
	}
}

// TestPatternLossDoesNotDependOnWorkers checks the fixed block order.
func TestPatternLossDoesNotDependOnWorkers(t *testing.T) {
	rows := &patternRows{}
	for i, bd := range boardsOf(5, 500) {
		r := Row{Red: bd[0], Black: bd[1], Side: rules.Color(i & 1)}
		rows.add(&r, float64(i%3)/2)
	}
	rows.standardize()
	theta := make([]float64, NumPhaseBands*patternBlock())
	for i := range theta {
		theta[i] = math.Sin(float64(i))
	}
	a, b := newPatternLoss(rows, 1e-3, 1e-3, 1), newPatternLoss(rows, 1e-3, 1e-3, 7)
	a.evaluate(theta)
	b.evaluate(theta)
	if a.loss != b.loss || !slices.Equal(a.grad, b.grad) {
		t.Fatalf("1 worker: loss %v, 7 workers: %v (or the gradients differ)", a.loss, b.loss)
	}
}
