package mcts

import (
	"math"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// EvaluatorOf scores positions of a game for the search. Evaluate returns the value of p
// for its side to move, in [-1, 1]; moves are p's legal moves (never empty:
// the search scores terminal positions itself). When priors is not nil it
// has len(moves) entries, and Evaluate may fill it with move priors (non-
// negative, summing to 1, in the order of moves) and return hasPriors true;
// false means uniform priors, and the search ignores what is in priors.
//
// Evaluate is called in the search's hot loop: it must not allocate. One
// instance is used by one goroutine at a time: Search calls it from the
// caller's goroutine, and SearchParallel gives each of its threads its own
// copy when the evaluator implements Cloner, else shares the one instance
// among the threads. A stateful evaluator (scratch buffers, caches) must
// therefore implement Cloner, and a searcher of its own is needed per
// goroutine anyway; a stateless one (like Material or a read-only weight
// table) need not.
type EvaluatorOf[P any, M game.Move] interface {
	Evaluate(p *P, moves []M, priors []float32) (value float32, hasPriors bool)
}

// Evaluator is Surakarta's EvaluatorOf.
type Evaluator = EvaluatorOf[rules.Position, rules.Move]

// PriorFillerOf is implemented by evaluators whose move priors can be computed
// apart from their value. The search then calls Evaluate with nil priors
// when it expands a node and FillPriors only when it first selects among
// the node's children (most expanded nodes are never selected from again),
// with the same position and moves, in the same order, as the eager call
// would have had. FillPriors fills priors (len(moves) entries) as Evaluate
// would and reports whether it did; Evaluate's value must not depend on
// whether priors are asked for. Searches give the same results either way,
// except where FillPriors reports no priors: such a block keeps uniform
// priors in an order shuffled at expansion instead of lazily (see lazyBit).
// FillPriors is called under the same rules as Evaluate (hot loop, no
// allocation, one goroutine per instance).
type PriorFillerOf[P any, M game.Move] interface {
	FillPriors(p *P, moves []M, priors []float32) bool
}

// PriorFiller is Surakarta's PriorFillerOf.
type PriorFiller = PriorFillerOf[rules.Position, rules.Move]

// ClonerOf is implemented by evaluators with per-goroutine state: Clone
// returns an independent evaluator that scores exactly as the original
// does.
type ClonerOf[P any, M game.Move] interface {
	Clone() EvaluatorOf[P, M]
}

// Cloner is Surakarta's ClonerOf.
type Cloner = ClonerOf[rules.Position, rules.Move]

// MaterialScale is the piece difference at which Material's value reaches
// tanh(1) ≈ 0.76.
const MaterialScale = 3

// Material is Surakarta's built-in evaluator: the material difference d = (pieces of
// the side to move) − (opponent's pieces), squashed to
// value = tanh(d / MaterialScale): ±0.32 for one piece, ±0.58 for two, ±0.76
// for three, ±0.96 for six. It gives no priors. It is stateless and safe for
// concurrent use.
type Material struct{}

// materialValue[d+12] is tanh(d/MaterialScale) for d in -12..12.
var materialValue = func() (t [25]float32) {
	for d := -12; d <= 12; d++ {
		t[d+12] = float32(math.Tanh(float64(d) / MaterialScale))
	}
	return t
}()

// Evaluate returns tanh((own − opponent pieces) / MaterialScale).
func (Material) Evaluate(p *rules.Position, _ []rules.Move, _ []float32) (float32, bool) {
	stm := p.SideToMove()
	return materialValue[p.Count(stm)-p.Count(stm.Other())+12], false
}
