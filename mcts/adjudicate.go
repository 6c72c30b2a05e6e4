package mcts

// status adjudicates p, the position after the last push, by the game's
// definition of the endings (game.Game.Judge). It returns whether the
// game is over there and, if so, the result for the player who moved into
// p; else p's legal moves (in w.moves). Repetitions are counted only when
// the last push passed the filter (see occurrences).
func (w *worker[G, P, M]) status(p *P) (Proof, bool, []M) {
	moves := w.g.Moves(p, w.moves[:0])
	o := w.g.Judge(p, len(moves) > 0, w.occurrences())
	if !o.IsTerminal() {
		return ProofNone, false, moves
	}
	return proofOf(o.Result.Value(w.g.ToMove(p).Other())), true, nil
}

// proofOf returns the proof of a game's value v for a player: +1 won, -1
// lost, else drawn.
func proofOf(v float64) Proof {
	switch v {
	case 1:
		return ProofWin
	case -1:
		return ProofLoss
	}
	return ProofDraw
}
