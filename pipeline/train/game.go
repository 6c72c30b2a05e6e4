package train

import (
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// AlquerqueGame is Config.Game of a run of Alquerque (package alquerque);
// "" is Surakarta's, the default.
const AlquerqueGame = eval.AlquerqueGame

// kit is what a run of game G needs of its game beyond the contract
// (game.Game): the one runner of this package plays every game through it.
type kit[G mcts.Game[P, M], P comparable, M game.Move] struct {
	// rules are the game under the run's rules settings, key the
	// partition (dataset.Key) of the run's data.
	rules G
	key   string
	// match is the game as a match takes it; its Tables (nil where the
	// game has none) are every player's endgame tables.
	match *match.GameOf[G, P, M]
	// open returns the evaluator a name of the game's registry (or a
	// model file) gives, with the identity a dataset records for it.
	open func(name string) (mcts.EvaluatorOf[P, M], string, error)
	// model returns a model file's evaluator, after checking that the
	// file is a model of the game.
	model func(*eval.ModelFile) (mcts.EvaluatorOf[P, M], error)
	// valueOnly returns an evaluator without its move prior; nil where
	// the game's models have no prior (the final comparison then has no
	// value head alone to play).
	valueOnly func(mcts.EvaluatorOf[P, M]) mcts.EvaluatorOf[P, M]
}

// surakartaKit is Surakarta's kit under r: eval's registry, the shipped
// models' priors and the endgame tables of package tablebase.
func surakartaKit(r rules.Rules) kit[rules.Rules, rules.Position, rules.Move] {
	g := match.SurakartaGame()
	return kit[rules.Rules, rules.Position, rules.Move]{
		rules: r, key: dataset.Key(r.Name(), r.Variant.String()), match: &g,
		open: func(name string) (mcts.Evaluator, string, error) {
			o, err := eval.OpenEvaluator(name)
			return o.Evaluator, o.Identity, err
		},
		model: func(mf *eval.ModelFile) (mcts.Evaluator, error) { return mf.Evaluator() },
		valueOnly: func(ev mcts.Evaluator) mcts.Evaluator {
			if wp, ok := ev.(*eval.WithPrior); ok {
				return wp.Value
			}
			return ev
		},
	}
}

// alquerqueKit is Alquerque's kit under r (alquerque.Rules is a
// rules.Rules): its evaluators (eval.OpenAlquerqueEvaluator, Alquerque
// model files), no prior and no endgame tables.
func alquerqueKit(r rules.Rules) kit[alquerque.Rules, alquerque.Position, alquerque.Code] {
	g := match.AlquerqueGame()
	return kit[alquerque.Rules, alquerque.Position, alquerque.Code]{
		rules: alquerque.Rules(r), key: dataset.Key(alquerque.Rules(r).Name(), r.Variant.String()), match: &g,
		open: func(name string) (eval.AlquerqueEvaluator, string, error) {
			o, err := eval.OpenAlquerqueEvaluator(name)
			return o.Evaluator, o.Identity, err
		},
		model: func(mf *eval.ModelFile) (eval.AlquerqueEvaluator, error) {
			e, err := mf.AlquerqueEvaluator()
			if err != nil {
				return nil, err
			}
			return e, nil
		},
	}
}

// load reads and checks the model file at path: a model of the game.
func (k *kit[G, P, M]) load(path string) (*eval.ModelFile, error) {
	mf, err := eval.ReadModelFile(path)
	if err != nil {
		return nil, err
	}
	if _, err := k.model(mf); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return mf, nil
}

// checkTables opens the endgame tables dir names (none for ""), so that a
// run refuses tables it cannot read before it starts; a game without
// tables refuses any.
func (k *kit[G, P, M]) checkTables(dir string) error {
	if dir == "" {
		return nil
	}
	if k.match.Tables == nil {
		return setting.Errorf("%s: endgame tables are Surakarta's; %s has none", setting.Set("tablebase", dir), k.rules.Name())
	}
	_, err := k.match.Tables(dir, k.rules)
	return err
}

// partition is the key (dataset.Key) of the partition every dataset of the
// run writes and every fit reads: the game's under the rules' variant.
func (k *kit[G, P, M]) partition() string { return k.key }

// players are the game's names of its first and second player.
func (k *kit[G, P, M]) players() [2]string {
	return [2]string{k.rules.PlayerName(game.First), k.rules.PlayerName(game.Second)}
}
