package rules

import "math/bits"

// Square is a point of the board, numbered rank-major from a1 = 0 to f6 = 35:
// Square = 6*rank + file, with rank 0..5 for ranks 1..6 and file 0..5 for a..f.
type Square uint8

// NumSquares is the number of points on the board.
const NumSquares = 36

// NoSquare marks the absence of a square.
const NoSquare Square = 255

// MakeSquare returns the square at file 0..5 (a..f) and rank 0..5 (1..6).
func MakeSquare(file, rank int) Square { return Square(rank*6 + file) }

// File returns the square's file, 0..5 for a..f.
func (s Square) File() int { return int(s) % 6 }

// Rank returns the square's rank, 0..5 for 1..6.
func (s Square) Rank() int { return int(s) / 6 }

// String returns the square's name, a1..f6.
func (s Square) String() string {
	if s >= NumSquares {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare parses a point name a1..f6.
func ParseSquare(s string) (Square, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < '1' || s[1] > '6' {
		return NoSquare, errorf("bad point %q: want a file a-f and a rank 1-6, e.g. c3", s)
	}
	return MakeSquare(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Bitboard is a set of squares: bit i is Square i. Only the low 36 bits are used.
type Bitboard uint64

// BoardMask has a bit for each of the 36 points.
const BoardMask Bitboard = 1<<NumSquares - 1

// Bit returns the bitboard holding only s.
func (s Square) Bit() Bitboard { return 1 << s }

// Has reports whether s is in b.
func (b Bitboard) Has(s Square) bool { return b>>s&1 != 0 }

// Count returns the number of squares in b.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First returns the lowest square in b; b must not be empty.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// PopFirst removes the lowest square from *b and returns it; *b must not be empty.
func (b *Bitboard) PopFirst() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}

// Color is a side: Red moves first and starts on ranks 1-2, Black on ranks 5-6.
type Color uint8

// The two sides.
const (
	Red   Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "red" or "black".
func (c Color) String() string {
	if c == Red {
		return "red"
	}
	return "black"
}

// Letter returns the color's FEN letter, 'r' or 'b'.
func (c Color) Letter() byte {
	if c == Red {
		return 'r'
	}
	return 'b'
}

const (
	fileA Bitboard = 0x041041041 // a1 a2 ... a6
	fileF Bitboard = fileA << 5
)

// neighbours[s] is the set of the up to 8 points one step from s.
var neighbours = buildNeighbours()

func buildNeighbours() (t [NumSquares]Bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				f, r := s.File()+df, s.Rank()+dr
				if (df != 0 || dr != 0) && f >= 0 && f < 6 && r >= 0 && r < 6 {
					t[s] |= MakeSquare(f, r).Bit()
				}
			}
		}
	}
	return t
}

// Neighbours returns the points one quiet step from s.
func Neighbours(s Square) Bitboard { return neighbours[s] }
