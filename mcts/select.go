package mcts

import (
	"math"
	"sync/atomic"
)

// selectChild returns the PUCT choice among kids, the children of nd, or
// -1 if the solver has proven every child lost for the player choosing. A
// child proven won is chosen at once, except at a refining root (refineBit),
// which chooses among its open children only (-1: none is left).
// The children's counts are the tree's; nd's are the tree's plus this
// thread's pending pendN and pendW (zero in a search on one thread);
// ordered is nd's orderedBit.
func (w *worker[G, P, M]) selectChild(nd *node, kids []node, ordered bool, pendN int32, pendW int64) int {
	fpu, cs := w.puctTerms(nd, pendN, pendW)
	refining := atomic.LoadUint32(&nd.meta)&refineBit != 0
	best, bestScore := -1, float32(math.Inf(-1))
	for k := range kids {
		c := &kids[k]
		n := atomic.LoadInt32(&c.n)
		var q float32
		if w.solver {
			if pr := metaProof(atomic.LoadUint32(&c.meta)); pr != ProofNone {
				switch provenChoice(pr, refining) {
				case skipProven:
					continue
				case takeProven:
					return k
				}
				q = 0 // a proven draw
				goto scored
			}
		}
		if n == 0 {
			if score := fpu + cs*float32(c.prior); score > bestScore {
				best, bestScore = k, score
			}
			if ordered {
				break // see orderedBit
			}
			continue
		}
		q = float32(atomic.LoadInt64(&c.w)) / (float32(n) * valueScale)
	scored:
		if score := q + cs*float32(c.prior)/float32(1+n); score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// selectPending is selectChild for a block whose children also have this
// thread's pending counts in sl: each child counts with the tree's visits
// and value sum plus sl's. It makes the same choice selectChild would on a
// tree holding those sums (TestPendingSelectionMatchesTree). It is a
// separate loop because this scan is the search's inner loop: testing per
// child whether there are pending counts, and checking the slot's indices,
// cost a 2-thread search 3-4% of its speed.
func (w *worker[G, P, M]) selectPending(nd *node, kids []node, ordered bool, sl *blockSlot, pendN int32, pendW int64) int {
	fpu, cs := w.puctTerms(nd, pendN, pendW)
	refining := atomic.LoadUint32(&nd.meta)&refineBit != 0
	slotN, slotW := sl.n[:len(kids)], sl.w[:len(kids)]
	best, bestScore := -1, float32(math.Inf(-1))
	for k := range kids {
		c := &kids[k]
		n := atomic.LoadInt32(&c.n) + slotN[k]
		var q float32
		if w.solver {
			if pr := metaProof(atomic.LoadUint32(&c.meta)); pr != ProofNone {
				switch provenChoice(pr, refining) {
				case skipProven:
					continue
				case takeProven:
					return k
				}
				q = 0 // a proven draw
				goto scored
			}
		}
		if n == 0 {
			if score := fpu + cs*float32(c.prior); score > bestScore {
				best, bestScore = k, score
			}
			if ordered {
				break // see orderedBit
			}
			continue
		}
		q = float32(atomic.LoadInt64(&c.w)+slotW[k]) / (float32(n) * valueScale)
	scored:
		if score := q + cs*float32(c.prior)/float32(1+n); score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// puctTerms returns the first-play value of nd's unvisited children (nd's
// mean value from their player's view, 0 before any visit) and the factor
// of a child's prior in its exploration term, from nd's counts: the tree's
// plus pendN and pendW.
func (w *worker[G, P, M]) puctTerms(nd *node, pendN int32, pendW int64) (fpu, cs float32) {
	pn := atomic.LoadInt32(&nd.n) + pendN
	if pn > 0 {
		fpu = -float32(atomic.LoadInt64(&nd.w)+pendW) / (float32(pn) * valueScale)
	}
	return fpu, w.cpuct * float32(math.Sqrt(float64(pn))) / priorScale
}

// What selection does with a proven child (provenChoice).
const (
	scoreProven = iota // a proven draw: scored with value 0
	skipProven         // a proven loss, or any proof at a refining root
	takeProven         // a proven win: chosen at once
)

// provenChoice is the one rule both selection loops apply to a proven
// child: a proven win is taken at once, a proven loss never chosen, and a
// refining root (refineBit: a proven win is known, a sooner one sought)
// looks among its open moves only. refining is read once per selection,
// not per child.
func provenChoice(pr Proof, refining bool) int {
	switch {
	case pr == ProofLoss || refining:
		return skipProven
	case pr == ProofWin:
		return takeProven
	}
	return scoreProven
}
