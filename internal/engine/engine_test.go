package engine

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// configure is a small stand-in for the CLI's parser: sims, leaf and seed.
func configure(spec string, r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	c := mcts.DefaultConfig()
	c.Rules, c.MaxNodes = r, 1<<16
	for _, kv := range strings.Split(spec, ",") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		var err error
		switch k {
		case "sims":
			c.Sims, err = strconv.Atoi(v)
		case "seed":
			c.Seed, err = strconv.ParseUint(v, 10, 64)
		case "leaf":
			c.Leaf, err = mcts.ParseLeafMode(v)
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return c, nil, err
		}
	}
	return c, mcts.Material{}, c.Validate()
}

func newEngine(t *testing.T) *Engine {
	t.Helper()
	e, err := New(Options{Name: "t", Settings: []protocol.OptionInfo{{Name: "sims"}, {Name: "seed"}, {Name: "leaf"}},
		Configure: configure, Spec: "sims=50,leaf=value", Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func search(t *testing.T, e *Engine, g *rules.Game, b protocol.Budget) protocol.Result {
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
	g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
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
		g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
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
		{"sims", "zero", "invalid syntax"},
		{"sims", "0", "sims 0"},
		{"sims", "5,leaf=value", "commas"},
		{"hash", "5", "unknown option: want one of sims, seed, leaf, threads"},
		{ThreadsOption, "0", "threads"},
	} {
		if err := e.SetOption(tc.name, tc.value); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("setoption %s %s: %v, want an error mentioning %q", tc.name, tc.value, err, tc.want)
		}
	}
	g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
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
	g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	res, err := e.Search(ctx, g, protocol.Budget{Kind: protocol.MoveTime, N: 1000})
	pos := g.Position()
	if err != nil || !pos.IsLegal(res.Move) || time.Since(start) > time.Second {
		t.Fatalf("search after stop: %+v, %v, in %v", res, err, time.Since(start))
	}
}
