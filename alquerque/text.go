package alquerque

import "github.com/surakarta/surakarta/internal/base/boardtext"

// ParsePosition parses a position in the position text of
// docs/RULES-ALQUERQUE.md: ranks 5 down to 1 separated by '/', files a to
// e, 'w' White, 'b' Black, digits 1-5 for runs of empty points (never two
// digits in a row); then the side to move 'w' or 'b', the plies since the
// last capture and the move number, separated by single spaces
// (StartText is the start). Every malformed input returns an error naming
// the problem.
func ParsePosition(s string) (Position, error) {
	x, err := textFormat.Parse(s)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(Bitboard(x.Pieces[White]), Bitboard(x.Pieces[Black]), Color(x.Side), x.NoCapture, x.MoveNumber)
}

// textFormat is the position text as package boardtext reads and writes
// it.
var textFormat = boardtext.Format{Noun: "position", Size: 5, Letters: [2]byte{'w', 'b'}, Example: StartText, MaxCounter: MaxMoveNumber}

// Text returns the position in the position text ParsePosition reads;
// ParsePosition(p.Text()) returns p.
func (p *Position) Text() string {
	x := boardtext.Fields{
		Pieces: [2]uint64{uint64(p.pieces[White]), uint64(p.pieces[Black])},
		Side:   int(p.side), NoCapture: int(p.noCapture), MoveNumber: int(p.moveNumber),
	}
	return string(textFormat.Append(make([]byte, 0, 40), &x))
}

// String returns the position text.
func (p Position) String() string { return p.Text() }
