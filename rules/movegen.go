package rules

import (
	"math/bits"
	"slices"
)

// Move generation works on whole bitboards rather than piece by piece.
//
// Quiet moves are the eight shifts of the side's bitboard.
//
// Captures come from the circuits' segments: each circuit is four straight
// segments of six points (a rank or a file, walked in the order of
// RULES.md), with a corner loop between consecutive segments. A route
// crosses a loop exactly when it leaves its segment, so a piece can capture
// forward only if it is the last piece of its segment in walking order, and
// what it meets is the first piece of the next non-empty segment; backward
// likewise with the roles swapped. Each circuit therefore has at most four
// "links": (last piece of a non-empty segment, first piece of the next
// non-empty one), and every capture of either side is a link whose two ends
// differ in color, the mover being the end whose side is to move. The ends
// of all eight segments come from a few whole-board operations (lowest bit,
// and a fill along ranks and files for the highest), so finding every
// capture of a position costs a hundred-odd branch-free instructions and no
// walk along the track.
//
// The one case a link does not settle is a piece on a crossing point whose
// two track positions are consecutive in the circuit's order (both ends of a
// link are the same piece): leaving one position it passes its own vacated
// other one and travels on, to the piece after it in the next segment or
// before it in its own (SelfLinks). A lone piece on a circuit also links
// to itself, and captures nothing there.
//
// The links of a position are distinct captures except when two of them
// join the same two pieces (possible through crossing points, or when the
// same two pieces are linked on both circuits); counting checks for that.
//
// This is the capture relation's one definition: CaptureTargets, Attacked
// and IsLegal read it, and package eval's features build on its exported
// facts (SegmentLine, Crossings, LineHighs, LineLows, SelfLinks). Only the
// routes of notation (route.go) walk the track as a ring, on the same track
// tables; the tests compare all of it with a point-by-point walk.

// The lines that make up the circuits' segments.
const (
	rank2 Bitboard = 0x3F << 6
	rank3 Bitboard = 0x3F << 12
	rank4 Bitboard = 0x3F << 18
	rank5 Bitboard = 0x3F << 24
	fileB Bitboard = fileA << 1
	fileC Bitboard = fileA << 2
	fileD Bitboard = fileA << 3
	fileE Bitboard = fileA << 4

	innerPoints = rank2 | fileE | rank5 | fileB
	outerPoints = rank3 | fileD | rank4 | fileC
	anyCircuit  = innerPoints | outerPoints
)

// nextSegment[m] holds, in bits 2k..2k+1, the first segment after k,
// cyclically, whose bit is set in m: where a route leaving segment k
// forward next meets a piece.
var nextSegment = func() (t [16]uint) {
	for m := 1; m < 16; m++ {
		for k := 0; k < 4; k++ {
			for d := 1; d <= 4; d++ {
				if j := (k + d) % 4; m>>j&1 != 0 {
					t[m] |= uint(j) << (2 * k)
					break
				}
			}
		}
	}
	return t
}()

// nonEmpty returns 1 if x has a square, else 0.
func nonEmpty(x Bitboard) uint { return uint(x|-x) >> 63 }

// LineHighs returns, as bitboards, the highest occupied square of every
// rank (its east-most piece) and of every file (its north-most) of the
// occupied points occ, and LineLows the lowest (west-most, south-most):
// the first and last pieces of every segment (SegmentLine), found by
// whole-board fills instead of a bit scan each.
func LineHighs(occ Bitboard) (rankHigh, fileHigh Bitboard) { return lineTops(occ) }

// LineLows: see LineHighs. Each line is filled upward from its pieces.
func LineLows(occ Bitboard) (rankLow, fileLow Bitboard) {
	const (
		filesBF = BoardMask &^ fileA
		filesCF = filesBF &^ fileB
	)
	w := occ << 1 & filesBF // a piece 1 west, on the same rank
	w |= w << 1 & filesBF   // 1-2 west
	w |= w << 2 & filesCF   // 1-4 west
	w |= occ << 5 & fileF   // 1-5 west
	s := occ << 6           // a piece 1 south
	s |= s << 6             // 1-2 south
	s |= s << 12            // 1-4 south
	s |= occ << 30          // 1-5 south
	return occ &^ w, occ &^ s
}

