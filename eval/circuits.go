package eval

import (
	"math/bits"

	"github.com/surakarta/surakarta/rules"
)

// The features read each circuit as four straight segments of six track
// positions (RULES.md: segment k holds track positions 6k..6k+5, and a corner
// loop lies between segment k and segment k+1). Every capture route passes a
// loop, so it leaves its segment through the segment's first or last
// occupied point and meets the first piece of the next occupied segment:
// the whole capture relation of a circuit is fixed by the first and last
// pieces of its (at most four) occupied segments. scanCircuits uses that to
// find every capture of both sides from per-segment table lookups instead
// of walking each piece's routes.

// segmentLines gives, per circuit and segment, the line it runs along and
// whether track order runs backward along it (files f to a, ranks 6 to 1):
// the inner circuit is rank 2, file e, rank 5 backward, file b backward; the
// outer circuit rank 3, file d, rank 4 backward, file c backward (RULES.md).
// buildTables checks this against rules.TrackSquare.
var segmentLines = [2][4]struct {
	file    bool
	line    int
	reverse bool
}{
	{{false, 1, false}, {true, 4, false}, {false, 4, true}, {true, 1, true}},
	{{false, 2, false}, {true, 3, false}, {false, 3, true}, {true, 2, true}},
}

var (
	// loopAhead[i] is the number of forward steps from track position i
	// that pass the next loop, loopBehind[i] the same walking backward.
	loopAhead, loopBehind [rules.TrackLen]int
	// reverse6[v] is v with its six bits in reverse order.
	reverse6 [64]uint8
	// doubleSquares are the points a circuit passes twice (its self-crossings).
	doubleSquares rules.Bitboard
	// trackMask[c][s] has bit i set when track position i of circuit c is s.
	trackMask [2][rules.NumSquares]uint32
	// trackSquareX[c][i] is the square at track position i mod 24 of
	// circuit c, for i < 128: a position plus a distance needs no modulo,
	// and an index masked with 127 no bounds check.
	trackSquareX [2][128]rules.Square
	// entries[s] lists the track positions of s on both circuits, and
	// entryCount[s] how many: one or two for every point but the corners.
	entries    [rules.NumSquares][2]trackEntry
	entryCount [rules.NumSquares]uint8
)

// trackEntry is one track position of a point.
type trackEntry struct {
	circuit rules.Circuit
	pos     int8
}

const fileA rules.Bitboard = 0x041041041 // a1 a2 a3 a4 a5 a6

// fileGather moves the six bits of file a (squares 0, 6, ..., 30) to bits
// 30..35 of the product, rank k to bit 30+k; no partial products overlap.
const fileGather = 1<<30 | 1<<25 | 1<<20 | 1<<15 | 1<<10 | 1<<5

func init() { buildTables() }

// buildTables derives the tables from the rules package's track layout and
// checks segmentLines against it, so a change there cannot leave the
// features silently wrong (the tests compare the capture relation with
// rules.Position.CaptureTargets as well).
func buildTables() {
	for v := 0; v < 64; v++ {
		reverse6[v] = bits.Reverse8(uint8(v)) >> 2
	}
	for c := rules.Inner; c <= rules.Outer; c++ {
		var seen rules.Bitboard
		for i := 0; i < rules.TrackLen; i++ {
			s := rules.TrackSquare(c, i)
			loopAhead[i], loopBehind[i] = 6-i%6, i%6+1
			if seen.Has(s) {
				doubleSquares |= s.Bit()
			}
			seen |= s.Bit()
			trackMask[c][s] |= 1 << i
			for j := i; j < 128; j += rules.TrackLen {
				trackSquareX[c][j] = s
			}
			entries[s][entryCount[s]] = trackEntry{c, int8(i)}
			entryCount[s]++
			sl := segmentLines[c][i/6]
			j := i % 6
			if sl.reverse {
				j = 5 - j
			}
			want := rules.MakeSquare(j, sl.line)
			if sl.file {
				want = rules.MakeSquare(sl.line, j)
			}
			if s != want {
				panic("eval: circuit layout differs from the rules package's track")
			}
		}
		for k := 0; k < 4; k++ {
			for v := 1; v < 64; v++ {
				f, l := bits.TrailingZeros8(uint8(v)), bits.Len8(uint8(v))-1
				segSquares[c][k][v] = uint16(trackSquareX[c][6*k+f]) | uint16(trackSquareX[c][6*k+l])<<8
			}
		}
	}
}

