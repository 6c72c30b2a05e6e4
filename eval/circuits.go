package eval

import (
	"math/bits"

	"github.com/surakarta/surakarta/rules"
)

// The capture relation behind the threat, defence, loop and blocked
// features is the rules package's: scanCircuits links the segments'
// ends (rules.SegmentLine, rules.LineLows, rules.LineHighs) and adds the
// crossing points that pass over themselves (rules.SelfLinks); the
// recapture test behind the defence features walks the circuits as rings
// (ringState, recaptured) on the rules package's track.

// doubleSquares are the points a circuit passes twice (its self-crossings).
const doubleSquares = rules.Crossings

var (
	// trackSquareX[c][i] is the square at track position i mod 24 of
	// circuit c, for i < 128: a position plus a distance needs no modulo,
	// and an index masked with 127 no bounds check.
	trackSquareX [2][128]rules.Square
	// entries[s] lists the track positions of s on both circuits, and
	// entryCount[s] how many: one or two for every point but the corners.
	// This table and the others indexed by a square have 64 rows, so that
	// an index masked with 63 needs no bounds check.
	entries    [64][2]trackEntry
	entryCount [64]uint8
	// rankRings[r][v] is the occupancy of both circuits (inner in bits
	// 0..23, outer in bits 32..55, bit i for track position i) contributed
	// by the pieces v (bit f for file f) on rank r.
	rankRings [6][64]uint64
	// doubledSquare[s][c] has the track positions of s on circuit c as a
	// doubled ring (see ringState).
	doubledSquare [64][2]uint64
	// window[p] selects positions p+1 .. p+23 of a doubled ring;
	// beforeLoopAhead[p] those of them before the next loop ahead of p
	// (p+1 to the end of its segment), beforeLoopBehind[p] those before the
	// next loop behind it (the start of its segment to p-1, as p+19 ..
	// p+23).
	window, beforeLoopAhead, beforeLoopBehind [32]uint64
)

// trackEntry is one track position of a point.
type trackEntry struct {
	circuit rules.Circuit
	pos     int8
}

const fileA rules.Bitboard = 0x041041041 // a1 a2 a3 a4 a5 a6

func init() { buildTables(); buildRingEntries() }

// buildTables derives the ring tables from the rules package's track.
func buildTables() {
	for s := range entries {
		// A null entry: window[24] is empty, so it finds no piece.
		entries[s] = [2]trackEntry{{0, rules.TrackLen}, {0, rules.TrackLen}}
	}
	for c := rules.Inner; c <= rules.Outer; c++ {
		for i := 0; i < rules.TrackLen; i++ {
			s := rules.TrackSquare(c, i)
			window[i] = (1<<23 - 1) << (i + 1)
			beforeLoopAhead[i] = (1<<(5-i%6) - 1) << (i + 1)
			beforeLoopBehind[i] = ((1<<23 - 1) &^ (1<<(23-i%6) - 1)) << (i + 1)
			doubledSquare[s][c] |= 1<<i | 1<<(i+rules.TrackLen)
			for j := i; j < 128; j += rules.TrackLen {
				trackSquareX[c][j] = s
			}
			entries[s][entryCount[s]] = trackEntry{c, int8(i)}
			entryCount[s]++
			for v := 0; v < 64; v++ {
				if v>>s.File()&1 != 0 {
					rankRings[s.Rank()][v] |= 1 << (32*int(c) + i)
				}
			}
		}
	}
}

// ringsOf returns the occupancy of both circuits for the pieces occ: bit i
// for track position i of the inner circuit, bit 32+i for the outer one.
func ringsOf(occ rules.Bitboard) uint64 {
	return rankRings[0][occ&63] | rankRings[1][occ>>6&63] | rankRings[2][occ>>12&63] |
		rankRings[3][occ>>18&63] | rankRings[4][occ>>24&63] | rankRings[5][occ>>30&63]
}

// circuitScan is what one pass over both circuits learns about a position.
type circuitScan struct {
	// attacks[c] is the set of c's opponent pieces that c could capture.
	attacks [2]rules.Bitboard
	// protected are the pieces that a piece of their own colour could
	// capture if they were the opponent's: whoever captures them is
	// recaptured, since a capture only empties points.
	protected rules.Bitboard
	// ends holds the first and last pieces of the segments: the lowest and
	// the highest piece of each middle rank, then of each middle file. A
	// piece is there once for each loop end (two per loop, 16 in all) to
	// which it is the nearest piece along its segment.
	ends [4]rules.Bitboard
	// links holds the pieces at the ends of each loop gap, four a circuit,
	// and capturing has bit k set when the two pieces of links[k] capture
	// each other (a two-way capture).
	links     [maxLinks]rules.Bitboard
	capturing uint
	// skips lists the one-way captures of double points passing over
	// themselves (see selfGaps); nskip is its length.
	skips [maxSkips]capturePair
	nskip int
}

