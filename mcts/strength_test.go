package mcts

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// score plays games between a and b, alternating colours (a is Red in the
// even games), and returns a's score: 1 a win, 1/2 a draw.
func score(t testing.TB, games int, a, b func(game int) player) float64 {
	t.Helper()
	total := 0.0
	for i := range games {
		if i%2 == 0 {
			g := playGame(t, rules.DefaultRules(), a(i), b(i))
			total += (g.Outcome().Return(rules.Red) + 1) / 2
		} else {
			g := playGame(t, rules.DefaultRules(), b(i), a(i))
			total += (g.Outcome().Return(rules.Black) + 1) / 2
		}
	}
	return total / float64(games)
}

func engine(t testing.TB, sims int, seed uint64, leaf LeafMode) player {
	return parallelEngine(t, sims, seed, leaf, 1)
}

// parallelEngine is engine searching with threads threads (SearchParallel).
func parallelEngine(t testing.TB, sims int, seed uint64, leaf LeafMode, threads int) player {
	cfg := testConfig(sims, leaf)
	cfg.Seed = seed
	cfg.TemperaturePlies = 6 // vary the openings from game to game
	return enginePlayer(mustSearcher(t, cfg, Material{}), threads)
}

// TestBeatsRandomPlayer: 100 games against a uniformly random player with a
// small search (128 simulations of value leaves) must score at least 95%
// (the bar; the games not won are draws by the no-capture limit or
// repetition, which Material gives no incentive to avoid while ahead).
func TestBeatsRandomPlayer(t *testing.T) {
	games := 100
	got := score(t, games,
		func(i int) player { return engine(t, 128, uint64(i)+1, LeafValue) },
		func(i int) player { rng := NewRNG(uint64(i) + 1000); return randomPlayer(&rng) })
	t.Logf("score against random: %.3f over %d games", got, games)
	if got < 0.95 {
		t.Errorf("score %.3f against a random player, want at least 0.95", got)
	}
}

// TestMoreSimulationsWin: 400 simulations a move beat 25 clearly. Playout
// leaves: with Material's flat value in the opening, value leaves draw
// most games between any two settings by repetition.
func TestMoreSimulationsWin(t *testing.T) {
	games := 20
	got := score(t, games,
		func(i int) player { return engine(t, 400, uint64(i)+1, LeafPlayout) },
		func(i int) player { return engine(t, 25, uint64(i)+500, LeafPlayout) })
	t.Logf("400 sims against 25: %.3f over %d games", got, games)
	if got < 0.75 {
		t.Errorf("400 sims scored %.3f against 25 sims, want at least 0.75", got)
	}
}

// BenchmarkParallelStrength checks that tree-parallel search is as strong,
// simulation for simulation, as one thread, which is what lets its speedup
// count: a 2-thread search of 5,000 simulations (value leaves) and a
// 1-thread search of 5,000 each play 200 games against a 1-thread search of
// 2,500, and the two scores should agree within their errors (each about
// ±0.035). A parallel search that wastes simulations (threads duplicating
// each other's work, or acting on statistics too stale) scores lower. It
// takes a few minutes: run it on its own with -benchtime 1x.
func BenchmarkParallelStrength(b *testing.B) {
	if runtime.GOMAXPROCS(0) < 2 {
		b.Skip("needs two cores")
	}
	const games, sims = 200, 5000
	for range b.N {
		for _, threads := range []int{1, 2} {
			got := score(b, games,
				func(i int) player { return parallelEngine(b, sims, uint64(i)+1, LeafValue, threads) },
				func(i int) player { return engine(b, sims/2, uint64(i)+5000, LeafValue) })
			b.ReportMetric(got, fmt.Sprintf("score-%dthread", threads))
			b.ReportMetric(math.Sqrt(got*(1-got)/games), fmt.Sprintf("stderr-%dthread", threads))
		}
	}
}
