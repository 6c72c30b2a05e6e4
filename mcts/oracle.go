package mcts

import (
	"sync/atomic"

	"github.com/surakarta/surakarta/game"
)

// An exact oracle in the search (game.Oracle: endgame tables, which the
// caller opens, Surakarta's with tablebase.OpenOracle, and gives to
// NewSearcherOf; the search opens no file). Below the
// root, a node whose position the oracle covers and the rules do not end
// is proven at its first visit with the oracle's result and distance
// (setProof), and stays a leaf: the solver propagates the proof like its
// own, so a search above covered positions proves its root exactly, with
// distances. A root the oracle covers is searched as usual (its children
// are covered, so the search proves it within a few simulations), and its
// Result carries the oracle's verdict (Result.Table, Result.TableMove)
// and plays the oracle's best move, unless that move would end the game
// by repetition, in which case the search's choice stands. Oracle values ignore
// repetition with the game's earlier history (docs/TABLEBASE.md says where
// that is exact for Surakarta's tables); a repetition reached inside the
// tree is still adjudicated first.

// exactProof returns the proof of an exact value for the side to move.
func exactProof(e game.Exact) Proof {
	switch {
	case e.Score > 0:
		return ProofWin
	case e.Score < 0:
		return ProofLoss
	}
	return ProofDraw
}

// probeLeaf proves nd, a node below the root at w.pos that the rules do
// not end, from the oracle if it covers it; it reports whether it did,
// and the exact value for the player who moved into nd.
func (w *worker[G, P, M]) probeLeaf(nd *node, claimed bool) (float32, bool) {
	o := w.s.oracle
	if o == nil || nd == w.a.node(w.root) {
		return 0, false
	}
	e, ok := o.Probe(&w.pos)
	if !ok {
		return 0, false
	}
	pr := exactProof(e).Flip() // for the player who moved into nd
	if claimed {
		pr = w.setProof(nd, pr, e.Plies)
		atomic.StoreInt32(&nd.first, terminal)
	}
	return float32(pr.Value()), true
}

// tableRoot puts the oracle's verdict on the root into r and its best
// move as r.Best, unless it ends the game by repetition.
func (s *SearcherOf[G, P, M]) tableRoot(r *ResultOf[M]) {
	o := s.oracle
	if o == nil {
		return
	}
	e, best, ok := o.Best(&s.rootPos)
	if !ok || best == game.NoMove[M]() {
		return
	}
	r.Table, r.TableMove = &e, best
	if s.repeats(best) {
		return
	}
	r.Best = best
	if len(r.PV) == 0 || r.PV[0] != best {
		r.PV = []M{best}
	}
}

// repeats reports whether playing m at the root ends the game by
// repetition (the game's history since its last irreversible move
// counted): the position it leads to is over with its occurrences counted
// and would not be over were it new.
func (s *SearcherOf[G, P, M]) repeats(m M) bool {
	g := s.cfg.Rules
	child := &s.main.ppos // scratch: a local would escape (see search)
	*child = s.rootPos
	key, irreversible := g.Apply(child, m)
	if irreversible {
		return false
	}
	n := 1
	for _, h := range s.history {
		if h == key {
			n++
		}
	}
	return n > 1 && g.Judge(child, true, n).IsTerminal() && !g.Judge(child, true, 1).IsTerminal()
}
