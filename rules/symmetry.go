package rules

import "math/bits"

// Symmetry is a map of the board onto itself that carries the rules onto
// themselves: the two circuits and their loops, and the starting array with
// the colours swapped where the map turns Red's side into Black's. Analysing
// a position or its image must give the same answer, mapped; the search is
// exact under Rotate and unbiased under the reflections (package mcts).
type Symmetry uint8

// The symmetries used to check that nothing prefers a colour or a side of
// the board.
const (
	// Identity maps everything onto itself.
	Identity Symmetry = iota
	// Rotate turns the board through 180° and swaps the colours (a1 ↔ f6,
	// Red ↔ Black): it maps a Red-to-move position onto a Black-to-move one
	// with the same game ahead, and the start's board onto itself.
	Rotate
	// MirrorFiles reflects the board left to right (a ↔ f), colours kept.
	MirrorFiles
	// MirrorRanks reflects the board top to bottom (1 ↔ 6) and swaps the
	// colours.
	MirrorRanks
)

// Symmetries lists every Symmetry, Identity first.
var Symmetries = [...]Symmetry{Identity, Rotate, MirrorFiles, MirrorRanks}

// String returns the symmetry's name.
func (t Symmetry) String() string {
	switch t {
	case Identity:
		return "identity"
	case Rotate:
		return "rotate"
	case MirrorFiles:
		return "mirror-files"
	case MirrorRanks:
		return "mirror-ranks"
	}
	return "Symmetry(?)"
}

// SwapsColors reports whether t exchanges Red and Black.
func (t Symmetry) SwapsColors() bool { return t == Rotate || t == MirrorRanks }

// Color returns the image of c: the other colour when t swaps colours.
func (t Symmetry) Color(c Color) Color {
	if t.SwapsColors() {
		return c.Other()
	}
	return c
}

// Square returns the image of s; NoSquare maps to itself.
func (t Symmetry) Square(s Square) Square {
	if s >= NumSquares {
		return s
	}
	switch t {
	case Rotate:
		return NumSquares - 1 - s
	case MirrorFiles:
		return MakeSquare(5-s.File(), s.Rank())
	case MirrorRanks:
		return MakeSquare(s.File(), 5-s.Rank())
	}
	return s
}

// Bitboard returns the image of the squares of b.
func (t Symmetry) Bitboard(b Bitboard) Bitboard {
	switch t {
	case Identity:
		return b
	case Rotate:
		return Bitboard(bits.Reverse64(uint64(b&BoardMask)) >> (64 - NumSquares))
	}
	var out Bitboard
	for b &= BoardMask; b != 0; {
		out |= t.Square(b.PopFirst()).Bit()
	}
	return out
}

// Move returns the image of m, capture flag kept; NoMove maps to itself.
func (t Symmetry) Move(m Move) Move {
	if m == NoMove {
		return m
	}
	return NewMove(t.Square(m.From()), t.Square(m.To()), m.IsCapture())
}

// Position returns the image of p: pieces mapped (and exchanged when t swaps
// colours), the side to move mapped, the counters kept. (The move number
// counts Black's moves, so after a colour swap it is only bookkeeping: no
// rule and no search reads it.)
func (t Symmetry) Position(p *Position) Position {
	red, black := t.Bitboard(p.pieces[Red]), t.Bitboard(p.pieces[Black])
	if t.SwapsColors() {
		red, black = black, red
	}
	q := Position{pieces: [2]Bitboard{red, black}, side: t.Color(p.side), noCapture: p.noCapture, moveNumber: p.moveNumber}
	q.hash = q.computeHash()
	return q
}

// Game returns the image of g: its start position and every move played
// mapped, replayed under g's rules, so that the history (repetitions, the
// no-capture count) is mapped too.
func (t Symmetry) Game(g *Game) *Game {
	start := g.Start()
	m := newGame(g.Rules(), t.Position(&start))
	for _, mv := range g.Moves() {
		m.play(t.Move(mv))
	}
	return m
}
