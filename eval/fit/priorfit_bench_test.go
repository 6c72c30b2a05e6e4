package fit_test

import (
	"context"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
)

// BenchmarkFitPrior fits the prior to the visit counts of the benchmark
// dataset's million positions (read into memory first): move features,
// the table of distinct ones, L-BFGS and the held-out report.
func BenchmarkFitPrior(b *testing.B) {
	dir, _ := benchDataset(b)
	rows, err := readSamples(fit.DatasetSource{Dir: dir, Variant: "standard"}, fit.WithPolicy)
	if err != nil {
		b.Fatal(err)
	}
	rep := timeFit(b, func() (*eval.PriorReport, error) {
		_, rep, err := fit.FitPrior(context.Background(), rows, fit.DefaultPriorFitOptions())
		return rep, err
	})
	b.ReportMetric(float64(len(rows)), "positions")
	b.ReportMetric(float64(rep.Iterations), "iterations")
	b.ReportMetric(float64(rep.DistinctMoves), "distinct")
}
