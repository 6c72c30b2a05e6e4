package fit

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/surakarta/surakarta/eval"
)

// PatternFitOptions are the settings of FitPatterns. Of FitOptions, Lambda
// penalises the standardized hand-feature weights, and Holdout, Blend,
// Seed, MaxIterations, Workers and RowsHint mean what they mean for Fit;
// Model and ColorBlind are implied (logistic, colour-blind).
type PatternFitOptions struct {
	FitOptions
	// PatternLambda is the L2 penalty on the pattern weights, which need
	// no standardization (each is an indicator): the fit minimises mean
	// log-loss + Lambda·Σβ² + PatternLambda·Σw².
	PatternLambda float64 `json:"pattern_lambda"`
}

// DefaultPatternLambda is the pattern weights' penalty when none is given.
const DefaultPatternLambda = 1e-5

// Validate reports the first option out of range.
func (o PatternFitOptions) Validate() error {
	f := o.FitOptions
	f.Model = eval.Logistic
	if err := f.Validate(); err != nil {
		return err
	}
	if !(o.PatternLambda > 0) || math.IsInf(o.PatternLambda, 0) {
		return fmt.Errorf("pattern lambda %v: want a positive number (the patterns overlap, so the fit needs a penalty)", o.PatternLambda)
	}
	return nil
}

// PatternFitResult is a fitted pattern evaluator with its material-only
// baseline and report.
type PatternFitResult struct {
	Model    *eval.Patterns
	Baseline *eval.Linear
	Report   eval.Report
}

// FitPatterns fits a pattern evaluator (Patterns) to the training games of
// src by L-BFGS (gonum/optimize) on the penalised mean log-loss of the
// win probability σ(score) (draws counting half) and scores it, beside the
// material-only logistic baseline, on the held-out games. It reads src
// twice. The training rows are kept compactly (PatternRowBytes a row: each
// instance's slot, the standardized hand features, the band and the
// target), so memory grows with the rows at that rate and no faster.
func FitPatterns(ctx context.Context, src Source, opt PatternFitOptions) (*PatternFitResult, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	rows := &patternRows{}
	if opt.RowsHint > 0 {
		rows.grow(int(float64(opt.RowsHint)*(1-opt.Holdout)*1.02) + 1024)
	}
	var split splitCounts
	var groupN, groupSum [25]float64
	err := src.Scan(ctx, WithTargets, func(r *Sample) error {
		if err := checkSample(r, opt.Blend); err != nil {
			return err
		}
		if out, err := split.add(ctx, r, opt.Seed, opt.Holdout); out || err != nil {
			return err
		}
		y := (1-opt.Blend)*r.Result + opt.Blend*r.RootValue
		m := rows.add(r, (1+y)/2)
		groupN[m+12]++
		groupSum[m+12] += (1 + y) / 2
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := split.usable(); err != nil {
		return nil, err
	}
	st := rows.standardize()
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	res, err := fitPatternLogistic(ctx, rows, opt.Lambda, opt.PatternLambda, opt.MaxIterations, workers, patternWarmRows)
	if err != nil {
		return nil, err
	}
	model, err := rows.evaluator(res.w, st)
	if err != nil {
		return nil, err
	}
	base, err := materialBaseline(ctx, &groupN, &groupSum, opt.Lambda, opt.MaxIterations)
	if err != nil {
		return nil, err
	}
	rep := eval.Report{
		Model: eval.Logistic, FeatureSetVersion: eval.FeatureSetVersion, Lambda: opt.Lambda, Blend: opt.Blend,
		HoldoutFraction: opt.Holdout, Seed: opt.Seed, ColorBlind: true, Train: split.train,
		TrainLoss: res.loss, Iterations: res.iterations, Status: res.status,
	}
	value := func(_ *eval.Vector, r *Sample) float64 {
		return math.Tanh(model.ScoreBoards(r.Red, r.Black, r.Side, r.NoCapture) / 2)
	}
	rep.Holdout, err = scoreHoldout(ctx, src, opt.FitOptions, split.held, value, base)
	if err != nil {
		return nil, err
	}
	bw, names := base.Weights(), eval.Names()
	for _, i := range baselineCols {
		rep.BaselineWeights = append(rep.BaselineWeights, eval.NamedWeight{Name: names[i], Weight: bw[i]})
	}
	return &PatternFitResult{Model: model, Baseline: base, Report: rep}, nil
}

// materialBaseline fits the material-only logistic baseline (bias and
// material) on the training rows grouped by material difference (counts n,
// target sums sum, indexed by the difference + 12).
func materialBaseline(ctx context.Context, n, sum *[25]float64, lambda float64, maxIter int) (*eval.Linear, error) {
	g := materialGroups(n, sum)
	var s, ss float64
	for m := range n {
		d := float64(m - 12)
		s += n[m] * d
		ss += n[m] * d * d
	}
	mu := s / g.total
	st := standardization{mean: []float64{0, mu}, inv: []float64{0, 0}}
	if v := ss/g.total - mu*mu; v > 1e-12 {
		st.inv[1] = 1 / math.Sqrt(v)
	}
	res, err := fitLogistic(ctx, g, baselineCols, st, lambda, []float64{0, 0}, maxIter, 1)
	if err != nil {
		return nil, err
	}
	return eval.NewLinear(eval.Logistic, expand(baselineCols, res.w)), nil
}