type capturePair struct{ from, to rules.Square }

// maxLinks is the number of loop gaps, four a circuit (a power of two, so
// that a masked index needs no bounds check); maxSkips bounds the one-way
// captures (two for each of the eight double points).
const (
	maxLinks = 8
	maxSkips = 16
)

// midRanks and midFiles are the lines of the circuits' segments: ranks 2
// to 5 and files b to e.
var (
	midRanks = rules.SegmentLine(rules.Inner, 0) | rules.SegmentLine(rules.Inner, 2) |
		rules.SegmentLine(rules.Outer, 0) | rules.SegmentLine(rules.Outer, 2)
	midFiles = rules.SegmentLine(rules.Inner, 1) | rules.SegmentLine(rules.Inner, 3) |
		rules.SegmentLine(rules.Outer, 1) | rules.SegmentLine(rules.Outer, 3)
)

// orElse returns a when it has a square, else b.
func orElse(a, b rules.Bitboard) rules.Bitboard {
	return a | b&rules.Bitboard(int64(a-1)>>63)
}

// gapLink settles the loop gap from a (a segment's last piece, or nothing
// when the segment is empty) to b (the first piece of the next occupied
// segment, a itself when a is alone on the circuit or a double point
// meeting itself). It returns the gap's pieces p, all ones in capture when
// they are of two colours (they capture each other) and all ones in protect
// when they are two pieces of one colour (each protects the other).
func gapLink(a, b, red rules.Bitboard) (p, capture, protect rules.Bitboard) {
	p = a | b
	r := p & red
	// r-1 (and (p^r)-1, p&(p-1)-1) has its sign bit set exactly when r
	// is empty: a board has 36 bits.
	capture = ^rules.Bitboard(int64((r-1)|(p^r-1)) >> 63)
	return p, capture, rules.Bitboard(int64(p&(p-1)-1)>>63) ^ ^capture
}

// scanCircuits fills s with the capture relation and segment facts of the
// position with the given pieces.
//
// The capture relation is the rules package's (its move generator's
// links): each circuit is four straight segments of six track positions
// with a corner loop between consecutive ones, each a middle rank or file
// walked one way (rules.SegmentLine); every capture route passes a loop,
// so it leaves its segment through the segment's last occupied point and
// meets the first piece of the next occupied segment: the whole capture
// relation of a circuit is fixed by the first and last pieces of its (at
// most four) occupied segments, the lowest and highest pieces of their
// lines (rules.LineLows, rules.LineHighs). The work is
// whole-bitboard and, but for a double point meeting itself across a gap,
// without data-dependent branches: on a mix of positions they would
// mispredict half the time.
func scanCircuits(s *circuitScan, red, black rules.Bitboard) {
	occ := red | black
	// The first and last pieces of every segment: the lowest and highest
	// piece of each middle rank and file.
	hr, hf := rules.LineHighs(occ)
	lr, lf := rules.LineLows(occ)
	lr, hr, lf, hf = lr&midRanks, hr&midRanks, lf&midFiles, hf&midFiles
	s.ends = [4]rules.Bitboard{lr, hr, lf, hf}
	// The gaps of each circuit, given the first (e) and last (x) piece of
	// each of its segments in walking order (ranks 2 and 3 and files d and
	// e are walked toward higher squares, ranks 4 and 5 and files b and c
	// toward lower ones), are settled from the last to the first, each as
	// soon as nk (the first piece of the first occupied segment after it)
	// is known: written out, so that few values stay live.
	capturing := uint(0)
	var attack, protected, self rules.Bitboard
	{ // The inner circuit: rank 2, file e, rank 5, file b.
		l0, l1, l2, l3 := rules.SegmentLine(rules.Inner, 0), rules.SegmentLine(rules.Inner, 1), rules.SegmentLine(rules.Inner, 2), rules.SegmentLine(rules.Inner, 3)
		e0, e1, e2, e3 := lr&l0, lf&l1, hr&l2, hf&l3
		nk := orElse(e0, orElse(e1, orElse(e2, e3)))
		x := lf & l3
		p, cp, pr := gapLink(x, nk, red)
		attack, protected, self = p&cp, p&pr, x&nk
		s.links[0] = p
		capturing |= uint(cp) & (1 << 0)
		nk, x = orElse(e3, nk), lr&l2
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[1] = p
		capturing |= uint(cp) & (1 << 1)
		nk, x = orElse(e2, nk), hf&l1
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[2] = p
		capturing |= uint(cp) & (1 << 2)
		nk, x = orElse(e1, nk), hr&l0
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[3] = p
		capturing |= uint(cp) & (1 << 3)
	}
	{ // The outer circuit: rank 3, file d, rank 4, file c.
		l0, l1, l2, l3 := rules.SegmentLine(rules.Outer, 0), rules.SegmentLine(rules.Outer, 1), rules.SegmentLine(rules.Outer, 2), rules.SegmentLine(rules.Outer, 3)
		e0, e1, e2, e3 := lr&l0, lf&l1, hr&l2, hf&l3
		nk := orElse(e0, orElse(e1, orElse(e2, e3)))
		x := lf & l3
		p, cp, pr := gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[4] = p
		capturing |= uint(cp) & (1 << 4)
		nk, x = orElse(e3, nk), lr&l2
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[5] = p
		capturing |= uint(cp) & (1 << 5)
		nk, x = orElse(e2, nk), hf&l1
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[6] = p
		capturing |= uint(cp) & (1 << 6)
		nk, x = orElse(e1, nk), hr&l0
		p, cp, pr = gapLink(x, nk, red)
		attack, protected, self = attack|p&cp, protected|p&pr, self|x&nk
		s.links[7] = p
		capturing |= uint(cp) & (1 << 7)
	}
	s.capturing = capturing
	s.nskip = 0
	// A capture link's Red end is what Black attacks, its Black end what
	// Red attacks.
	s.attacks = [2]rules.Bitboard{attack &^ red, attack & red}
	s.protected = protected
	if self&doubleSquares != 0 {
		s.selfGaps(occ, red)
	}
}