func rankBits(occ rules.Bitboard, rank uint) uint32 { return uint32(occ>>(6*rank)) & 63 }

func fileBits(occ rules.Bitboard, file uint) uint32 {
	return uint32((uint64(occ>>file)&uint64(fileA))*fileGather>>30) & 63
}

// circuitSegments returns the occupancy of the four segments of circuit c in
// track order (bit j of seg[k] is track position 6k+j) and the whole ring.
func circuitSegments(c rules.Circuit, occ rules.Bitboard) (seg [4]uint32, ring uint32) {
	if c == rules.Inner {
		seg = [4]uint32{rankBits(occ, 1), fileBits(occ, 4), uint32(reverse6[rankBits(occ, 4)]), uint32(reverse6[fileBits(occ, 1)])}
	} else {
		seg = [4]uint32{rankBits(occ, 2), fileBits(occ, 3), uint32(reverse6[rankBits(occ, 3)]), uint32(reverse6[fileBits(occ, 2)])}
	}
	return seg, seg[0] | seg[1]<<6 | seg[2]<<12 | seg[3]<<18
}

// skipNeighbours returns the occupied track positions just after b and just
// before a on a ring (positions b+1..b+23 and a+1..a+23 cyclically, as
// indexes below 48 into trackSquareX), used
// when a double point's two positions a and b are adjacent; ring must hold
// more than the one position.
func skipNeighbours(ring uint32, a, b int) (after, before int) {
	rr := uint64(ring) | uint64(ring)<<rules.TrackLen
	x := rr >> uint(b+1) & (1<<23 - 1)
	y := rr >> uint(a+1) & (1<<23 - 1)
	return b + 1 + bits.TrailingZeros64(x), a + bits.Len64(y)
}

// circuitScan is what one pass over both circuits learns about a position.
type circuitScan struct {
	// attacks[c] is the set of c's opponent pieces that c could capture.
	attacks [2]rules.Bitboard
	// exits are the pieces that are first or last on some segment: a piece
	// with a clear path to a loop.
	exits rules.Bitboard
	// protected are the pieces that a piece of their own colour could
	// capture if they were the opponent's: whoever captures them is
	// recaptured, since a capture only empties points.
	protected rules.Bitboard
	// loops[c] counts the loop ends (two per loop, 16 in all) whose nearest
	// piece along the segment is c's.
	loops [2]int
	// ring[c] is the occupancy of circuit c, bit i for track position i.
	ring [2]uint32
	// skipAttacks collects the captures of double points passing over
	// themselves (see skipGap) while a scan runs.
	skipAttacks [2]rules.Bitboard
	// pairs lists every capture (attacker, target square), a capture along
	// both circuits twice; n is its length.
	pairs [maxPairs]capturePair
	n     int
}

type capturePair struct{ from, to rules.Square }

// maxPairs bounds the captures a scan finds (a power of two, so that a
// masked index needs no bounds check): per circuit at most four segment
// gaps, each a capture both ways or two one-way captures of a double point
// passing over itself.
const maxPairs = 16

// nextSegment[m][k] is the first segment after k, cyclically, whose bit is
// set in the four-bit mask m of occupied segments (k itself when it is the
// only one).
var nextSegment = func() (t [16][4]uint8) {
	for m := 1; m < 16; m++ {
		for k := 0; k < 4; k++ {
			for d := 1; d <= 4; d++ {
				if j := (k + d) % 4; m>>j&1 != 0 {
					t[m][k] = uint8(j)
					break
				}
			}
		}
	}
	return t
}()

