package rules

import "math/bits"

// Circuit names one of the two capture tracks.
type Circuit uint8

// The two circuits: Inner runs along files b, e and ranks 2, 5 with the small
// corner loops; Outer along files c, d and ranks 3, 4 with the large ones.
const (
	Inner Circuit = 0
	Outer Circuit = 1
)

// String returns "inner" or "outer".
func (c Circuit) String() string {
	if c == Inner {
		return "inner"
	}
	return "outer"
}

// Corner names a corner of the board, and so the loop of a circuit there.
type Corner uint8

// The four corners, in the order a circuit is walked forward (RULES.md).
const (
	BottomRight Corner = iota
	TopRight
	TopLeft
	BottomLeft
)

var cornerNames = [4]string{"bottom-right", "top-right", "top-left", "bottom-left"}

// String returns the corner's name as used in move notation, e.g. "top-left".
func (c Corner) String() string { return cornerNames[c&3] }

// ParseCorner parses a loop name of move notation.
func ParseCorner(s string) (Corner, error) {
	for i, n := range cornerNames {
		if s == n {
			return Corner(i), nil
		}
	}
	return 0, errorf("bad loop %q: want bottom-left, bottom-right, top-left or top-right", s)
}

// TrackLen is the number of steps around a circuit.
const TrackLen = 24

// A circuit is stored as a ring of 24 track positions. Walking forward, the
// ring is the four straight segments of RULES.md, each six points long, and a
// corner loop lies between position 6k-1 and 6k (mod 24): between 5 and 6 the
// bottom-right loop, 11/12 top-right, 17/18 top-left, 23/0 bottom-left.
//
// Inner: a2..f2 (east), e1..e6 (north), f5..a5 (west), b6..b1 (south).
// Outer: a3..f3 (east), d1..d6 (north), f4..a4 (west), c6..c1 (south).
var (
	// track[c][i] is the square at position i mod 24, for i in 0..47 so that a
	// rotated lookup needs no modulo.
	track [2][2 * TrackLen]Square
	// occurrences[c][s] lists the (one or two) track positions of square s.
	occurrences [2][NumSquares][2]int8
	// occurrenceCount[c][s] is how many track positions s has on circuit c.
	occurrenceCount [2][NumSquares]uint8
	// positionMask[c][s] has bit i set when track[c][i] == s.
	positionMask [2][NumSquares]uint32
	// onCircuit[c] is the set of squares on circuit c.
	onCircuit [2]Bitboard
	// loopAhead[i] is the number of forward steps from position i to the end
	// of the first loop; loopBehind[i] the same walking backward.
	loopAhead, loopBehind [TrackLen]uint8
	// reverse6[x] is x with its low 6 bits in reverse order.
	reverse6 [64]uint8
)

// circuitLines gives, per circuit, the rank of its first segment and the file
// of its second; the third and fourth mirror them (5-rank, 5-file).
var circuitLines = [2][2]int{{1, 4}, {2, 3}}

func init() { buildCircuits() }

func buildCircuits() {
	for c := 0; c < 2; c++ {
		rank, file := circuitLines[c][0], circuitLines[c][1]
		var ring [TrackLen]Square
		for k := 0; k < 6; k++ {
			ring[k] = MakeSquare(k, rank)        // east along the rank
			ring[6+k] = MakeSquare(file, k)      // north along the file
			ring[12+k] = MakeSquare(5-k, 5-rank) // west along the mirrored rank
			ring[18+k] = MakeSquare(5-file, 5-k) // south along the mirrored file
		}
		for i := 0; i < 2*TrackLen; i++ {
			track[c][i] = ring[i%TrackLen]
		}
		for i, s := range ring {
			occurrences[c][s][occurrenceCount[c][s]] = int8(i)
			occurrenceCount[c][s]++
			positionMask[c][s] |= 1 << i
			onCircuit[c] |= s.Bit()
		}
	}
	for i := 0; i < TrackLen; i++ {
		loopAhead[i] = uint8(6 - i%6)
		loopBehind[i] = uint8(i%6 + 1)
	}
	for x := 0; x < 64; x++ {
		reverse6[x] = uint8(bits.Reverse8(uint8(x)) >> 2)
	}
}

// fileGather maps the six bits of file a (squares 0, 6, ..., 30) to bits
// 30..35 of the product, rank k to bit 30+k; the partial products never
// collide, so no carry disturbs them.
const fileGather = 1<<30 | 1<<25 | 1<<20 | 1<<15 | 1<<10 | 1<<5

func rankBits(occ Bitboard, rank int) uint32 { return uint32(occ>>(6*rank)) & 63 }

func fileBits(occ Bitboard, file int) uint32 {
	return uint32((uint64(occ>>file)&uint64(fileA))*fileGather>>30) & 63
}

// ring returns the occupancy of circuit c as 24 bits, bit i for track position i.
func ring(c Circuit, occ Bitboard) uint32 {
	rank, file := circuitLines[c][0], circuitLines[c][1]
	return rankBits(occ, rank) |
		fileBits(occ, file)<<6 |
		uint32(reverse6[rankBits(occ, 5-rank)])<<12 |
		uint32(reverse6[fileBits(occ, 5-file)])<<18
}

// window23 selects the 23 track positions after a position of a doubled
// ring (routes walk it).
const window23 = 1<<23 - 1
