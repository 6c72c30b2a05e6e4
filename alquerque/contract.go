package alquerque

import (
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Rules are the settings of a game of Alquerque, Surakarta's settings
// (rules.Rules: variant, no-capture limit, repetition, no-moves) with the
// same meaning, and Alquerque's game.Game: the game under these settings.
// Its methods are the contract's; each calls the piece of this package
// that does the job. Rules also implements game.Forcing (captures) and
// game.Decisive (captures that take every enemy piece left); a Game is
// a game.Record.
type Rules rules.Rules

var _ interface {
	game.Game[Position, Code]
	game.Forcing[Position, Code]
	game.Decisive[Position, Code]
} = Rules{}

// A Game is the contract's record of a game in progress.
var _ game.Record[Rules, Position, Code] = (*Game)(nil)

// DefaultRules returns the defaults: standard variant, 50-ply no-capture
// limit, threefold repetition, no legal move loses.
func DefaultRules() Rules { return Rules(rules.DefaultRules()) }

// ParseRules parses the rules string as rules.ParseRules does.
func ParseRules(s string) (Rules, error) {
	r, err := rules.ParseRules(s)
	return Rules(r), err
}

// String is the rules string, e.g.
// "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss".
func (r Rules) String() string { return rules.Rules(r).String() }

// Validate reports settings out of range.
func (r Rules) Validate() error { return rules.Rules(r).Validate() }

// Bounded is rules.Rules' Bounded: every game ends.
func (r Rules) Bounded() bool { return rules.Rules(r).Bounded() }

// Name is "alquerque".
func (Rules) Name() string { return "alquerque" }

// Start returns the starting position (Start).
func (Rules) Start() Position { return Start() }

// MaxMoves is MaxMoves.
func (Rules) MaxMoves() int { return MaxMoves }

// Moves lists p's legal moves as codes, in GenerateMoves' order.
func (Rules) Moves(p *Position, buf []Code) []Code {
	var moves [MaxMoves]Move
	return p.codes(p.GenerateMoves(moves[:0]), buf[:0])
}

// Apply plays the move coded m on p; a capture is irreversible.
func (Rules) Apply(p *Position, m Code) (uint64, bool) {
	*p = p.Apply(p.Decode(m))
	return p.hash, m.IsCapture()
}

// Key is p.Hash().
func (Rules) Key(p *Position) uint64 { return p.hash }

// ToMove returns the side to move: White moves first.
func (Rules) ToMove(p *Position) game.Player { return game.Player(p.side) }

// Judge is r.Ending in the contract's terms.
func (r Rules) Judge(p *Position, hasMoves bool, occurrences int) game.Outcome {
	return r.Ending(p, hasMoves, occurrences).Game()
}

// ReasonName returns rules.Reason(r)'s name: Alquerque's endings are
// Surakarta's, by the same numbers and names.
func (Rules) ReasonName(r game.Reason) string { return rules.Reason(r).String() }

// PlayerName returns "white" for game.First and "black" for game.Second.
func (Rules) PlayerName(pl game.Player) string { return Color(pl & 1).String() }

// ParsePosition is ParsePosition.
func (Rules) ParsePosition(s string) (Position, error) { return ParsePosition(s) }

// FormatPosition is p.Text().
func (Rules) FormatPosition(p *Position) string { return p.Text() }

// ParseMove parses any path of a legal move of p (ParseMove) and returns
// its code.
func (Rules) ParseMove(p *Position, s string) (Code, error) {
	m, err := ParseMove(p, s)
	if err != nil {
		return 0, err
	}
	return p.Encode(m), nil
}

// FormatMove writes the move coded m by its canonical path.
func (Rules) FormatMove(p *Position, m Code) string { return p.MoveString(p.Decode(m)) }

// Symmetries is len(Symmetries): t is a Symmetry.
func (Rules) Symmetries() int { return len(Symmetries) }

// SymmetryName is Symmetry(t).String().
func (Rules) SymmetryName(t int) string { return Symmetry(t).String() }

// MapPosition is Symmetry(t).Position(p).
func (Rules) MapPosition(t int, p *Position) Position { return Symmetry(t).Position(p) }

// MapMove returns the code in the image of p of the image of the move
// coded m.
func (Rules) MapMove(t int, p *Position, m Code) Code {
	if m == 0 {
		return 0
	}
	q := Symmetry(t).Position(p)
	return q.Encode(Symmetry(t).Move(p.Decode(m)))
}

// SwapsPlayers is Symmetry(t).SwapsColors().
func (Rules) SwapsPlayers(t int) bool { return Symmetry(t).SwapsColors() }

// KeepsOrder reports whether t is Identity or Turn: move generation lists
// Black's moves as White's on the board turned round (the side to move's
// frame), so Turn keeps the order.
func (Rules) KeepsOrder(t int) bool { return Symmetry(t) == Identity || Symmetry(t) == Turn }

// ForcingMoves returns the captures among moves, in their order: all of
// them or none, captures being compulsory.
func (Rules) ForcingMoves(_ *Position, moves []Code, buf []Code) []Code {
	if len(moves) > 0 && moves[0].IsCapture() {
		return append(buf[:0], moves...)
	}
	return buf[:0]
}

// Decisive reports whether the side to move must capture: only then may a
// move take every enemy piece left.
func (Rules) Decisive(p *Position) bool { return p.MustCapture() }

// WinsAtOnce reports whether the move coded m captures every enemy piece
// left (its code says so).
func (Rules) WinsAtOnce(_ *Position, m Code) bool { return m.WinsAtOnce() }
