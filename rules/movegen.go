package rules

import "math/bits"

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
	rings := p.rings()
	for b := us; b != 0; {
		from := b.PopFirst()
		quiet := neighbours[from] & empty
		caps := captureTargets(from, &rings) & them
		for t := quiet | caps; t != 0; {
			to := t.PopFirst()
			buf = append(buf, NewMove(from, to, caps.Has(to)))
		}
	}
	return buf
}

// GenerateCaptures appends the legal captures of the side to move to buf[:0]
// and returns the result, in the order of GenerateMoves.
func (p *Position) GenerateCaptures(buf []Move) []Move {
	buf = buf[:0]
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	rings := p.rings()
	for b := us & (onCircuit[Inner] | onCircuit[Outer]); b != 0; {
		from := b.PopFirst()
		for t := captureTargets(from, &rings) & them; t != 0; {
			buf = append(buf, NewMove(from, t.PopFirst(), true))
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
	rings := p.rings()
	var t Bitboard
	for b := p.pieces[c] & (onCircuit[Inner] | onCircuit[Outer]); b != 0; {
		t |= captureTargets(b.PopFirst(), &rings)
	}
	return t & p.pieces[c^1]
}

// QuietMoveCount returns the number of quiet moves c would have.
func (p *Position) QuietMoveCount(c Color) int {
	us := p.pieces[c]
	empty := BoardMask &^ (us | p.pieces[c^1])
	notA, notF := ^fileA, ^fileF
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

// CountMoves returns len(GenerateMoves) without building the list.
func (p *Position) CountMoves() int {
	n := p.QuietMoveCount(p.side)
	them := p.pieces[p.side^1]
	rings := p.rings()
	for b := p.pieces[p.side] & (onCircuit[Inner] | onCircuit[Outer]); b != 0; {
		n += (captureTargets(b.PopFirst(), &rings) & them).Count()
	}
	return n
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
