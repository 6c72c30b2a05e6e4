package fit

import (
	"context"
	"math"
	"sync"

	"github.com/surakarta/surakarta/eval"
)

// patternFitBlocks is the number of row blocks whose loss and gradient are
// summed separately (each by one goroutine at a time) and then added in
// block order, so that the fit does not depend on the number of workers.
const patternFitBlocks = 8

// patternLoss computes FitPatterns' objective and its gradient, caching
// the last location. L-BFGS works in scaled coordinates u, θ = scale·u
// (band by band: the standardized hand weights, then the pattern weights),
// each parameter's scale 1/√h of its curvature h at θ = 0: a pattern
// weight's curvature is a quarter of the share of rows that read it plus
// the penalty, so it spans four orders of magnitude between common and rare
// configurations, and the unscaled problem took hundreds of iterations.
type patternLoss struct {
	s                     *patternRows
	lambdaHand, lambdaPat float64
	workers               int
	scale                 []float64

	last   []float64
	theta  []float64
	loss   float64
	grad   []float64 // with respect to u
	losses []float64
	grads  [][]float64
}

func newPatternLoss(s *patternRows, lambdaHand, lambdaPat float64, workers int) *patternLoss {
	n := eval.NumPhaseBands * s.block()
	e := &patternLoss{s: s, lambdaHand: lambdaHand, lambdaPat: lambdaPat, workers: max(1, workers),
		theta: make([]float64, n), grad: make([]float64, n),
		losses: make([]float64, patternFitBlocks), grads: make([][]float64, patternFitBlocks)}
	for k := range e.grads {
		e.grads[k] = make([]float64, n)
	}
	e.scale = s.curvature()
	for i, h := range e.scale {
		h = h/4 + 2*e.lambda(i)
		e.scale[i] = 1
		if h > 0 {
			e.scale[i] = 1 / math.Sqrt(h)
		}
	}
	return e
}

// lambda is parameter i's penalty (the biases have none).
func (e *patternLoss) lambda(i int) float64 {
	switch j := i % e.s.block(); {
	case j == 0:
		return 0
	case j < e.s.hand:
		return e.lambdaHand
	}
	return e.lambdaPat
}

// evaluate computes the objective and its gradient at u.
func (e *patternLoss) evaluate(u []float64) {
	if e.last != nil && equalSlices(e.last, u) {
		return
	}
	e.last = append(e.last[:0], u...)
	for i, v := range u {
		e.theta[i] = v * e.scale[i]
	}
	theta := e.theta
	next := make(chan int, patternFitBlocks)
	for k := range patternFitBlocks {
		next <- k
	}
	close(next)
	var wg sync.WaitGroup
	for range min(e.workers, patternFitBlocks) {
		wg.Go(func() {
			for k := range next {
				e.block(k, theta)
			}
		})
	}
	wg.Wait()
	n := float64(e.s.rows())
	loss := 0.0
	clear(e.grad)
	for k := range patternFitBlocks {
		loss += e.losses[k]
		for i, g := range e.grads[k] {
			e.grad[i] += g
		}
	}
	loss /= n
	for i := range e.grad {
		lambda := e.lambda(i)
		loss += lambda * theta[i] * theta[i]
		e.grad[i] = (e.grad[i]/n + 2*lambda*theta[i]) * e.scale[i]
	}
	e.loss = loss
}

// block sums the log-loss and its gradient over block k of the rows.
func (e *patternLoss) block(k int, theta []float64) {
	s := e.s
	lo, hi := k*s.rows()/patternFitBlocks, (k+1)*s.rows()/patternFitBlocks
	g := e.grads[k]
	clear(g)
	d, nh, ni := s.block(), s.hand, s.instances()
	loss := 0.0
	off := s.offsets
	for r := lo; r < hi; r++ {
		base := int(s.band[r]) * d
		x := s.x[r*nh : (r+1)*nh]
		slots := s.slot[r*ni : (r+1)*ni]
		h := theta[base : base+nh]
		pat := theta[base+nh : base+d]
		z := 0.0
		for j, v := range x {
			z += h[j] * float64(v)
		}
		for i, o := range off {
			z += pat[int(o)+int(slots[i])]
		}
		t := float64(s.t[r])
		ez := math.Exp(-math.Abs(z))
		sig := 1 / (1 + ez)
		if z < 0 {
			sig = ez / (1 + ez)
		}
		loss += max(z, 0) + math.Log(1+ez) - t*z
		dz := sig - t
		gh := g[base : base+nh]
		for j, v := range x {
			gh[j] += dz * float64(v)
		}
		gp := g[base+nh : base+d]
		for i, o := range off {
			gp[int(o)+int(slots[i])] += dz
		}
	}
	e.losses[k] = loss
}

// patternWarmRows is about the number of rows of the pattern fit's warm
// start: below four times as many rows the fit starts from zero.
const patternWarmRows = 100000

// patternRelTol ends an L-BFGS run when five iterations together lower the
// objective by less than this fraction of it. Measured on a million
// self-play positions (docs/BENCHMARKS.md), the held-out log-loss moves by
// less than 1e-4 after that point, and running on to 1e-7 cost ten times
// the iterations.
const patternRelTol = 3e-5

// fitPatternLogistic minimises the pattern objective with L-BFGS and
// returns θ. With 4·warmRows rows or more it starts from the fit of every
// k-th row (k = rows/warmRows) under k times the pattern penalty: the
// objective is a mean loss plus the penalty, so on a k-th of the rows the
// same penalty would weigh k times less against the evidence for each
// weight, and the subsample's fit would over-fit its rare configurations
// and start the full fit further from its optimum (docs/BENCHMARKS.md has
// the iterations each start took).
func fitPatternLogistic(ctx context.Context, s *patternRows, lambdaHand, lambdaPat float64, maxIter, workers, warmRows int) (logisticResult, error) {
	var theta0 []float64
	if k := s.rows() / warmRows; k >= 4 {
		warm, err := solvePatternLogistic(ctx, s.every(k), lambdaHand, lambdaPat*float64(k), maxIter, workers, nil)
		if err != nil {
			return logisticResult{}, err
		}
		theta0 = warm.w
	}
	return solvePatternLogistic(ctx, s, lambdaHand, lambdaPat, maxIter, workers, theta0)
}

// solvePatternLogistic minimises the pattern objective on s with L-BFGS
// from theta0 (nil: zero) and returns θ.
func solvePatternLogistic(ctx context.Context, s *patternRows, lambdaHand, lambdaPat float64, maxIter, workers int, theta0 []float64) (logisticResult, error) {
	e := newPatternLoss(s, lambdaHand, lambdaPat, workers)
	opt := lbfgs{
		name: "pattern fit", evaluate: e.evaluate,
		loss: func() float64 { return e.loss }, grad: func() []float64 { return e.grad },
		gradientThreshold: 1e-7, maxIterations: maxIter, absolute: 1e-10, relative: patternRelTol,
	}
	u := make([]float64, len(e.scale))
	for i := range theta0 {
		u[i] = theta0[i] / e.scale[i]
	}
	loss, iterations, status, err := opt.minimize(ctx, u)
	if err != nil {
		return logisticResult{}, err
	}
	return logisticResult{w: append([]float64(nil), e.theta...), loss: loss, iterations: iterations, status: status}, nil
}