// segInfo summarises one segment: for its occupancy v and Red's part r of
// it (index v | r<<6), bits 0-2 hold the first occupied position, bits 3-5
// the last, bit 6 is set when the first piece is Red's, bit 7 when the last
// is, and bit 8 when the segment is occupied at all.
var segInfo = func() (t [4096]uint16) {
	for v := 1; v < 64; v++ {
		f, l := uint16(bits.TrailingZeros8(uint8(v))), uint16(bits.Len8(uint8(v))-1)
		for r := 0; r < 64; r++ {
			if r&^v != 0 {
				continue
			}
			e := f | l<<3 | 1<<8
			e |= uint16(r>>f&1) << 6
			e |= uint16(r>>l&1) << 7
			t[v|r<<6] = e
		}
	}
	return t
}()

// scanCircuits fills s with the capture relation and segment facts of the
// position with the given pieces.
func scanCircuits(s *circuitScan, pieces *[2]rules.Bitboard) {
	red := pieces[rules.Red]
	occ := red | pieces[rules.Black]
	s.skipAttacks = [2]rules.Bitboard{}
	s.attacks = [2]rules.Bitboard{}
	s.exits, s.protected = 0, 0
	s.n = 0
	inner := s.scanCircuit(rules.Inner, occ, red)
	outer := s.scanCircuit(rules.Outer, occ, red)
	s.attacks[0] |= s.skipAttacks[0]
	s.attacks[1] |= s.skipAttacks[1]
	redEnds := inner>>8 + outer>>8
	ends := inner&255 + outer&255
	s.loops = [2]int{int(redEnds), int(ends - redEnds)}
}

// segSquares[c][k][v] holds, for segment k of circuit c with occupancy v,
// the square of its first piece and, shifted by 8, of its last.
// buildTables fills it.
var segSquares [2][4][64]uint16

// scanCircuit adds circuit c's captures, exits and loop ends to s. It works
// from the segment summaries alone and, but for a double point's gap,
// without data-dependent branches: on a mix of positions they would
// mispredict half the time. It returns the loop ends counted, Red's shifted
// left by 8.
func (s *circuitScan) scanCircuit(c rules.Circuit, occ, red rules.Bitboard) uint32 {
	segO, ring := circuitSegments(c, occ)
	segR, _ := circuitSegments(c, red)
	s.ring[c] = ring
	sq := &segSquares[c&1]
	// info[k]: segInfo's bits 0-8, the first square in bits 16-21 and the
	// last in bits 24-29.
	var info [4]uint32
	var m uint32
	for k := 0; k < 4; k++ {
		info[k] = uint32(segInfo[(segO[k]|segR[k]<<6)&4095]) | uint32(sq[k][segO[k]&63])<<16
		m |= info[k] >> 8 & 1 << k
	}
	if m == 0 {
		return 0
	}
	var redAttacks, blackAttacks, exits, protected rules.Bitboard
	n := s.n
	redEnds, self := uint32(0), uint32(0)
	next := &nextSegment[m&15]
	// Each occupied segment k ends a loop gap: from its last piece to the
	// first piece of the next occupied segment. The loop makes no call, so
	// that its values stay in registers; gaps whose two ends are one double
	// point are marked in self and handled after it.
	for k := 0; k < 4; k++ {
		ik := info[k]
		ij := info[next[k]&3]
		on := ik >> 8 & 1
		sa, sb := rules.Square(ik>>24&63), rules.Square(ij>>16&63)
		exits |= (bit(rules.Square(ik>>16&63)) | bit(sa)) & -rules.Bitboard(on)
		redEnds += ik>>6&1 + ik>>7&1
		same := b2u(sa == sb) & on
		self |= same << k
		diff := (ik>>7 ^ ij>>6) & 1 & on &^ same // 1 when the two capture each other
		mask := -rules.Bitboard(diff)
		// The Red piece of the two captures the other: sb when sa is Red's.
		saRed := -rules.Bitboard(ik >> 7 & 1)
		ba, bb := bit(sa), bit(sb)
		redAttacks |= (bb&saRed | ba&^saRed) & mask
		blackAttacks |= (ba&saRed | bb&^saRed) & mask
		protected |= (ba | bb) & -rules.Bitboard(on&^diff&^same)
		s.pairs[n&(maxPairs-1)] = capturePair{sa, sb}
		s.pairs[(n+1)&(maxPairs-1)] = capturePair{sb, sa}
		n += int(2 * diff)
	}
	for ; self != 0; self &= self - 1 {
		k := bits.TrailingZeros32(self)
		ik, j := info[k&3], int(next[k&3])
		a, b := 6*k+int(ik>>3&7), 6*j+int(info[j&3]&7)
		if a != b {
			s.n = n
			n = s.skipGap(ring, &trackSquareX[c&1], a, b, red, n)
		}
	}
	s.attacks[rules.Red] |= redAttacks
	s.attacks[rules.Black] |= blackAttacks
	s.exits |= exits
	s.protected |= protected
	s.n = n
	return redEnds<<8 | 2*uint32(bits.OnesCount32(m))
}

