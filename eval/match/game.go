package match

import (
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// GameOf is what a match needs of its game beyond the contract: the
// engine a built-in side's CONFIG changes (Base), how a side's evaluator
// opens, and the game's exact oracle (endgame tables), nil where the game
// has none. Options.Game gives it; a Surakarta match without one plays
// Surakarta's (SurakartaGame).
type GameOf[G mcts.Game[P, M], P comparable, M game.Move] struct {
	// Base is the engine whose settings a CONFIG's unset keys keep.
	Base mcts.Engine
	// OpenEngine returns e's search configuration under r with seed,
	// checked, its evaluator opened, and the evaluator's name as records
	// hold it (a built-in model by its identity, which stays the same
	// when a name comes to mean another model).
	OpenEngine func(e mcts.Engine, r G, seed uint64) (mcts.ConfigOf[G], mcts.EvaluatorOf[P, M], string, error)
	// Tables opens the endgame tables a side's tablebase setting names,
	// and TablesIdentity names what they hold under r, as records hold it
	// beside their directory ("" for none; nil where the game has none).
	Tables         arena.OpenOracle[G, P, M]
	TablesIdentity func(e mcts.Engine, r G) string
}

// SurakartaGame is a Surakarta match's GameOf: the match engine
// (runspec.MatchEngine), eval's registry, and the endgame tables of
// package tablebase.
func SurakartaGame() GameOf[rules.Rules, rules.Position, rules.Move] {
	return GameOf[rules.Rules, rules.Position, rules.Move]{
		Base: runspec.MatchEngine(),
		OpenEngine: func(e mcts.Engine, r rules.Rules, seed uint64) (mcts.Config, mcts.Evaluator, string, error) {
			cfg, o, err := eval.OpenEngine(e, r, seed)
			name := e.Evaluator
			if eval.IsBuiltin(name) {
				name = o.Identity
			}
			return cfg, o.Evaluator, name, err
		},
		Tables:         tablebase.OpenOracle,
		TablesIdentity: runspec.TablesIdentity,
	}
}

// settingsOf returns the settings of r as package rules reads them: both
// games' rules strings are Surakarta's settings (alquerque.Rules is a
// rules.Rules), which the engines' capabilities and the records' variant
// are checked and named by.
func settingsOf[G game.Game[P, M], P any, M game.Move](r G) (rules.Rules, error) {
	s, err := rules.ParseRules(r.String())
	if err != nil {
		return s, fmt.Errorf("%s's rules %q are not a variant and its limits: a match cannot name them: %w", r.Name(), r.String(), err)
	}
	return s, nil
}

// AlquerqueGame is an Alquerque match's GameOf: Alquerque's engine
// (runspec.AlquerqueEngine) at the match engine's simulations, the
// evaluators of eval.OpenAlquerqueEvaluator, and no endgame tables.
func AlquerqueGame() GameOf[alquerque.Rules, alquerque.Position, alquerque.Code] {
	base := runspec.AlquerqueEngine()
	base.Sims = runspec.MatchEngine().Sims
	return GameOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
		Base: base,
		OpenEngine: func(e mcts.Engine, r alquerque.Rules, seed uint64) (mcts.ConfigOf[alquerque.Rules], mcts.EvaluatorOf[alquerque.Position, alquerque.Code], string, error) {
			cfg := mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: seed, Rules: r}
			// The game's checks first: a node budget below Alquerque's
			// minimum is refused with Alquerque's, not the setting's range.
			if err := cfg.Validate(); err != nil {
				return cfg, nil, "", err
			}
			if err := e.Validate(); err != nil {
				return cfg, nil, "", err
			}
			o, err := eval.OpenAlquerqueEvaluator(e.Evaluator)
			if err != nil {
				return cfg, nil, "", mcts.Refused("evaluator", e.Evaluator, err)
			}
			name := e.Evaluator
			if eval.IsBuiltin(name) {
				name = o.Identity
			}
			return cfg, o.Evaluator, name, nil
		},
	}
}

// PGNWriters are the PGN writers of the games a match plays, by the games'
// names (arena.WriteDirPGN's games): match pgn and tournament pgn print
// the records of either game.
func PGNWriters() map[string]arena.PGNWriter {
	return map[string]arena.PGNWriter{
		rules.Rules{}.Name():     arena.PGNOf(rules.DefaultRules()),
		alquerque.Rules{}.Name(): arena.PGNOf(alquerque.DefaultRules()),
	}
}
