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
// find every capture of both sides with whole-board operations (the first
// and last piece of each segment as a lowest bit or a line's highest bit,
// as the rules package's move generator does) instead of walking each
// piece's routes.

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
		for i := 0; i < rules.TrackLen; i++ {
			segPos[c][i/6][rules.TrackSquare(c, i)] = int8(i)
		}
		lines := [2][4]rules.Bitboard{{rank2, fileE, rank5, fileB}, {rank3, fileD, rank4, fileC}}
		for k, line := range lines[c] {
			for i := 6 * k; i < 6*k+6; i++ {
				if !line.Has(rules.TrackSquare(c, i)) {
					panic("eval: circuit segments differ from the rules package's track")
				}
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

// scanCircuits fills s with the capture relation and segment facts of the
// position with the given pieces.
func scanCircuits(s *circuitScan, pieces *[2]rules.Bitboard) {
	red := pieces[rules.Red]
	occ := red | pieces[rules.Black]
	s.skipAttacks = [2]rules.Bitboard{}
	s.attacks = [2]rules.Bitboard{}
	s.exits, s.protected = 0, 0
	s.n = 0
	rankTop, fileTop := lineTops(occ)
	inner := s.scanCircuit(rules.Inner, occ, red, occ&rank2, occ&fileE, occ&rank5, occ&fileB, rankTop, fileTop)
	outer := s.scanCircuit(rules.Outer, occ, red, occ&rank3, occ&fileD, occ&rank4, occ&fileC, rankTop, fileTop)
	s.attacks[0] |= s.skipAttacks[0]
	s.attacks[1] |= s.skipAttacks[1]
	redEnds := inner>>8 + outer>>8
	ends := inner&255 + outer&255
	s.loops = [2]int{int(redEnds), int(ends - redEnds)}
}

// The lines that make up the circuits' segments.
const (
	rank2 rules.Bitboard = 0x3F << 6
	rank3 rules.Bitboard = 0x3F << 12
	rank4 rules.Bitboard = 0x3F << 18
	rank5 rules.Bitboard = 0x3F << 24
	fileB rules.Bitboard = fileA << 1
	fileC rules.Bitboard = fileA << 2
	fileD rules.Bitboard = fileA << 3
	fileE rules.Bitboard = fileA << 4
	fileF rules.Bitboard = fileA << 5
)

// lineTops returns the highest occupied square of every rank (its
// east-most piece) and of every file (its north-most) as bitboards, by
// filling each line downward from its pieces (as the rules package's move
// generator does): the last pieces of the segments walked toward higher
// squares and the first of those walked toward lower ones, all at once.
func lineTops(occ rules.Bitboard) (rankTop, fileTop rules.Bitboard) {
	const (
		filesAE = rules.BoardMask &^ fileF
		filesAD = filesAE &^ fileE
	)
	e := occ >> 1 & filesAE
	e |= e >> 1 & filesAE
	e |= e >> 2 & filesAD
	e |= occ >> 5 & fileA
	n := occ >> 6
	n |= n >> 6
	n |= n >> 12
	n |= occ >> 30
	return occ &^ e, occ &^ n
}

// nonEmpty returns 1 if b has a square, else 0.
func nonEmpty(b rules.Bitboard) uint32 { return uint32((b | -b) >> 63) }

// segPos[c][k][s] is the track position of point s in segment k of circuit
// c (6k..6k+5), or 0 when s is not on that segment. buildTables fills it.
var segPos [2][4][rules.NumSquares]int8

// gapLink settles the loop gap from a (a segment's last piece, or nothing
// when the segment is empty) to b (the first piece of the next occupied
// segment): attack is both ends when exactly one is Red's (they capture
// each other; diff is then 1), and protected both ends when they are two
// pieces of one colour. same is 1 when a and b are one piece (a double
// point, or a lone piece; the caller computes it). An empty segment has
// a == 0 and b at most one piece: no capture, and it protects nothing.
func gapLink(a, b, red rules.Bitboard, same uint32) (attack, protected rules.Bitboard, diff uint32) {
	p := a | b
	r := p & red
	diff = nonEmpty(r) & nonEmpty(p^r)
	return p & -rules.Bitboard(diff), p & -rules.Bitboard(nonEmpty(a)&^diff&^same), diff
}

// addPairs stores the captures a->b and b->a at s.pairs[n:] and returns n
// advanced by 2*diff: the stores are unconditional, so that the gap's
// outcome needs no branch.
func (s *circuitScan) addPairs(n int, a, b rules.Bitboard, diff uint32) int {
	sa, sb := rules.Square(bits.TrailingZeros64(uint64(a))), rules.Square(bits.TrailingZeros64(uint64(b)))
	s.pairs[n&(maxPairs-1)] = capturePair{sa, sb}
	s.pairs[(n+1)&(maxPairs-1)] = capturePair{sb, sa}
	return n + int(2*diff)
}

// scanCircuit adds circuit c's captures, exits and loop ends to s. x0..x3
// are the occupied points of its four segments in walking order (segments
// 0 and 1 walk toward higher squares, 2 and 3 toward lower ones); rankTop
// and fileTop come from lineTops(occ). Segment k's loop gap joins its last
// piece a_k to the first piece b_k of the next occupied segment: the two
// capture each other when their colours differ. The work is whole-bitboard
// and, but for a double point's gap, without data-dependent branches: on a
// mix of positions they would mispredict half the time. It returns the loop
// ends counted, Red's shifted left by 8.
func (s *circuitScan) scanCircuit(c rules.Circuit, occ, red, x0, x1, x2, x3, rankTop, fileTop rules.Bitboard) uint32 {
	_, ring := circuitSegments(c, occ)
	s.ring[c&1] = ring
	if x0|x1|x2|x3 == 0 {
		return 0
	}
	// first and last piece of each segment in walking order.
	f0, f1, f2, f3 := x0&-x0, x1&-x1, rankTop&x2, fileTop&x3
	l0, l1, l2, l3 := rankTop&x0, fileTop&x1, x2&-x2, x3&-x3
	m := nonEmpty(x0) | nonEmpty(x1)<<1 | nonEmpty(x2)<<2 | nonEmpty(x3)<<3
	first := [4]rules.Bitboard{f0, f1, f2, f3}
	next := &nextSegment[m&15]
	var b [4]rules.Bitboard
	b[0], b[1], b[2], b[3] = first[next[0]&3], first[next[1]&3], first[next[2]&3], first[next[3]&3]
	exits := f0 | f1 | f2 | f3 | l0 | l1 | l2 | l3
	redEnds := nonEmpty(f0&red) + nonEmpty(f1&red) + nonEmpty(f2&red) + nonEmpty(f3&red) +
		nonEmpty(l0&red) + nonEmpty(l1&red) + nonEmpty(l2&red) + nonEmpty(l3&red)
	// The four gaps, written out so that their values stay in registers.
	n := s.n
	s0, s1, s2, s3 := nonEmpty(l0&b[0]), nonEmpty(l1&b[1]), nonEmpty(l2&b[2]), nonEmpty(l3&b[3])
	at0, pr0, d0 := gapLink(l0, b[0], red, s0)
	at1, pr1, d1 := gapLink(l1, b[1], red, s1)
	at2, pr2, d2 := gapLink(l2, b[2], red, s2)
	at3, pr3, d3 := gapLink(l3, b[3], red, s3)
	n = s.addPairs(n, l0, b[0], d0)
	n = s.addPairs(n, l1, b[1], d1)
	n = s.addPairs(n, l2, b[2], d2)
	n = s.addPairs(n, l3, b[3], d3)
	attacks := at0 | at1 | at2 | at3
	protected := pr0 | pr1 | pr2 | pr3
	self := s0 | s1<<1 | s2<<2 | s3<<3
	for ; self != 0; self &= self - 1 {
		k := bits.TrailingZeros32(self) & 3
		j := next[k] & 3
		sq := bits.TrailingZeros64(uint64([4]rules.Bitboard{l0, l1, l2, l3}[k])) & 63
		pa, pb := int(segPos[c&1][k][sq]), int(segPos[c&1][j][sq])
		if pa != pb {
			s.n = n
			n = s.skipGap(ring, &trackSquareX[c&1], pa, pb, red, n)
		}
	}
	// A capture link's Red end is what Black attacks, its Black end what
	// Red attacks.
	s.attacks[rules.Red] |= attacks &^ red
	s.attacks[rules.Black] |= attacks & red
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
