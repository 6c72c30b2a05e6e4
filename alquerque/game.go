package alquerque

import (
	"slices"

	"github.com/surakarta/surakarta/game"
)

// Game is a game in progress: the rules, the position, the moves played
// and the history needed for repetition, on top of the raw Position, as
// rules.Game is for Surakarta; Rules, Start, Position, Ply, Outcome and
// Occurrences (how often the current board with the current side to move
// has occurred since the last capture, the current position included) are
// its game.Course's.
type Game struct {
	course
	codes []Code // moves as the contract codes them, each in its position
}

// course is a Game's game.Course: whole boards as the keys a repetition
// compares.
type course = game.Course[Rules, Position, Move, boardKey, Outcome]

// boardKey is what a repetition compares: the board and the side to move.
type boardKey struct {
	pieces [2]Bitboard
	side   Color
}

func keyOf(p *Position) boardKey { return boardKey{p.pieces, p.side} }

// NewGame starts a game under r from start, adjudicating start itself (a
// position without pieces or moves for the side to move is already over).
func NewGame(r Rules, start Position) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if start.moveNumber == 0 {
		return nil, errorf("start position has move number 0: build positions with Start, ParsePosition or NewPosition")
	}
	return newGame(r, start), nil
}

// newGame is NewGame for rules and a start known to be valid.
func newGame(r Rules, start Position) *Game {
	g := &Game{}
	game.Begin(&g.course, r, start, keyOf(&start))
	game.Settle(&g.course, r.Adjudicate(&start, 1))
	return g
}

// Moves returns the moves played so far as codes, each in the position it
// was played from (game.Record's moves); the caller must not modify it.
func (g *Game) Moves() []Code { return g.codes }

// Played returns the moves played so far; the caller must not modify it.
func (g *Game) Played() []Move { return g.course.Moves() }

// IsTerminal reports whether the game is over.
func (g *Game) IsTerminal() bool { return g.Outcome().IsTerminal() }

// CurrentPlayer returns the side to move.
func (g *Game) CurrentPlayer() Color { return g.cur().side }

// cur is the current position itself, which Position copies.
func (g *Game) cur() *Position { return game.Current(&g.course) }

// Returns gives each player's value, +1/0/-1, indexed by Color.
func (g *Game) Returns() [2]float64 { return g.Outcome().Returns() }

// History returns the hashes of the positions since the last capture,
// oldest first, the current one last; searches use them to detect
// repetitions that span the game and the search path.
func (g *Game) History(dst []uint64) []uint64 {
	dst = dst[:0]
	for _, k := range g.Keys() {
		p := Position{pieces: k.pieces, side: k.side}
		dst = append(dst, p.computeHash())
	}
	return dst
}

// LegalMoves appends the legal moves to buf[:0]; none once the game is
// over.
func (g *Game) LegalMoves(buf []Move) []Move {
	if g.IsTerminal() {
		return buf[:0]
	}
	return g.cur().GenerateMoves(buf)
}

// Play plays m, which must be legal, and adjudicates the new position.
func (g *Game) Play(m Move) error {
	if g.IsTerminal() {
		return errorf("game is over (%v): no more moves", g.Outcome())
	}
	if !g.cur().IsLegal(m) {
		return errorf("illegal move %v in %v", m, g.cur().Text())
	}
	g.play(m)
	return nil
}

// play plays m, a legal move of a game not over, and adjudicates the new
// position.
func (g *Game) play(m Move) {
	p := g.cur()
	g.codes = append(g.codes, p.Encode(m))
	*p = p.Apply(m)
	n := game.Advance(&g.course, m, keyOf(p), m.IsCapture())
	game.Settle(&g.course, g.Rules().Adjudicate(p, n))
}

// PlayCode plays the move coded c (a search's choice), which must be
// legal, and adjudicates the new position.
func (g *Game) PlayCode(c Code) error {
	p := g.cur()
	m := p.Decode(c)
	if m == NoMove {
		return errorf("move code %#x codes no legal move in %v", uint16(c), p.Text())
	}
	return g.Play(m)
}

// PlayString parses a move in notation, plays it and returns it.
func (g *Game) PlayString(s string) (Move, error) {
	if g.IsTerminal() {
		return NoMove, errorf("game is over (%v): no more moves", g.Outcome())
	}
	m, err := ParseMove(g.cur(), s)
	if err != nil {
		return NoMove, err
	}
	g.play(m)
	return m, nil
}

// Clone returns an independent copy of g.
func (g *Game) Clone() *Game {
	return &Game{course: g.course.Clone(), codes: slices.Clone(g.codes)}
}