// lineTops is LineHighs: each line filled downward from its pieces.
func lineTops(occ Bitboard) (rankTop, fileTop Bitboard) {
	const (
		filesAE = BoardMask &^ fileF
		filesAD = filesAE &^ fileE
	)
	e := occ >> 1 & filesAE // a piece 1 east, on the same rank
	e |= e >> 1 & filesAE   // 1-2 east
	e |= e >> 2 & filesAD   // 1-4 east
	e |= occ >> 5 & fileA   // 1-5 east
	n := occ >> 6           // a piece 1 north
	n |= n >> 6             // 1-2 north
	n |= n >> 12            // 1-4 north
	n |= occ >> 30          // 1-5 north
	return occ &^ e, occ &^ n
}

// circuitLinks returns the four links of one circuit as one-bit bitboards:
// a_k is the last piece of segment k in walking order, b_k the first piece
// met after it. x0..x3 are the occupied points of the four segments in
// walking order and h0..h3 their highest squares. Segments 0 and 1 are
// walked toward higher squares (east along a rank, north along a file), 2
// and 3 toward lower ones, on both circuits. An empty segment's link is
// a_k = 0 (it joins nothing), and no link leads into it.
func circuitLinks(x0, x1, x2, x3, h0, h1, h2, h3 Bitboard) (a0, b0, a1, b1, a2, b2, a3, b3 Bitboard) {
	a0, a1, a2, a3 = h0, h1, x2&-x2, x3&-x3
	b0, b1, b2, b3 = x1&-x1, h2, h3, x0&-x0
	if x0 == 0 || x1 == 0 || x2 == 0 || x3 == 0 {
		first := [4]Bitboard{b3, b0, b1, b2}
		next := nextSegment[nonEmpty(x0)|nonEmpty(x1)<<1|nonEmpty(x2)<<2|nonEmpty(x3)<<3]
		b0, b1, b2, b3 = first[next&3], first[next>>2&3], first[next>>4&3], first[next>>6&3]
	}
	return
}

// bitLink settles the link (a, b) for the side owning us: c is 1 when
// exactly one end is ours (a capture), and then ends is a|b, else 0.
// Bitboards are below 1<<36, so x + (1<<36 - 1) has bit 36 set exactly
// when x is not empty. Branch-free: which case applies is data, and
// mispredicted branches would cost more than the arithmetic.
func bitLink(us, a, b Bitboard) (c uint, ends Bitboard) {
	const m = 1<<36 - 1
	p := a | b
	mover := p & us
	c = uint((mover+m)&(mover^p+m)) >> 36
	return c, p & -Bitboard(c)
}

// circuitCaptures returns the capture links of the side owning us on one
// circuit (arguments as for circuitLinks): n of them, ends the pieces at
// their ends (the movers are ours, the targets theirs), and same the
// links' ends that are the same piece at both ends (of either side).
func circuitCaptures(us, x0, x1, x2, x3, h0, h1, h2, h3 Bitboard) (n uint, ends, same Bitboard) {
	// circuitLinks, written out: the call would cost as much as the work.
	a0, a1, a2, a3 := h0, h1, x2&-x2, x3&-x3
	b0, b1, b2, b3 := x1&-x1, h2, h3, x0&-x0
	if x0 == 0 || x1 == 0 || x2 == 0 || x3 == 0 {
		first := [4]Bitboard{b3, b0, b1, b2}
		next := nextSegment[nonEmpty(x0)|nonEmpty(x1)<<1|nonEmpty(x2)<<2|nonEmpty(x3)<<3]
		b0, b1, b2, b3 = first[next&3], first[next>>2&3], first[next>>4&3], first[next>>6&3]
	}
	n, ends = bitLink(us, a0, b0)
	c, e := bitLink(us, a1, b1)
	n, ends = n+c, ends|e
	c, e = bitLink(us, a2, b2)
	n, ends = n+c, ends|e
	c, e = bitLink(us, a3, b3)
	n, ends = n+c, ends|e
	return n, ends, a0&b0 | a1&b1 | a2&b2 | a3&b3
}

// captureCount returns the number of loop captures (distinct from, to
// pairs) of the side owning us. Each capture link is one capture unless a
// piece of ours links to itself (then the exact capture map is built) or
// two links join the same two pieces. That cannot be when no two links
// share a mover, or none share a target, and noDuplicates rules it out in
// most other positions; the rest are settled by the capture map.
func captureCount(us, them Bitboard) int {
	occ := us | them
	rankTop, fileTop := lineTops(occ)
	var nIn, nOut uint
	var endsIn, endsOut, same Bitboard
	if us&innerPoints != 0 && them&innerPoints != 0 {
		x0, x1, x2, x3 := occ&rank2, occ&fileE, occ&rank5, occ&fileB
		nIn, endsIn, same = circuitCaptures(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3)
	}
	if us&outerPoints != 0 && them&outerPoints != 0 {
		x0, x1, x2, x3 := occ&rank3, occ&fileD, occ&rank4, occ&fileC
		n, e, s := circuitCaptures(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3)
		nOut, endsOut, same = n, e, same|s
	}
	n, ends := nIn+nOut, endsIn|endsOut
	if same&us == 0 && (n <= 1 || uint((ends&us).Count()) == n || uint((ends&them).Count()) == n ||
		noDuplicates(us, occ, nIn, endsIn, nOut, endsOut)) {
		return int(n)
	}
	var caps [64]Bitboard
	c := 0
	for b := captureMap(us, them, &caps); b != 0; {
		c += caps[b.PopFirst()&63].Count()
	}
	return c
}

