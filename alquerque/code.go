package alquerque

// Code is a move coded in 16 bits relative to the position it is played
// from, as the game contract stores moves (package game: a search's node
// keeps a move in 16 bits). Bit layout:
//
//	bits 0-4    from point
//	bit  15     set for a capture
//	step:       bits 5-9 the to point, bits 10-14 clear
//	capture:    bits 5-13 which of the piece's capture moves it is (their
//	            index in GenerateMoves' order, below 512: a piece has at
//	            most 260, bound.go), bit 14 set when it takes every enemy
//	            piece left
//
// The zero Code (a step from a1 to a1) is never legal. Decode finds the
// Move again in the position, Encode the code of a legal Move.
type Code uint16

const (
	codeCapture Code = 1 << 15
	codeWins    Code = 1 << 14
)

// IsCapture reports whether the coded move captures.
func (c Code) IsCapture() bool { return c&codeCapture != 0 }

// WinsAtOnce reports whether the coded move captures every enemy piece
// left, ending the game.
func (c Code) WinsAtOnce() bool { return c&codeWins != 0 }

// codes appends to buf the codes of moves, p's legal moves in
// GenerateMoves' order, and returns the result.
func (p *Position) codes(moves []Move, buf []Code) []Code {
	them := p.pieces[p.side^1]
	k, last := 0, NoPoint
	for _, m := range moves {
		if !m.IsCapture() {
			buf = append(buf, Code(m.From())|Code(m.To())<<5)
			continue
		}
		if m.From() != last {
			k, last = 0, m.From()
		}
		c := codeCapture | Code(m.From()) | Code(k)<<5
		if m.Captured() == them {
			c |= codeWins
		}
		buf = append(buf, c)
		k++
	}
	return buf
}

// Encode returns the code of m, a legal move of p (0 if m is not one).
func (p *Position) Encode(m Move) Code {
	if !m.IsCapture() {
		return Code(m.From()) | Code(m.To())<<5
	}
	var buf [MaxMoves]Move
	for k, o := range p.pieceCaptures(m.From(), buf[:0], noLimit) {
		if o == m {
			c := codeCapture | Code(m.From()) | Code(k)<<5
			if m.Captured() == p.pieces[p.side^1] {
				c |= codeWins
			}
			return c
		}
	}
	return 0
}

// Decode returns the move coded c in p, NoMove if c codes no capture of
// p (a step's code is not checked: c must come from p's moves).
func (p *Position) Decode(c Code) Move {
	from := Point(c & 31)
	if !c.IsCapture() {
		return NewMove(from, Point(c>>5&31), 0)
	}
	k := int(c >> 5 & 511)
	if k < len(decodeBuf{}) {
		// The walk stops at the move wanted, so a small buffer (cheap to
		// clear) holds the moves before it: most pieces have few.
		var buf decodeBuf
		if caps := p.pieceCaptures(from, buf[:0], k+1); k < len(caps) {
			return caps[k]
		}
		return NoMove
	}
	var buf [MaxMoves]Move
	if caps := p.pieceCaptures(from, buf[:0], k+1); k < len(caps) {
		return caps[k]
	}
	return NoMove
}

// decodeBuf holds the capture moves Decode walks for a code's index below
// its length.
type decodeBuf [32]Move

// pieceCaptures appends to buf the capture moves of the side to move's
// piece on from, in GenerateMoves' order (the side to move's frame), the
// first limit of them; none when it has no piece there or the piece
// cannot capture.
func (p *Position) pieceCaptures(from Point, buf []Move, limit int) []Move {
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	black := p.side == Black
	if black {
		us, them, from = rotate(us), rotate(them), NumPoints-1-from
	}
	empty := BoardMask &^ (us | them)
	if from >= NumPoints || jumpers(us&from.Bit(), them, empty) == 0 {
		return buf
	}
	buf = captureSequences(buf, len(buf), limit, from, from, them, empty, 0)
	if black {
		for i := range buf {
			buf[i] = rotateMove(buf[i])
		}
	}
	return buf
}
