package fit

import (
	"github.com/surakarta/surakarta/eval"
	"math"

	"github.com/surakarta/surakarta/rules"
)

// numHand is the number of hand features of a pattern evaluator's weight
// set: every feature but red_to_move (colorBlindCols, the bias first).
const numHand = eval.NumFeatures - 1

// The pattern set's shape, read from eval once (eval is initialised
// before this package).
var (
	numPatternInstances = eval.NumPatternInstances()
	numPatternSlots     = eval.NumPatternSlots()
	instanceOffset      = eval.PatternOffsets()
)

// PatternRowBytes is the memory a training row of FitPatterns takes: a
// slot (uint16) per instance, the hand features as float32, the band and
// the target.
func PatternRowBytes() int { return 2*numPatternInstances + 4*numHand + 1 + 4 }

// patternRows holds the training rows of a pattern fit compactly.
type patternRows struct {
	band []uint8
	slot []uint16  // numPatternInstances a row: each instance's slot in its family
	x    []float32 // numHand a row: the hand features (standardized by standardize)
	t    []float32 // target win probability
}

func (s *patternRows) grow(n int) {
	s.band = make([]uint8, 0, n)
	s.slot = make([]uint16, 0, n*numPatternInstances)
	s.x = make([]float32, 0, n*numHand)
	s.t = make([]float32, 0, n)
}

func (s *patternRows) rows() int { return len(s.t) }

// add appends the row r with target t and returns its material difference.
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

// standardize scales every hand feature but the bias to mean 0 and
// variance 1 over the rows, in place, and returns the means and inverse
// standard deviations (inv 0 for a constant feature, which becomes 0).
func (s *patternRows) standardize() standardization {
	st := standardization{mean: make([]float64, numHand), inv: make([]float64, numHand)}
	n := float64(s.rows())
	sum, sq := make([]float64, numHand), make([]float64, numHand)
	for r := range s.rows() {
		x := s.x[r*numHand : (r+1)*numHand]
		for j := 1; j < numHand; j++ {
			v := float64(x[j])
			sum[j] += v
			sq[j] += v * v
		}
	}
	for j := 1; j < numHand; j++ {
		mu := sum[j] / n
		st.mean[j] = mu
		if v := sq[j]/n - mu*mu; v > 1e-12*(1+sq[j]/n) {
			st.inv[j] = 1 / math.Sqrt(v)
		}
	}
	for r := range s.rows() {
		x := s.x[r*numHand : (r+1)*numHand]
		for j := 1; j < numHand; j++ {
			x[j] = float32((float64(x[j]) - st.mean[j]) * st.inv[j])
		}
	}
	return st
}

// every returns every k-th row of s.
func (s *patternRows) every(k int) *patternRows {
	sub := &patternRows{}
	sub.grow(s.rows()/k + 1)
	for r := 0; r < s.rows(); r += k {
		sub.band = append(sub.band, s.band[r])
		sub.slot = append(sub.slot, s.slot[r*numPatternInstances:(r+1)*numPatternInstances]...)
		sub.x = append(sub.x, s.x[r*numHand:(r+1)*numHand]...)
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
	d := patternBlock()
	h := make([]float64, eval.NumPhaseBands*d)
	off := instanceOffset[:numPatternInstances]
	for r := range s.rows() {
		base := int(s.band[r]) * d
		for j, v := range s.x[r*numHand : (r+1)*numHand] {
			h[base+j] += float64(v) * float64(v)
		}
		slots := s.slot[r*numPatternInstances : (r+1)*numPatternInstances]
		for i, o := range off {
			h[base+numHand+int(o)+int(slots[i])]++
		}
	}
	n := float64(max(1, s.rows()))
	for i := range h {
		h[i] /= n
	}
	return h
}

// patternBlock is the number of parameters of one band: the hand weights
// (standardized) and then the pattern weights.
func patternBlock() int { return numHand + numPatternSlots }

// evaluator returns the evaluator of the fitted parameters theta (band by
// band, patternBlock each, hand weights standardized by st).
func (s *patternRows) evaluator(theta []float64, st standardization) (*eval.Patterns, error) {
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	d := patternBlock()
	for b := range eval.NumPhaseBands {
		beta := theta[b*d : b*d+numHand]
		h := &hand[b]
		h[eval.Bias] = beta[0]
		for j := 1; j < numHand; j++ {
			w := beta[j] * st.inv[j]
			h[colorBlindCols[j]] = w
			h[eval.Bias] -= w * st.mean[j]
		}
		pat[b] = theta[b*d+numHand : (b+1)*d]
	}
	return eval.NewPatterns(hand, pat)
}