// The crossing points of each circuit, where it passes twice.
const (
	innerCrossings = (rank2 | rank5) & (fileB | fileE)
	outerCrossings = (rank3 | rank4) & (fileC | fileD)
	// Crossings are the points a circuit passes twice: b2 e2 b5 e5 on the
	// inner circuit, c3 d3 c4 d4 on the outer.
	Crossings = innerCrossings | outerCrossings
)

// noDuplicates reports that no two capture links join the same two
// pieces, given each circuit's number of capture links and their ends
// (movers ours, targets theirs); false means it may be so. Two links of one
// circuit can join the same pieces only if one of them stands on a
// crossing point or the circuit holds just those two, and only if the
// links share movers and share targets; links of the two circuits only if
// both pieces stand on both circuits.
func noDuplicates(us, occ Bitboard, nIn uint, endsIn Bitboard, nOut uint, endsOut Bitboard) bool {
	both := endsIn & endsOut
	return (both&us == 0 || both&^us == 0) &&
		noDuplicatesOn(us, occ&innerPoints, innerCrossings, nIn, endsIn) &&
		noDuplicatesOn(us, occ&outerPoints, outerCrossings, nOut, endsOut)
}

// noDuplicatesOn is noDuplicates for one circuit, whose occupied points
// are on.
func noDuplicatesOn(us, on, crossings Bitboard, n uint, ends Bitboard) bool {
	atLeast3 := on&(on-1)&(on&(on-1)-1) != 0
	return n <= 1 || on&crossings == 0 && atLeast3 ||
		uint((ends&us).Count()) == n || uint((ends&^us).Count()) == n
}

// captureMap returns the pieces of us that can capture, and ORs into
// caps[s], for each such s, the pieces of them that s can capture. caps
// must be zero on entry (a fresh local array is); caps[63], never a
// square, serves as a discard slot.
func captureMap(us, them Bitboard, caps *[64]Bitboard) Bitboard {
	occ := us | them
	rankTop, fileTop := lineTops(occ)
	inner := us&innerPoints != 0 && them&innerPoints != 0
	outer := us&outerPoints != 0 && them&outerPoints != 0
	var movers, self Bitboard
	if inner {
		x0, x1, x2, x3 := occ&rank2, occ&fileE, occ&rank5, occ&fileB
		m, s := circuitMap(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3, caps)
		movers, self = m, s
	}
	if outer {
		x0, x1, x2, x3 := occ&rank3, occ&fileD, occ&rank4, occ&fileC
		m, s := circuitMap(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3, caps)
		movers, self = movers|m, self|s
	}
	if self&us == 0 {
		return movers
	}
	// Rare: a piece of ours linked to itself.
	var links [8]SelfLink
	for _, l := range links[:SelfLinks(occ, &links)] {
		if t := l.Meets & them; l.Piece&us != 0 && t != 0 {
			caps[bits.TrailingZeros64(uint64(l.Piece))&63] |= t
			movers |= l.Piece
		}
	}
	return movers
}

// segmentLines[c] are the lines of circuit c's segments in walking order:
// a rank walked east, a file walked north, a rank walked west, a file
// walked south.
var segmentLines = [2][4]Bitboard{{rank2, fileE, rank5, fileB}, {rank3, fileD, rank4, fileC}}

// SegmentLine returns the line, a middle rank or file, of segment k (0..3)
// of circuit c (RULES.md): segment k holds track positions 6k..6k+5, a
// corner loop lies between segment k and segment k+1 (mod 4), and segments
// 0 and 1 are walked toward higher squares (east along a rank, north along
// a file), 2 and 3 toward lower ones. Inner: rank 2, file e, rank 5, file
// b; outer: rank 3, file d, rank 4, file c. A capture route leaves its
// segment through the segment's last piece and meets the first piece of
// the next occupied segment: those links (circuitLinks) are the whole
// capture relation.
func SegmentLine(c Circuit, k int) Bitboard { return segmentLines[c&1][k&3] }