// selfGaps adds the captures and protection of the pieces linked to
// themselves (rules.SelfLinks): a crossing point passing over its own
// vacated point meets up to two pieces, capturing the enemies among them
// and protecting the friends.
func (s *circuitScan) selfGaps(occ, red rules.Bitboard) {
	var links [8]rules.SelfLink
	for _, l := range links[:rules.SelfLinks(occ, &links)] {
		sq := square(l.Piece)
		ca := colorOf(red, sq)
		own := red ^ occ&rules.Bitboard(mask64(uint64(l.Piece&^red))) // occ^red when the piece is Black
		s.protected |= l.Meets & own
		caps := l.Meets &^ own
		s.attacks[ca] |= caps
		for ; caps != 0; caps &= caps - 1 {
			s.skips[s.nskip&(maxSkips-1)] = capturePair{sq, square(caps & -caps)}
			s.nskip++
		}
	}
}

// bit returns the bitboard of sq without the shift-size check of a
// variable shift.
func bit(sq rules.Square) rules.Bitboard { return 1 << (sq & 63) }

// colorOf returns the colour of the piece on sq, given Red's pieces.
func colorOf(red rules.Bitboard, sq rules.Square) rules.Color {
	return rules.Color(^(red >> sq) & 1)
}

// ringState holds the occupancy of each circuit as a doubled ring: bit i
// and bit i+24 for track position i, so that the 23 positions after any
// position are a contiguous window.
type ringState struct {
	// occ[c] is every piece on circuit c, red[c] Red's pieces.
	occ, red [2]uint64
}

// doubled returns the 24-bit ring r as a doubled ring.
func doubled(r uint64) uint64 {
	r &= 1<<rules.TrackLen - 1
	return r | r<<rules.TrackLen
}

// fill sets st to the doubled rings of the position with the given pieces.
func (st *ringState) fill(red, black rules.Bitboard) {
	o, r := ringsOf(red|black), ringsOf(red)
	st.occ = [2]uint64{doubled(o), doubled(o >> 32)}
	st.red = [2]uint64{doubled(r), doubled(r >> 32)}
}

// ringEntry is what recaptured needs of one track position p of a point on
// circuit c, gathered so that one row holds it: the windows of p
// (window[p], beforeLoopAhead[p], beforeLoopBehind[p]), the point's own
// positions on c and c's double points, as doubled rings.
type ringEntry struct {
	window, ahead, behind, self, doubles uint64
	c                                    rules.Circuit
}

// ringEntries[s] are the ringEntry rows of the track positions of s, as
// entries[s] lists them.
var ringEntries [64][2]ringEntry

// buildRingEntries fills ringEntries from the tables buildTables fills.
func buildRingEntries() {
	for s := range ringEntries {
		for i := 0; i < int(entryCount[s]); i++ {
			e := entries[s][i]
			c, p := e.circuit, e.pos
			ringEntries[s][i] = ringEntry{window[p], beforeLoopAhead[p], beforeLoopBehind[p], doubledSquare[s][c], doubleRings[c], c}
		}
	}
}

