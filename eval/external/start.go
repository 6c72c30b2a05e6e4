package external

import (
	"fmt"
	"sync"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Engine is an engine that a match has started and checked before its
// first game: what it said of itself, and its process, kept for the first
// player so that the engine is started once per worker.
type Engine struct {
	// Name is the engine's id name.
	Name string
	// Capabilities are the budgets and rules its identify answer listed.
	Capabilities protocol.Capabilities
	// Game is the game it plays (id game), Surakarta's name when it did
	// not say.
	Game string

	spec  Spec
	mu    sync.Mutex
	first *player // the checked process, until a player takes it
}

// Start starts the engine s describes and goes through identify and the
// options: a match's start-up check. Its error says that the match cannot
// begin, what failed and how to try the engine by hand; the process is
// then ended. Close ends the process if no player took it.
func Start(s Spec) (*Engine, error) {
	p := &player{spec: s.withDefaults()}
	if err := p.start(); err != nil {
		return nil, fmt.Errorf("engine %s failed before the first game, so the match cannot begin: %w; "+
			"an engine must answer identify with its id lines and ok within %v and accept its options (docs/PROTOCOL.md): "+
			"try it by hand with printf 'identify\\nquit\\n' | %s",
			p.spec.String(), err, p.spec.answerTimeout(), JoinCommandLine(s.Argv))
	}
	g := p.game
	if g == "" {
		g = rules.Rules{}.Name() // an engine from before id game
	}
	return &Engine{Name: p.name, Capabilities: p.caps, Game: g, spec: p.spec, first: p}, nil
}

// Players returns the factory of the match's players of e: the first
// player gets the checked process, each later one starts its own. The
// engine passed the start-up check, so a later process that fails to start
// is the engine's fault, not the setup's: its player loses the game (by
// the fault of its restart, as after a crash) and the match goes on.
func (e *Engine) Players() arena.PlayerFactory {
	return PlayersOf[rules.Rules, rules.Position, rules.Move](e)
}

// PlayersOf is e.Players for a match of game G.
func PlayersOf[G mcts.Game[P, M], P comparable, M game.Move](e *Engine) arena.PlayerFactoryOf[G, P, M] {
	return func() (arena.PlayerOf[G, P, M], error) {
		e.mu.Lock()
		p := e.first
		e.first = nil
		e.mu.Unlock()
		if p != nil {
			return gamePlayer[G, P, M]{p}, nil
		}
		p = &player{spec: e.spec}
		p.start() // on failure no process runs: NewGame restarts it or loses the game
		return gamePlayer[G, P, M]{p}, nil
	}
}

// Close ends the checked process if no player took it (a match that
// stops before its games, or has none left to play).
func (e *Engine) Close() {
	e.mu.Lock()
	p := e.first
	e.first = nil
	e.mu.Unlock()
	if p != nil {
		p.Close()
	}
}
