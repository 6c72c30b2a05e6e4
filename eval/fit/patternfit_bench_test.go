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
	dir, rows := benchDataset(b)
	var src fit.Source = rows
	if fromParquet {
		src = fit.DatasetSource{Dir: dir, Variant: "standard"}
	}
	opt := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: fit.DefaultPatternLambda}
	opt.RowsHint = int64(len(rows))
	b.ReportAllocs()
	var res *fit.PatternFitResult
	for b.Loop() {
		var err error
		if res, err = fit.FitPatterns(context.Background(), src, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rows)), "positions")
	b.ReportMetric(float64(res.Report.Iterations), "iterations")
	b.ReportMetric(res.Report.Holdout.LogLoss, "holdout-logloss")
	b.ReportMetric(res.Report.Holdout.BaselineLogLoss, "baseline-logloss")
}

func BenchmarkFitPatternsParquet(b *testing.B) { benchFitPatterns(b, true) }

func BenchmarkFitPatternsMemory(b *testing.B) { benchFitPatterns(b, false) }
