package match_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

// A match as surakarta match plays it: each side from its settings text
// (a built-in engine: 40 simulations against 10 with value leaves), eight
// games from random openings, and its report (the cost, which is timed,
// left out).
func ExampleRun() {
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency = 8, 5, 2, 2
	res, err := match.Run(context.Background(), match.Options{
		Config:         match.Config{A: "sims=40", B: "sims=10,leaf=value", Stderr: io.Discard, Quiet: true},
		ArenaOptionsOf: arena.ArenaOptions{Run: run, Rules: rules.DefaultRules()},
	})
	if err != nil {
		panic(err)
	}
	var text strings.Builder
	if err := res.WriteText(&text); err != nil {
		panic(err)
	}
	report, _, _ := strings.Cut(text.String(), "cost: ")
	fmt.Print(report)
	// Output:
	// A: sims=40
	// B: sims=10,leaf=value
	// 8 games (4 pairs, 2 plies of random opening, seed 5), variant=standard,no-capture-limit=50,repetition=3,no-moves=loss
	// A: 3 wins, 5 draws, 0 losses; score 0.688
	// Elo A - B: +137.0 [95% CI +57.1, +233.9], LOS 100.0%
	// A as red: 2-2-0, A as black: 1-3-0 (wins-draws-losses)
	// pairs by A's points (0, 1/2, 1, 3/2, 2): 0 0 1 3 0
	// endings: capture-all 3, repetition 5; mean length 53.5 plies
}
