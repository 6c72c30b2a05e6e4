package alquerque

import "math/bits"

// Point is a point of the board, numbered rank by rank from a1 = 0 to
// e5 = 24: Point = 5*rank + file, with rank 0..4 for ranks 1..5 and file
// 0..4 for files a..e.
type Point uint8

// NumPoints is the number of points on the board.
const NumPoints = 25

// NoPoint marks the absence of a point.
const NoPoint Point = 255

// MakePoint returns the point at file 0..4 (a..e) and rank 0..4 (1..5).
func MakePoint(file, rank int) Point { return Point(rank*5 + file) }

// File returns the point's file, 0..4 for a..e.
func (s Point) File() int { return int(s) % 5 }

// Rank returns the point's rank, 0..4 for 1..5.
func (s Point) Rank() int { return int(s) / 5 }

// HasDiagonals reports whether diagonal lines pass through s: those
// points whose 0-based file + rank is even (a1, c1, e1, b2, d2, a3, ...).
func (s Point) HasDiagonals() bool { return (s.File()+s.Rank())%2 == 0 }

// String returns the point's name, a1..e5.
func (s Point) String() string {
	if s >= NumPoints {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParsePoint parses a point name a1..e5.
func ParsePoint(s string) (Point, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5' {
		return NoPoint, errorf("bad point %q: want a file a-e and a rank 1-5, e.g. c3", s)
	}
	return MakePoint(int(s[0]-'a'), int(s[1]-'1')), nil
}

// Bitboard is a set of points: bit i is Point i. Only the low 25 bits are
// used.
type Bitboard uint32

// BoardMask has a bit for each of the 25 points.
const BoardMask Bitboard = 1<<NumPoints - 1

// Bit returns the bitboard holding only s.
func (s Point) Bit() Bitboard { return 1 << s }

// Has reports whether s is in b.
func (b Bitboard) Has(s Point) bool { return b>>s&1 != 0 }

// Count returns the number of points in b.
func (b Bitboard) Count() int { return bits.OnesCount32(uint32(b)) }

// First returns the lowest point in b; b must not be empty.
func (b Bitboard) First() Point { return Point(bits.TrailingZeros32(uint32(b))) }

// PopFirst removes the lowest point from *b and returns it; *b must not
// be empty.
func (b *Bitboard) PopFirst() Point {
	s := Point(bits.TrailingZeros32(uint32(*b)))
	*b &= *b - 1
	return s
}

// Color is a side: White moves first and starts on ranks 1-2, d3 and e3;
// Black on ranks 4-5, a3 and b3.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent of c.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Letter returns the colour's letter in the position text, 'w' or 'b'.
func (c Color) Letter() byte {
	if c == White {
		return 'w'
	}
	return 'b'
}

// The masks of the whole-board shifts (movegen.go): a shift by one file
// must not wrap from file e to file a of the next rank or back.
const (
	fileA Bitboard = 0x108421 // a1 a2 a3 a4 a5
	fileB          = fileA << 1
	fileD          = fileA << 3
	fileE          = fileA << 4
	rank1 Bitboard = 0x1F
	rank2          = rank1 << 5
	rank4          = rank1 << 15
	rank5          = rank1 << 20

	notFileA = BoardMask &^ fileA
	notFileE = BoardMask &^ fileE
	filesAC  = BoardMask &^ (fileD | fileE) // a piece here can jump east
	filesCE  = BoardMask &^ (fileA | fileB) // ... west
	ranks13  = BoardMask &^ (rank4 | rank5) // ... north
	ranks35  = BoardMask &^ (rank1 | rank2) // ... south
)

// diagonalPoints are the points diagonal lines pass through.
var diagonalPoints = func() (b Bitboard) {
	for s := Point(0); s < NumPoints; s++ {
		if s.HasDiagonals() {
			b |= s.Bit()
		}
	}
	return b
}()

// Direction is one of the eight directions a line may leave a point in,
// counter-clockwise from east; Direction d+4 (mod 8) is d's opposite.
type Direction uint8

// The eight directions.
const (
	East Direction = iota
	NorthEast
	North
	NorthWest
	West
	SouthWest
	South
	SouthEast
)

// directionSteps are each direction's (file, rank) step.
var directionSteps = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// Step returns the point one step from s in direction d along a line of
// the board, or NoPoint where no line leaves s that way (the edge, or a
// diagonal through a point without diagonals).
func (s Point) Step(d Direction) Point { return steps[s][d&7] }

// steps[s][d] is s.Step(d).
var steps = func() (t [NumPoints][8]Point) {
	for s := Point(0); s < NumPoints; s++ {
		for d, st := range directionSteps {
			t[s][d] = NoPoint
			f, r := s.File()+st[0], s.Rank()+st[1]
			if f < 0 || f > 4 || r < 0 || r > 4 || (st[0] != 0 && st[1] != 0 && !s.HasDiagonals()) {
				continue
			}
			t[s][d] = MakePoint(f, r)
		}
	}
	return t
}()

// Neighbours returns the points joined to s by a line: the points a step
// from s may go to.
func Neighbours(s Point) Bitboard { return neighbours[s] }

var neighbours = func() (t [NumPoints]Bitboard) {
	for s := range t {
		for _, n := range steps[s] {
			if n != NoPoint {
				t[s] |= n.Bit()
			}
		}
	}
	return t
}()

// jump is a capture's single leap: over the enemy piece on over, to the
// empty point land (to) beyond it in the same line.
type jump struct {
	over, land Bitboard
	to         Point
}

// jumps[s] are the leaps from s, in direction order, jumpCount[s] of
// them: two steps along one line in the same direction.
var jumps, jumpCount = func() (t [NumPoints][8]jump, n [NumPoints]uint8) {
	for s := Point(0); s < NumPoints; s++ {
		for d := range Direction(8) {
			over := s.Step(d)
			if over == NoPoint || over.Step(d) == NoPoint {
				continue
			}
			t[s][n[s]] = jump{over.Bit(), over.Step(d).Bit(), over.Step(d)}
			n[s]++
		}
	}
	return t, n
}()
