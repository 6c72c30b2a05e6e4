package rules

// Position is a board with its side to move and counters, a small value type:
// copy it freely. The zero Position is an empty board with Red to move and
// move number 0, which is not a valid game position; use Start or ParseFEN.
type Position struct {
	pieces     [2]Bitboard
	hash       uint64
	noCapture  uint16
	moveNumber uint16
	side       Color
}

// MaxMoveNumber is the largest move number a Position can hold.
const MaxMoveNumber = 1<<16 - 1

// MaxNoCapture is the largest no-capture ply count a Position can hold.
const MaxNoCapture = 1<<16 - 1

// StartFEN is the starting position.
const StartFEN = "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1"

// Start returns the starting position: Red on ranks 1-2, Black on ranks 5-6,
// Red to move.
func Start() Position {
	p, err := NewPosition(0xFFF, 0xFFF<<24, Red, 0, 1)
	if err != nil {
		panic("rules: " + err.Error())
	}
	return p
}

// NewPosition builds a position from its parts, checking that the pieces
// fit the board, do not overlap and number at most 12 a side, and that the
// counters are in range.
func NewPosition(red, black Bitboard, side Color, noCapture, moveNumber int) (Position, error) {
	switch {
	case (red|black)&^BoardMask != 0:
		return Position{}, errorf("pieces off the board: only the low 36 bits are points")
	case red&black != 0:
		return Position{}, errorf("red and black share a point")
	case red.Count() > 12:
		return Position{}, errorf("red has %d pieces: at most 12", red.Count())
	case black.Count() > 12:
		return Position{}, errorf("black has %d pieces: at most 12", black.Count())
	case side > Black:
		return Position{}, errorf("bad side to move")
	case noCapture < 0 || noCapture > MaxNoCapture:
		return Position{}, errorf("no-capture ply count %d out of range 0..%d", noCapture, MaxNoCapture)
	case moveNumber < 1 || moveNumber > MaxMoveNumber:
		return Position{}, errorf("move number %d out of range 1..%d", moveNumber, MaxMoveNumber)
	}
	p := Position{pieces: [2]Bitboard{red, black}, side: side, noCapture: uint16(noCapture), moveNumber: uint16(moveNumber)}
	p.hash = p.computeHash()
	return p, nil
}

func (p *Position) computeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for b := p.pieces[c]; b != 0; {
			h ^= zobristPiece[c][b.PopFirst()]
		}
	}
	if p.side == Black {
		h ^= zobristBlack
	}
	return h
}

// Pieces returns the squares held by c.
func (p *Position) Pieces(c Color) Bitboard { return p.pieces[c] }

// Red returns Red's squares as a bitboard.
func (p *Position) Red() Bitboard { return p.pieces[Red] }

// Black returns Black's squares as a bitboard.
func (p *Position) Black() Bitboard { return p.pieces[Black] }

// Occupied returns the squares holding a piece of either side.
func (p *Position) Occupied() Bitboard { return p.pieces[Red] | p.pieces[Black] }

// Count returns how many pieces c has.
func (p *Position) Count(c Color) int { return p.pieces[c].Count() }

// SideToMove returns the side whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// NoCapturePlies returns the number of consecutive plies played without a capture.
func (p *Position) NoCapturePlies() int { return int(p.noCapture) }

// MoveNumber returns the move number: 1 at the start, incremented after Black moves.
func (p *Position) MoveNumber() int { return int(p.moveNumber) }

// Hash returns the Zobrist key of the board and side to move (not the
// counters): two positions that count as a repetition have equal hashes.
func (p *Position) Hash() uint64 { return p.hash }

// At returns the color on s and whether s is occupied.
func (p *Position) At(s Square) (Color, bool) {
	switch {
	case p.pieces[Red].Has(s):
		return Red, true
	case p.pieces[Black].Has(s):
		return Black, true
	}
	return 0, false
}

// WithSideToMove returns p with c to move, hash updated; used to ask what the
// other side could do in this position.
func (p Position) WithSideToMove(c Color) Position {
	if c != p.side {
		p.side = c
		p.hash ^= zobristBlack
	}
	return p
}

// Apply returns the position after m. m must be legal in p (from GenerateMoves
// or ParseMove); Apply does not check it. A move onto an opponent's piece
// captures it and resets the no-capture count. It is Rules.Apply, the one
// implementation of a move, on a copy of p.
func (p Position) Apply(m Move) Position {
	Rules{}.Apply(&p, m)
	return p
}
