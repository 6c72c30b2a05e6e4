package alquerque

import "math/bits"

// Move generation works on whole bitboards where it can.
//
// Steps are the eight shifts of the mover's bitboard, each masked so that
// it neither wraps round the board's edge nor leaves a point along a
// diagonal that is not drawn there (quietTargets). Which pieces can
// capture is found the same way, three bitboards per direction (jumpers).
// Only a piece that can capture is followed point by point: its capture
// sequences are walked depth first on the jumps table (board.go), each
// jump taking the enemy piece off at once and leaving the point the piece
// jumped from empty, until no jump is left (captureSequences).
//
// Two sequences make the same move when they share their ends and the
// pieces they capture; they must then capture at least three. (A
// sequence of one jump is fixed by its captured piece. For two, s → a →
// t over m1 then m2 and s → b → t over m2 then m1 would need, in
// coordinates, a = 2m1 - s, t = 2m2 - a and b = 2m2 - s, t = 2m1 - b, so
// 2m1 - 2m2 = 2m2 - 2m1 and m1 = m2, one piece taken twice.) So only a
// sequence of three or more captures is looked up among the moves already
// found for its piece.

// quietTargets returns, for each direction d, the empty points a piece of
// us reaches by one step in direction d; the step's source is the target
// minus stepDelta[d].
func quietTargets(us, empty Bitboard) [8]Bitboard {
	diag := us & diagonalPoints
	return [8]Bitboard{
		East:      (us & notFileE) << 1 & empty,
		NorthEast: (diag & notFileE) << 6 & empty,
		North:     us << 5 & empty,
		NorthWest: (diag & notFileA) << 4 & empty,
		West:      (us & notFileA) >> 1 & empty,
		SouthWest: (diag & notFileA) >> 6 & empty,
		South:     us >> 5 & empty,
		SouthEast: (diag & notFileE) >> 4 & empty,
	}
}

// stepDelta is each direction's step as a change of point number.
var stepDelta = [8]int8{East: 1, NorthEast: 6, North: 5, NorthWest: 4, West: -1, SouthWest: -6, South: -5, SouthEast: -4}

// quietCount returns the number of steps of us.
func quietCount(us, empty Bitboard) int {
	t := quietTargets(us, empty)
	return t[0].Count() + t[1].Count() + t[2].Count() + t[3].Count() +
		t[4].Count() + t[5].Count() + t[6].Count() + t[7].Count()
}

// jumpers returns the pieces of us that can capture: an enemy piece next
// to them along a line and the point beyond it in that line empty.
func jumpers(us, them, empty Bitboard) Bitboard {
	diag := us & diagonalPoints
	j := us & filesAC & (them >> 1) & (empty >> 2)
	j |= us & filesCE & (them << 1) & (empty << 2)
	j |= us & ranks13 & (them >> 5) & (empty >> 10)
	j |= us & ranks35 & (them << 5) & (empty << 10)
	j |= diag & filesAC & ranks13 & (them >> 6) & (empty >> 12)
	j |= diag & filesCE & ranks13 & (them >> 4) & (empty >> 8)
	j |= diag & filesAC & ranks35 & (them << 4) & (empty << 8)
	j |= diag & filesCE & ranks35 & (them << 6) & (empty << 12)
	return j
}

// appendMoves appends the legal moves of us against them to buf in square
// order: if any piece can capture, every capture sequence of each such
// piece (pieces by point, sequences depth first in direction order);
// otherwise every step, direction by direction, by target point.
func appendMoves(buf []Move, us, them Bitboard) []Move {
	empty := BoardMask &^ (us | them)
	if movers := jumpers(us, them, empty); movers != 0 {
		return appendCaptures(buf, movers, them, empty)
	}
	for d, t := range quietTargets(us, empty) {
		for t != 0 {
			to := t.PopFirst()
			buf = append(buf, NewMove(Point(int8(to)-stepDelta[d]), to, 0))
		}
	}
	return buf
}

// appendCaptures appends the capture moves of the pieces on movers.
func appendCaptures(buf []Move, movers, them, empty Bitboard) []Move {
	for movers != 0 {
		from := movers.PopFirst()
		buf = captureSequences(buf, len(buf), noLimit, from, from, them, empty, 0)
	}
	return buf
}

// noLimit is captureSequences' limit when it lists every move.
const noLimit = int(^uint(0) >> 1)

