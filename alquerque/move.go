package alquerque

// Move is a move as an integer. Bit layout:
//
//	bits 0-4    from point (0..24)
//	bits 5-9    to point (0..24)
//	bits 10-34  the captured points, a Bitboard (empty for a step)
//
// A move is identified by these three: every path of jumps from the same
// point to the same point over the same pieces is one Move (a capture
// sequence may end where it began, so from == to with captures is a
// move). The zero Move (a1 to a1, nothing captured) is never legal and
// serves as NoMove.
type Move uint64

// NoMove is the zero Move, never legal.
const NoMove Move = 0

// MaxMoves bounds the number of legal moves of any position: a buffer of
// this capacity never grows in GenerateMoves. TestMaxMovesBoundsEveryPosition
// derives it (bound.go's argument).
const MaxMoves = maxMoves

const capturedShift = 10

// NewMove returns the move from one point to another capturing the pieces
// on captured (none for a step).
func NewMove(from, to Point, captured Bitboard) Move {
	return Move(from) | Move(to)<<5 | Move(captured&BoardMask)<<capturedShift
}

// From returns the point the moving piece leaves.
func (m Move) From() Point { return Point(m & 31) }

// To returns the point the moving piece ends on.
func (m Move) To() Point { return Point(m >> 5 & 31) }

// Captured returns the points of the pieces the move captures.
func (m Move) Captured() Bitboard { return Bitboard(m >> capturedShift) }

// IsCapture reports whether m captures.
func (m Move) IsCapture() bool { return m>>capturedShift != 0 }

// Captures returns the number of pieces m captures.
func (m Move) Captures() int { return m.Captured().Count() }

// String returns the move's identity, not its notation (which needs the
// position: Position.MoveString): "c2-c3" for a step, and for a capture
// its two ends and the captured points, "c4xe2{c3,d3}".
func (m Move) String() string {
	if !m.IsCapture() {
		return m.From().String() + "-" + m.To().String()
	}
	b := []byte(m.From().String() + "x" + m.To().String() + "{")
	for c, first := m.Captured(), true; c != 0; first = false {
		if !first {
			b = append(b, ',')
		}
		b = append(b, c.PopFirst().String()...)
	}
	return string(append(b, '}'))
}
