package eval_test

import (
	"reflect"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestModelSearchIsTheSameWithLazyPriors: with the shipped trained model
// (value and prior), the search that asks for priors only at the nodes it
// selects from again (WithPrior's FillPriors) gives exactly the results of
// the search that computes them at every expansion, over positions of
// random games, with noise and sampling on.
func TestModelSearchIsTheSameWithLazyPriors(t *testing.T) {
	opened, err := eval.OpenEvaluator("../experiments/specs/models/trained-colour-blind.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := opened.Evaluator.(mcts.PriorFiller); !ok {
		t.Fatal("the trained model does not give its priors apart: the search cannot defer them")
	}
	cfg := mcts.DefaultConfig()
	cfg.Sims, cfg.Leaf, cfg.MaxNodes = 600, mcts.LeafValue, 1<<18
	cfg.NoiseWeight, cfg.TemperaturePlies = 0.25, 1000
	lazy, err := mcts.NewSearcher(cfg, opened.Evaluator)
	if err != nil {
		t.Fatal(err)
	}
	eager, err := mcts.NewSearcher(cfg, eagerOnly{opened.Evaluator})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range gamePositions(3, 120) {
		g, err := rules.NewGame(cfg.Rules, p)
		if i%5 != 0 || err != nil || g.IsTerminal() {
			continue
		}
		rl, re := lazy.Search(g), eager.Search(g)
		if !reflect.DeepEqual(rl, re) {
			t.Fatalf("position %d %s: lazy priors gave %+v, eager ones %+v", i, p.FEN(), rl, re)
		}
		if ml, me := lazy.Choose(&rl, 0), eager.Choose(&re, 0); ml != me {
			t.Fatalf("position %d %s: Choose picked %v lazily, %v eagerly", i, p.FEN(), ml, me)
		}
	}
}
