package match

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
)

// alquerqueCount scores an Alquerque position by its piece difference for
// the side to move, clamped to [-1, 1]: enough for the search to prefer
// captures in a test.
type alquerqueCount struct{}

func (alquerqueCount) Evaluate(p *alquerque.Position, _ []alquerque.Code, _ []float32) (float32, bool) {
	d := float32(p.Count(p.SideToMove())-p.Count(p.SideToMove().Other())) / 12
	return max(-1, min(1, d)), false
}

// testAlquerqueGame is the GameOf of the tests' Alquerque matches: the
// mcts defaults, and alquerqueCount under any evaluator name.
func testAlquerqueGame() *GameOf[alquerque.Rules, alquerque.Position, alquerque.Code] {
	return &GameOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
		Base: mcts.DefaultEngine(),
		OpenEngine: func(e mcts.Engine, r alquerque.Rules, seed uint64) (mcts.ConfigOf[alquerque.Rules], mcts.EvaluatorOf[alquerque.Position, alquerque.Code], string, error) {
			cfg := mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: seed, Rules: r}
			return cfg, alquerqueCount{}, e.Evaluator, cfg.Validate()
		},
	}
}

// TestMatchPlaysAlquerque: the match of the commands plays the second
// game through the contract: both built-in sides search Alquerque, every
// game ends by Alquerque's rules, the report names its players (white,
// black), and the same seed gives the same games.
func TestMatchPlaysAlquerque(t *testing.T) {
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency = 4, 3, 2, 2
	play := func() (*Result, string) {
		var errOut bytes.Buffer
		o := OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
			Config:         Config{A: "sims=60", B: "sims=20,leaf=value", Stderr: &errOut, Quiet: true},
			Game:           testAlquerqueGame(),
			ArenaOptionsOf: arena.ArenaOptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: alquerque.DefaultRules()},
		}
		res, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		if err := res.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		out, _, _ := strings.Cut(text.String(), "cost: ") // the times are measured
		return res, out
	}
	res, text := play()
	if res.Arena.Games != 4 || !res.Complete {
		t.Fatalf("%d games, complete %v, want 4:\n%s", res.Arena.Games, res.Complete, text)
	}
	for reason := range res.Arena.Reasons {
		if !strings.Contains("capture-all no-moves no-capture-limit repetition", reason) {
			t.Errorf("a game ended by %q, not one of Alquerque's endings", reason)
		}
	}
	if !strings.Contains(text, "A as white: ") || !strings.Contains(text, ", A as black: ") || !strings.Contains(text, "variant=standard") {
		t.Errorf("the report does not name Alquerque's players and rules:\n%s", text)
	}
	if res.Costs.A.Moves == 0 || res.Costs.B.Moves == 0 {
		t.Errorf("costs %+v: both sides moved", res.Costs)
	}
	if _, again := play(); again != text {
		t.Errorf("the same seed played other games:\n%s\nthen\n%s", text, again)
	}
}

// TestMatchOfAnotherGameNeedsItsEngines: a match of a game other than
// Surakarta without its GameOf is refused, not played with Surakarta's
// evaluators; a side that names endgame tables is refused before the
// first game (they are Surakarta's).
func TestMatchOfAnotherGameNeedsItsEngines(t *testing.T) {
	run := runspec.Defaults()
	run.Games = 2
	o := OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
		Config:         Config{A: "sims=4", B: "sims=4", Quiet: true},
		ArenaOptionsOf: arena.ArenaOptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: alquerque.DefaultRules()},
	}
	if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "a match of alquerque needs its game's engines") {
		t.Errorf("no GameOf: %v", err)
	}
	o.Game, o.A = testAlquerqueGame(), "sims=4,tablebase=/tables"
	if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "a: tablebase=/tables: alquerque has no endgame tables") {
		t.Errorf("tables named for Alquerque: %v", err)
	}
}
