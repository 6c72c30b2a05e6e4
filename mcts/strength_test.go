package mcts

import (
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// score plays games between a and b, alternating colours (a is Red in the
// even games), and returns a's score: 1 a win, 1/2 a draw.
func score(t *testing.T, games int, a, b func(game int) player) float64 {
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

func engine(t *testing.T, sims int, seed uint64, leaf LeafMode) player {
	cfg := testConfig(sims, leaf)
	cfg.Seed = seed
	cfg.TemperaturePlies = 6 // vary the openings from game to game
	return enginePlayer(mustSearcher(t, cfg, Material{}))
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
