package fit

import (
	"context"
	"fmt"
	"math"
	"runtime"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
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
	f, err := fitPatternRows(ctx, src, opt, surakartaShape, (*patternRows).add)
	if err != nil {
		return nil, err
	}
	model, err := f.rows.evaluator(f.res.w, f.st)
	if err != nil {
		return nil, err
	}
	value := func(_ *eval.Vector, r *Sample) float64 {
		return math.Tanh(model.ScoreBoards(r.Red, r.Black, r.Side, r.NoCapture) / 2)
	}
	rep, err := f.report(ctx, src, opt, eval.FeatureSetVersion, extractSample, value)
	if err != nil {
		return nil, err
	}
	return &PatternFitResult{Model: model, Baseline: f.base, Report: rep}, nil
}

// AlquerquePatternFitResult is a fitted Alquerque pattern evaluator with
// its material-only baseline and report.
type AlquerquePatternFitResult struct {
	Model    *eval.AlquerquePatterns
	Baseline *eval.Linear
	Report   eval.Report
}

// FitAlquerquePatterns is FitPatterns for Alquerque's pattern evaluator
// (eval.AlquerquePatterns): the same rows, objective, L-BFGS, held-out
// split, baseline and report, on samples of Alquerque positions (Sample:
// Red and Black hold White's and Black's pieces). The report's feature set
// version is eval.AlquerqueFeatureSetVersion.
func FitAlquerquePatterns(ctx context.Context, src Source, opt PatternFitOptions) (*AlquerquePatternFitResult, error) {
	f, err := fitPatternRows(ctx, src, opt, alquerqueShape(), (*patternRows).addAlquerque)
	if err != nil {
		return nil, err
	}
	model, err := f.rows.alquerqueEvaluator(f.res.w, f.st)
	if err != nil {
		return nil, err
	}
	// The baseline reads bias and material only: the rest of its vector
	// stays zero.
	extract := func(x *eval.Vector, r *Sample) {
		own, opp := alquerqueSides(r)
		x[eval.Bias], x[eval.Material] = 1, float64(own.Count()-opp.Count())
	}
	value := func(_ *eval.Vector, r *Sample) float64 {
		own, opp := alquerqueSides(r)
		return math.Tanh(model.ScoreBoards(own, opp, r.NoCapture) / 2)
	}
	rep, err := f.report(ctx, src, opt, eval.AlquerqueFeatureSetVersion, extract, value)
	if err != nil {
		return nil, err
	}
	return &AlquerquePatternFitResult{Model: model, Baseline: f.base, Report: rep}, nil
}

// alquerqueSides returns the pieces of an Alquerque sample's side to move
// and of its opponent.
func alquerqueSides(r *Sample) (own, opp alquerque.Bitboard) {
	own, opp = alquerque.Bitboard(r.Red), alquerque.Bitboard(r.Black)
	if r.Side == rules.Black {
		own, opp = opp, own
	}
	return own, opp
}

// patternFit is a pattern fit's training side, whatever the game: the
// rows, their standardization, the fitted parameters, the split and the
// material-only baseline.
type patternFit struct {
	rows  *patternRows
	st    standardization
	res   logisticResult
	split splitCounts
	base  *eval.Linear
}

// fitPatternRows reads src's training rows into rows of shape sh (add
// appends one and returns its material difference), fits them and the
// material-only baseline.
func fitPatternRows(ctx context.Context, src Source, opt PatternFitOptions, sh patternShape, add func(*patternRows, *Sample, float64) int) (*patternFit, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	f := &patternFit{rows: &patternRows{patternShape: sh}}
	rows := f.rows
	if opt.RowsHint > 0 {
		rows.grow(int(float64(opt.RowsHint)*(1-opt.Holdout)*1.02) + 1024)
	}
	var groupN, groupSum [25]float64
	err := src.Scan(ctx, WithTargets, func(r *Sample) error {
		if err := checkSample(r, opt.Blend); err != nil {
			return err
		}
		if out, err := f.split.add(ctx, r, opt.Seed, opt.Holdout); out || err != nil {
			return err
		}
		y := (1-opt.Blend)*r.Result + opt.Blend*r.RootValue
		m := add(rows, r, (1+y)/2)
		groupN[m+12]++
		groupSum[m+12] += (1 + y) / 2
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := f.split.usable(); err != nil {
		return nil, err
	}
	f.st = rows.standardize()
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if f.res, err = fitPatternLogistic(ctx, rows, opt.Lambda, opt.PatternLambda, opt.MaxIterations, workers, patternWarmRows); err != nil {
		return nil, err
	}
	if f.base, err = materialBaseline(ctx, &groupN, &groupSum, opt.Lambda, opt.MaxIterations); err != nil {
		return nil, err
	}
	return f, nil
}

// report scores the fitted model (value) and the baseline (on the vector
// extract fills) on src's held-out games and returns the fit's report.
func (f *patternFit) report(ctx context.Context, src Source, opt PatternFitOptions, featureSetVersion int, extract func(*eval.Vector, *Sample), value func(*eval.Vector, *Sample) float64) (eval.Report, error) {
	rep := eval.Report{
		Model: eval.Logistic, FeatureSetVersion: featureSetVersion, Lambda: opt.Lambda, Blend: opt.Blend,
		HoldoutFraction: opt.Holdout, Seed: opt.Seed, ColorBlind: true, Train: f.split.train,
		TrainLoss: f.res.loss, Iterations: f.res.iterations, Status: f.res.status,
	}
	var err error
	rep.Holdout, err = scoreHoldout(ctx, src, opt.FitOptions, f.split.held, extract, value, f.base)
	if err != nil {
		return rep, err
	}
	bw, names := f.base.Weights(), eval.Names()
	for _, i := range baselineCols {
		rep.BaselineWeights = append(rep.BaselineWeights, eval.NamedWeight{Name: names[i], Weight: bw[i]})
	}
	return rep, nil
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
