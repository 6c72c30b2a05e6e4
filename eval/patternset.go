package eval

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// A pattern set is a game's board patterns with their tables: every game's
// pattern evaluator (Surakarta's Patterns, Alquerque's AlquerquePatterns)
// reads its position through one, and the pattern fit (package eval/fit)
// stores its rows by one, so that the tables, the reading of a position and
// the exact sum of its weights are written once for every game.
//
// A family is a list of points read as one base-3 number (each point empty
// 0, the side to move's piece 1, the opponent's 2, the first point the
// lowest digit), together with its images under the board's symmetries:
// every image is an instance of the family and reads the same table of
// weights, so that a position and its images score alike. A configuration
// and its images under the symmetries that map the family's points onto
// themselves share one weight (a slot).
type patternSet struct {
	families  []patternFamily
	instances []patternInstance
	// familySlots[f] is the number of weights of family f;
	// familyOffset[f] the first of them in a band's pattern weights.
	familySlots, familyOffset []int
	// slotOf[f][r] is the slot of configuration r of family f.
	slotOf [][]uint16
	// instanceSlot[i] is slotOf[instances[i].family], and
	// instanceOffset[i] its family's offset.
	instanceSlot   [][]uint16
	instanceOffset []uint32
	// numSlots is the pattern weights of one band.
	numSlots int
	// familyConfigs[f] is the number of configurations of family f (3^k)
	// and configOffset[f] the first of them in an evaluator's table of a
	// band's weights by configuration; instanceConfigOffset[i] is that of
	// instance i's family, numConfigs the table's length.
	familyConfigs, configOffset []int
	instanceConfigOffset        []uint32
	numConfigs                  int
	// digitsOf[s] lists the instances point s belongs to, with its digit.
	digitsOf [][]squareDigit
}

// patternDecl is a family as a game declares it: its name, what it reads,
// and its points' names in reading order.
type patternDecl struct{ name, doc, squares string }

// patternFamily is a declared family with its points by number and name.
type patternFamily struct {
	patternDecl
	points []int
	names  []string
}

// patternInstance is one image of a family: its points in reading order.
type patternInstance struct {
	family int
	points []int
}

// squareDigit says that a point is digit pow of instance inst.
type squareDigit struct {
	inst uint8
	pow  uint16 // 3^digit
}

// newPatternSet builds the tables of a game's families on a board of
// numPoints points whose symmetries are symmetries (each a map of points:
// image[p]); the identity must come first. The families' points are named
// by the game's point names, parsed by parse; a bad name is a
// programmer error (the families are fixed tables).
func newPatternSet(numPoints int, symmetries [][]int, parse func(string) (int, error), families []patternDecl) *patternSet {
	ps := &patternSet{digitsOf: make([][]squareDigit, numPoints)}
	for f, decl := range families {
		fam := patternFamily{patternDecl: decl, names: strings.Fields(decl.squares)}
		for _, n := range fam.names {
			p, err := parse(n)
			if err != nil {
				panic(fmt.Sprintf("eval: pattern point %q: %v", n, err))
			}
			fam.points = append(fam.points, p)
		}
		ps.families = append(ps.families, fam)
		base := pointSet(fam.points)
		var seen []uint64
		var perms [][]int // digit i of the base goes to digit perm[i] under a symmetry fixing the base's points
		for _, t := range symmetries {
			img := make([]int, len(fam.points))
			for i, s := range fam.points {
				img[i] = t[s]
			}
			set := pointSet(img)
			if set == base {
				perm := make([]int, len(img))
				for i, s := range img {
					perm[i] = indexOf(fam.points, s)
				}
				perms = append(perms, perm)
			}
			if !containsSet(seen, set) {
				seen = append(seen, set)
				ps.instances = append(ps.instances, patternInstance{family: f, points: img})
			}
		}
		ps.slotOf = append(ps.slotOf, configSlots(len(fam.points), perms))
		n := 0
		for _, s := range ps.slotOf[f] {
			n = max(n, int(s)+1)
		}
		ps.familyOffset = append(ps.familyOffset, ps.numSlots)
		ps.familySlots = append(ps.familySlots, n)
		ps.numSlots += n
		ps.configOffset = append(ps.configOffset, ps.numConfigs)
		ps.familyConfigs = append(ps.familyConfigs, len(ps.slotOf[f]))
		ps.numConfigs += len(ps.slotOf[f])
	}
	if len(ps.instances) > maxPatternInstances {
		panic(fmt.Sprintf("eval: %d pattern instances, a patternIndex holds %d", len(ps.instances), maxPatternInstances))
	}
	for i, in := range ps.instances {
		ps.instanceSlot = append(ps.instanceSlot, ps.slotOf[in.family])
		ps.instanceOffset = append(ps.instanceOffset, uint32(ps.familyOffset[in.family]))
		ps.instanceConfigOffset = append(ps.instanceConfigOffset, uint32(ps.configOffset[in.family]))
		pow := uint16(1)
		for _, s := range in.points {
			ps.digitsOf[s] = append(ps.digitsOf[s], squareDigit{uint8(i), pow})
			pow *= 3
		}
	}
	return ps
}

// configSlots numbers the configurations of a family of k points: the
// configurations that the digit permutations perms (those of the
// symmetries fixing the family's points, identity included) carry onto
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

func pointSet(points []int) uint64 {
	var b uint64
	for _, s := range points {
		b |= 1 << s
	}
	return b
}

