package experiments

import (
	"context"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// BenchmarkSummaryAdd measures summarising one game in memory (counts and
// exact histograms): the per-game cost of `surakarta stats` beyond reading
// the file.
func BenchmarkSummaryAdd(b *testing.B) { benchmarkCollectorAdd(b, false) }

// BenchmarkSummaryAddPaired adds the pairing index (one map entry per
// game), as `stats --compare` does.
func BenchmarkSummaryAddPaired(b *testing.B) { benchmarkCollectorAdd(b, true) }

// benchGames are n synthetic standard games with the proportions of a
// typical run.
func benchGames(n int) []Game {
	return synthGames(plant{variant: "standard", red: 0.4, draw: 0.3, majDecided: 0.5, meanPlies: 120}, 1, 0, n)
}

// benchmarkCollectorAdd adds games to a collector, paired or not; paired,
// each game added has a new id, as the games of a dataset do.
func benchmarkCollectorAdd(b *testing.B, paired bool) {
	games := benchGames(4096)
	c := NewCollector(nil, paired)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g := &games[i&4095]
		if paired {
			p := *g
			p.ID = int64(i)
			g = &p
		}
		c.Add("", g)
	}
}

// BenchmarkScanAndSummarize streams a Parquet games table of 2000 games
// through the dataset reader into a Collector: games per second of
// `surakarta stats` end to end.
func BenchmarkScanAndSummarize(b *testing.B) {
	dir := b.TempDir()
	r := rules.DefaultRules()
	r.NoCaptureLimit = 30
	const n = 2000
	testgames.Write(b, dir, r, 1, n, 2, testgames.Rows(b, r, 1, n, 2, true))
	b.ReportAllocs()
	for b.Loop() {
		c := NewCollector(nil, false)
		if err := c.AddDir(context.Background(), "", dir); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkAnalyze computes every figure of a group (intervals, Elo,
// rescoring) from its counts.
func BenchmarkAnalyze(b *testing.B) {
	games := benchGames(10000)
	c := NewCollector(nil, false)
	for i := range games {
		c.Add("", &games[i])
	}
	g := c.Groups.Groups()[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze(g, c.Groups.By, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}
