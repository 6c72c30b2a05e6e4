package rules

// Move is a move as a small integer. Bit layout:
//
//	bits 0-5   from square (0..35)
//	bits 6-11  to square (0..35)
//	bit  12    set for a capture
//
// A move is identified by its two points: all routes of a capture between the
// same two points are one Move. The zero Move (a1 to a1) is never legal and
// serves as NoMove.
type Move uint16

// NoMove is the zero Move, never legal.
const NoMove Move = 0

// MaxMoves bounds the number of legal moves of any position (12 pieces, each
// with at most 8 quiet steps and 8 capture targets); a buffer of this
// capacity never grows in GenerateMoves.
const MaxMoves = 192

// NumActions is the size of the dense action space: from × to, 36 × 36.
const NumActions = NumSquares * NumSquares

const (
	captureShift      = 12
	captureFlag  Move = 1 << captureShift
)

// NewMove returns the move from one square to another; capture marks a loop
// capture.
func NewMove(from, to Square, capture bool) Move {
	m := Move(from) | Move(to)<<6
	if capture {
		m |= captureFlag
	}
	return m
}

// From returns the square the moving piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the moving piece lands on.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// IsCapture reports whether m is a loop capture.
func (m Move) IsCapture() bool { return m&captureFlag != 0 }

// CaptureBit returns 1 if m is a loop capture and 0 if not: IsCapture as a
// number, for counting captures or compacting them without a branch (whether
// a move captures is data, and a mispredicted branch per move costs more).
func (m Move) CaptureBit() int { return int(m>>captureShift) & 1 }

// Action returns the dense action index from*36 + to, in [0, NumActions).
func (m Move) Action() int { return int(m.From())*NumSquares + int(m.To()) }

// ActionSquares returns the from and to squares of a dense action index;
// a must be in [0, NumActions).
func ActionSquares(a int) (from, to Square) {
	if a < 0 || a >= NumActions {
		panic("rules: action index out of range")
	}
	return Square(a / NumSquares), Square(a % NumSquares)
}
