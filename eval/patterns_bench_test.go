package eval_test

import (
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
