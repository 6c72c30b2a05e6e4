package mcts

// push records the position with key h, reached by an irreversible move
// (a capture) or not: what game.Game.Apply returns.
func (w *worker[G, P, M]) push(h uint64, irreversible bool) {
	if irreversible {
		w.since, w.filter = len(w.hashes), 0
	}
	bit := uint64(1) << (h & 63)
	w.maybeRep = w.filter&bit != 0
	w.filter |= bit
	w.hashes = append(w.hashes, h)
}

// occurrences counts the last position pushed among those since the last
// capture, itself included.
func (w *worker[G, P, M]) occurrences() int {
	if !w.maybeRep {
		return 1
	}
	hs := w.hashes[w.since:]
	h := hs[len(hs)-1]
	n := 0
	for _, x := range hs {
		if x == h {
			n++
		}
	}
	return n
}
