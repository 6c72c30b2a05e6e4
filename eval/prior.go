package eval

import (
	"math"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Prior is a log-linear move prior: move j of a position gets the
// probability softmax(w·x)ⱼ, x the move's features (MoveContext.Features)
// and w a weight per move feature. All-zero weights give uniform priors.
// A Prior is read-only after construction and safe for concurrent use.
type Prior struct {
	w [NumMoveFeatures]float32
	// The features of a move's points, summed per point once: from[s] is
	// the score of leaving s (its class and double features), to[s] of
	// landing on s, take[s] of capturing on s (capture and the victim's
	// class).
	from, to, take [64]float32
}

// NewPrior returns the prior with weights w, in MoveVector order.
func NewPrior(w [NumMoveFeatures]float64) *Prior {
	p := &Prior{}
	for i, x := range w {
		p.w[i] = float32(x)
	}
	for sq := rules.Square(0); sq < rules.NumSquares; sq++ {
		b := sq.Bit()
		in, out, both, corner := class(b)
		dbl := b2f(b&doubleSquares != 0)
		p.from[sq] = p.w[MoveFromInner]*in + p.w[MoveFromOuter]*out + p.w[MoveFromBoth]*both + p.w[MoveFromCorner]*corner + p.w[MoveFromDouble]*dbl
		p.to[sq] = p.w[MoveToInner]*in + p.w[MoveToOuter]*out + p.w[MoveToBoth]*both + p.w[MoveToCorner]*corner + p.w[MoveToDouble]*dbl
		p.take[sq] = p.w[MoveCapture] + p.w[MoveTakesInner]*in + p.w[MoveTakesOuter]*out + p.w[MoveTakesBoth]*both
	}
	return p
}

// Weights returns the weights in MoveVector order.
func (pr *Prior) Weights() [NumMoveFeatures]float64 {
	var w [NumMoveFeatures]float64
	for i, x := range pr.w {
		w[i] = float64(x)
	}
	return w
}

// Score returns w·x, the move's log-probability up to the position's
// normaliser.
func (pr *Prior) Score(x *MoveVector) float32 {
	var z float32
	for i := range x {
		z += pr.w[i] * x[i]
	}
	return z
}

// Fill writes the prior of each of moves, the legal moves of p, into dst
// (len(dst) >= len(moves)): non-negative, summing to 1 over moves. It
// allocates nothing: the cost is one circuit scan of each move's position
// (see MoveContext).
func (pr *Prior) Fill(p *rules.Position, moves []rules.Move, dst []float32) {
	if len(moves) == 0 {
		return
	}
	c := NewMoveContext(p)
	dst = dst[:len(moves)]
	best := float32(math.Inf(-1))
	for j, m := range moves {
		z := pr.score(&c, m)
		dst[j] = z
		best = max(best, z)
	}
	var sum float32
	for j, z := range dst {
		e := float32(math.Exp(float64(z - best)))
		dst[j] = e
		sum += e
	}
	inv := 1 / sum
	for j := range dst {
		dst[j] *= inv
	}
}

// score is Score of the move's features (MoveContext.Features) without
// building them: the point features come from the per-point sums, the rest
// from the scan of the position after the move. A test holds the two equal.
func (pr *Prior) score(c *MoveContext, m rules.Move) float32 {
	var a afterMove
	c.after(&a, m)
	fs, ts := m.From()&63, m.To()&63
	lands := b2f(a.lands)
	w := &pr.w
	z := pr.from[fs] + pr.to[ts]
	if a.capture {
		z += pr.take[ts] + w[MoveCaptureXClock]*c.clock + w[MoveRecapturable]*lands
	}
	z += w[MoveFromAttacked]*b2f(c.attackedBy&a.from != 0) + w[MoveLandsAttacked]*lands
	z += w[MoveThreatsOwnDelta]*float32(a.threatsOwn) + w[MoveThreatsOppDelta]*float32(a.threatsOpp)
	z += w[MoveLoopsOwnDelta]*float32(a.loopsOwn) + w[MoveLoopsOppDelta]*float32(a.loopsOpp)
	return z + w[MoveMobilityOwnDelta]*float32(a.mobOwn) + w[MoveMobilityOppDelta]*float32(a.mobOpp)
}

// WithPrior is an evaluator whose values come from Value and whose move
// priors come from Prior: the search's PUCT priors through the priors
// argument of mcts.Evaluator. It allocates nothing when Value does not, and
// it is safe for concurrent use when Value is (Clone gives each search
// thread its own Value when Value has per-goroutine state).
type WithPrior struct {
	Value mcts.Evaluator
	Prior *Prior
}

// Evaluate implements mcts.Evaluator: Value's value of p, and the prior's
// move probabilities whenever the search asks for priors.
func (e *WithPrior) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	v, _ := e.Value.Evaluate(p, moves, nil)
	if priors == nil {
		return v, false
	}
	e.Prior.Fill(p, moves, priors)
	return v, true
}

// FillPriors implements mcts.PriorFiller: the prior's move probabilities
// alone, which the search asks for only at nodes it selects from again (its
// value never depends on them, so Evaluate with nil priors is the value).
func (e *WithPrior) FillPriors(p *rules.Position, moves []rules.Move, priors []float32) bool {
	e.Prior.Fill(p, moves, priors)
	return true
}

// Clone implements mcts.Cloner.
func (e *WithPrior) Clone() mcts.Evaluator {
	v := e.Value
	if c, ok := v.(mcts.Cloner); ok {
		v = c.Clone()
	}
	return &WithPrior{Value: v, Prior: e.Prior}
}
