package mcts

import "github.com/surakarta/surakarta/rules"

// playout plays w.pos (not over; moves are its legal moves) out with the
// capture-aware random policy and returns the value for its side to move.
func (w *worker) playout(moves []rules.Move) float32 {
	w.ppos = w.pos
	p := &w.ppos
	stm := p.SideToMove()
	for range w.plies {
		m := w.playoutMove(moves)
		*p = p.Apply(m)
		w.push(p.Hash(), m.IsCapture())
		pr, over, next := w.status(p)
		if over {
			v := float32(pr.Value()) // for the player who moved into p
			if p.SideToMove() == stm {
				v = -v
			}
			return v
		}
		moves = next
	}
	v, _ := w.ev.Evaluate(p, moves, nil)
	v = clampValue(v)
	if p.SideToMove() != stm {
		v = -v
	}
	return v
}

// playoutMove takes a uniformly chosen capture with probability capProb
// when there is one, else a uniformly chosen move.
func (w *worker) playoutMove(moves []rules.Move) rules.Move {
	if w.capProb > 0 && (w.capProb >= 1 || w.rng.Float64() < w.capProb) {
		// Branch-free compaction of the captures (see CaptureBit).
		n := 0
		for _, m := range moves {
			w.caps[n] = m
			n += m.CaptureBit()
		}
		if n > 0 {
			return w.caps[w.rng.IntN(n)]
		}
	}
	return moves[w.rng.IntN(len(moves))]
}
