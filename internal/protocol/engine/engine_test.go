package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// opener is a stand-in for the CLI's evaluator registry: material, and
// "counted" (material too), whose opens it counts, as a file read.
type opener struct{ opens int }

func (o *opener) open(name string) (mcts.Evaluator, error) {
	switch name {
	case mcts.MaterialName:
		return mcts.Material{}, nil
	case "counted":
		o.opens++
		return mcts.Material{}, nil
	}
	return nil, fmt.Errorf("no evaluator %q", name)
}

func newEngineWith(t *testing.T, o *opener) *Engine {
	t.Helper()
	en := mcts.DefaultEngine()
	en.Sims, en.Leaf, en.MaxNodes = 50, mcts.LeafValue, 1<<16
	e, err := New(Options{Name: "t", Settings: []protocol.OptionInfo{{Name: "sims"}, {Name: "seed"}, {Name: "leaf"}, {Name: "evaluator"}},
		Engine: en, Seed: 1, OpenEvaluator: o.open, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func newEngine(t *testing.T) *Engine { return newEngineWith(t, &opener{}) }

func search(t *testing.T, e *Engine, g *game.Line[rules.Rules, rules.Position, rules.Move], b protocol.Budget) protocol.Result {
	t.Helper()
	res, err := e.Search(context.Background(), g, b)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestBudgetsAndSeedRepeat: sims and nodes budgets run exactly that many
// simulations, the sims setting serves a plain go, and newgame replays the
// same search for the same seed.
func TestBudgetsAndSeedRepeat(t *testing.T) {
	e := newEngine(t)
	g, _ := game.NewLine(rules.DefaultRules(), rules.Start())
	if r := search(t, e, g, protocol.Budget{}); r.Info.Sims != 50 {
		t.Errorf("plain go ran %d simulations, want the sims setting 50", r.Info.Sims)
	}
	if r := search(t, e, g, protocol.Budget{Kind: protocol.Nodes, N: 30}); r.Info.Sims != 30 || r.Info.Nodes != 30 {
		t.Errorf("go nodes 30: %+v", r.Info)
	}
	if err := e.SetOption("leaf", "playout"); err != nil {
		t.Fatal(err)
	}
	play := func() []rules.Move {
		e.NewGame(rules.DefaultRules())
		g, _ := game.NewLine(rules.DefaultRules(), rules.Start())
		for range 6 {
			g.Play(search(t, e, g, protocol.Budget{Kind: protocol.Sims, N: 40}).Move)
		}
		return append([]rules.Move(nil), g.Moves()...)
	}
	first, second := play(), play()
	if fmt.Sprint(first) != fmt.Sprint(second) {
		t.Errorf("the same seed played %v, then %v", first, second)
	}
}

// TestSetOptionRefusalKeepsSettings: a bad value is refused with the
// parser's error and the earlier settings stay.
func TestSetOptionRefusalKeepsSettings(t *testing.T) {
	e := newEngine(t)
	for _, tc := range []struct{ name, value, want string }{
		{"sims", "zero", "sims zero: want a whole number"},
		{"sims", "0", "sims 0: want at least 1"},
		{"sims", "5,leaf=value", "sims 5,leaf=value: want a whole number"},
		{"seed", "-1", "seed -1: want a whole number"},
		{"evaluator", "nosuch", `no evaluator "nosuch"`},
		{"hash", "5", "unknown option: want one of sims, seed, leaf, evaluator, threads"},
		{ThreadsOption, "0", "threads"},
	} {
		if err := e.SetOption(tc.name, tc.value); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("setoption %s %s: %v, want an error mentioning %q", tc.name, tc.value, err, tc.want)
		}
	}
	g, _ := game.NewLine(rules.DefaultRules(), rules.Start())
	if r := search(t, e, g, protocol.Budget{}); r.Info.Sims != 50 {
		t.Errorf("after refused options: %d simulations, want 50", r.Info.Sims)
	}
	if err := e.SetOption(ThreadsOption, "2"); err != nil || e.opt.Threads != 2 {
		t.Errorf("threads 2: %v", err)
	}
}

// TestStopBeforeTheSearchStillMoves: a context that is already done still
// gets a legal, searched move.
func TestStopBeforeTheSearchStillMoves(t *testing.T) {
	e := newEngine(t)
	g, _ := game.NewLine(rules.DefaultRules(), rules.Start())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	res, err := e.Search(ctx, g, protocol.Budget{Kind: protocol.MoveTime, N: 1000})
	pos := g.Position()
	if err != nil || !pos.IsLegal(res.Move) || time.Since(start) > time.Second {
		t.Fatalf("search after stop: %+v, %v, in %v", res, err, time.Since(start))
	}
}

// TestSetOptionOpensTheEvaluatorOnlyWhenItChanges: the evaluator is opened
// at start and when setoption names it anew, never for another option or
// a new game under other rules (a file is read once).
func TestSetOptionOpensTheEvaluatorOnlyWhenItChanges(t *testing.T) {
	o := &opener{}
	e := newEngineWith(t, o)
	if err := e.SetOption("evaluator", "counted"); err != nil || o.opens != 1 {
		t.Fatalf("setoption evaluator counted: %v, %d opens, want 1", err, o.opens)
	}
	for _, kv := range [][2]string{{"sims", "60"}, {"leaf", "playout"}, {"seed", "7"}, {"sims", "0"}} {
		e.SetOption(kv[0], kv[1])
	}
	r := rules.DefaultRules()
	r.Variant = rules.Majority
	if err := e.NewGame(r); err != nil {
		t.Fatal(err)
	}
	g, _ := game.NewLine(r, rules.Start())
	if res := search(t, e, g, protocol.Budget{}); res.Info.Sims != 60 {
		t.Errorf("after setoption sims 60: %d simulations", res.Info.Sims)
	}
	if o.opens != 1 {
		t.Errorf("%d opens after changing other options and the rules, want 1", o.opens)
	}
	if err := e.SetOption("evaluator", mcts.MaterialName); err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption("evaluator", "counted"); err != nil || o.opens != 2 {
		t.Errorf("naming the evaluator again: %v, %d opens, want 2", err, o.opens)
	}
}

// TestClockSearchesTheSideToMovesShare: under a clock the engine searches
// for mcts.MoveTime of the clock of the side to move, not the other's:
// Black to move with 1 s left (a 20 ms share) and Red with 1000 s (a 40 s
// share) answers within seconds, having searched more than once.
func TestClockSearchesTheSideToMovesShare(t *testing.T) {
	e := newEngine(t)
	g, _ := game.NewLine(rules.DefaultRules(), rules.Start())
	g.Play(search(t, e, g, protocol.Budget{Kind: protocol.Sims, N: 10}).Move)
	start := time.Now()
	r := search(t, e, g, protocol.Budget{Kind: protocol.Clock, Time: [2]int64{1_000_000, 1000}, Inc: [2]int64{0, 0}})
	if took := time.Since(start); took > 15*time.Second || r.Info.Sims < 2 {
		t.Fatalf("black to move with 1 s on its clock searched %d simulations in %v: want its share (%v), not red's (%v)",
			r.Info.Sims, took, mcts.MoveTime(time.Second, 0), mcts.MoveTime(1000*time.Second, 0))
	}
}
