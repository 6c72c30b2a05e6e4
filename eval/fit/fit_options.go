package fit

import (
	"fmt"
	"math"
	"strconv"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// FitOptions are the settings of Fit.
type FitOptions struct {
	// Model is Ridge or Logistic.
	Model eval.Model `json:"model"`
	// Lambda is the L2 penalty on the standardized weights (every feature
	// but the bias scaled to mean 0 and variance 1 on the training rows):
	// the fit minimises mean loss + Lambda·Σβ². It must be positive: the
	// circuit-class counts of a side add up to its pieces, so the features
	// are linearly dependent and only the penalty makes the solution unique.
	Lambda float64 `json:"lambda"`
	// Holdout is the fraction of games held out for the report, in (0, 1).
	Holdout float64 `json:"holdout"`
	// Blend mixes the search's root value into the target:
	// y = (1-Blend)·result + Blend·root_value, in [0, 1]. The held-out
	// figures always score the true result.
	Blend float64 `json:"blend"`
	// Seed decides which games are held out (see InHoldout).
	Seed uint64 `json:"seed"`
	// MaxIterations bounds the L-BFGS iterations of Logistic.
	MaxIterations int `json:"max_iterations"`
	// Workers is the number of goroutines computing the logistic loss and
	// gradient; the result does not depend on it. 0 means GOMAXPROCS.
	Workers int `json:"workers"`
	// ColorBlind drops red_to_move, the one feature that knows the
	// colour, from the model: its weight stays 0, so the model scores a
	// position and its colour-swapped turn-round (rules.Rotate) alike and
	// a search using it has no colour preference (mcts: Symmetry). Studies
	// of the first-player advantage or of colour-swapped rule variants
	// should play with such a model: one with a red_to_move weight has
	// learnt the advantage from its training games and feeds it back into
	// the games that measure it. The material-only baseline never has it.
	ColorBlind bool `json:"color_blind"`
	// RowsHint, when positive, is the number of rows the source holds
	// (from the dataset's footers): the logistic fit then sizes its row
	// store once instead of growing it by doubling, which would hold up to
	// three times the rows' memory while copying.
	RowsHint int64 `json:"rows_hint"`
}

// cols returns the features the model is fitted on.
func (o FitOptions) cols() []int {
	if o.ColorBlind {
		return colorBlindCols
	}
	return allCols
}

// colorBlindCols lists every feature but RedToMove.
var colorBlindCols = func() []int {
	var c []int
	for i := range eval.NumFeatures {
		if i != eval.RedToMove {
			c = append(c, i)
		}
	}
	return c
}()

// DefaultFitOptions returns ridge with λ = 1e-4, a fifth of the games held
// out, no blending, seed 1 and at most 500 L-BFGS iterations.
func DefaultFitOptions() FitOptions {
	return FitOptions{Model: eval.Ridge, Lambda: 1e-4, Holdout: 0.2, Seed: 1, MaxIterations: 500}
}

// Validate reports the first option out of range, named by its name (a
// *setting.ValueError, which a command names by its flag: fit's and
// pipeline's --lambda, fit's --threads for workers).
func (o FitOptions) Validate() error {
	refuse := func(name string, v any, want string) error {
		return &setting.ValueError{Name: name, Value: fmt.Sprint(v), Want: want}
	}
	switch {
	case o.Model != eval.Ridge && o.Model != eval.Logistic:
		return refuse("model", strconv.Quote(string(o.Model)), "ridge or logistic")
	case !(o.Lambda > 0) || math.IsInf(o.Lambda, 0):
		return refuse("lambda", o.Lambda, "a positive number (the features are linearly dependent, so the fit needs a penalty)")
	case !(o.Holdout > 0 && o.Holdout < 1):
		return refuse("holdout", o.Holdout, "a fraction of the games strictly between 0 and 1")
	case !(o.Blend >= 0 && o.Blend <= 1):
		return refuse("blend", o.Blend, "a weight from 0 to 1")
	case o.MaxIterations < 1:
		return refuse("max_iterations", o.MaxIterations, "at least 1")
	case o.Workers < 0:
		return refuse("workers", o.Workers, "0 (one per CPU) or more")
	}
	return nil
}
