package alquerque

// Symmetry is a map of positions onto positions that carries the rules
// onto themselves: one of the eight symmetries of the square board,
// optionally with the colours swapped. Every one of the eight keeps the
// pattern of diagonals (they pass through the points whose file + rank is
// even, and each of the eight keeps that parity, the board's side being
// even), and nothing in the rules tells the colours apart but who is to
// move, pieces moving and capturing the same way in every direction: so
// all sixteen preserve the legal moves, their images being the moves of
// the image. The start's board is kept only by Identity and Turn.
//
// Bits 0-2 are the square symmetry (Geometry), bit 3 the colour swap.
type Symmetry uint8

// The square symmetries, and the colour swap that may be added to each.
const (
	// Identity maps everything onto itself.
	Identity Symmetry = iota
	// Rotate90 turns the board a quarter counter-clockwise: a1 → e1.
	Rotate90
	// Rotate180 turns the board through 180°: a1 ↔ e5.
	Rotate180
	// Rotate270 turns the board a quarter clockwise: a1 → a5.
	Rotate270
	// MirrorFiles reflects the board left to right: a ↔ e.
	MirrorFiles
	// MirrorRanks reflects the board top to bottom: 1 ↔ 5.
	MirrorRanks
	// Diagonal reflects the board in the a1-e5 diagonal: b1 ↔ a2.
	Diagonal
	// AntiDiagonal reflects the board in the a5-e1 diagonal: a1 ↔ e5, b1 ↔ e4.
	AntiDiagonal

	// SwapColors, added to a square symmetry, also exchanges White and
	// Black (the pieces and the side to move).
	SwapColors Symmetry = 8

	// Turn turns the board through 180° and swaps the colours: it maps a
	// White-to-move position onto a Black-to-move one with the same game
	// ahead, and the start's board onto itself. GenerateMoves lists
	// Black's moves in Turn's frame.
	Turn = Rotate180 | SwapColors
)

// Symmetries lists all sixteen, Identity first.
var Symmetries = func() (s [16]Symmetry) {
	for i := range s {
		s[i] = Symmetry(i)
	}
	return s
}()

var geometryNames = [8]string{"identity", "rotate-90", "rotate-180", "rotate-270", "mirror-files", "mirror-ranks", "diagonal", "anti-diagonal"}

// String returns the symmetry's name: the square symmetry's, followed by
// "+swap" when it swaps the colours ("rotate-180+swap" is Turn).
func (t Symmetry) String() string {
	if t >= 16 {
		return "Symmetry(?)"
	}
	if t.SwapsColors() {
		return geometryNames[t&7] + "+swap"
	}
	return geometryNames[t&7]
}

// Geometry returns t's square symmetry, without the colour swap.
func (t Symmetry) Geometry() Symmetry { return t & 7 }

// SwapsColors reports whether t exchanges White and Black.
func (t Symmetry) SwapsColors() bool { return t&SwapColors != 0 }

// Color returns the image of c.
func (t Symmetry) Color(c Color) Color {
	if t.SwapsColors() {
		return c.Other()
	}
	return c
}

// Point returns the image of s; NoPoint maps to itself.
func (t Symmetry) Point(s Point) Point {
	if s >= NumPoints {
		return s
	}
	return symPoints[t&7][s]
}

// symPoints[g][s] is the image of s under square symmetry g.
var symPoints = func() (t [8][NumPoints]Point) {
	for s := Point(0); s < NumPoints; s++ {
		f, r := s.File(), s.Rank()
		for g, fr := range [8][2]int{{f, r}, {4 - r, f}, {4 - f, 4 - r}, {r, 4 - f}, {4 - f, r}, {f, 4 - r}, {r, f}, {4 - r, 4 - f}} {
			t[g][s] = MakePoint(fr[0], fr[1])
		}
	}
	return t
}()

// Bitboard returns the image of the points of b.
func (t Symmetry) Bitboard(b Bitboard) Bitboard {
	switch t & 7 {
	case Identity:
		return b & BoardMask
	case Rotate180:
		return rotate(b & BoardMask)
	}
	var out Bitboard
	for b &= BoardMask; b != 0; {
		out |= symPoints[t&7][b.PopFirst()].Bit()
	}
	return out
}

// Move returns the image of m; NoMove maps to itself.
func (t Symmetry) Move(m Move) Move {
	if m == NoMove {
		return m
	}
	return NewMove(t.Point(m.From()), t.Point(m.To()), t.Bitboard(m.Captured()))
}

// Position returns the image of p: pieces mapped (and exchanged when t
// swaps colours), the side to move mapped, the counters kept.
func (t Symmetry) Position(p *Position) Position {
	white, black := t.Bitboard(p.pieces[White]), t.Bitboard(p.pieces[Black])
	if t.SwapsColors() {
		white, black = black, white
	}
	q := Position{pieces: [2]Bitboard{white, black}, side: t.Color(p.side), noCapture: p.noCapture, moveNumber: p.moveNumber}
	q.hash = q.computeHash()
	return q
}

// Game returns the image of g: its start and every move played mapped,
// replayed under g's rules, so that the history is mapped too.
func (t Symmetry) Game(g *Game) *Game {
	start := g.Start()
	m := newGame(g.Rules(), t.Position(&start))
	for _, mv := range g.Played() {
		m.play(t.Move(mv))
	}
	return m
}
