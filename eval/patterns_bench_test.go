package eval_test

import (
	"context"
	"testing"

	"github.com/surakarta/surakarta/eval"
)

var sinkFloat float64

// BenchmarkPatternsValue times a pattern evaluation (hand features, the
// instances' configurations, their weights) on positions of random games,
// beside BenchmarkLinearValue, the linear head's on the same positions.
func BenchmarkPatternsValue(b *testing.B) {
	e := randomPatterns(b, 1)
	ps := gamePositions(7, 4096)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkFloat += e.Value(&ps[i&4095])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

func BenchmarkLinearValue(b *testing.B) {
	l := eval.NewLinear(eval.Logistic, testWeights())
	ps := gamePositions(7, 4096)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		sinkFloat += l.Value(&ps[i&4095])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}

// benchFitPatterns times FitPatterns end to end on the benchmark dataset
// (about a million positions): the pass that stores the rows, the L-BFGS
// fit and the held-out pass.
func benchFitPatterns(b *testing.B, fromParquet bool) {
	dir, rows := benchDataset(b)
	var src eval.Source = rows
	if fromParquet {
		src = eval.DatasetSource{Dir: dir, Variant: "standard"}
	}
	opt := eval.PatternFitOptions{FitOptions: eval.DefaultFitOptions(), PatternLambda: eval.DefaultPatternLambda}
	opt.RowsHint = int64(len(rows))
	b.ReportAllocs()
	var res *eval.PatternFitResult
	for b.Loop() {
		var err error
		if res, err = eval.FitPatterns(context.Background(), src, opt); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rows)), "positions")
	b.ReportMetric(float64(res.Report.Iterations), "iterations")
	b.ReportMetric(res.Report.Holdout.LogLoss, "holdout-logloss")
	b.ReportMetric(res.Report.Holdout.BaselineLogLoss, "baseline-logloss")
}

func BenchmarkFitPatternsParquet(b *testing.B) { benchFitPatterns(b, true) }
func BenchmarkFitPatternsMemory(b *testing.B)  { benchFitPatterns(b, false) }
