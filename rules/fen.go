package rules

import "github.com/surakarta/surakarta/internal/base/boardtext"

// ParseFEN parses a position in the FEN-like notation of RULES.md: ranks 6
// down to 1 separated by '/', files a to f, 'r' Red, 'b' Black, digits 1-6
// for runs of empty points (never two digits in a row); then the side to move
// 'r' or 'b', the no-capture ply count and the move number, separated by
// single spaces. Every malformed input returns an error naming the problem.
func ParseFEN(s string) (Position, error) {
	x, err := fenFormat.Parse(s)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(Bitboard(x.Pieces[Red]), Bitboard(x.Pieces[Black]), Color(x.Side), x.NoCapture, x.MoveNumber)
}

// fenFormat is the FEN as package boardtext reads and writes it.
var fenFormat = boardtext.Format{Noun: "fen", Size: 6, Letters: [2]byte{'r', 'b'}, Example: StartFEN, MaxCounter: MaxMoveNumber}

// FEN returns the position in the notation ParseFEN reads; ParseFEN(p.FEN())
// returns p.
func (p *Position) FEN() string {
	x := boardtext.Fields{
		Pieces: [2]uint64{uint64(p.pieces[Red]), uint64(p.pieces[Black])},
		Side:   int(p.side), NoCapture: int(p.noCapture), MoveNumber: int(p.moveNumber),
	}
	return string(fenFormat.Append(make([]byte, 0, 48), &x))
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
