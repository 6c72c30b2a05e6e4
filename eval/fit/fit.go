package fit

import (
	"context"
	"errors"
	"fmt"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
	"runtime"

	"github.com/surakarta/surakarta/rules"
)

// extractSample fills x with the features of Surakarta sample r.
func extractSample(x *eval.Vector, r *Sample) {
	eval.ExtractBoards(x, r.Red, r.Black, r.Side, r.NoCapture)
}

// baselineCols are the features of the material-only baseline.
var baselineCols = []int{eval.Bias, eval.Material}

// allCols lists every feature.
var allCols = func() []int {
	c := make([]int, eval.NumFeatures)
	for i := range c {
		c[i] = i
	}
	return c
}()

// Fit fits opt.Model to the training games of src and scores it, beside a
// material-only baseline fitted the same way on the same rows, on the
// held-out games. It reads src twice: once to fit, once to score.
//
// Ridge accumulates XᵀX and Xᵀy in blocks of rows (gonum's SymRankK) and
// solves the penalised normal equations by Cholesky: memory does not grow
// with the rows. Logistic keeps the training rows' features as float32
// (NumFeatures·4 bytes a row, about 100 MB per million rows) because L-BFGS
// (gonum/optimize) passes over them once per evaluation; it starts from
// the ridge solution.
func Fit(ctx context.Context, src Source, opt FitOptions) (*FitResult, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	acc, store, split, err := scanTraining(ctx, src, opt)
	if err != nil {
		return nil, err
	}
	rep := eval.Report{
		Model: opt.Model, FeatureSetVersion: eval.FeatureSetVersion,
		Lambda: opt.Lambda, Blend: opt.Blend, HoldoutFraction: opt.Holdout, Seed: opt.Seed,
		ColorBlind: opt.ColorBlind, Train: split.train,
	}
	cols := opt.cols()
	wModel, lossModel, err := acc.solve(cols, opt.Lambda)
	if err != nil {
		return nil, err
	}
	wBase, _, err := acc.solve(baselineCols, opt.Lambda)
	if err != nil {
		return nil, err
	}
	rep.TrainLoss = lossModel
	if opt.Model == eval.Logistic {
		var res logisticResult
		if res, wBase, err = fitLogistics(ctx, acc, store, cols, opt, wModel, wBase); err != nil {
			return nil, err
		}
		wModel, rep.TrainLoss, rep.Iterations, rep.Status = res.w, res.loss, res.iterations, res.status
	}
	model := eval.NewLinear(opt.Model, expand(cols, wModel))
	base := eval.NewLinear(opt.Model, expand(baselineCols, wBase))

	// Second pass: score the held-out games.
	value := func(x *eval.Vector, _ *Sample) float64 { return model.ValueOf(x) }
	if rep.Holdout, err = scoreHoldout(ctx, src, opt, split.held, extractSample, value, base); err != nil {
		return nil, err
	}
	names := eval.Names()
	mw, bw := model.Weights(), base.Weights()
	for i, name := range names {
		rep.Weights = append(rep.Weights, eval.NamedWeight{Name: name, Weight: mw[i]})
	}
	for _, i := range baselineCols {
		rep.BaselineWeights = append(rep.BaselineWeights, eval.NamedWeight{Name: names[i], Weight: bw[i]})
	}
	rep.Warning = rep.WorseThanBaseline()
	return &FitResult{Model: model, Baseline: base, Report: rep}, nil
}

