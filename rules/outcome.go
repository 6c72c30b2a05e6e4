package rules

// Result is who won, if anyone.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota
	RedWins
	BlackWins
	Draw
)

// String returns "ongoing", "red", "black" or "draw".
func (r Result) String() string {
	return [...]string{"ongoing", "red", "black", "draw"}[r&3]
}

// WinFor returns the Result in which c wins.
func WinFor(c Color) Result { return RedWins + Result(c) }

// Reason is why a game ended.
type Reason uint8

// The endings of RULES.md, in the order they are checked.
const (
	NotOver Reason = iota
	CaptureAll
	NoMoves
	NoCaptureLimit
	RepetitionEnding
)

var reasonNames = [...]string{"", "capture-all", "no-moves", "no-capture-limit", "repetition"}

// String returns the reason's name: capture-all, no-moves, no-capture-limit
// or repetition ("" while the game is on).
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "?"
}

// ParseReason parses a reason's name.
func ParseReason(s string) (Reason, error) {
	for i, n := range reasonNames[1:] {
		if s == n {
			return Reason(i + 1), nil
		}
	}
	return NotOver, errorf("bad ending reason %q: want capture-all, no-moves, no-capture-limit or repetition", s)
}

// Outcome is the state of a game: ongoing, or a result and its reason.
type Outcome struct {
	Result Result
	Reason Reason
}

// IsTerminal reports whether the game is over.
func (o Outcome) IsTerminal() bool { return o.Result != Ongoing }

// String returns "ongoing", "red wins (REASON)", "black wins (REASON)" or
// "draw (REASON)".
func (o Outcome) String() string {
	switch o.Result {
	case RedWins:
		return "red wins (" + o.Reason.String() + ")"
	case BlackWins:
		return "black wins (" + o.Reason.String() + ")"
	case Draw:
		return "draw (" + o.Reason.String() + ")"
	}
	return "ongoing"
}

// Return returns the game's value for c: +1 win, 0 draw or ongoing, -1 loss.
func (o Outcome) Return(c Color) float64 {
	switch o.Result {
	case RedWins, BlackWins:
		if o.Result == WinFor(c) {
			return 1
		}
		return -1
	}
	return 0
}

// Returns gives the value for each player, indexed by Color (OpenSpiel's
// returns vector).
func (o Outcome) Returns() [2]float64 { return [2]float64{o.Return(Red), o.Return(Black)} }

// Adjudicate returns the outcome of p, a position reached in a game under r
// (or its first position), whose board and side to move have now occurred
// occurrences times (counting p itself), by Ending.
func (r Rules) Adjudicate(p *Position, occurrences int) Outcome {
	return r.Ending(p, p.HasMoves(), occurrences)
}

// Ending is the one definition of the endings and of the order they are
// checked in (RULES.md): all captured (a side without pieces has lost,
// whoever is to move), no legal move, no-capture limit, repetition. It is
// Adjudicate for a caller that knows already whether p's side to move has a
// legal move (hasMoves; a search that has generated the moves) and has
// counted occurrences as Adjudicate does.
func (r Rules) Ending(p *Position, hasMoves bool, occurrences int) Outcome {
	if reason := r.reason(p, hasMoves, occurrences); reason != NotOver {
		return r.Score(p, reason)
	}
	return Outcome{}
}

// reason returns why p's game is over (Ending's arguments), NotOver while
// it goes on: the endings in the order they are checked. It is small
// enough to be inlined, so that the contract's Judge, which a search calls
// at every node and playout ply, scores only the positions that are over.
func (r Rules) reason(p *Position, hasMoves bool, occurrences int) Reason {
	switch {
	case p.pieces[0] == 0 || p.pieces[1] == 0:
		return CaptureAll
	case !hasMoves:
		return NoMoves
	case r.NoCaptureLimit > 0 && int(p.noCapture) >= r.NoCaptureLimit:
		return NoCaptureLimit
	case r.Repetition > 0 && occurrences >= r.Repetition:
		return RepetitionEnding
	}
	return NotOver
}

// CaptureWins reports whether every capture the side to move has wins the
// game at once: the opponent has a single piece left, so a capture takes
// its last piece, which ends the game for the capturer under every Rules
// (CaptureAll, first among the endings). A search can so prove those
// captures won without playing them.
func (p *Position) CaptureWins() bool { return p.pieces[p.side.Other()].Count() == 1 }

// Score returns the outcome of the no-capture-limit or repetition ending in
// p under r's variant: a draw in Standard, the side with more pieces in
// Majority (equal counts draw). For the other reasons the variant changes
// nothing and Score returns what Adjudicate would.
func (r Rules) Score(p *Position, reason Reason) Outcome {
	switch reason {
	case NoCaptureLimit, RepetitionEnding:
		if r.Variant == Majority {
			red, black := p.Count(Red), p.Count(Black)
			switch {
			case red > black:
				return Outcome{RedWins, reason}
			case black > red:
				return Outcome{BlackWins, reason}
			}
		}
		return Outcome{Draw, reason}
	case CaptureAll:
		// The side with pieces left has won. In a game it is the side that
		// just moved; a position given with the side to move as the only
		// one left (a FEN, say) is over too.
		if p.pieces[p.SideToMove()] == 0 {
			return Outcome{WinFor(p.SideToMove().Other()), reason}
		}
		return Outcome{WinFor(p.SideToMove()), reason}
	case NoMoves:
		if r.NoMoves == NoMovesDraw {
			return Outcome{Draw, reason}
		}
		return Outcome{WinFor(p.SideToMove().Other()), reason}
	}
	return Outcome{}
}

// MajorityWinner returns how the majority variant scores a game that ended
// in final with outcome out under r: the no-capture-limit and repetition
// endings go to the side with more pieces; the others stand.
func MajorityWinner(r Rules, final *Position, out Outcome) Result {
	m := r
	m.Variant = Majority
	return m.Score(final, out.Reason).Result
}
