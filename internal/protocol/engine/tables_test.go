package engine

import (
	"errors"
	"testing"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// The Tables hook sees the tablebase setting, whether it was named (not at
// start, then after setoption tablebase) and the rules of every change; an
// error from it refuses the setoption or the newgame and keeps the
// settings the engine had.
func TestTablesHookSeesEachChangeAndItsRefusalKeepsTheSettings(t *testing.T) {
	type call struct {
		dir   string
		named bool
		r     rules.Rules
	}
	var calls []call
	refuse := errors.New("damaged")
	en := mcts.DefaultEngine()
	en.Sims = 10
	e, err := New(Options{Name: "t", Settings: []protocol.OptionInfo{{Name: "sims"}, {Name: "tablebase"}},
		Engine: en, Seed: 1, OpenEvaluator: (&opener{}).open, Threads: 1,
		Tables: func(dir string, named bool, r rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error) {
			calls = append(calls, call{dir, named, r})
			if dir == "bad" || r.Variant == rules.Majority {
				return "", nil, refuse
			}
			return "", nil, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption("sims", "20"); err != nil {
		t.Fatal(err)
	}
	if err := e.SetOption("tablebase", "bad"); !errors.Is(err, refuse) || e.opt.Engine.Tablebase != "" || e.opt.TablesNamed {
		t.Fatalf("setoption tablebase bad: %v; the settings now name %q, named %v", err, e.opt.Engine.Tablebase, e.opt.TablesNamed)
	}
	if err := e.SetOption("tablebase", ""); err != nil || !e.opt.TablesNamed {
		t.Fatalf("setoption tablebase (none): %v, named %v", err, e.opt.TablesNamed)
	}
	maj := rules.DefaultRules()
	maj.Variant = rules.Majority
	if err := e.NewGame(maj); !errors.Is(err, refuse) || e.rules != rules.DefaultRules() {
		t.Fatalf("newgame refused by the tables: %v, rules now %v", err, e.rules)
	}
	want := []call{{"", false, rules.DefaultRules()}, {"", false, rules.DefaultRules()}, {"bad", true, rules.DefaultRules()}, {"", true, rules.DefaultRules()}, {"", true, maj}}
	if len(calls) != len(want) {
		t.Fatalf("calls %v, want %v", calls, want)
	}
	for i := range want {
		if calls[i] != want[i] {
			t.Errorf("call %d: %+v, want %+v", i, calls[i], want[i])
		}
	}
}