// scanTraining reads the training samples of src (the held-out games set
// aside) into the ridge sums and, for a logistic fit, the rows it
// iterates over.
func scanTraining(ctx context.Context, src Source, opt FitOptions) (*ridgeAcc, *rowStore, splitCounts, error) {
	acc := newRidgeAcc(len(allCols))
	var store *rowStore
	if opt.Model == eval.Logistic {
		store = &rowStore{}
		if opt.RowsHint > 0 {
			// The training share plus four standard deviations of the
			// split's spread, rounded up generously.
			n := int(float64(opt.RowsHint)*(1-opt.Holdout)*1.02) + 1024
			store.x = make([]float32, 0, n*eval.NumFeatures)
			store.t = make([]float32, 0, n)
		}
	}
	var split splitCounts
	var x eval.Vector
	err := src.Scan(ctx, WithTargets, func(r *Sample) error {
		if err := checkSample(r, opt.Blend); err != nil {
			return err
		}
		if out, err := split.add(ctx, r, opt.Seed, opt.Holdout); out || err != nil {
			return err
		}
		eval.ExtractBoards(&x, r.Red, r.Black, r.Side, r.NoCapture)
		y := (1-opt.Blend)*r.Result + opt.Blend*r.RootValue
		acc.add(&x, y)
		if store != nil {
			store.add(&x, (1+y)/2)
		}
		return nil
	})
	if err != nil {
		return nil, nil, split, err
	}
	if err := split.usable(); err != nil {
		return nil, nil, split, err
	}
	acc.flush()
	return acc, store, split, nil
}

// fitLogistics fits the logistic model on cols and the material baseline
// by L-BFGS over the stored rows, from the ridge fits wModel and wBase,
// and returns the model's result and the baseline's weights.
func fitLogistics(ctx context.Context, acc *ridgeAcc, store *rowStore, cols []int, opt FitOptions, wModel, wBase []float64) (logisticResult, []float64, error) {
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	st := acc.standardization(cols)
	w0 := scoreToLogit(wModel)
	// Warm start: L-BFGS on every k-th row first (cheap), so that the
	// passes over all rows start near the optimum. The optimum and the
	// stopping rule are those of the full data either way.
	if sub := store.every(store.rows() / warmRows); sub != nil {
		res, err := fitLogistic(ctx, sub, cols, st, opt.Lambda, w0, opt.MaxIterations, workers)
		if err != nil {
			return res, nil, err
		}
		w0 = res.w
	}
	res, err := fitLogistic(ctx, store, cols, st, opt.Lambda, w0, opt.MaxIterations, workers)
	if err != nil {
		return res, nil, err
	}
	stb := acc.standardization(baselineCols)
	resb, err := fitLogistic(ctx, groupByMaterial(store), baselineCols, stb, opt.Lambda, scoreToLogit(wBase), opt.MaxIterations, workers)
	if err != nil {
		return res, nil, err
	}
	return res, resb.w, nil
}

// checkSample refuses samples that would silently corrupt a fit.
func checkSample(r *Sample, blend float64) error {
	switch {
	case (r.Red|r.Black)&^rules.BoardMask != 0 || r.Red&r.Black != 0:
		return fmt.Errorf("game %d: bad bitboards red %#x black %#x (off the board or overlapping)", r.GameID, uint64(r.Red), uint64(r.Black))
	case r.Side > rules.Black:
		return fmt.Errorf("game %d: bad side to move %d", r.GameID, r.Side)
	case r.Result != 1 && r.Result != 0 && r.Result != -1:
		return fmt.Errorf("game %d: result %v: want +1, 0 or -1", r.GameID, r.Result)
	case blend > 0 && !(r.RootValue >= -1 && r.RootValue <= 1):
		return setting.Errorf("game %d: root value %v out of range -1..1, needed by %s", r.GameID, r.RootValue, setting.Key("blend"))
	}
	return nil
}

// expand places weights for cols into a full Vector.
func expand(cols []int, w []float64) eval.Vector {
	var v eval.Vector
	for k, i := range cols {
		v[i] = w[k]
	}
	return v
}

// scoreToLogit turns ridge weights, which predict the value v, into a
// logistic starting point: near 0, tanh(z/2) ≈ z/2, so z ≈ 2v.
func scoreToLogit(w []float64) []float64 {
	out := make([]float64, len(w))
	for i := range w {
		out[i] = 2 * w[i]
	}
	return out
}

// FitResult is a fitted model with its material-only baseline and report.
type FitResult struct {
	Model    *eval.Linear
	Baseline *eval.Linear
	Report   eval.Report
}

var errNoRows = errors.New("no positions to fit")

// ErrNoHeldOut is the error of a fit whose holdout split left no game out
// (too few games for the holdout fraction). It names no setting: each
// caller says what it offers (fit's and the pipeline's holdout, train's
// games).
var ErrNoHeldOut = errors.New("no held-out games")
