package arena_test

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// A match of eight games, four pairs that play each random opening with
// either colour: a search of 32 simulations a move against one of 4, both
// with the material evaluator.
func ExampleArena() {
	strong, weak := mcts.DefaultSettings(), mcts.DefaultSettings()
	strong.Sims, weak.Sims = 32, 4
	res, err := arena.Arena(context.Background(),
		arena.SearchPlayer(strong, mcts.Material{}), arena.SearchPlayer(weak, mcts.Material{}),
		arena.ArenaOptions{Run: runspec.Settings{Games: 8, Seed: 3, RandomOpening: 2, Concurrency: 2}, Rules: rules.DefaultRules()})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d games: %+v, score %.3f\n", res.Games, res.WDL, float64(res.Score))
	// Output:
	// 8 games: {Wins:7 Draws:1 Losses:0}, score 0.938
}
