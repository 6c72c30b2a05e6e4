package selfplay_test

import (
	"context"
	"fmt"
	"os"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// A self-play run of four games at 16 simulations a move with the
// material evaluator, written to a dataset: the same seed gives the same
// games on any number of workers.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "selfplay-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	e := mcts.DefaultSettings()
	e.Sims = 16
	e.MaxNodes = 1 << 14
	cfg := selfplay.Config{
		Run:       runspec.Settings{Out: dir, Games: 4, Seed: 7, RandomOpening: 2, Concurrency: 2},
		Rules:     rules.DefaultRules(),
		Engine:    mcts.Engine{Settings: e, Evaluator: mcts.MaterialName},
		Evaluator: mcts.Material{},
	}
	sum, err := selfplay.Run(context.Background(), cfg)
	if err != nil {
		panic(err)
	}
	fmt.Printf("played %d games: red %d, black %d, draw %d\n", sum.Played, sum.Red, sum.Black, sum.Draw)
	err = dataset.ScanGames(dir, "standard", func(g *dataset.GameRow) error {
		fmt.Printf("game %d: %s after %d plies (%s)\n", g.GameID, g.Winner, g.Plies, g.Reason)
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// played 4 games: red 0, black 2, draw 2
	// game 0: black after 154 plies (capture-all)
	// game 1: black after 204 plies (capture-all)
	// game 2: draw after 50 plies (no-capture-limit)
	// game 3: draw after 60 plies (no-capture-limit)
}
