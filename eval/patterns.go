package eval

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/rules"
)

// PatternSetVersion numbers the pattern set: the families, their squares
// and reading order, the symmetry classes of their configurations and the
// phase bands. Pattern heads record it and are refused by a program that
// computes another. Bump it whenever any of these changes.
const PatternSetVersion = 1

// A pattern family is a set of squares read as one base-3 number (each
// square empty 0, the side to move's 1, the opponent's 2, the first square
// the lowest digit), together with its images under the board's
// symmetries (rules.Symmetries): every image is an instance of the family
// and reads the same table of weights, so that a position and its images
// score alike. A configuration and its images under the symmetries that
// map the family's squares onto themselves share one weight (a slot).
type patternFamily struct {
	name    string
	doc     string
	squares []rules.Square
}

// patternFamilies is the pattern set, version 1. The loop families are the
// circuits' 24-point tracks cut at each corner loop: four track points
// either side of a loop, a point the circuit passes twice read once.
var patternFamilies = []patternFamily{
	{"rank1", "rank 1 and its image rank 6: the home ranks, on no circuit", squaresOf("a1 b1 c1 d1 e1 f1")},
	{"rank2", "rank 2 and rank 5: straight segments of the inner circuit", squaresOf("a2 b2 c2 d2 e2 f2")},
	{"rank3", "rank 3 and rank 4: straight segments of the outer circuit", squaresOf("a3 b3 c3 d3 e3 f3")},
	{"file_a", "files a and f, on no circuit", squaresOf("a1 a2 a3 a4 a5 a6")},
	{"file_b", "files b and e: straight segments of the inner circuit", squaresOf("b1 b2 b3 b4 b5 b6")},
	{"file_c", "files c and d: straight segments of the outer circuit", squaresOf("c1 c2 c3 c4 c5 c6")},
	{"diagonal", "the two long diagonals a1-f6 and f1-a6", squaresOf("a1 b2 c3 d4 e5 f6")},
	{"short_diagonal", "the four diagonals of five points next to the long ones", squaresOf("a2 b3 c4 d5 e6")},
	{"inner_loop", "the inner circuit's track through a corner loop, four points either side (bottom-right: c2..f2, e1..e4)", squaresOf("c2 d2 e2 f2 e1 e3 e4")},
	{"outer_loop", "the outer circuit's track through a corner loop, four points either side (bottom-right: c3..f3, d1..d4)", squaresOf("c3 d3 e3 f3 d1 d2 d4")},
	{"corner", "the 3×3 region at each corner (a1..c3 and its images): the corner, the loops' roots", squaresOf("a1 b1 c1 a2 b2 c2 a3 b3 c3")},
}

