package mcts

import "github.com/surakarta/surakarta/rules"

// status adjudicates p, the position after the last push, in the order of
// RULES.md. It returns whether the game is over there and, if so, the result
// for the player who moved into p; else p's legal moves (in w.moves).
func (w *worker) status(p *rules.Position) (Proof, bool, []rules.Move) {
	r := &w.rules
	if p.Pieces(p.SideToMove()) == 0 {
		return ProofWin, true, nil
	}
	moves := p.GenerateMoves(w.moves[:0])
	if len(moves) == 0 {
		if r.NoMoves == rules.NoMovesDraw {
			return ProofDraw, true, nil
		}
		return ProofWin, true, nil
	}
	if r.NoCaptureLimit > 0 && p.NoCapturePlies() >= r.NoCaptureLimit {
		return scoreProof(r, p, rules.NoCaptureLimit), true, nil
	}
	if r.Repetition > 0 && w.maybeRep && w.occurrences() >= r.Repetition {
		return scoreProof(r, p, rules.RepetitionEnding), true, nil
	}
	return ProofNone, false, moves
}

// scoreProof returns the result of a limit or repetition ending at p for the
// player who moved into p.
func scoreProof(r *rules.Rules, p *rules.Position, reason rules.Reason) Proof {
	switch r.Score(p, reason).Return(p.SideToMove().Other()) {
	case 1:
		return ProofWin
	case -1:
		return ProofLoss
	}
	return ProofDraw
}
