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
	var rows fit.Samples
	err := fit.DatasetSource{Dir: dir, Variant: "standard"}.Scan(context.Background(), fit.WithPolicy, func(r *fit.Sample) error {
		row := *r
		row.Policy, row.Moves = append(row.Policy[:0:0], r.Policy...), nil
		rows = append(rows, row)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var rep *eval.PriorReport
	for b.Loop() {
		if _, rep, err = fit.FitPrior(context.Background(), rows, fit.DefaultPriorFitOptions()); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rows)), "positions")
	b.ReportMetric(float64(rep.Iterations), "iterations")
	b.ReportMetric(float64(rep.DistinctMoves), "distinct")
}