// recaptured reports whether, after the piece on from captures the piece on
// to, the captured side could capture the capturer back on to; the piece
// on to must not be protected (no piece of its own colour reaches it). st
// holds the rings of the position before the capture and red is Red's
// pieces. The capture only empties from, so only the circuits through from
// can open a route: from each track position of to on them and in both
// directions it looks at the nearest piece with from emptied: a piece of
// the captured side there captures back if a loop lies between, or if it is
// a double point whose other position is the next occupied one beyond (its
// route passes over itself and a loop on the way). undefendedOf writes
// this function out in its loop over the capture links, where most calls
// are made: there the call itself would cost a third as much as the work.
func (st *ringState) recaptured(red rules.Bitboard, from, to rules.Square) bool {
	// black is all ones when the captured piece is Black: the defenders
	// are then the circuit's pieces that are not Red.
	black := -uint64(^(red >> (to & 63)) & 1)
	rows := &ringEntries[to&63]
	gone := &doubledSquare[from&63]
	hit := st.recapturedAt(&rows[0], gone, black)
	if entryCount[to&63] > 1 {
		hit |= st.recapturedAt(&rows[1], gone, black)
	}
	return hit != 0
}

// recapturedAt is recaptured at one track position of the captured piece,
// e, given the positions that the capture empties (gone, per circuit) and
// all ones in black when the captured piece is Black: it returns a nonzero
// value when a defender captures back there. The checks are combined
// without branches but for the early returns (a circuit the capture leaves
// as it was, or one without defenders) and the rare double point case: on
// a mix of positions each would mispredict often.
func (st *ringState) recapturedAt(e *ringEntry, gone *[2]uint64, black uint64) (hit uint64) {
	c := e.c & 1
	g := gone[c]
	if g == 0 {
		return 0 // the capture leaves this circuit as it was
	}
	defenders := (st.red[c] ^ st.occ[c]&black) &^ e.self
	if defenders == 0 {
		return 0 // no piece of the captured side is left on this circuit
	}
	x := st.occ[c] &^ g & e.window // occupied, p+1 .. p+23
	// The nearest piece ahead: a defender there captures back across a
	// loop, or, without one, if it is a double point whose other position
	// lies just beyond (rare: checked apart).
	near := x & -x & defenders
	loop := mask64(x & e.ahead) // all ones when no loop lies between
	hit = near &^ loop
	if near&e.doubles&loop != 0 {
		hit |= b2u64(skipsAhead(x, c))
	}
	// The same behind: the highest bit of the window (x|1 keeps the shift
	// in range; bit 0 is never in a window).
	near = 1 << ((bits.Len64(x|1) - 1) & 63) & x & defenders
	loop = mask64(x & e.behind)
	hit |= near &^ loop
	if near&e.doubles&loop != 0 {
		hit |= b2u64(skipsBehind(x, c))
	}
	return hit
}

// doubleRings[c] has the track positions of circuit c's double points as a
// doubled ring.
var doubleRings = func() (r [2]uint64) {
	for c := rules.Inner; c <= rules.Outer; c++ {
		for i := 0; i < rules.TrackLen; i++ {
			s := rules.TrackSquare(c, i)
			for j := 0; j < rules.TrackLen; j++ {
				if j != i && rules.TrackSquare(c, j) == s {
					r[c] |= 1<<i | 1<<(i+rules.TrackLen)
				}
			}
		}
	}
	return r
}()

// skipsAhead reports whether the nearest piece in x (the occupied positions
// of a doubled ring in the window after some position) is a double point
// whose other position is the next occupied one beyond it: walking
// backward from there it passes over itself and a loop, and reaches the
// window's start.
func skipsAhead(x uint64, c rules.Circuit) bool {
	ts := &trackSquareX[c&1]
	x2 := x & (x - 1)
	return x2 != 0 && ts[bits.TrailingZeros64(x)&127] == ts[bits.TrailingZeros64(x2)&127]
}

// skipsBehind is skipsAhead for the farthest piece of the window, the
// nearest behind its start.
func skipsBehind(x uint64, c rules.Circuit) bool {
	ts := &trackSquareX[c&1]
	x3 := x &^ (1 << (bits.Len64(x) - 1))
	return x3 != 0 && ts[(bits.Len64(x)-1)&127] == ts[(bits.Len64(x3)-1)&127]
}

func b2u64(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// mask64 returns all ones when x is not zero, else 0.
func mask64(x uint64) uint64 { return uint64(int64(x|-x) >> 63) }