// bit returns the bitboard of sq without the shift-size check of a
// variable shift.
func bit(sq rules.Square) rules.Bitboard { return 1 << (sq & 63) }

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// colorOf returns the colour of the piece on sq, given Red's pieces.
func colorOf(red rules.Bitboard, sq rules.Square) rules.Color {
	return rules.Color(^(red >> sq) & 1)
}

// skipGap records the captures across a loop gap whose two ends a and b are
// the two track positions of one piece (a double point): that piece passes
// over its own other position, so forward from a it meets the piece after
// b, and backward from b the piece before a; both routes already passed the
// loop between a and b. It appends to s.pairs from index n and returns the
// new length.
func (s *circuitScan) skipGap(ring uint32, ts *[128]rules.Square, a, b int, red rules.Bitboard, n int) int {
	sa := ts[a&127]
	ca := colorOf(red, sa)
	after, before := skipNeighbours(ring, a, b)
	for _, q := range [2]rules.Square{ts[after&127], ts[before&127]} {
		switch {
		case q == sa:
		case ca != colorOf(red, q):
			s.skipAttacks[ca] |= bit(q)
			s.pairs[n&(maxPairs-1)] = capturePair{sa, q}
			n++
		default:
			s.protected |= bit(q)
		}
	}
	return n
}

// recaptured reports whether, after the piece on from captures the piece on
// to, the captured side could capture the capturer back on to. s is the scan
// of the position before the capture. From each track position of to and in
// both directions it looks at the nearest piece: a piece of the captured
// side there captures back if a loop lies between, or if it is a double
// point whose other position lies just beyond (its route passes over itself
// and a loop on the way). The checks are combined without branches: on a
// mix of positions each would mispredict half the time.
func recaptured(s *circuitScan, pieces *[2]rules.Bitboard, from, to rules.Square) bool {
	mover := colorOf(pieces[rules.Red], from)
	defenders := pieces[mover^1] &^ to.Bit()
	hit := uint64(0)
	for i := 0; i < int(entryCount[to]); i++ {
		e := entries[to][i]
		c, p := e.circuit, int(e.pos)
		ring := s.ring[c] &^ trackMask[c][from]
		ts := &trackSquareX[c]
		rr := uint64(ring) | uint64(ring)<<rules.TrackLen
		x := rr >> uint(p+1) & (1<<23 - 1) // positions p+1 .. p+23
		// Forward: the lowest set bit is the nearest piece ahead.
		d := bits.TrailingZeros64(x) + 1
		q := ts[(p+d)&127]
		x2 := x & (x - 1)
		loop := b2u64(d >= loopAhead[p])
		skip := b2u64(x2 != 0) & b2u64(ts[(p+1+bits.TrailingZeros64(x2))&127] == q)
		hit |= uint64(defenders>>q) & 1 & (loop | skip) & b2u64(x != 0)
		// Backward: the highest set bit is the nearest piece behind (with
		// x == 0, h = -1 names p itself, which is no defender).
		h := bits.Len64(x) - 1
		q = ts[(p+1+h)&127]
		x3 := x &^ (1 << uint(h))
		loop = b2u64(23-h >= loopBehind[p])
		skip = b2u64(x3 != 0) & b2u64(ts[(p+bits.Len64(x3))&127] == q)
		hit |= uint64(defenders>>q) & 1 & (loop | skip)
	}
	return hit != 0
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
