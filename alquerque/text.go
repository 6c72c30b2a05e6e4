package alquerque

import (
	"strconv"
	"strings"
)

// ParsePosition parses a position in the position text of
// docs/RULES-ALQUERQUE.md: ranks 5 down to 1 separated by '/', files a to
// e, 'w' White, 'b' Black, digits 1-5 for runs of empty points (never two
// digits in a row); then the side to move 'w' or 'b', the plies since the
// last capture and the move number, separated by single spaces
// (StartText is the start). Every malformed input returns an error naming
// the problem.
func ParsePosition(s string) (Position, error) {
	fields := strings.Split(s, " ")
	if len(fields) != 4 {
		return Position{}, errorf("position %q has %d space-separated fields: want 4 (board, side to move, no-capture plies, move number), e.g. %q", s, len(fields), StartText)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 5 {
		return Position{}, errorf("position board %q has %d ranks: want 5 separated by '/'", fields[0], len(ranks))
	}
	var pieces [2]Bitboard
	for i, row := range ranks {
		rank := 4 - i
		file := 0
		lastDigit := false
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch == 'w' || ch == 'b':
				if file >= 5 {
					return Position{}, errorf("position rank %d %q is longer than 5 points", rank+1, row)
				}
				c := White
				if ch == 'b' {
					c = Black
				}
				pieces[c] |= MakePoint(file, rank).Bit()
				file++
				lastDigit = false
			case ch >= '1' && ch <= '5':
				if lastDigit {
					return Position{}, errorf("position rank %d %q has two digits in a row: write one run of empty points as a single digit", rank+1, row)
				}
				file += int(ch - '0')
				if file > 5 {
					return Position{}, errorf("position rank %d %q is longer than 5 points", rank+1, row)
				}
				lastDigit = true
			default:
				return Position{}, errorf("position rank %d %q has bad character %q: want w, b or a digit 1-5", rank+1, row, ch)
			}
		}
		if file != 5 {
			return Position{}, errorf("position rank %d %q covers %d points: want 5", rank+1, row, file)
		}
	}
	var side Color
	switch fields[1] {
	case "w":
		side = White
	case "b":
		side = Black
	default:
		return Position{}, errorf("position side to move %q: want w or b", fields[1])
	}
	noCapture, err := parseCounter(fields[2], "no-capture ply count", 0, MaxNoCapture)
	if err != nil {
		return Position{}, err
	}
	moveNumber, err := parseCounter(fields[3], "move number", 1, MaxMoveNumber)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(pieces[White], pieces[Black], side, noCapture, moveNumber)
}

func parseCounter(s, what string, lo, hi int) (int, error) {
	if s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, errorf("position %s %q: want a decimal number %d..%d without leading zeros", what, s, lo, hi)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, errorf("position %s %q: want a decimal number %d..%d", what, s, lo, hi)
		}
	}
	n, _ := strconv.Atoi(s)
	if n < lo || n > hi {
		return 0, errorf("position %s %d out of range %d..%d", what, n, lo, hi)
	}
	return n, nil
}

// Text returns the position in the position text ParsePosition reads;
// ParsePosition(p.Text()) returns p.
func (p *Position) Text() string {
	b := make([]byte, 0, 40)
	for rank := 4; rank >= 0; rank-- {
		empty := 0
		for file := range 5 {
			c, ok := p.At(MakePoint(file, rank))
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

// String returns the position text.
func (p Position) String() string { return p.Text() }
