package gamestats_test

import (
	"context"
	"github.com/surakarta/surakarta/internal/testing/synthgames"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
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
func benchGames(n int) []gamestats.Game {
	return synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MajDecided: 0.5, MeanPlies: 120}, 1, 0, n)
}

// benchmarkCollectorAdd adds games to a collector, paired or not; paired,
// each game added has a new id, as the games of a dataset do.
func benchmarkCollectorAdd(b *testing.B, paired bool) {
	games := benchGames(4096)
	c := gamestats.NewCollector(nil, paired)
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
		c := gamestats.NewCollector(nil, false)
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
	c := gamestats.NewCollector(nil, false)
	for i := range games {
		c.Add("", &games[i])
	}
	g := c.Groups.Groups()[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := gamestats.Analyze(g, c.Groups.By, 0.95); err != nil {
			b.Fatal(err)
		}
	}
}