// captureSequences appends the moves that go on from a piece that left
// from and now stands on cur, having captured captured: one per maximal
// sequence of further jumps, each move once (buf[base:] holds the moves
// of this piece found so far). It stops once buf holds limit moves.
func captureSequences(buf []Move, base, limit int, from, cur Point, them, empty, captured Bitboard) []Move {
	leaf := true
	js := &jumps[cur]
	for i := range jumpCount[cur] {
		j := js[i]
		if them&j.over != 0 && empty&j.land != 0 {
			leaf = false
			buf = captureSequences(buf, base, limit, from, j.to, them&^j.over, (empty|cur.Bit()|j.over)&^j.land, captured|j.over)
			if len(buf) >= limit {
				return buf
			}
		}
	}
	if !leaf {
		return buf
	}
	m := NewMove(from, cur, captured)
	if captured.Count() >= 3 {
		for _, o := range buf[base:] {
			if o == m {
				return buf
			}
		}
	}
	return append(buf, m)
}

// rotate turns the points of b through 180°: point s goes to 24 - s.
func rotate(b Bitboard) Bitboard { return Bitboard(bits.Reverse32(uint32(b)) >> (32 - NumPoints)) }

// rotateMove turns m through 180°.
func rotateMove(m Move) Move {
	return NewMove(NumPoints-1-m.From(), NumPoints-1-m.To(), rotate(m.Captured()))
}

// GenerateMoves appends the legal moves of p to buf[:0] and returns the
// result, in the side to move's frame: White's moves in square order
// (appendMoves), Black's those of the board turned through 180°, where
// Black stands as White does, turned back. The order is thus the same for
// a position and its image with the board turned and the colours swapped,
// so that anything walking the list treats both colours alike. A buffer
// of capacity MaxMoves never grows.
func (p *Position) GenerateMoves(buf []Move) []Move {
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	if p.side == White {
		return appendMoves(buf[:0], us, them)
	}
	buf = appendMoves(buf[:0], rotate(us), rotate(them))
	for i, m := range buf {
		buf[i] = rotateMove(m)
	}
	return buf
}

// countMoves returns the number of legal moves of us against them.
func countMoves(us, them Bitboard) int {
	empty := BoardMask &^ (us | them)
	movers := jumpers(us, them, empty)
	if movers == 0 {
		return quietCount(us, empty)
	}
	var buf [MaxMoves]Move
	return len(appendCaptures(buf[:0], movers, them, empty))
}

// CountMoves returns the number of legal moves of p without listing them.
func (p *Position) CountMoves() int { return countMoves(p.pieces[p.side], p.pieces[p.side^1]) }

// HasMoves reports whether the side to move has a legal move.
func (p *Position) HasMoves() bool {
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	empty := BoardMask &^ (us | them)
	return jumpers(us, them, empty) != 0 || quietCount(us, empty) != 0
}

// MustCapture reports whether the side to move has a capture, and so may
// only capture.
func (p *Position) MustCapture() bool {
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	return jumpers(us, them, BoardMask&^(us|them)) != 0
}

// IsLegal reports whether m is a legal move of p.
func (p *Position) IsLegal(m Move) bool {
	var buf [MaxMoves]Move
	for _, o := range p.GenerateMoves(buf[:0]) {
		if o == m {
			return true
		}
	}
	return false
}

// Mobility returns the number of steps (moves without a capture) the
// pieces us could make against them, whether or not a capture is on the
// board: the evaluators' mobility (package eval).
func Mobility(us, them Bitboard) int { return quietCount(us, BoardMask&^(us|them)) }

// Attacked returns the pieces of them that a piece of us could take with
// one jump now: next to it along a line, the point beyond empty (the first
// jumps of every capture sequence of us; later jumps are not counted).
func Attacked(us, them Bitboard) Bitboard {
	empty := BoardMask &^ (us | them)
	diag := us & diagonalPoints
	a := (us & filesAC & (them >> 1) & (empty >> 2)) << 1
	a |= (us & filesCE & (them << 1) & (empty << 2)) >> 1
	a |= (us & ranks13 & (them >> 5) & (empty >> 10)) << 5
	a |= (us & ranks35 & (them << 5) & (empty << 10)) >> 5
	a |= (diag & filesAC & ranks13 & (them >> 6) & (empty >> 12)) << 6
	a |= (diag & filesCE & ranks13 & (them >> 4) & (empty >> 8)) << 4
	a |= (diag & filesAC & ranks35 & (them << 4) & (empty << 8)) >> 4
	a |= (diag & filesCE & ranks35 & (them << 6) & (empty << 12)) >> 6
	return a
}
