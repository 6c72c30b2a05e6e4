package eval

import "github.com/surakarta/surakarta/rules"

// PatternSetVersion numbers the pattern set: the families, their squares
// and reading order, the symmetry classes of their configurations and the
// phase bands. Pattern heads record it and are refused by a program that
// computes another. Bump it whenever any of these changes.
const PatternSetVersion = 1

// Surakarta's pattern set (patternSet, patternset.go): its families are
// read through the board's symmetries rules.Symmetries.

// patternFamilies is the pattern set, version 1. The loop families are the
// circuits' 24-point tracks cut at each corner loop: four track points
// either side of a loop, a point the circuit passes twice read once.
var patternFamilies = []patternDecl{
	{"rank1", "rank 1 and its image rank 6: the home ranks, on no circuit", "a1 b1 c1 d1 e1 f1"},
	{"rank2", "rank 2 and rank 5: straight segments of the inner circuit", "a2 b2 c2 d2 e2 f2"},
	{"rank3", "rank 3 and rank 4: straight segments of the outer circuit", "a3 b3 c3 d3 e3 f3"},
	{"file_a", "files a and f, on no circuit", "a1 a2 a3 a4 a5 a6"},
	{"file_b", "files b and e: straight segments of the inner circuit", "b1 b2 b3 b4 b5 b6"},
	{"file_c", "files c and d: straight segments of the outer circuit", "c1 c2 c3 c4 c5 c6"},
	{"diagonal", "the two long diagonals a1-f6 and f1-a6", "a1 b2 c3 d4 e5 f6"},
	{"short_diagonal", "the four diagonals of five points next to the long ones", "a2 b3 c4 d5 e6"},
	{"inner_loop", "the inner circuit's track through a corner loop, four points either side (bottom-right: c2..f2, e1..e4)", "c2 d2 e2 f2 e1 e3 e4"},
	{"outer_loop", "the outer circuit's track through a corner loop, four points either side (bottom-right: c3..f3, d1..d4)", "c3 d3 e3 f3 d1 d2 d4"},
	{"corner", "the 3×3 region at each corner (a1..c3 and its images): the corner, the loops' roots", "a1 b1 c1 a2 b2 c2 a3 b3 c3"},
}

// surakartaPatterns is Surakarta's pattern set, built from
// patternFamilies.
var surakartaPatterns = newPatternSet(rules.NumSquares, surakartaSymmetries(), func(s string) (int, error) {
	sq, err := rules.ParseSquare(s)
	return int(sq), err
}, patternFamilies)

// surakartaSymmetries returns rules.Symmetries as maps of squares.
func surakartaSymmetries() [][]int {
	var out [][]int
	for _, t := range rules.Symmetries {
		m := make([]int, rules.NumSquares)
		for s := range m {
			m[s] = int(t.Square(rules.Square(s)))
		}
		out = append(out, m)
	}
	return out
}

// NumPhaseBands is the number of phase bands: each band has its own weight
// set, chosen by the pieces on the board.
const NumPhaseBands = 4

// phaseBandMin gives each band's fewest pieces on the board, the opening
// band first: 19..24, 13..18, 8..12 and 0..7 pieces.
var phaseBandMin = [NumPhaseBands]int{19, 13, 8, 0}

// phaseBandOf maps the number of pieces on the board to its band.
var phaseBandOf [25]uint8

// PhaseBand returns the band of a position with the given number of pieces
// on the board (clamped to 0..24).
func PhaseBand(pieces int) int { return int(phaseBandOf[min(max(pieces, 0), 24)]) }

func init() {
	for n := range phaseBandOf {
		b := 0
		for b < NumPhaseBands-1 && n < phaseBandMin[b] {
			b++
		}
		phaseBandOf[n] = uint8(b)
	}
}

// PatternFamilies describes Surakarta's pattern set's families in order.
func PatternFamilies() []PatternFamilyInfo { return surakartaPatterns.info() }