// SelfLink is a piece linked to itself on a circuit (CircuitLinks' one
// exception): a crossing point whose two track positions are consecutive
// occupied positions, through its corner loop or round the rest of the
// circuit. Leaving one of its positions it passes its own vacated other
// one: going forward it meets the piece after it in the segment it enters,
// going backward the piece before it in the segment it leaves, with a loop
// already behind it either way. Meets holds those pieces (none, one or
// two); it captures the ones of the other colour. Its other captures are
// ordinary links.
type SelfLink struct{ Piece, Meets Bitboard }

// SelfLinks stores in out the pieces of either colour linked to themselves
// among the occupied points occ, with the pieces they meet, and returns
// how many (four links a circuit at most). A piece alone on a circuit,
// which also links to itself but meets nothing, is left out when the
// circuit has no occupied crossing point.
func SelfLinks(occ Bitboard, out *[8]SelfLink) int {
	rankTop, fileTop := lineTops(occ)
	// The second-highest square of each line is the highest once the
	// highest is removed.
	rankTop2, _ := lineTops(occ &^ rankTop)
	_, fileTop2 := lineTops(occ &^ fileTop)
	n := 0
	for c, crossings := range [2]Bitboard{innerCrossings, outerCrossings} {
		if occ&crossings == 0 {
			continue // no piece there can link to itself and meet another
		}
		var first, last, second, penult [4]Bitboard
		nonEmpty := uint(0)
		for k, line := range segmentLines[c] {
			top, top2 := rankTop, rankTop2
			if k&1 != 0 {
				top, top2 = fileTop, fileTop2
			}
			x, h, h2 := occ&line, top&line, top2&line
			lo := x & -x
			rest := x &^ lo
			lo2 := rest & -rest
			if k < 2 { // walked toward higher squares
				first[k], last[k], second[k], penult[k] = lo, h, lo2, h2
			} else {
				first[k], last[k], second[k], penult[k] = h, lo, h2, lo2
			}
			if x != 0 {
				nonEmpty |= 1 << k
			}
		}
		next := nextSegment[nonEmpty]
		for k := range 4 {
			j := next >> (2 * k) & 3
			if s := last[k] & first[j]; s != 0 {
				out[n&7] = SelfLink{Piece: s, Meets: penult[k] | second[j]}
				n++
			}
		}
	}
	return n
}

// circuitMap adds the capture links of one circuit to caps (see
// captureMap) and returns their movers, and the pieces linked to
// themselves.
func circuitMap(us, x0, x1, x2, x3, h0, h1, h2, h3 Bitboard, caps *[64]Bitboard) (movers, same Bitboard) {
	a0, b0, a1, b1, a2, b2, a3, b3 := circuitLinks(x0, x1, x2, x3, h0, h1, h2, h3)
	_, e0 := bitLink(us, a0, b0)
	_, e1 := bitLink(us, a1, b1)
	_, e2 := bitLink(us, a2, b2)
	_, e3 := bitLink(us, a3, b3)
	// A link that is no capture has ends 0 and lands in the discard slot.
	caps[bits.TrailingZeros64(uint64(e0&us|1<<63))&63] |= e0 &^ us
	caps[bits.TrailingZeros64(uint64(e1&us|1<<63))&63] |= e1 &^ us
	caps[bits.TrailingZeros64(uint64(e2&us|1<<63))&63] |= e2 &^ us
	caps[bits.TrailingZeros64(uint64(e3&us|1<<63))&63] |= e3 &^ us
	return (e0 | e1 | e2 | e3) & us, a0&b0 | a1&b1 | a2&b2 | a3&b3
}

func (p *Position) rings() [2]uint32 {
	occ := p.pieces[Red] | p.pieces[Black]
	return [2]uint32{ring(Inner, occ), ring(Outer, occ)}
}

// GenerateMoves appends the legal moves of the side to move to buf[:0] and
// returns the result, in the side to move's frame: for each piece in square
// order, its targets in square order, where Red counts squares from a1 up
// and Black from f6 down (Black's list is GenerateMovesBySquare's
// reversed). The order is thus the same for a position and its image under
// Rotate (board turned round, colours swapped), so that nothing that walks
// or draws from the list can prefer a colour. With cap(buf) >= MaxMoves it
// does not allocate.
func (p *Position) GenerateMoves(buf []Move) []Move {
	return p.sideFrame(p.GenerateMovesBySquare(buf))
}

