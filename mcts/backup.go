package mcts

import "sync/atomic"

// visit counts a simulation entering nd; in tree-parallel search it also
// adds a virtual loss, undone by addValue.
func (w *worker[G, P, M]) visit(nd *node) {
	if w.shared {
		atomic.AddInt32(&nd.n, 1)
		atomic.AddInt64(&nd.w, -valueScale)
		return
	}
	nd.n++
}

func (w *worker[G, P, M]) addValue(nd *node, v float32) {
	x := int64(v * valueScale)
	if w.shared {
		atomic.AddInt64(&nd.w, x+valueScale)
		return
	}
	nd.w += x
}

// backup adds v, the value for the player who moved into the last node of
// the path, along the path, flipping sides at each step. While the solver
// proves nodes on the way up (proven: the last node's value is exact), the
// exact values replace the estimate.
func (w *worker[G, P, M]) backup(v float32, proven bool) {
	a := w.a
	path := w.path
	for i := len(path) - 1; i >= 0; i-- {
		switch {
		case i == 0 && w.shared:
			w.rootW += int64(v * valueScale)
		case w.pathPending[i].sl != nil:
			p := w.pathPending[i]
			p.sl.w[p.k] += int64(v * valueScale)
		default:
			w.addValue(a.node(path[i]), v)
		}
		if proven && i > 0 {
			if pr := w.prove(a.node(path[i-1])); pr != ProofNone {
				v = -float32(pr.Value())
			} else {
				proven = false
			}
		}
		v = -v
	}
}
