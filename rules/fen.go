package rules

import (
	"strconv"
	"strings"
)

// ParseFEN parses a position in the FEN-like notation of RULES.md: ranks 6
// down to 1 separated by '/', files a to f, 'r' Red, 'b' Black, digits 1-6
// for runs of empty points (never two digits in a row); then the side to move
// 'r' or 'b', the no-capture ply count and the move number, separated by
// single spaces. Every malformed input returns an error naming the problem.
func ParseFEN(s string) (Position, error) {
	fields := strings.Split(s, " ")
	if len(fields) != 4 {
		return Position{}, errorf("fen %q has %d space-separated fields: want 4 (board, side to move, no-capture plies, move number), e.g. %q", s, len(fields), StartFEN)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 6 {
		return Position{}, errorf("fen board %q has %d ranks: want 6 separated by '/'", fields[0], len(ranks))
	}
	var pieces [2]Bitboard
	for i, row := range ranks {
		rank := 5 - i
		file := 0
		lastDigit := false
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch == 'r' || ch == 'b':
				if file >= 6 {
					return Position{}, errorf("fen rank %d %q is longer than 6 points", rank+1, row)
				}
				c := Red
				if ch == 'b' {
					c = Black
				}
				pieces[c] |= MakeSquare(file, rank).Bit()
				file++
				lastDigit = false
			case ch >= '1' && ch <= '6':
				if lastDigit {
					return Position{}, errorf("fen rank %d %q has two digits in a row: write one run of empty points as a single digit", rank+1, row)
				}
				file += int(ch - '0')
				if file > 6 {
					return Position{}, errorf("fen rank %d %q is longer than 6 points", rank+1, row)
				}
				lastDigit = true
			default:
				return Position{}, errorf("fen rank %d %q has bad character %q: want r, b or a digit 1-6", rank+1, row, ch)
			}
		}
		if file != 6 {
			return Position{}, errorf("fen rank %d %q covers %d points: want 6", rank+1, row, file)
		}
	}
	var side Color
	switch fields[1] {
	case "r":
		side = Red
	case "b":
		side = Black
	default:
		return Position{}, errorf("fen side to move %q: want r or b", fields[1])
	}
	noCapture, err := parseCounter(fields[2], "no-capture ply count", 0, MaxNoCapture)
	if err != nil {
		return Position{}, err
	}
	moveNumber, err := parseCounter(fields[3], "move number", 1, MaxMoveNumber)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(pieces[Red], pieces[Black], side, noCapture, moveNumber)
}

func parseCounter(s, what string, lo, hi int) (int, error) {
	if s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, errorf("fen %s %q: want a decimal number %d..%d without leading zeros", what, s, lo, hi)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errorf("fen %s %q: want a decimal number %d..%d", what, s, lo, hi)
		}
	}
	n, _ := strconv.Atoi(s)
	if n < lo || n > hi {
		return 0, errorf("fen %s %d out of range %d..%d", what, n, lo, hi)
	}
	return n, nil
}

// FEN returns the position in the notation ParseFEN reads; ParseFEN(p.FEN())
// returns p.
func (p *Position) FEN() string {
	b := make([]byte, 0, 48)
	for rank := 5; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 6; file++ {
			c, ok := p.At(MakeSquare(file, rank))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, c.Letter())
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', p.side.Letter(), ' ')
	b = strconv.AppendInt(b, int64(p.noCapture), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(p.moveNumber), 10)
	return string(b)
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