// squaresOf parses a list of square names; the pattern table above is
// fixed, so a bad name is a programmer error.
func squaresOf(s string) []rules.Square {
	var out []rules.Square
	for _, f := range strings.Fields(s) {
		sq, err := rules.ParseSquare(f)
		if err != nil {
			panic(fmt.Sprintf("eval: pattern square %q: %v", f, err))
		}
		out = append(out, sq)
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

// patternInstance is one image of a family: its squares in reading order.
type patternInstance struct {
	family  int
	squares []rules.Square
}

// squareDigit says that a square is digit pow of instance inst.
type squareDigit struct {
	inst uint8
	pow  uint16 // 3^digit
}

var (
	// patternInstances lists every instance, family by family.
	patternInstances []patternInstance
	// NumPatternInstances is len(patternInstances): the table lookups of
	// an evaluation.
	numPatternInstances int
	// familySlots[f] is the number of weights of family f;
	// familyOffset[f] the first of them in a band's pattern weights.
	familySlots, familyOffset []int
	// slotOf[f][r] is the slot of configuration r of family f.
	slotOf [][]uint16
	// instanceSlot[i] is slotOf[patternInstances[i].family], and
	// instanceOffset[i] its family's offset.
	instanceSlot   [][]uint16
	instanceOffset []uint32
	// numPatternSlots is the pattern weights of one band.
	numPatternSlots int
	// familyConfigs[f] is the number of configurations of family f (3^k)
	// and configOffset[f] the first of them in an evaluator's table of a
	// band's weights by configuration; instanceConfigOffset[i] is that of
	// instance i's family, numPatternConfigs the table's length.
	familyConfigs, configOffset []int
	instanceConfigOffset        []uint32
	numPatternConfigs           int
	// digitsOf[s] lists the instances square s belongs to, with its digit.
	digitsOf [rules.NumSquares][]squareDigit
)

func init() { buildPatterns() }

func buildPatterns() {
	for n := range phaseBandOf {
		b := 0
		for b < NumPhaseBands-1 && n < phaseBandMin[b] {
			b++
		}
		phaseBandOf[n] = uint8(b)
	}
	for f, fam := range patternFamilies {
		base := bitsOf(fam.squares)
		var seen []rules.Bitboard
		var perms [][]int // digit i of the base goes to digit perm[i] under a symmetry fixing the base's squares
		for _, t := range rules.Symmetries {
			img := make([]rules.Square, len(fam.squares))
			for i, s := range fam.squares {
				img[i] = t.Square(s)
			}
			set := bitsOf(img)
			if set == base {
				perm := make([]int, len(img))
				for i, s := range img {
					perm[i] = indexOf(fam.squares, s)
				}
				perms = append(perms, perm)
			}
			if !containsBoard(seen, set) {
				seen = append(seen, set)
				patternInstances = append(patternInstances, patternInstance{family: f, squares: img})
			}
		}
		slotOf = append(slotOf, configSlots(len(fam.squares), perms))
		n := 0
		for _, s := range slotOf[f] {
			n = max(n, int(s)+1)
		}
		familyOffset = append(familyOffset, numPatternSlots)
		familySlots = append(familySlots, n)
		numPatternSlots += n
		configOffset = append(configOffset, numPatternConfigs)
		familyConfigs = append(familyConfigs, len(slotOf[f]))
		numPatternConfigs += len(slotOf[f])
	}
	numPatternInstances = len(patternInstances)
	if numPatternInstances > 255 {
		panic("eval: more than 255 pattern instances")
	}
	for i, in := range patternInstances {
		instanceSlot = append(instanceSlot, slotOf[in.family])
		instanceOffset = append(instanceOffset, uint32(familyOffset[in.family]))
		instanceConfigOffset = append(instanceConfigOffset, uint32(configOffset[in.family]))
		pow := uint16(1)
		for _, s := range in.squares {
			digitsOf[s] = append(digitsOf[s], squareDigit{uint8(i), pow})
			pow *= 3
		}
	}
}

// configSlots numbers the configurations of a family of k squares: the
// configurations that the digit permutations perms (those of the
// symmetries fixing the family's squares, identity included) carry onto
// each other share a slot; slots are numbered in the order of their
// smallest configuration.
func configSlots(k int, perms [][]int) []uint16 {
	n := 1
	for range k {
		n *= 3
	}
	pow := make([]int, k)
	for i := range pow {
		pow[i] = 1
		if i > 0 {
			pow[i] = pow[i-1] * 3
		}
	}
	slots := make([]uint16, n)
	next := 0
	rep := make(map[int]uint16)
	for r := range n {
		canon := r
		for _, perm := range perms {
			img := 0
			for i := range k {
				img += (r / pow[i] % 3) * pow[perm[i]]
			}
			canon = min(canon, img)
		}
		s, ok := rep[canon]
		if !ok {
			s = uint16(next)
			rep[canon] = s
			next++
		}
		slots[r] = s
	}
	return slots
}

func bitsOf(sq []rules.Square) rules.Bitboard {
	var b rules.Bitboard
	for _, s := range sq {
		b |= s.Bit()
	}
	return b
}

func indexOf(sq []rules.Square, s rules.Square) int {
	for i, x := range sq {
		if x == s {
			return i
		}
	}
	panic("eval: a symmetry fixing a pattern's squares moved one outside it")
}

func containsBoard(list []rules.Bitboard, b rules.Bitboard) bool {
	for _, x := range list {
		if x == b {
			return true
		}
	}
	return false
}

// patternIndex holds the configuration of every instance in a position.
type patternIndex [maxPatternInstances]uint16

// maxPatternInstances bounds numPatternInstances (a test checks it).
const maxPatternInstances = 32

// readPatterns writes into ix the configuration of every instance for a
// side to move with pieces own and an opponent with pieces opp: each
// occupied square adds its digit to the instances it belongs to.
func readPatterns(ix *patternIndex, own, opp rules.Bitboard) {
	*ix = patternIndex{}
	for b := own & rules.BoardMask; b != 0; {
		for _, d := range digitsOf[b.PopFirst()] {
			ix[d.inst] += d.pow
		}
	}
	for b := opp & rules.BoardMask; b != 0; {
		for _, d := range digitsOf[b.PopFirst()] {
			ix[d.inst] += 2 * d.pow
		}
	}
}

// PatternFamilyInfo describes one family as a pattern head records it, so
// that a head fitted for other patterns is refused by name.
type PatternFamilyInfo struct {
	Name      string `json:"name"`
	Squares   string `json:"squares"`
	Instances int    `json:"instances"`
	Slots     int    `json:"slots"`
}

// PatternFamilies describes the pattern set's families in order.
func PatternFamilies() []PatternFamilyInfo {
	out := make([]PatternFamilyInfo, len(patternFamilies))
	for f, fam := range patternFamilies {
		names := make([]string, len(fam.squares))
		for i, s := range fam.squares {
			names[i] = s.String()
		}
		n := 0
		for _, in := range patternInstances {
			if in.family == f {
				n++
			}
		}
		out[f] = PatternFamilyInfo{Name: fam.name, Squares: strings.Join(names, " "), Instances: n, Slots: familySlots[f]}
	}
	return out
}
