package fit_test

import (
	"context"
	"os"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

var sinkVector eval.Vector

// benchDataset writes (once per process) a self-play dataset of about a
// million positions, 17,700 games of package selfplay with 16 value-leaf
// simulations a move, and returns its directory and rows. It takes about a
// minute on two cores; SURAKARTA_BENCH_DIR names a directory to keep it in
// between runs (reused when it already holds the dataset).
func benchDataset(b *testing.B) (string, fit.Samples) {
	type made struct {
		dir  string
		rows fit.Samples
	}
	m := testutil.Once(b, "bench dataset", func(dir string) (made, error) {
		if d := os.Getenv("SURAKARTA_BENCH_DIR"); d != "" {
			dir = d
		}
		if vs, err := dataset.Variants(dir); err != nil || len(vs) == 0 {
			eng := runspec.AsBaseline(selfplay.DefaultEngine())
			eng.Sims = 16
			eng.Leaf = mcts.LeafValue
			if _, err := selfplay.Run(context.Background(), selfplay.Config{
				Run:   runspec.Settings{Out: dir, Games: 17700, Seed: 11, RandomOpening: 4},
				Rules: rules.DefaultRules(), Engine: eng, Evaluator: mcts.Material{},
			}); err != nil {
				return made{}, err
			}
		}
		rows, err := readSamples(fit.DatasetSource{Dir: dir, Variant: "standard"}, fit.WithTargets)
		return made{dir, rows}, err
	})
	return m.dir, m.rows
}

// benchSource is the benchmark dataset as a fit reads it, from its Parquet
// files or from its rows in memory, and how many rows it holds.
func benchSource(b *testing.B, fromParquet bool) (fit.Source, int) {
	dir, rows := benchDataset(b)
	if fromParquet {
		return fit.DatasetSource{Dir: dir, Variant: "standard"}, len(rows)
	}
	return rows, len(rows)
}

// timeFit times run, one call an iteration with its allocations, and
// returns what the last call gave.
func timeFit[R any](b *testing.B, run func() (R, error)) R {
	b.ReportAllocs()
	var res R
	for b.Loop() {
		var err error
		if res, err = run(); err != nil {
			b.Fatal(err)
		}
	}
	return res
}

func benchFit(b *testing.B, model eval.Model, fromParquet bool) {
	src, n := benchSource(b, fromParquet)
	opt := fit.DefaultFitOptions()
	opt.Model = model
	res := timeFit(b, func() (*fit.FitResult, error) { return fit.Fit(context.Background(), src, opt) })
	b.ReportMetric(float64(n), "positions")
	b.ReportMetric(float64(res.Report.Iterations), "iterations")
}

// The fitting benchmarks time Fit end to end on about a million positions:
// both passes (fit, then score the held-out fifth), feature extraction
// included; the Parquet ones read the dataset's needed columns each pass.
func BenchmarkFitRidgeParquet(b *testing.B)    { benchFit(b, eval.Ridge, true) }
func BenchmarkFitLogisticParquet(b *testing.B) { benchFit(b, eval.Logistic, true) }
func BenchmarkFitRidgeMemory(b *testing.B)     { benchFit(b, eval.Ridge, false) }
func BenchmarkFitLogisticMemory(b *testing.B)  { benchFit(b, eval.Logistic, false) }

// BenchmarkScanParquet times one pass over the fitting columns alone.
func BenchmarkScanParquet(b *testing.B) {
	dir, rows := benchDataset(b)
	src := fit.DatasetSource{Dir: dir, Variant: "standard"}
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		if err := src.Scan(context.Background(), fit.WithTargets, func(*fit.Sample) error { n++; return nil }); err != nil {
			b.Fatal(err)
		}
		if n != len(rows) {
			b.Fatalf("scanned %d rows, want %d", n, len(rows))
		}
	}
	b.ReportMetric(float64(len(rows)), "positions")
}

// BenchmarkExtractSelfPlay extracts the features of the benchmark dataset's
// self-play positions in order, as Fit does: positions/s on the position
// mix the fits see.
func BenchmarkExtractSelfPlay(b *testing.B) {
	_, rows := benchDataset(b)
	b.ReportAllocs()
	var v eval.Vector
	i := 0
	for b.Loop() {
		r := &rows[i]
		eval.ExtractBoards(&v, r.Red, r.Black, r.Side, r.NoCapture)
		if i++; i == len(rows) {
			i = 0
		}
	}
	sinkVector = v
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
