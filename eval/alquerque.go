package eval

import (
	"math"
	"sync"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/mcts"
)

// Alquerque's evaluators (package alquerque, docs/RULES-ALQUERQUE.md): the
// material evaluator, the hand features and the pattern set over the
// board's lines; the pattern evaluator itself is alquerquepatterns.go's.

// AlquerqueFeatureSetVersion numbers Alquerque's hand features: their
// names, order and definitions. Pattern heads record it.
const AlquerqueFeatureSetVersion = 1

// NumAlquerqueFeatures is the number of Alquerque's hand features.
const NumAlquerqueFeatures = 9

// AlquerqueVector holds Alquerque's hand features of a position, for its
// side to move ("own") against its opponent ("opp").
type AlquerqueVector [NumAlquerqueFeatures]float64

// The indices of AlquerqueVector. None of them knows which colour moves:
// Alquerque's evaluators are colour-blind by construction.
const (
	AqBias           = iota // constant 1
	AqMaterial              // own pieces - opponent pieces
	AqPhase                 // pieces on the board / 24
	AqMaterialXPhase        // material × phase
	AqMaterialXClock        // material × min(no-capture plies, 50)/50
	AqMobilityOwn           // own steps (moves without a capture), as if no capture were on the board
	AqMobilityOpp           // the opponent's steps, as if it were to move
	AqAttacksOwn            // opponent pieces the side to move can take with a first jump now
	AqAttacksOpp            // own pieces the opponent could take with a first jump if it were to move
)

var alquerqueFeatureTable = [NumAlquerqueFeatures]Feature{
	AqBias:           {"bias", "constant 1: the intercept, the value of having the move"},
	AqMaterial:       {"material", "own pieces minus opponent pieces"},
	AqPhase:          {"phase", "pieces on the board / 24: 1 at the start, falling as pieces are captured"},
	AqMaterialXPhase: {"material_x_phase", "material × phase"},
	AqMaterialXClock: {"material_x_clock", "material × min(no-capture plies, 50)/50: material as the no-capture limit nears"},
	AqMobilityOwn:    {"mobility_own", "own steps (moves without a capture), as if no capture were on the board"},
	AqMobilityOpp:    {"mobility_opp", "opponent steps, as if it were to move"},
	AqAttacksOwn:     {"attacks_own", "opponent pieces the side to move can take with a first jump now"},
	AqAttacksOpp:     {"attacks_opp", "own pieces the opponent could take with a first jump if it were to move"},
}

// AlquerqueFeatures returns Alquerque's hand features in vector order.
func AlquerqueFeatures() []Feature { return alquerqueFeatureTable[:] }

// AlquerqueNames returns the hand features' names in vector order.
func AlquerqueNames() []string {
	out := make([]string, NumAlquerqueFeatures)
	for i, f := range alquerqueFeatureTable {
		out[i] = f.Name
	}
	return out
}

// ExtractAlquerque writes the hand features of the position with pieces
// own (the side to move's) and opp and noCapture plies since the last
// capture into x. It allocates nothing.
func ExtractAlquerque(x *AlquerqueVector, own, opp alquerque.Bitboard, noCapture int) {
	no, np := own.Count(), opp.Count()
	m := float64(no - np)
	phase := float64(no+np) / (2 * alquerque.MaxPieces)
	*x = AlquerqueVector{
		AqBias:           1,
		AqMaterial:       m,
		AqPhase:          phase,
		AqMaterialXPhase: m * phase,
		AqMaterialXClock: m * float64(min(noCapture, clockPlies)) / clockPlies,
		AqMobilityOwn:    float64(alquerque.Mobility(own, opp)),
		AqMobilityOpp:    float64(alquerque.Mobility(opp, own)),
		AqAttacksOwn:     float64(alquerque.Attacked(own, opp).Count()),
		AqAttacksOpp:     float64(alquerque.Attacked(opp, own).Count()),
	}
}

// clockPlies is the no-capture count at which the clock features saturate:
// the default no-capture limit, as in Surakarta's features.
const clockPlies = 50

// AlquerqueMaterial is Alquerque's built-in evaluator, Surakarta's
// mcts.Material on Alquerque's board: tanh((own − opponent pieces) /
// mcts.MaterialScale) for the side to move, no priors. It is stateless and
// safe for concurrent use.
type AlquerqueMaterial struct{}

