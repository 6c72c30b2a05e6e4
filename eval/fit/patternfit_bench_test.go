package fit_test

import (
	"context"
	"testing"

	"github.com/surakarta/surakarta/eval/fit"
)

// benchFitPatterns times FitPatterns end to end on the benchmark dataset
// (about a million positions): the pass that stores the rows, the L-BFGS
// fit and the held-out pass.
func benchFitPatterns(b *testing.B, fromParquet bool) {
	src, n := benchSource(b, fromParquet)
	opt := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: fit.DefaultPatternLambda}
	opt.RowsHint = int64(n)
	res := timeFit(b, func() (*fit.PatternFitResult, error) { return fit.FitPatterns(context.Background(), src, opt) })
	b.ReportMetric(float64(n), "positions")
	b.ReportMetric(float64(res.Report.Iterations), "iterations")
	b.ReportMetric(res.Report.Holdout.LogLoss, "holdout-logloss")
	b.ReportMetric(res.Report.Holdout.BaselineLogLoss, "baseline-logloss")
}

func BenchmarkFitPatternsParquet(b *testing.B) { benchFitPatterns(b, true) }

func BenchmarkFitPatternsMemory(b *testing.B) { benchFitPatterns(b, false) }
