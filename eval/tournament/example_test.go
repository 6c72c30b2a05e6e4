package tournament_test

import (
	"context"
	"fmt"
	"os"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/tournament"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

// A round robin of three cheap built-in engines (2, 4 and 8 simulations a
// move), two games a pairing from random two-ply openings, recorded in a
// directory of its own; each pairing's result and the rating list
// (anchored to the first engine).
func Example() {
	dir, err := os.MkdirTemp("", "tournament-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency, run.Out = 2, 3, 2, 1, dir
	res, err := tournament.Run(context.Background(), tournament.Options{
		Config:         tournament.Config{Sides: []string{"sims=2", "sims=4", "sims=8"}, PriorDraws: tournament.DefaultPriorDraws, Quiet: true},
		ArenaOptionsOf: arena.ArenaOptions{Run: run, Rules: rules.DefaultRules()},
	})
	if err != nil {
		panic(err)
	}
	j := res.JSON()
	fmt.Printf("%s, %d games, complete %v\n", j.Schedule, j.Games, j.Complete)
	for _, p := range j.Pairings {
		w := p.WDL
		fmt.Printf("%s vs %s: %d wins, %d draws, %d losses, %.1f plies a game\n", p.A, p.B, w.Wins, w.Draws, w.Losses, p.MeanPlies)
	}
	for _, r := range j.Ratings {
		fmt.Printf("%d. %s: %g/%d, Elo %+.0f\n", r.Rank, r.Engine, r.Points, r.Games, r.Elo)
	}
	// Output:
	// round robin, 6 games, complete true
	// sims=2 vs sims=4: 0 wins, 2 draws, 0 losses, 63.0 plies a game
	// sims=2 vs sims=8: 0 wins, 0 draws, 2 losses, 37.5 plies a game
	// sims=4 vs sims=8: 0 wins, 0 draws, 2 losses, 33.5 plies a game
	// 1. sims=8: 4/4, Elo +280
	// 2. sims=4: 1/4, Elo +0
	// 3. sims=2: 1/4, Elo +0
}
