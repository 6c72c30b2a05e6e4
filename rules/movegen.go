package rules

import "math/bits"

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
// differ in color, the mover being the end whose side is to move. The two
// ends of a segment are one bit scan each on the occupancy masked to its
// line, so finding all captures of a position costs a few dozen
// instructions and no walk.
//
// The one case a link does not settle is a piece on a crossing point whose
// two track positions are consecutive in the circuit's order (both ends of a
// link are the same piece): leaving one position it passes its own vacated
// other one and travels on. Such a piece, if it is the mover's, is resolved
// with the per-piece ring walk of captureTargets. A lone piece on a circuit
// also links to itself and is resolved the same way (it captures nothing
// there).

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

// links holds the capture links of one side: the captures found from the
// circuits' segment ends, as moves (each (from, to) pair once after
// dedupe), and the mover's pieces that link to themselves, whose captures
// are resolved separately (see the comment at the top of this file).
type links struct {
	n     int
	moves [8]Move // at most four links per circuit
	self  Bitboard
}

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

// link returns the capture of the link from a (last piece of a segment in
// walking order) to b (the first piece met after it, across a loop), and
// whether it is one (1 or 0): whichever end belongs to us captures the
// other. self is 1 when a piece of ours links to itself. Branch-free: which
// case applies is data, and mispredicted branches would cost more than the
// arithmetic.
func link(us Bitboard, a, b uint) (m Move, capture, self uint) {
	ua, ub := uint(us>>a)&1, uint(us>>b)&1
	swap := (a ^ b) & -ub // exchange a and b when b is ours
	m = Move(a^swap) | Move(b^swap)<<6 | captureFlag
	return m, ua ^ ub, ua & (((a ^ b) - 1) >> 63)
}

// circuit adds the links of one circuit, given the occupancy of its four
// segments in walking order. Segments 0 and 1 are walked toward higher
// squares (east along a rank, north along a file), 2 and 3 toward lower
// ones, on both circuits. A segment's first piece in walking order is
// packed into firsts, 8 bits a segment; for an empty segment first and
// last are garbage, never used: its link is not counted (valid bit 0) and
// no link leads into it (nextSegment skips it).
func (l *links) circuit(us, x0, x1, x2, x3 Bitboard) {
	firsts := uint(bits.TrailingZeros64(uint64(x0)))&63 |
		uint(bits.TrailingZeros64(uint64(x1)))&63<<8 |
		uint(bits.Len64(uint64(x2))-1)&63<<16 |
		uint(bits.Len64(uint64(x3))-1)&63<<24
	last0 := uint(bits.Len64(uint64(x0))-1) & 63
	last1 := uint(bits.Len64(uint64(x1))-1) & 63
	last2 := uint(bits.TrailingZeros64(uint64(x2))) & 63
	last3 := uint(bits.TrailingZeros64(uint64(x3))) & 63
	v0, v1, v2, v3 := nonEmpty(x0), nonEmpty(x1), nonEmpty(x2), nonEmpty(x3)
	next := nextSegment[v0|v1<<1|v2<<2|v3<<3]
	n, self := uint(l.n), l.self

	m, c, s := link(us, last0, firsts>>(next&3*8)&63)
	l.moves[n&7] = m
	n += c & v0
	self |= Bitboard(s&v0) << last0

	m, c, s = link(us, last1, firsts>>(next>>2&3*8)&63)
	l.moves[n&7] = m
	n += c & v1
	self |= Bitboard(s&v1) << last1

	m, c, s = link(us, last2, firsts>>(next>>4&3*8)&63)
	l.moves[n&7] = m
	n += c & v2
	self |= Bitboard(s&v2) << last2

	m, c, s = link(us, last3, firsts>>(next>>6&3*8)&63)
	l.moves[n&7] = m
	n += c & v3
	self |= Bitboard(s&v3) << last3

	l.n, l.self = int(n), self
}

// find records the links of the side owning us against them.
func (l *links) find(us, them Bitboard) {
	occ := us | them
	if us&innerPoints != 0 && them&innerPoints != 0 {
		l.circuit(us, occ&rank2, occ&fileE, occ&rank5, occ&fileB)
	}
	if us&outerPoints != 0 && them&outerPoints != 0 {
		l.circuit(us, occ&rank3, occ&fileD, occ&rank4, occ&fileC)
	}
}

