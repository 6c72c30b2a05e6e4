package fit

import (
	"context"
	"fmt"
	"math"
	"sync"

	"gonum.org/v1/gonum/optimize"

	"github.com/surakarta/surakarta/eval"
)

// patternFitBlocks is the number of row blocks whose loss and gradient are
// summed separately (each by one goroutine at a time) and then added in
// block order, so that the fit does not depend on the number of workers.
const patternFitBlocks = 8

// patternLoss computes FitPatterns' objective and its gradient with
// respect to the parameters (band by band: the standardized hand weights,
// then the pattern weights), caching the last location.
type patternLoss struct {
	s                     *patternRows
	lambdaHand, lambdaPat float64
	workers               int

	last   []float64
	loss   float64
	grad   []float64
	losses []float64
	grads  [][]float64
}

func newPatternLoss(s *patternRows, lambdaHand, lambdaPat float64, workers int) *patternLoss {
	n := eval.NumPhaseBands * patternBlock()
	e := &patternLoss{s: s, lambdaHand: lambdaHand, lambdaPat: lambdaPat, workers: max(1, workers),
		grad: make([]float64, n), losses: make([]float64, patternFitBlocks), grads: make([][]float64, patternFitBlocks)}
	for k := range e.grads {
		e.grads[k] = make([]float64, n)
	}
	return e
}

func (e *patternLoss) evaluate(theta []float64) {
	if e.last != nil && equalSlices(e.last, theta) {
		return
	}
	e.last = append(e.last[:0], theta...)
	next := make(chan int, patternFitBlocks)
	for k := range patternFitBlocks {
		next <- k
	}
	close(next)
	var wg sync.WaitGroup
	for range min(e.workers, patternFitBlocks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				e.block(k, theta)
			}
		}()
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
	d := patternBlock()
	for i := range e.grad {
		e.grad[i] /= n
		lambda := e.lambdaPat
		if j := i % d; j < numHand {
			if j == 0 {
				continue // the bias is not penalised
			}
			lambda = e.lambdaHand
		}
		loss += lambda * theta[i] * theta[i]
		e.grad[i] += 2 * lambda * theta[i]
	}
	e.loss = loss
}

// block sums the log-loss and its gradient over block k of the rows.
func (e *patternLoss) block(k int, theta []float64) {
	s := e.s
	lo, hi := k*s.rows()/patternFitBlocks, (k+1)*s.rows()/patternFitBlocks
	g := e.grads[k]
	clear(g)
	d := patternBlock()
	loss := 0.0
	off := instanceOffset[:numPatternInstances]
	for r := lo; r < hi; r++ {
		base := int(s.band[r]) * d
		x := s.x[r*numHand : (r+1)*numHand]
		slots := s.slot[r*numPatternInstances : (r+1)*numPatternInstances]
		h := theta[base : base+numHand]
		pat := theta[base+numHand : base+d]
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
		gh := g[base : base+numHand]
		for j, v := range x {
			gh[j] += dz * float64(v)
		}
		gp := g[base+numHand : base+d]
		for i, o := range off {
			gp[int(o)+int(slots[i])] += dz
		}
	}
	e.losses[k] = loss
}

// fitPatternLogistic minimises the pattern objective from zero with L-BFGS.
func fitPatternLogistic(ctx context.Context, s *patternRows, lambdaHand, lambdaPat float64, maxIter, workers int) (logisticResult, error) {
	e := newPatternLoss(s, lambdaHand, lambdaPat, workers)
	p := optimize.Problem{
		Func: func(x []float64) float64 { e.evaluate(x); return e.loss },
		Grad: func(g, x []float64) { e.evaluate(x); copy(g, e.grad) },
		Status: func() (optimize.Status, error) {
			if err := ctx.Err(); err != nil {
				return optimize.Failure, err
			}
			return optimize.NotTerminated, nil
		},
	}
	settings := &optimize.Settings{
		// The loss is a mean of about 0.6 a row: a relative change below
		// 1e-7 over five iterations is far inside the weights' sampling
		// error.
		GradientThreshold: 1e-7,
		MajorIterations:   maxIter,
		Converger:         &optimize.FunctionConverge{Absolute: 1e-10, Relative: 1e-7, Iterations: 5},
	}
	theta := make([]float64, eval.NumPhaseBands*patternBlock())
	res, err := optimize.Minimize(p, theta, settings, &optimize.LBFGS{})
	if err != nil && ctx.Err() != nil {
		return logisticResult{}, ctx.Err()
	}
	if res == nil {
		return logisticResult{}, fmt.Errorf("pattern fit: %w", err)
	}
	e.evaluate(res.X)
	if math.IsNaN(e.loss) || math.IsInf(e.loss, 0) {
		return logisticResult{}, fmt.Errorf("pattern fit diverged (loss %v)", e.loss)
	}
	status := res.Status.String()
	if err != nil {
		status += ": " + err.Error()
	}
	return logisticResult{w: append([]float64(nil), res.X...), loss: e.loss, iterations: res.Stats.MajorIterations, status: status}, nil
}