// GenerateMovesBySquare is GenerateMoves in square order for both colours:
// for each piece from a1 up, its targets from a1 up (index i of
// GenerateMoves is index n-1-i here when Black moves). It is the order of
// the random openings of datasets, which it reproduces for datasets written
// before GenerateMoves became side-relative; a uniform draw from it favours
// no colour.
func (p *Position) GenerateMovesBySquare(buf []Move) []Move {
	buf = buf[:0]
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	empty := BoardMask &^ (us | them)
	var caps [64]Bitboard
	capFrom := captureMap(us, them, &caps)
	for b := us; b != 0; {
		from := b.PopFirst()
		t := neighbours[from] & empty
		if !capFrom.Has(from) {
			for t != 0 {
				buf = append(buf, Move(from)|Move(t.PopFirst())<<6)
			}
			continue
		}
		c := caps[from&63]
		for t |= c; t != 0; {
			to := t.PopFirst()
			m := Move(from) | Move(to)<<6
			if c.Has(to) {
				m |= captureFlag
			}
			buf = append(buf, m)
		}
	}
	return buf
}

// sideFrame puts moves listed in square order into the side to move's
// frame: reversed when Black moves.
func (p *Position) sideFrame(moves []Move) []Move {
	if p.side == Black {
		slices.Reverse(moves)
	}
	return moves
}

// GenerateCaptures appends the legal captures of the side to move to buf[:0]
// and returns the result, in the order of GenerateMoves.
func (p *Position) GenerateCaptures(buf []Move) []Move {
	buf = buf[:0]
	var caps [64]Bitboard
	for b := captureMap(p.pieces[p.side], p.pieces[p.side^1], &caps); b != 0; {
		from := b.PopFirst()
		for t := caps[from&63]; t != 0; {
			buf = append(buf, Move(from)|Move(t.PopFirst())<<6|captureFlag)
		}
	}
	return p.sideFrame(buf)
}

// CaptureTargets returns the opponent's pieces that the piece on s could
// capture if its side were to move, whoever holds s; empty if s is empty.
func (p *Position) CaptureTargets(s Square) Bitboard {
	c, ok := p.At(s)
	if !ok {
		return 0
	}
	var caps [64]Bitboard
	captureMap(p.pieces[c], p.pieces[c^1], &caps)
	return caps[s&63]
}

// Attacked returns the pieces of c's opponent that c could capture now if it
// were c's turn.
func (p *Position) Attacked(c Color) Bitboard {
	var caps [64]Bitboard
	var t Bitboard
	for b := captureMap(p.pieces[c], p.pieces[c^1], &caps); b != 0; {
		t |= caps[b.PopFirst()&63]
	}
	return t
}

// quietCount returns the number of quiet moves of the pieces us onto the
// empty points empty. The moves along one axis in both directions are
// counted with one popcount: the targets of the moves one way (empty
// points) and the sources of the moves the other way (our points) are
// disjoint sets in one-to-one correspondence with the moves. The file masks
// drop the shifts that wrap around the board's edge.
func quietCount(us, empty Bitboard) int {
	const notA, notF = BoardMask &^ fileA, BoardMask &^ fileF
	n := bits.OnesCount64(uint64((us<<1&empty | empty<<1&us) & notA))
	n += bits.OnesCount64(uint64(us<<6&empty | empty<<6&us))
	n += bits.OnesCount64(uint64((us<<7&empty | empty<<7&us) & notA))
	n += bits.OnesCount64(uint64((us<<5&empty | empty<<5&us) & notF))
	return n
}

// QuietMoveCount returns the number of quiet moves c would have.
func (p *Position) QuietMoveCount(c Color) int {
	return quietCount(p.pieces[c], BoardMask&^(p.pieces[Red]|p.pieces[Black]))
}

// countMoves returns the number of legal moves of the side owning us.
func countMoves(us, them Bitboard) int {
	n := quietCount(us, BoardMask&^(us|them))
	if us&anyCircuit == 0 || them&anyCircuit == 0 {
		return n
	}
	return n + captureCount(us, them)
}

// CountMoves returns len(GenerateMoves) without building the list.
func (p *Position) CountMoves() int {
	return countMoves(p.pieces[p.side], p.pieces[p.side^1])
}

// HasMoves reports whether the side to move has a legal move.
func (p *Position) HasMoves() bool {
	if p.QuietMoveCount(p.side) > 0 {
		return true
	}
	return p.Attacked(p.side) != 0
}

// IsLegal reports whether m is a legal move in p, its capture flag included.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if m>>13 != 0 || from >= NumSquares || to >= NumSquares || !p.pieces[p.side].Has(from) {
		return false
	}
	if m.IsCapture() {
		return p.CaptureTargets(from).Has(to)
	}
	return neighbours[from].Has(to) && !p.Occupied().Has(to)
}
