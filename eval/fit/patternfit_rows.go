package fit

import (
	"math"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// numHand is the number of hand features of Surakarta's pattern
// evaluator's weight set: every feature but red_to_move (colorBlindCols,
// the bias first).
const numHand = eval.NumFeatures - 1

// patternShape is the shape of a game's pattern weights, as the fit stores
// its rows and numbers its parameters: the hand features (the bias
// first), each instance's family offset among a band's pattern weights,
// and the pattern weights of a band. Every game's pattern fit runs on the
// same rows, objective and L-BFGS through it.
type patternShape struct {
	hand    int
	offsets []uint32
	slots   int
}

// surakartaShape is Surakarta's pattern set's shape, read from eval once
// (eval is initialised before this package).
var surakartaShape = patternShape{hand: numHand, offsets: eval.PatternOffsets(), slots: eval.NumPatternSlots()}

// alquerqueShape returns Alquerque's (eval builds its set on first use).
func alquerqueShape() patternShape {
	return patternShape{hand: eval.NumAlquerqueFeatures, offsets: eval.AlquerquePatternOffsets(), slots: eval.NumAlquerquePatternSlots()}
}

// instances is the number of instances a row reads.
func (sh *patternShape) instances() int { return len(sh.offsets) }

// block is the number of parameters of one band: the hand weights
// (standardized) and then the pattern weights.
func (sh *patternShape) block() int { return sh.hand + sh.slots }

// rowBytes is the memory a training row takes: a slot (uint16) per
// instance, the hand features as float32, the band and the target.
func (sh *patternShape) rowBytes() int { return 2*sh.instances() + 4*sh.hand + 1 + 4 }

// PatternRowBytes is the memory a training row of FitPatterns takes: a
// slot (uint16) per instance, the hand features as float32, the band and
// the target.
func PatternRowBytes() int { return surakartaShape.rowBytes() }

// patternRows holds the training rows of a pattern fit compactly.
type patternRows struct {
	patternShape
	band []uint8
	slot []uint16  // instances() a row: each instance's slot in its family
	x    []float32 // hand a row: the hand features (standardized by standardize)
	t    []float32 // target win probability
}

func (s *patternRows) grow(n int) {
	s.band = make([]uint8, 0, n)
	s.slot = make([]uint16, 0, n*s.instances())
	s.x = make([]float32, 0, n*s.hand)
	s.t = make([]float32, 0, n)
}

func (s *patternRows) rows() int { return len(s.t) }

// add appends the Surakarta row r with target t and returns its material
// difference.
func (s *patternRows) add(r *Sample, t float64) int {
	var v eval.Vector
	eval.ExtractBoards(&v, r.Red, r.Black, r.Side, r.NoCapture)
	for _, c := range colorBlindCols {
		s.x = append(s.x, float32(v[c]))
	}
	own, opp := r.Red, r.Black
	if r.Side == rules.Black {
		own, opp = r.Black, r.Red
	}
	s.slot = eval.AppendPatternSlots(s.slot, own, opp)
	s.band = append(s.band, uint8(eval.PhaseBand((own | opp).Count())))
	s.t = append(s.t, float32(t))
	return int(v[eval.Material])
}

// addAlquerque appends the Alquerque row r (Red holding White's pieces,
// Black Black's: the first and the second player's, Sample) with target t
// and returns its material difference.
func (s *patternRows) addAlquerque(r *Sample, t float64) int {
	own, opp := alquerque.Bitboard(r.Red), alquerque.Bitboard(r.Black)
	if r.Side == rules.Black {
		own, opp = opp, own
	}
	var v eval.AlquerqueVector
	eval.ExtractAlquerque(&v, own, opp, r.NoCapture)
	for _, f := range v {
		s.x = append(s.x, float32(f))
	}
	s.slot = eval.AppendAlquerquePatternSlots(s.slot, own, opp)
	s.band = append(s.band, uint8(eval.PhaseBand((own | opp).Count())))
	s.t = append(s.t, float32(t))
	return int(v[eval.AqMaterial])
}

// standardize scales every hand feature but the bias to mean 0 and
// variance 1 over the rows, in place, and returns the means and inverse
// standard deviations (inv 0 for a constant feature, which becomes 0).
func (s *patternRows) standardize() standardization {
	nh := s.hand
	st := standardization{mean: make([]float64, nh), inv: make([]float64, nh)}
	n := float64(s.rows())
	sum, sq := make([]float64, nh), make([]float64, nh)
	for r := range s.rows() {
		x := s.x[r*nh : (r+1)*nh]
		for j := 1; j < nh; j++ {
			v := float64(x[j])
			sum[j] += v
			sq[j] += v * v
		}
	}
	for j := 1; j < nh; j++ {
		mu := sum[j] / n
		st.mean[j] = mu
		if v := sq[j]/n - mu*mu; v > 1e-12*(1+sq[j]/n) {
			st.inv[j] = 1 / math.Sqrt(v)
		}
	}
	for r := range s.rows() {
		x := s.x[r*nh : (r+1)*nh]
		for j := 1; j < nh; j++ {
			x[j] = float32((float64(x[j]) - st.mean[j]) * st.inv[j])
		}
	}
	return st
}

// every returns every k-th row of s.
func (s *patternRows) every(k int) *patternRows {
	sub := &patternRows{patternShape: s.patternShape}
	sub.grow(s.rows()/k + 1)
	ni, nh := s.instances(), s.hand
	for r := 0; r < s.rows(); r += k {
		sub.band = append(sub.band, s.band[r])
		sub.slot = append(sub.slot, s.slot[r*ni:(r+1)*ni]...)
		sub.x = append(sub.x, s.x[r*nh:(r+1)*nh]...)
		sub.t = append(sub.t, s.t[r])
	}
	return sub
}

// curvature returns, for each parameter (band by band, patternBlock each),
// the mean over the rows of its feature's square: the standardized hand
// feature's square in the row's band, and for a pattern weight the number
// of the row's instances that read it (counted once each; two instances of
// a row reading one weight would count four in the true square).
func (s *patternRows) curvature() []float64 {
	d := s.block()
	h := make([]float64, eval.NumPhaseBands*d)
	off, ni, nh := s.offsets, s.instances(), s.hand
	for r := range s.rows() {
		base := int(s.band[r]) * d
		for j, v := range s.x[r*nh : (r+1)*nh] {
			h[base+j] += float64(v) * float64(v)
		}
		slots := s.slot[r*ni : (r+1)*ni]
		for i, o := range off {
			h[base+nh+int(o)+int(slots[i])]++
		}
	}
	n := float64(max(1, s.rows()))
	for i := range h {
		h[i] /= n
	}
	return h
}

// weights returns band b's hand weights (in the rows' order, the bias
// first: standardization by st undone) and pattern weights of the fitted
// parameters theta (band by band, block() each).
func (s *patternRows) weights(theta []float64, st standardization, b int) (hand, pat []float64) {
	d, nh := s.block(), s.hand
	beta := theta[b*d : b*d+nh]
	hand = make([]float64, nh)
	hand[0] = beta[0]
	for j := 1; j < nh; j++ {
		w := beta[j] * st.inv[j]
		hand[j] = w
		hand[0] -= w * st.mean[j]
	}
	return hand, theta[b*d+nh : (b+1)*d]
}

// evaluator returns Surakarta's evaluator of the fitted parameters theta
// (hand weights standardized by st, in colorBlindCols' order).
func (s *patternRows) evaluator(theta []float64, st standardization) (*eval.Patterns, error) {
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	for b := range eval.NumPhaseBands {
		w, p := s.weights(theta, st, b)
		for j, c := range colorBlindCols {
			hand[b][c] = w[j]
		}
		pat[b] = p
	}
	return eval.NewPatterns(hand, pat)
}

// alquerqueEvaluator returns Alquerque's evaluator of the fitted
// parameters theta (hand weights standardized by st, in vector order).
func (s *patternRows) alquerqueEvaluator(theta []float64, st standardization) (*eval.AlquerquePatterns, error) {
	var hand [eval.NumPhaseBands]eval.AlquerqueVector
	var pat [eval.NumPhaseBands][]float64
	for b := range eval.NumPhaseBands {
		w, p := s.weights(theta, st, b)
		copy(hand[b][:], w)
		pat[b] = p
	}
	return eval.NewAlquerquePatterns(hand, pat)
}
