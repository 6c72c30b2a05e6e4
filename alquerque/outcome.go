package alquerque

import (
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Result is who won, if anyone.
type Result uint8

// The results of a game.
const (
	Ongoing Result = iota
	WhiteWins
	BlackWins
	Draw
)

// String returns "ongoing", "white", "black" or "draw".
func (r Result) String() string {
	return [...]string{"ongoing", "white", "black", "draw"}[r&3]
}

// WinFor returns the Result in which c wins.
func WinFor(c Color) Result { return WhiteWins + Result(c) }

// Outcome is the state of a game: ongoing, or a result and its reason.
// The reasons are Surakarta's (rules.Reason): the same four endings, by
// the same names, so that datasets and reports read them alike.
type Outcome struct {
	Result Result
	Reason rules.Reason
}

// IsTerminal reports whether the game is over.
func (o Outcome) IsTerminal() bool { return o.Result != Ongoing }

// String returns "ongoing", "white wins (REASON)", "black wins (REASON)"
// or "draw (REASON)".
func (o Outcome) String() string {
	switch o.Result {
	case WhiteWins, BlackWins:
		return o.Result.String() + " wins (" + o.Reason.String() + ")"
	case Draw:
		return "draw (" + o.Reason.String() + ")"
	}
	return "ongoing"
}

// Return returns the game's value for c: +1 win, 0 draw or ongoing, -1
// loss.
func (o Outcome) Return(c Color) float64 {
	switch o.Result {
	case WhiteWins, BlackWins:
		if o.Result == WinFor(c) {
			return 1
		}
		return -1
	}
	return 0
}

// Returns gives the value for each player, indexed by Color.
func (o Outcome) Returns() [2]float64 { return [2]float64{o.Return(White), o.Return(Black)} }

// Game returns o in the contract's terms: White is game.First, and the
// reasons keep their numbers (Rules.ReasonName names them).
func (o Outcome) Game() game.Outcome {
	return game.Outcome{Result: game.Result(o.Result), Reason: game.Reason(o.Reason)}
}

// Adjudicate returns the outcome under r of p, a position reached in a game
// (or its first position), whose board and side to move have now occurred
// occurrences times (counting p itself), by Ending.
func (r Rules) Adjudicate(p *Position, occurrences int) Outcome {
	return r.Ending(p, p.HasMoves(), occurrences)
}

// Ending is the one definition of Alquerque's endings and of the order
// they are checked in (docs/RULES-ALQUERQUE.md), Surakarta's order: all
// captured (a side without pieces has lost, whoever is to move), no legal
// move, no-capture limit, repetition. It is Adjudicate for a caller that
// knows already whether p's side to move has a legal move.
func (r Rules) Ending(p *Position, hasMoves bool, occurrences int) Outcome {
	switch {
	case p.pieces[White] == 0 || p.pieces[Black] == 0:
		return r.Score(p, rules.CaptureAll)
	case !hasMoves:
		return r.Score(p, rules.NoMoves)
	case r.NoCaptureLimit > 0 && p.NoCapturePlies() >= r.NoCaptureLimit:
		return r.Score(p, rules.NoCaptureLimit)
	case r.Repetition > 0 && occurrences >= r.Repetition:
		return r.Score(p, rules.RepetitionEnding)
	}
	return Outcome{}
}

// Score returns the outcome of an ending for reason in p under r: the
// no-capture limit and repetition a draw under the standard variant and a
// win for the side with more pieces under majority (equal counts draw);
// all captured a win for the side with pieces; no legal move a loss for
// the side to move, or a draw under no-moves=draw.
func (r Rules) Score(p *Position, reason rules.Reason) Outcome {
	switch reason {
	case rules.NoCaptureLimit, rules.RepetitionEnding:
		if r.Variant == rules.Majority {
			white, black := p.Count(White), p.Count(Black)
			switch {
			case white > black:
				return Outcome{WhiteWins, reason}
			case black > white:
				return Outcome{BlackWins, reason}
			}
		}
		return Outcome{Draw, reason}
	case rules.CaptureAll:
		if p.pieces[p.side] == 0 {
			return Outcome{WinFor(p.side.Other()), reason}
		}
		return Outcome{WinFor(p.side), reason}
	case rules.NoMoves:
		if r.NoMoves == rules.NoMovesDraw {
			return Outcome{Draw, reason}
		}
		return Outcome{WinFor(p.side.Other()), reason}
	}
	return Outcome{}
}
