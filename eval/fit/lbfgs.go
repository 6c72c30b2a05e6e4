package fit

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/optimize"
)

// lbfgs is how the fits run L-BFGS (gonum/optimize): the logistic value
// fit, the pattern fit and the prior's fit each minimise a smooth loss
// whose evaluate method sets the loss and its gradient at a point.
type lbfgs struct {
	// name prefixes the errors ("logistic fit").
	name string
	// evaluate computes the loss and gradient at x, leaving the fit's own
	// state (its weights) at x; loss and grad read them back.
	evaluate func(x []float64)
	loss     func() float64
	grad     func() []float64
	// The stopping rule: the gradient's norm, the iterations, and the
	// loss's change over five iterations (absolute, relative).
	gradientThreshold float64
	maxIterations     int
	absolute          float64
	relative          float64
}

// minimize runs L-BFGS from x0 until the stopping rule or ctx ends it and
// evaluates the solution last, so that the fit's state holds it. It
// returns the loss there, the iterations and the termination status (with
// the error of a termination that still left a finite loss, such as a line
// search that could not improve on the best location).
func (l *lbfgs) minimize(ctx context.Context, x0 []float64) (loss float64, iterations int, status string, _ error) {
	p := optimize.Problem{
		Func: func(x []float64) float64 { l.evaluate(x); return l.loss() },
		Grad: func(g, x []float64) { l.evaluate(x); copy(g, l.grad()) },
		Status: func() (optimize.Status, error) {
			if err := ctx.Err(); err != nil {
				return optimize.Failure, err
			}
			return optimize.NotTerminated, nil
		},
	}
	settings := &optimize.Settings{
		GradientThreshold: l.gradientThreshold,
		MajorIterations:   l.maxIterations,
		Converger:         &optimize.FunctionConverge{Absolute: l.absolute, Relative: l.relative, Iterations: 5},
	}
	res, err := optimize.Minimize(p, x0, settings, &optimize.LBFGS{})
	if err != nil && ctx.Err() != nil {
		return 0, 0, "", ctx.Err()
	}
	if res == nil {
		return 0, 0, "", fmt.Errorf("%s: %w", l.name, err)
	}
	l.evaluate(res.X)
	if loss = l.loss(); math.IsNaN(loss) || math.IsInf(loss, 0) {
		if err != nil {
			return 0, 0, "", fmt.Errorf("%s diverged (loss %v): %w", l.name, loss, err)
		}
		return 0, 0, "", fmt.Errorf("%s diverged (loss %v)", l.name, loss)
	}
	status = res.Status.String()
	if err != nil {
		status += ": " + err.Error()
	}
	return loss, res.Stats.MajorIterations, status, nil
}
