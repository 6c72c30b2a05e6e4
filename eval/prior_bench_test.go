package eval_test

import (
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// benchPrior is a prior with every weight set, so that no feature's work
// is skipped.
func benchPrior() *eval.Prior {
	var w [eval.NumMoveFeatures]float64
	for i := range w {
		w[i] = 0.1 * float64(i%5-2)
	}
	return eval.NewPrior(w)
}

var sinkPriors [rules.MaxMoves]float32

// BenchmarkPriorFill fills the priors of the moves of 4096 positions of
// random games: ns/op is the prior's cost per expansion of the search,
// moves/s the rate per move.
func BenchmarkPriorFill(b *testing.B) {
	ps := gamePositions(7, 4096)
	moves := make([][]rules.Move, len(ps))
	total := 0
	for i := range ps {
		moves[i] = ps[i].GenerateMoves(nil)
		total += len(moves[i])
	}
	pr := benchPrior()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		pr.Fill(&ps[i&4095], moves[i&4095], sinkPriors[:])
		i++
	}
	b.ReportMetric(float64(b.N)*float64(total)/float64(len(ps))/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkSearchPrior runs value-leaf searches of 10,000 simulations from
// the start with linear values, without and with the prior: ns/op is per
// simulation, so the difference is the prior's cost inside the search.
func BenchmarkSearchPrior(b *testing.B) {
	value := eval.NewLinear(eval.Ridge, eval.Vector{eval.Material: 0.2, eval.MobilityOwn: 0.01, eval.MobilityOpp: -0.01})
	for _, tc := range []struct {
		name string
		ev   mcts.Evaluator
	}{
		{"uniform", value},
		{"prior", &eval.WithPrior{Value: value, Prior: benchPrior()}},
	} {
		b.Run(tc.name, func(b *testing.B) { benchValueSearches(b, tc.ev, rules.Start()) })
	}
}

// benchValueSearches runs value-leaf searches of 10,000 simulations with ev
// from p, b.N simulations in all after one search to warm up, and reports
// sims/s.
func benchValueSearches(b *testing.B, ev mcts.Evaluator, p rules.Position) {
	cfg := mcts.DefaultConfig()
	cfg.Leaf, cfg.ReuseTree, cfg.Sims = mcts.LeafValue, false, 10000
	s, err := mcts.NewSearcher(cfg, ev)
	if err != nil {
		b.Fatal(err)
	}
	g, err := rules.NewGame(cfg.Rules, p)
	if err != nil {
		b.Fatal(err)
	}
	s.Search(g)
	b.ReportAllocs()
	b.ResetTimer()
	searches := 0
	for done := 0; done < b.N; done += cfg.Sims {
		s.Search(g)
		searches++
	}
	b.ReportMetric(float64(searches*cfg.Sims)/b.Elapsed().Seconds(), "sims/s")
}

// eagerOnly hides an evaluator's mcts.PriorFiller, so that the search
// computes its priors at every expansion, as before lazy priors.
type eagerOnly struct{ ev mcts.Evaluator }

func (e eagerOnly) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	return e.ev.Evaluate(p, moves, priors)
}

// countingFiller counts a PriorFiller's expansions (Evaluate) and the
// blocks whose priors the search asked for (FillPriors).
type countingFiller struct {
	ev                 mcts.Evaluator
	evaluations, fills int
}

func (c *countingFiller) Evaluate(p *rules.Position, moves []rules.Move, priors []float32) (float32, bool) {
	c.evaluations++
	return c.ev.Evaluate(p, moves, priors)
}

func (c *countingFiller) FillPriors(p *rules.Position, moves []rules.Move, priors []float32) bool {
	c.fills++
	return c.ev.(mcts.PriorFiller).FillPriors(p, moves, priors)
}

// BenchmarkSearchModel runs value-leaf searches of 10,000 simulations with
// the shipped trained model (experiments/specs/models/trained-colour-
// blind.json, opened through the registry as every command opens it), from
// the start and from a middlegame, with priors computed lazily (at a
// node's first selection, the search's way) and eagerly (at every
// expansion): ns/op is per simulation, and both give the same searches
// (TestModelSearchIsTheSameWithLazyPriors). The lazy searches also report
// the share of expansions whose priors were read (fills/expansion).
func BenchmarkSearchModel(b *testing.B) {
	opened, err := eval.OpenEvaluator("../experiments/specs/models/trained-colour-blind.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, pos := range []struct{ name, fen string }{
		{"start", rules.StartFEN},
		{"middle", "bb1bb1/1bbb2/4b1/rbrr2/rrrr2/1r1r2 r 0 21"},
	} {
		for _, mode := range []string{"lazy", "eager"} {
			var ev mcts.Evaluator = eagerOnly{opened.Evaluator}
			counter := &countingFiller{ev: opened.Evaluator}
			if mode == "lazy" {
				ev = counter
			}
			b.Run(pos.name+"/"+mode, func(b *testing.B) {
				p := testgames.Position(b, pos.fen)
				benchValueSearches(b, ev, p)
				if mode == "lazy" {
					b.ReportMetric(float64(counter.fills)/float64(counter.evaluations), "fills/expansion")
				}
			})
		}
	}
}