// dedupe removes repeated moves and the moves of the pieces in l.self, whose
// captures the caller takes from selfTargets instead.
func (l *links) dedupe() {
	n := 0
	for i := 0; i < l.n; i++ {
		m := l.moves[i&7]
		keep := !l.self.Has(m.From())
		for j := 0; j < n && keep; j++ {
			keep = l.moves[j&7] != m
		}
		if keep {
			l.moves[n&7] = m
			n++
		}
	}
	l.n = n
}

// selfTargets returns the capture targets (opponent pieces) of our piece
// on s by the per-piece ring walk.
func selfTargets(s Square, occ, them Bitboard, rings *[2]uint32, have *bool) Bitboard {
	if !*have {
		*rings = [2]uint32{ring(Inner, occ), ring(Outer, occ)}
		*have = true
	}
	return captureTargets(s, rings) & them
}

// highest returns the highest square of x as a bitboard, 0 if x is empty.
func highest(x Bitboard) Bitboard {
	return Bitboard(1<<63) >> (bits.LeadingZeros64(uint64(x)) & 63) & x
}

// lineTops returns, as a bitboard, the highest occupied square of every
// rank (its east-most piece) and of every file (its north-most), by
// filling each line downward from its pieces: all eight segment ends that
// need a highest bit at once, instead of a bit scan each.
func lineTops(occ Bitboard) (rankTop, fileTop Bitboard) {
	const (
		filesAE = BoardMask &^ fileF
		filesAD = filesAE &^ (fileA << 4)
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

// bitLink is link for one-bit bitboards a and b: c is 1 when exactly one
// of them is ours (then mover and target are the two), self is a when a
// and b are the same piece of ours, else 0. Bitboards are below 1<<36, so
// x + (1<<36 - 1) has bit 36 set exactly when x is not empty.
func bitLink(us, a, b Bitboard) (c uint, mover, target, self Bitboard) {
	const m = 1<<36 - 1
	p := a | b
	mover = p & us
	target = mover ^ p
	c = uint((mover+m)&(target+m)) >> 36
	mask := -Bitboard(c)
	return c, mover & mask, target & mask, a & b & us
}

// circuitCaptures returns the captures of the side owning us on one circuit,
// found as in links.circuit but with squares as one-bit bitboards, which
// suffices for counting: n is the number of capture links, movers and
// targets the pieces at their two ends, self our pieces linked to
// themselves. x0..x3 are the occupied points of the circuit's four
// segments in walking order, h0..h3 the highest square of each. An empty
// segment has first = last = 0: a link from it has no piece of both colors
// and so counts nothing, and none leads into it.
func circuitCaptures(us, x0, x1, x2, x3, h0, h1, h2, h3 Bitboard) (n uint, movers, targets, self Bitboard) {
	b0, b1, b2, b3 := x1&-x1, h2, h3, x0&-x0
	if x0 == 0 || x1 == 0 || x2 == 0 || x3 == 0 {
		first := [4]Bitboard{b3, b0, b1, b2}
		next := nextSegment[nonEmpty(x0)|nonEmpty(x1)<<1|nonEmpty(x2)<<2|nonEmpty(x3)<<3]
		b0, b1, b2, b3 = first[next&3], first[next>>2&3], first[next>>4&3], first[next>>6&3]
	}
	c, m, t, s := bitLink(us, h0, b0)
	n, movers, targets, self = c, m, t, s
	c, m, t, s = bitLink(us, h1, b1)
	n, movers, targets, self = n+c, movers|m, targets|t, self|s
	c, m, t, s = bitLink(us, x2&-x2, b2)
	n, movers, targets, self = n+c, movers|m, targets|t, self|s
	c, m, t, s = bitLink(us, x3&-x3, b3)
	n, movers, targets, self = n+c, movers|m, targets|t, self|s
	return
}

// captureCount returns the number of loop captures (distinct from, to
// pairs) of the side owning us. The capture links are distinct pairs
// unless two of them share both mover and target, which needs fewer
// distinct movers and fewer distinct targets than links; only then, or
// when a piece links to itself, are the movers' captures walked one by one.
func captureCount(us, them Bitboard) int {
	occ := us | them
	rankTop, fileTop := lineTops(occ)
	var n uint
	var movers, targets, self Bitboard
	if us&innerPoints != 0 && them&innerPoints != 0 {
		x0, x1, x2, x3 := occ&rank2, occ&fileE, occ&rank5, occ&fileB
		n, movers, targets, self = circuitCaptures(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3)
	}
	if us&outerPoints != 0 && them&outerPoints != 0 {
		x0, x1, x2, x3 := occ&rank3, occ&fileD, occ&rank4, occ&fileC
		n2, m2, t2, s2 := circuitCaptures(us, x0, x1, x2, x3, rankTop&x0, fileTop&x1, rankTop&x2, fileTop&x3)
		n += n2
		movers |= m2
		targets |= t2
		self |= s2
	}
	if self == 0 && (n <= 1 || uint(movers.Count()) == n || uint(targets.Count()) == n) {
		return int(n)
	}
	StatExact++
	rings := [2]uint32{ring(Inner, occ), ring(Outer, occ)}
	c := 0
	for b := movers | self; b != 0; {
		c += (captureTargets(b.PopFirst(), &rings) & them).Count()
	}
	return c
}

var StatExact uint64

// captureMap returns the pieces of us that can capture, and stores in
// caps[s] (for those s only) the pieces of them each one can capture.
func captureMap(us, them Bitboard, caps *[64]Bitboard) Bitboard {
	var l links
	l.find(us, them)
	if l.n == 0 && l.self == 0 {
		return 0
	}
	var movers Bitboard
	for i := 0; i < l.n; i++ {
		m := l.moves[i&7]
		from := m.From()
		if !movers.Has(from) {
			movers |= from.Bit()
			caps[from] = 0
		}
		caps[from] |= m.To().Bit()
	}
	var rings [2]uint32
	have := false
	for b := l.self; b != 0; {
		s := b.PopFirst()
		if t := selfTargets(s, us|them, them, &rings, &have); t != 0 {
			movers |= s.Bit()
			caps[s] = t
		} else {
			movers &^= s.Bit()
		}
	}
	return movers
}

func (p *Position) rings() [2]uint32 {
	occ := p.pieces[Red] | p.pieces[Black]
	return [2]uint32{ring(Inner, occ), ring(Outer, occ)}
}

// GenerateMoves appends the legal moves of the side to move to buf[:0] and
// returns the result: for each piece in square order, its targets in square
// order. With cap(buf) >= MaxMoves it does not allocate.
func (p *Position) GenerateMoves(buf []Move) []Move {
	buf = buf[:0]
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	empty := BoardMask &^ (us | them)
	var caps [64]Bitboard
	capFrom := captureMap(us, them, &caps)
	for b := us; b != 0; {
		from := b.PopFirst()
		t := neighbours[from%NumSquares] & empty
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
	return buf
}

// CaptureTargets returns the opponent's pieces that the piece on s could
// capture if its side were to move, whoever holds s; empty if s is empty.
func (p *Position) CaptureTargets(s Square) Bitboard {
	c, ok := p.At(s)
	if !ok {
		return 0
	}
	rings := p.rings()
	return captureTargets(s, &rings) & p.pieces[c^1]
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
// empty points empty: one shift per direction, masking off the wrap
// around the board's edge files.
func quietCount(us, empty Bitboard) int {
	const notA, notF = BoardMask &^ fileA, BoardMask &^ fileF
	n := bits.OnesCount64(uint64(us << 1 & notA & empty))
	n += bits.OnesCount64(uint64(us >> 1 & notF & empty))
	n += bits.OnesCount64(uint64(us << 6 & empty))
	n += bits.OnesCount64(uint64(us >> 6 & empty))
	n += bits.OnesCount64(uint64(us << 7 & notA & empty))
	n += bits.OnesCount64(uint64(us << 5 & notF & empty))
	n += bits.OnesCount64(uint64(us >> 5 & notA & empty))
	n += bits.OnesCount64(uint64(us >> 7 & notF & empty))
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
