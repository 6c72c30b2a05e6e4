package pipeline_test

import (
	"context"
	"fmt"
	"os"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/pipeline"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// The one-command job at its smallest: eight self-play games under each
// variant at 8 simulations a move, verified, fitted, matched (two games
// at 16 simulations) and reported; each stage's status, then each
// variant's games.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "pipeline-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	eng := runspec.AsBaseline(selfplay.DefaultEngine())
	eng.Sims = 8
	m := pipeline.DefaultMatchEngine()
	m.Sims = 16
	sum, err := pipeline.Run(context.Background(), pipeline.Config{
		Run:   runspec.Settings{Out: dir, Games: 8, Seed: 1, RandomOpening: 4, Concurrency: 2},
		Rules: rules.DefaultRules(), Engine: eng, Evaluator: eval.Opened{Evaluator: mcts.Material{}, Identity: mcts.MaterialName},
		Fit: fit.DefaultFitOptions(), MatchGames: 2, MatchEngine: m, MatchModel: "trained-patterns",
	})
	if err != nil {
		panic(err)
	}
	for _, st := range sum.Stages {
		fmt.Println(st.Name, st.Status)
	}
	for _, v := range sum.Variants {
		fmt.Printf("%s: %d games, red %d, draws %d, black %d\n", v.Variant, v.Games, v.RedWins, v.Draws, v.BlackWins)
	}
	// Output:
	// self-play ran
	// verify ran
	// fit ran
	// match material ran
	// match model ran
	// report ran
	// standard: 8 games, red 1, draws 3, black 4
	// majority: 8 games, red 1, draws 3, black 4
}
