package mcts

// playout plays w.pos (not over; moves are its legal moves) out with the
// forcing-aware random policy and returns the value for its side to move.
func (w *worker[G, P, M]) playout(moves []M) float32 {
	w.ppos = w.pos
	p := &w.ppos
	stm := w.g.ToMove(p)
	for range w.plies {
		w.push(w.g.Apply(p, w.playoutMove(p, moves)))
		pr, over, next := w.status(p)
		if over {
			v := float32(pr.Value()) // for the player who moved into p
			if w.g.ToMove(p) == stm {
				v = -v
			}
			return v
		}
		moves = next
	}
	v, _ := w.ev.Evaluate(p, moves, nil)
	v = clampValue(v)
	if w.g.ToMove(p) != stm {
		v = -v
	}
	return v
}

// playoutMove takes a uniformly chosen forcing move (game.Forcing:
// Surakarta's captures) with probability capProb when there is one, else
// a uniformly chosen move. A game without forcing moves draws the
// probability all the same and plays a uniformly chosen move.
func (w *worker[G, P, M]) playoutMove(p *P, moves []M) M {
	if w.capProb > 0 && (w.capProb >= 1 || w.rng.Float64() < w.capProb) && w.forcing != nil {
		if caps := w.forcing.ForcingMoves(p, moves, w.caps[:0]); len(caps) > 0 {
			return caps[w.rng.IntN(len(caps))]
		}
	}
	return moves[w.rng.IntN(len(moves))]
}
