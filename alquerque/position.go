package alquerque

// Position is a board with its side to move and counters, a small value
// type: copy it freely. The zero Position is an empty board with White to
// move and move number 0, which is not a valid game position; use Start or
// ParsePosition.
type Position struct {
	pieces     [2]Bitboard
	hash       uint64
	noCapture  uint16
	moveNumber uint16
	side       Color
}

// MaxPieces is the most pieces a side may have: the twelve it starts with.
const MaxPieces = 12

// MaxMoveNumber is the largest move number a Position can hold.
const MaxMoveNumber = 1<<16 - 1

// MaxNoCapture is the largest no-capture ply count a Position can hold.
const MaxNoCapture = 1<<16 - 1

// StartText is the starting position in the position text.
const StartText = "bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1"

// Start returns the starting position: White on ranks 1-2, d3 and e3,
// Black on ranks 4-5, a3 and b3, c3 empty, White to move.
func Start() Position {
	white := rank1 | rank2 | MakePoint(3, 2).Bit() | MakePoint(4, 2).Bit()
	black := rank4 | rank5 | MakePoint(0, 2).Bit() | MakePoint(1, 2).Bit()
	p, err := NewPosition(white, black, White, 0, 1)
	if err != nil {
		panic("alquerque: " + err.Error())
	}
	return p
}

// NewPosition builds a position from its parts, checking that the pieces
// fit the board, do not overlap and number at most MaxPieces a side, and
// that the counters are in range.
func NewPosition(white, black Bitboard, side Color, noCapture, moveNumber int) (Position, error) {
	switch {
	case (white|black)&^BoardMask != 0:
		return Position{}, errorf("pieces off the board: only the low 25 bits are points")
	case white&black != 0:
		return Position{}, errorf("white and black share a point")
	case white.Count() > MaxPieces:
		return Position{}, errorf("white has %d pieces: at most %d", white.Count(), MaxPieces)
	case black.Count() > MaxPieces:
		return Position{}, errorf("black has %d pieces: at most %d", black.Count(), MaxPieces)
	case side > Black:
		return Position{}, errorf("bad side to move")
	case noCapture < 0 || noCapture > MaxNoCapture:
		return Position{}, errorf("no-capture ply count %d out of range 0..%d", noCapture, MaxNoCapture)
	case moveNumber < 1 || moveNumber > MaxMoveNumber:
		return Position{}, errorf("move number %d out of range 1..%d", moveNumber, MaxMoveNumber)
	}
	p := Position{pieces: [2]Bitboard{white, black}, side: side, noCapture: uint16(noCapture), moveNumber: uint16(moveNumber)}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for c := range 2 {
		for b := p.pieces[c]; b != 0; {
			h ^= zobristPiece[c][b.PopFirst()]
		}
	}
	if p.side == Black {
		h ^= zobristBlack
	}
	return h
}

// Pieces returns the points held by c.
func (p *Position) Pieces(c Color) Bitboard { return p.pieces[c] }

// Occupied returns the points holding a piece of either side.
func (p *Position) Occupied() Bitboard { return p.pieces[White] | p.pieces[Black] }

// Count returns how many pieces c has.
func (p *Position) Count(c Color) int { return p.pieces[c].Count() }

// SideToMove returns the side whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// NoCapturePlies returns the number of consecutive plies played without a
// capture.
func (p *Position) NoCapturePlies() int { return int(p.noCapture) }

// MoveNumber returns the move number: 1 at the start, incremented after
// Black moves.
func (p *Position) MoveNumber() int { return int(p.moveNumber) }

// Hash returns the Zobrist key of the board and side to move (not the
// counters): two positions that count as a repetition have equal hashes.
func (p *Position) Hash() uint64 { return p.hash }

// At returns the colour on s and whether s is occupied.
func (p *Position) At(s Point) (Color, bool) {
	switch {
	case p.pieces[White].Has(s):
		return White, true
	case p.pieces[Black].Has(s):
		return Black, true
	}
	return 0, false
}

// WithSideToMove returns p with c to move, hash updated.
func (p Position) WithSideToMove(c Color) Position {
	if c != p.side {
		p.side = c
		p.hash ^= zobristBlack
	}
	return p
}

// Apply returns the position after m. m must be legal in p (from
// GenerateMoves or ParseMove); Apply does not check it. A capture removes
// the captured pieces and resets the no-capture count.
func (p Position) Apply(m Move) Position {
	us := p.side
	them := us ^ 1
	from, to, captured := m.From(), m.To(), m.Captured()
	p.pieces[us] = p.pieces[us]&^from.Bit() | to.Bit()
	p.pieces[them] &^= captured
	p.hash ^= zobristPiece[us][from] ^ zobristPiece[us][to] ^ zobristBlack
	for c := captured; c != 0; {
		p.hash ^= zobristPiece[them][c.PopFirst()]
	}
	switch {
	case captured != 0:
		p.noCapture = 0
	case p.noCapture < MaxNoCapture:
		p.noCapture++
	}
	if us == Black && p.moveNumber < MaxMoveNumber {
		p.moveNumber++
	}
	p.side = them
	return p
}
