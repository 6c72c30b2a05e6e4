package mcts

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Endgame tables in the search (Settings.Tablebase). Below the root, a
// node whose position the tables cover and the rules do not end is proven
// at its first visit with the tables' result and distance (setProof), and
// stays a leaf: the solver propagates the proof like its own, so a search
// above table positions proves its root exactly, with distances. A root the
// tables cover is searched as usual (its children are table positions, so
// the search proves it within a few simulations), and its Result carries
// the tables' verdict (Result.Table) and plays the tables' best move,
// unless that move would end the game by repetition, in which case the
// search's choice stands. Table values ignore repetition with the game's
// earlier history (docs/TABLEBASE.md says where that is exact); a
// repetition reached inside the tree is still adjudicated first.
//
// Tables are opened once per directory and rules for the process and
// shared by every searcher (they are read-only and safe for concurrent
// use); opening loads and verifies every file, so a probe in a search
// never fails.

type tablesKey struct {
	dir   string
	rules rules.Rules
}

var openTables = struct {
	sync.Mutex
	m map[tablesKey]*tablebase.Tables
}{m: map[tablesKey]*tablebase.Tables{}}

// loadTables returns the tables of dir for r, opened and loaded once.
func loadTables(dir string, r rules.Rules) (*tablebase.Tables, error) {
	openTables.Lock()
	defer openTables.Unlock()
	k := tablesKey{dir, r}
	if t := openTables.m[k]; t != nil {
		return t, nil
	}
	t, err := tablebase.Open(dir, r)
	if err == nil {
		err = t.LoadAll()
	}
	if err != nil {
		return nil, fmt.Errorf("--tablebase %s: %w", dir, err)
	}
	openTables.m[k] = t
	return t, nil
}

// TableVerdict is what the endgame tables say of a root position: the
// result for its side to move (ProofWin, ProofLoss or ProofDraw), the
// plies to the end under best play and the tables' best move.
type TableVerdict struct {
	Proof    Proof
	Distance int
	Move     rules.Move
}

// tableProof returns the proof of a table entry for the side to move.
func tableProof(e tablebase.Entry) Proof {
	switch e.Result {
	case tablebase.Win:
		return ProofWin
	case tablebase.Loss:
		return ProofLoss
	}
	return ProofDraw
}

// probeLeaf proves nd, a node below the root at w.pos that the rules do
// not end, from the tables if they cover it; it reports whether they did,
// and the exact value for the player who moved into nd.
func (w *worker) probeLeaf(nd *node, claimed bool) (float32, bool) {
	t := w.s.tables
	if t == nil || !t.Covers(&w.pos) || nd == w.a.node(w.root) {
		return 0, false
	}
	e, ok, err := t.Probe(&w.pos)
	if !ok || err != nil { // err: not after LoadAll
		return 0, false
	}
	pr := tableProof(e).Flip() // for the player who moved into nd
	if claimed {
		pr = w.setProof(nd, pr, e.Plies)
		atomic.StoreInt32(&nd.first, terminal)
	}
	return float32(pr.Value()), true
}

// tableRoot puts the tables' verdict on the root into r and their best
// move as r.Best, unless it ends the game by repetition.
func (s *Searcher) tableRoot(r *Result) {
	t := s.tables
	if t == nil || !t.Covers(&s.rootPos) {
		return
	}
	e, best, ok, err := t.Best(&s.rootPos)
	if !ok || err != nil || best == rules.NoMove {
		return
	}
	v := &TableVerdict{Proof: tableProof(e), Distance: e.Plies, Move: best}
	r.Table = v
	if s.repeats(best) {
		return
	}
	r.Best = best
	if len(r.PV) == 0 || r.PV[0] != best {
		r.PV = []rules.Move{best}
	}
}

// repeats reports whether playing m at the root ends the game by
// repetition (the game's history since its last capture counted).
func (s *Searcher) repeats(m rules.Move) bool {
	if s.cfg.Rules.Repetition == 0 || m.IsCapture() {
		return false
	}
	child := s.rootPos.Apply(m)
	n := 1
	for _, h := range s.history {
		if h == child.Hash() {
			n++
		}
	}
	return n >= s.cfg.Rules.Repetition
}