func indexOf(points []int, s int) int {
	for i, x := range points {
		if x == s {
			return i
		}
	}
	panic("eval: a symmetry fixing a pattern's points moved one outside it")
}

func containsSet(list []uint64, b uint64) bool {
	for _, x := range list {
		if x == b {
			return true
		}
	}
	return false
}

// patternIndex holds the configuration of every instance in a position.
type patternIndex [maxPatternInstances]uint16

// maxPatternInstances bounds the instances of a pattern set.
const maxPatternInstances = 32

// read writes into ix the configuration of every instance for a side to
// move with pieces own and an opponent with pieces opp (bit s: point s):
// each occupied point adds its digit to the instances it belongs to.
func (ps *patternSet) read(ix *patternIndex, own, opp uint64) {
	*ix = patternIndex{}
	for b := own; b != 0; b &= b - 1 {
		for _, d := range ps.digitsOf[bits.TrailingZeros64(b)] {
			ix[d.inst] += d.pow
		}
	}
	for b := opp; b != 0; b &= b - 1 {
		for _, d := range ps.digitsOf[bits.TrailingZeros64(b)] {
			ix[d.inst] += 2 * d.pow
		}
	}
}

// appendSlots appends to dst every instance's slot within its family (in
// instance order) for pieces own (the side to move's) and opp.
func (ps *patternSet) appendSlots(dst []uint16, own, opp uint64) []uint16 {
	var ix patternIndex
	ps.read(&ix, own, opp)
	for i := range ps.instances {
		dst = append(dst, ps.instanceSlot[i][ix[i]])
	}
	return dst
}

// PatternFamilyInfo describes one family as a pattern head records it, so
// that a head fitted for other patterns is refused by name.
type PatternFamilyInfo struct {
	Name      string `json:"name"`
	Squares   string `json:"squares"`
	Instances int    `json:"instances"`
	Slots     int    `json:"slots"`
}

// info describes the set's families in order.
func (ps *patternSet) info() []PatternFamilyInfo {
	out := make([]PatternFamilyInfo, len(ps.families))
	for f, fam := range ps.families {
		n := 0
		for _, in := range ps.instances {
			if in.family == f {
				n++
			}
		}
		out[f] = PatternFamilyInfo{Name: fam.name, Squares: strings.Join(fam.names, " "), Instances: n, Slots: ps.familySlots[f]}
	}
	return out
}

// patternWeights are a pattern set's weights, band by band: integers in
// units of PatternQuantum, summed exactly, by slot and (for an
// evaluation's single lookup an instance) by configuration.
type patternWeights struct {
	set *patternSet
	pat []int32 // NumPhaseBands × set.numSlots, band by band
	// byConfig holds pat by configuration rather than by slot
	// (NumPhaseBands × set.numConfigs), so that an instance's weight is
	// one lookup.
	byConfig []int32
}

// newPatternWeights checks and rounds band b's weights pat[b] (set.numSlots
// each, family by family): every weight finite and at most
// maxPatternWeight in magnitude. version is the set's version, named in the
// error of a wrong count.
func newPatternWeights(set *patternSet, version int, pat [NumPhaseBands][]float64) (patternWeights, error) {
	w := patternWeights{set: set, pat: make([]int32, NumPhaseBands*set.numSlots)}
	for b := range NumPhaseBands {
		if len(pat[b]) != set.numSlots {
			return w, fmt.Errorf("phase band %d: %d pattern weights, pattern set version %d has %d", b, len(pat[b]), version, set.numSlots)
		}
		for i, v := range pat[b] {
			if !(math.Abs(v) <= maxPatternWeight) {
				return w, fmt.Errorf("phase band %d: pattern weight %d is %v: want a finite number of magnitude at most %d", b, i, v, maxPatternWeight)
			}
			w.pat[b*set.numSlots+i] = int32(math.Round(v / PatternQuantum))
		}
	}
	w.byConfig = make([]int32, NumPhaseBands*set.numConfigs)
	for b := range NumPhaseBands {
		for f := range set.families {
			for r, s := range set.slotOf[f] {
				w.byConfig[b*set.numConfigs+set.configOffset[f]+r] = w.pat[b*set.numSlots+set.familyOffset[f]+int(s)]
			}
		}
	}
	return w, nil
}

// band returns band b's weights as held (rounded to PatternQuantum).
func (w *patternWeights) band(b int) []float64 {
	n := w.set.numSlots
	out := make([]float64, n)
	for i, q := range w.pat[b*n : (b+1)*n] {
		out[i] = float64(q) * PatternQuantum
	}
	return out
}

// sum adds up the weights of the instances' configurations ix in band b,
// exactly.
func (w *patternWeights) sum(b int, ix *patternIndex) int64 {
	n := w.set.numConfigs
	t := w.byConfig[b*n : (b+1)*n]
	off := w.set.instanceConfigOffset
	var s int64
	for i, o := range off {
		s += int64(t[o+uint32(ix[i])])
	}
	return s
}

// scaled returns band b's weights multiplied by s (for Scaled).
func (w *patternWeights) scaled(s float64) [NumPhaseBands][]float64 {
	var pat [NumPhaseBands][]float64
	for b := range NumPhaseBands {
		pat[b] = w.band(b)
		for i := range pat[b] {
			pat[b][i] *= s
		}
	}
	return pat
}
