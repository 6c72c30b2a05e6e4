package eval

import (
	"fmt"
	"math"

	"github.com/surakarta/surakarta/rules"
)

// PatternQuantum is the resolution of the pattern weights as the evaluator
// holds them: integers in units of 2⁻²⁰, summed exactly, so that the sum
// over a position's instances does not depend on the order they are
// visited in and a position and its images evaluate bit-identically.
const PatternQuantum = 1.0 / (1 << 20)

// maxPatternWeight bounds a pattern weight's magnitude, so that it fits an
// int32 in units of PatternQuantum with room to spare.
const maxPatternWeight = 1 << 10

// Patterns is the pattern evaluator: in the phase band of a position (by
// the pieces on the board, PhaseBand), the score is the band's weights on
// the hand features (Extract; red_to_move's weight is always 0) plus one
// weight per pattern instance, the weight of the instance's configuration
// (the side to move's pieces, the opponent's, empty points); the value is
// tanh(score/2), the logistic link. It allocates nothing, gives no move
// priors and is read-only, so one Patterns may serve any number of
// goroutines. It is colour-blind and mirror-blind by construction: a
// position and its images under rules.Symmetries evaluate bit-identically.
type Patterns struct {
	hand [NumPhaseBands]Vector
	pat  patternWeights // of surakartaPatterns
}

// NumPatternSlots is the number of pattern weights of one phase band: the
// slots of every family, family by family (PatternFamilies).
func NumPatternSlots() int { return surakartaPatterns.numSlots }

// NumPatternInstances is the number of pattern instances a position is
// read through (every family's images under the symmetries).
func NumPatternInstances() int { return len(surakartaPatterns.instances) }

// PatternOffsets gives each instance's family offset among a band's
// pattern weights, in instance order: an instance's weight is its slot
// (AppendPatternSlots) plus its offset. The slice is shared; do not
// modify it.
func PatternOffsets() []uint32 { return surakartaPatterns.instanceOffset }

// AppendPatternSlots appends to dst every instance's slot within its
// family (NumPatternInstances of them, in instance order) for a side to
// move with pieces own and an opponent with pieces opp: the pattern fit
// stores a position this way.
func AppendPatternSlots(dst []uint16, own, opp rules.Bitboard) []uint16 {
	return surakartaPatterns.appendSlots(dst, uint64(own&rules.BoardMask), uint64(opp&rules.BoardMask))
}

// NewPatterns returns the evaluator with hand-feature weights hand[b] and
// pattern weights pat[b] (NumPatternSlots each, family by family) for each
// band b. The red_to_move weights must be 0, and every weight finite and
// (for the patterns) at most 1024 in magnitude; pattern weights are rounded
// to PatternQuantum.
func NewPatterns(hand [NumPhaseBands]Vector, pat [NumPhaseBands][]float64) (*Patterns, error) {
	e := &Patterns{hand: hand}
	for b := range NumPhaseBands {
		if hand[b][RedToMove] != 0 {
			return nil, fmt.Errorf("phase band %d: red_to_move weight %v: a pattern evaluator is colour-blind, want 0", b, hand[b][RedToMove])
		}
		if err := finiteHand(b, hand[b][:], featureTable[:]); err != nil {
			return nil, err
		}
	}
	var err error
	if e.pat, err = newPatternWeights(surakartaPatterns, PatternSetVersion, pat); err != nil {
		return nil, err
	}
	return e, nil
}

// finiteHand reports band b's first hand weight (of the features named by
// table) that is not a finite number.
func finiteHand(b int, w []float64, table []Feature) error {
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("phase band %d: weight of %s is %v: want a finite number", b, table[i].Name, v)
		}
	}
	return nil
}

// HandWeights returns band b's hand-feature weights.
func (e *Patterns) HandWeights(b int) Vector { return e.hand[b] }

// PatternWeights returns band b's pattern weights as the evaluator holds
// them (rounded to PatternQuantum).
func (e *Patterns) PatternWeights(b int) []float64 { return e.pat.band(b) }

// ScoreBoards returns the score of the position with the given pieces, side
// to move and no-capture count.
func (e *Patterns) ScoreBoards(red, black rules.Bitboard, side rules.Color, noCapture int) float64 {
	own, opp := red, black
	if side == rules.Black {
		own, opp = black, red
	}
	b := PhaseBand((own | opp).Count())
	var x Vector
	ExtractBoards(&x, red, black, side, noCapture)
	h := &e.hand[b]
	var z float64
	for i := range x {
		z += h[i] * x[i]
	}
	var ix patternIndex
	surakartaPatterns.read(&ix, uint64(own&rules.BoardMask), uint64(opp&rules.BoardMask))
	return z + float64(e.pat.sum(b, &ix))*PatternQuantum
}

// Score returns the score of p for its side to move.
func (e *Patterns) Score(p *rules.Position) float64 {
	return e.ScoreBoards(p.Red(), p.Black(), p.SideToMove(), p.NoCapturePlies())
}

// Value returns the value of p for its side to move, in [-1, 1].
func (e *Patterns) Value(p *rules.Position) float64 { return math.Tanh(e.Score(p) / 2) }

// Evaluate implements mcts.Evaluator: the value of p for its side to move,
// no priors.
func (e *Patterns) Evaluate(p *rules.Position, _ []rules.Move, _ []float32) (float32, bool) {
	return float32(e.Value(p)), false
}

// Scaled returns the evaluator with every weight multiplied by s.
func (e *Patterns) Scaled(s float64) (*Patterns, error) {
	var hand [NumPhaseBands]Vector
	for b := range NumPhaseBands {
		for i, w := range e.hand[b] {
			hand[b][i] = w * s
		}
	}
	return NewPatterns(hand, e.pat.scaled(s))
}
