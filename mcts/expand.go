package mcts

import (
	"cmp"
	"math"
	"slices"
	"sync/atomic"
)

func clampValue(v float32) float32 {
	switch {
	case v > 1:
		return 1
	case v < -1:
		return -1
	case v != v: // NaN from a broken evaluator: no information
		return 0
	}
	return v
}

// claimLeaf decides what a simulation does at nd, whose first field read f
// (unexpanded, expanding or terminal): expand it (claimed), wait for
// another thread's expansion (wait), or neither (a terminal node).
func (w *worker[G, P, M]) claimLeaf(nd *node, f int32) (claimed, wait bool) {
	switch {
	case f == terminal:
		return false, false
	case !w.shared:
		return true, false
	case f == unexpanded && atomic.CompareAndSwapInt32(&nd.first, unexpanded, expanding):
		return true, false
	}
	return false, true
}

// leaf evaluates the node nd at w.pos, whose first field read f
// (unexpanded or terminal), expanding it if claimed (see claimLeaf) and the
// budget allows. It returns the value for the player who moved into nd and
// whether the value is exact.
func (w *worker[G, P, M]) leaf(nd *node, f int32, claimed bool) (float32, bool) {
	pos := &w.pos
	if f == terminal {
		return float32(metaProof(atomic.LoadUint32(&nd.meta)).Value()), true
	}
	pr, over, moves := w.status(pos)
	if over {
		if claimed {
			w.setProof(nd, pr, 0)
			atomic.StoreInt32(&nd.first, terminal)
		}
		return float32(pr.Value()), true
	}
	if v, ok := w.probeLeaf(nd, claimed); ok {
		return v, true
	}
	first := int32(-1)
	if claimed {
		if first = w.alloc(len(moves)); first < 0 {
			atomic.StoreInt32(&nd.first, unexpanded) // out of budget: stay a leaf
			claimed = false
		}
	}
	// With a PriorFiller on one thread the priors wait for the node's
	// first selection (priorsBit).
	lazy := claimed && w.pf != nil && !w.shared
	var priors []float32
	if claimed && !lazy {
		priors = w.priors[:len(moves)]
	}
	value, hasPriors := w.ev.Evaluate(pos, moves, priors)
	if claimed && w.expand(nd, first, pos, moves, priors, hasPriors, lazy, w.decisive != nil && w.decisive.Decisive(pos)) && w.solver {
		// A move that wins at once (game.Decisive: Surakarta's capture of
		// the last piece): nd is lost for the player who moved into it, a
		// ply from the end.
		return float32(w.setProof(nd, ProofLoss, 1).Value()), true
	}
	if w.mode == LeafPlayout {
		value = w.playout(moves)
	}
	return -clampValue(value), false
}

// allocBatch is the number of slots a worker reserves at a time.
const allocBatch = 2048

// alloc returns the first of n contiguous free slots, or -1 when the node
// budget is spent.
func (w *worker[G, P, M]) alloc(n int) int32 {
	if w.hi-w.lo < int64(n) {
		lo, hi, ok := w.a.reserve(n, allocBatch)
		if !ok {
			return -1
		}
		w.lo, w.hi = lo, hi
	}
	f := w.lo
	w.lo += int64(n)
	return int32(f)
}

// expand fills the children block at first with the moves of pos and
// publishes it in nd. With decisive set (game.Decisive: some moves may end
// the game at once in the mover's favour) the children of the moves that
// do (Surakarta: every capture, the opponent having one piece left) are
// created terminal, proven won: the solver then sees a mate in one without
// visiting it. expand reports whether it found such a move. With lazy set the priors are left
// for fillPriors (priorsBit): each child's prior field holds its index in
// moves meanwhile.
//
// The children are put in a uniformly random order drawn from the worker's
// generator, at once or lazily (lazyBit): selection, the best move and
// Result.Moves break their ties by child order, and the order of move
// generation, though the same for both colours, would still prefer one
// side of the board. A lazy block is shuffled at once, as a block with
// priors is, so that filling its priors later gives the block the eager
// expansion would have.
func (w *worker[G, P, M]) expand(nd *node, first int32, pos *P, moves []M, priors []float32, hasPriors, lazy, decisive bool) bool {
	kids := w.a.block(first, len(moves))
	if lazy {
		for k, m := range moves {
			kids[k] = node{move: uint16(m), prior: uint16(k)}
		}
	} else {
		sum, ok := priorSum(priors, hasPriors)
		hasPriors = ok
		uniform := uint16(priorScale / len(moves))
		for k, m := range moves {
			p := uniform
			if hasPriors {
				p = quantizePrior(priors[k], sum)
			}
			kids[k] = node{move: uint16(m), prior: p}
		}
	}
	won := false
	if decisive {
		for k, m := range moves {
			if w.decisive.WinsAtOnce(pos, m) {
				kids[k].first = terminal
				kids[k].meta = uint32(ProofWin) << proofShift
				won = true
			}
		}
	}
	order := uint32(orderedBit | lazyBit)
	switch {
	case lazy:
		order = orderedBit | priorsBit
		shuffle(&w.rng, kids)
	case hasPriors || w.shared:
		order = orderedBit
		shuffle(&w.rng, kids)
		if hasPriors {
			sortByPrior(kids)
		}
	}
	atomic.StoreUint32(&nd.meta, uint32(len(moves))|order|atomic.LoadUint32(&nd.meta)&^(kidsMask|orderedBit|lazyBit|priorsBit))
	atomic.StoreInt32(&nd.first, first)
	return won
}

// fillPriors computes the priors of nd's children, whose block is pending
// (priorsBit), at p, nd's position: it asks the evaluator's FillPriors
// with the moves in generation order, then sorts the block as expand does
// for a block with priors (the shuffled order it already has, highest
// prior first, stable), which is the block an eager expansion would have
// made. A search on one thread only.
func (w *worker[G, P, M]) fillPriors(nd *node, p *P) {
	kids := w.a.block(nd.first, int(nd.meta&kidsMask))
	moves, priors := w.moves[:len(kids)], w.priors[:len(kids)]
	for i := range kids {
		moves[kids[i].prior] = M(kids[i].move)
	}
	sum, ok := priorSum(priors, w.pf.FillPriors(p, moves, priors))
	uniform := uint16(priorScale / len(kids))
	for i := range kids {
		q := uniform
		if ok {
			q = quantizePrior(priors[kids[i].prior], sum)
		}
		kids[i].prior = q
	}
	if ok {
		sortByPrior(kids)
	}
	nd.meta &^= priorsBit
}

// priorSum returns the sum of the positive priors and whether they make a
// distribution the search can use (hasPriors, a positive finite sum); else
// the children get uniform priors.
func priorSum(priors []float32, hasPriors bool) (float32, bool) {
	if !hasPriors {
		return 0, false
	}
	sum := float32(0)
	for _, p := range priors {
		if p > 0 { // also drops NaN
			sum += p
		}
	}
	return sum, sum > 0 && !math.IsInf(float64(sum), 0)
}

// quantizePrior returns prior x of a distribution summing to sum in the
// fixed point of node.prior (negative and NaN priors: 0).
func quantizePrior(x, sum float32) uint16 {
	if !(x > 0) {
		return 0
	}
	return uint16(min(x/sum, 1)*priorScale + 0.5)
}

// sortByPrior orders a block highest prior first, equal priors in the
// order they have (shuffled): the block is then ordered (see orderedBit).
func sortByPrior(kids []node) {
	slices.SortStableFunc(kids, func(x, y node) int { return cmp.Compare(y.prior, x.prior) })
}
