package arena

import (
	"context"
	"fmt"
	"math"
	"strconv"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/internal/protocol/engine"
	"github.com/surakarta/surakarta/mcts"
)

// BaselineEngineOf puts a built-in baseline (BaselineRandom,
// BaselineFirst) behind the engine protocol, so that other programs
// (arenas, GUIs, a match's engine: side) play the floor of every strength
// scale as match --b random does: `surakarta engine --preset random`. It
// does not search: it takes every budget and answers at once. Its one
// option is the seed (engine.SeedOption, which a match sets before each
// game), and newgame (or a setoption of the seed) starts the random
// baseline's draws afresh from it, so that a game's moves depend on the
// seed alone and are the moves the built-in baseline plays with that game
// seed.
type BaselineEngineOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	name, author string
	seed         uint64
	rules        G // the last newgame's (zero before: a baseline reads no rules)
	player       PlayerOf[G, P, M]
}

// NewBaselineEngineOf returns the engine of baseline (a name of
// Baselines) with seed, named name and author in its id lines.
func NewBaselineEngineOf[G mcts.Game[P, M], P comparable, M game.Move](baseline, name, author string, seed uint64) (*BaselineEngineOf[G, P, M], error) {
	f, err := BaselinePlayerOf[G, P, M](baseline)
	if err != nil {
		return nil, err
	}
	p, err := f()
	if err != nil {
		return nil, err
	}
	e := &BaselineEngineOf[G, P, M]{name: name, author: author, seed: seed, player: p}
	if err := e.player.NewGame(seed, e.rules); err != nil { // seeded for a go before any newgame
		return nil, err
	}
	return e, nil
}

// Identity returns the name and author the engine was made with.
func (e *BaselineEngineOf[G, P, M]) Identity() (string, string) { return e.name, e.author }

// Capabilities lists every budget (none is spent: the move comes at once).
// It lists no rules: a baseline plays by whatever rules newgame names, of
// any game, so it leaves them unknown and a controller tries.
func (e *BaselineEngineOf[G, P, M]) Capabilities() protocol.Capabilities {
	return protocol.Capabilities{Budgets: []protocol.BudgetKind{protocol.Sims, protocol.Nodes, protocol.MoveTime, protocol.Clock}}
}

// Options lists the seed.
func (e *BaselineEngineOf[G, P, M]) Options() []protocol.OptionInfo {
	return []protocol.OptionInfo{{Name: engine.SeedOption, Default: strconv.FormatUint(e.seed, 10),
		Doc: "seed of the random baseline's moves, drawn afresh at each newgame (the first baseline takes none)"}}
}

// SetOption sets the seed; any other option is unknown.
func (e *BaselineEngineOf[G, P, M]) SetOption(name, value string) error {
	if name != engine.SeedOption {
		return fmt.Errorf("unknown option: a baseline's one option is %s", engine.SeedOption)
	}
	n, err := strconv.ParseUint(value, 0, 64)
	if err != nil {
		return fmt.Errorf("%s %s: want a whole number from 0 to %d", engine.SeedOption, value, uint64(math.MaxUint64))
	}
	e.seed = n
	return e.player.NewGame(n, e.rules)
}

// NewGame starts a game under r with the seed in force.
func (e *BaselineEngineOf[G, P, M]) NewGame(r G) error {
	e.rules = r
	return e.player.NewGame(e.seed, r)
}

// Search plays the baseline's move in g, whatever the budget.
func (e *BaselineEngineOf[G, P, M]) Search(ctx context.Context, g *game.Line[G, P, M], _ protocol.Budget) (protocol.ResultOf[M], error) {
	played, err := e.player.Move(ctx, g)
	if err != nil {
		return protocol.ResultOf[M]{}, err
	}
	return protocol.ResultOf[M]{Move: played.Move}, nil
}