// alquerqueMaterialValue[d+MaxPieces] is tanh(d/MaterialScale).
var alquerqueMaterialValue = func() (t [2*alquerque.MaxPieces + 1]float32) {
	for i := range t {
		t[i] = float32(math.Tanh(float64(i-alquerque.MaxPieces) / mcts.MaterialScale))
	}
	return t
}()

// Evaluate returns tanh((own − opponent pieces) / mcts.MaterialScale).
func (AlquerqueMaterial) Evaluate(p *alquerque.Position, _ []alquerque.Code, _ []float32) (float32, bool) {
	stm := p.SideToMove()
	return alquerqueMaterialValue[p.Count(stm)-p.Count(stm.Other())+alquerque.MaxPieces], false
}

// AlquerquePatternSetVersion numbers Alquerque's pattern set, as
// PatternSetVersion numbers Surakarta's.
const AlquerquePatternSetVersion = 1

// alquerqueFamilies is Alquerque's pattern set, version 1: n-tuples along
// the lines of the board (every line is an instance of one of the five
// line families) and the 3×3 regions, which hold the jumps across a corner
// and across the middle. Instances are the images under the board's eight
// square symmetries (the colour swap is the evaluator's own/opponent
// reading): 21 instances.
var alquerqueFamilies = []patternDecl{
	{"edge", "the edge lines: ranks 1 and 5, files a and e", "a1 b1 c1 d1 e1"},
	{"second", "the lines next to the edges: ranks 2 and 4, files b and d", "a2 b2 c2 d2 e2"},
	{"middle", "the middle lines: rank 3 and file c", "a3 b3 c3 d3 e3"},
	{"diagonal", "the long diagonals a1-e5 and e1-a5", "a1 b2 c3 d4 e5"},
	{"short_diagonal", "the four diagonals of three points through the edges' middles", "a3 b4 c5"},
	{"corner", "the 3×3 region at each corner (a1..c3 and its images)", "a1 b1 c1 a2 b2 c2 a3 b3 c3"},
	{"centre", "the 3×3 region round c3 (b2..d4)", "b2 c2 d2 b3 c3 d3 b4 c4 d4"},
}

// alquerquePatterns returns Alquerque's pattern set, built on first use:
// its tables take about 80 million instructions to build (the centre's
// 3^9 configurations under eight symmetries), which a program that never
// evaluates Alquerque (every Surakarta command) should not pay at start.
var alquerquePatterns = sync.OnceValue(func() *patternSet {
	return newPatternSet(alquerque.NumPoints, alquerqueSymmetries(), func(s string) (int, error) {
		p, err := alquerque.ParsePoint(s)
		return int(p), err
	}, alquerqueFamilies)
})

// alquerqueSymmetries returns the board's eight square symmetries
// (alquerque.Symmetries without the colour swap) as maps of points.
func alquerqueSymmetries() [][]int {
	var out [][]int
	for _, t := range alquerque.Symmetries {
		if t.SwapsColors() {
			continue
		}
		m := make([]int, alquerque.NumPoints)
		for s := range m {
			m[s] = int(t.Point(alquerque.Point(s)))
		}
		out = append(out, m)
	}
	return out
}

// AlquerquePatternFamilies describes Alquerque's pattern families in
// order.
func AlquerquePatternFamilies() []PatternFamilyInfo { return alquerquePatterns().info() }

// NumAlquerquePatternSlots is the number of pattern weights of one phase
// band of Alquerque's pattern set.
func NumAlquerquePatternSlots() int { return alquerquePatterns().numSlots }

// AlquerquePatternOffsets gives each instance's family offset among a
// band's pattern weights, in instance order (PatternOffsets for
// Alquerque). The slice is shared; do not modify it.
func AlquerquePatternOffsets() []uint32 { return alquerquePatterns().instanceOffset }

// AppendAlquerquePatternSlots appends every instance's slot within its
// family (in instance order) for pieces own (the side to move's) and opp:
// the pattern fit stores an Alquerque position this way.
func AppendAlquerquePatternSlots(dst []uint16, own, opp alquerque.Bitboard) []uint16 {
	return alquerquePatterns().appendSlots(dst, uint64(own&alquerque.BoardMask), uint64(opp&alquerque.BoardMask))
}
