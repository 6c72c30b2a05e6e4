package boardtext

import (
	"fmt"
	"strconv"
	"strings"
)

// Format is one game's position text.
type Format struct {
	// Noun starts every error: "fen", "position".
	Noun string
	// Size is the number of points a rank and of ranks, 1 to 8 (a digit
	// writes a whole rank's run of empty points).
	Size int
	// Letters are the sides' piece letters, the first player's first; the
	// same letters name the side to move.
	Letters [2]byte
	// Example is a valid text the errors show.
	Example string
	// MaxCounter bounds the no-capture ply count and the move number.
	MaxCounter int
}

// Fields are what a text holds.
type Fields struct {
	// Pieces are each side's points, by Letters' order: bit rank*Size +
	// file, rank 0 the bottom one and file 0 the first.
	Pieces [2]uint64
	// Side is the side to move, 0 or 1.
	Side int
	// NoCapture is the plies since the last capture, MoveNumber the move
	// number (at least 1).
	NoCapture, MoveNumber int
}

// Parse reads s, which must be exactly as Append writes it: four fields
// separated by single spaces, ranks of Size points, never two digits in a
// row, counters without sign or leading zeros.
func (f Format) Parse(s string) (Fields, error) {
	var x Fields
	fields := strings.Split(s, " ")
	if len(fields) != 4 {
		return x, fmt.Errorf("%s %q has %d space-separated fields: want 4 (board, side to move, no-capture plies, move number), e.g. %q", f.Noun, s, len(fields), f.Example)
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != f.Size {
		return x, fmt.Errorf("%s board %q has %d ranks: want %d separated by '/'", f.Noun, fields[0], len(ranks), f.Size)
	}
	for i, row := range ranks {
		rank := f.Size - 1 - i
		file := 0
		lastDigit := false
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch == f.Letters[0] || ch == f.Letters[1]:
				if file >= f.Size {
					return x, fmt.Errorf("%s rank %d %q is longer than %d points", f.Noun, rank+1, row, f.Size)
				}
				side := 0
				if ch == f.Letters[1] {
					side = 1
				}
				x.Pieces[side] |= 1 << (rank*f.Size + file)
				file++
				lastDigit = false
			case ch >= '1' && int(ch-'0') <= f.Size:
				if lastDigit {
					return x, fmt.Errorf("%s rank %d %q has two digits in a row: write one run of empty points as a single digit", f.Noun, rank+1, row)
				}
				file += int(ch - '0')
				if file > f.Size {
					return x, fmt.Errorf("%s rank %d %q is longer than %d points", f.Noun, rank+1, row, f.Size)
				}
				lastDigit = true
			default:
				return x, fmt.Errorf("%s rank %d %q has bad character %q: want %c, %c or a digit 1-%d", f.Noun, rank+1, row, ch, f.Letters[0], f.Letters[1], f.Size)
			}
		}
		if file != f.Size {
			return x, fmt.Errorf("%s rank %d %q covers %d points: want %d", f.Noun, rank+1, row, file, f.Size)
		}
	}
	switch fields[1] {
	case string(f.Letters[0]):
		x.Side = 0
	case string(f.Letters[1]):
		x.Side = 1
	default:
		return x, fmt.Errorf("%s side to move %q: want %c or %c", f.Noun, fields[1], f.Letters[0], f.Letters[1])
	}
	var err error
	if x.NoCapture, err = f.counter(fields[2], "no-capture ply count", 0); err != nil {
		return x, err
	}
	x.MoveNumber, err = f.counter(fields[3], "move number", 1)
	return x, err
}

func (f Format) counter(s, what string, lo int) (int, error) {
	if s == "" || len(s) > 6 || (len(s) > 1 && s[0] == '0') {
		return 0, fmt.Errorf("%s %s %q: want a decimal number %d..%d without leading zeros", f.Noun, what, s, lo, f.MaxCounter)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%s %s %q: want a decimal number %d..%d", f.Noun, what, s, lo, f.MaxCounter)
		}
	}
	n, _ := strconv.Atoi(s)
	if n < lo || n > f.MaxCounter {
		return 0, fmt.Errorf("%s %s %d out of range %d..%d", f.Noun, what, n, lo, f.MaxCounter)
	}
	return n, nil
}

// Append appends x's text to b: Parse reads it back to x (when no point
// holds pieces of both sides).
func (f Format) Append(b []byte, x *Fields) []byte {
	for rank := f.Size - 1; rank >= 0; rank-- {
		empty := 0
		for file := range f.Size {
			bit := uint64(1) << (rank*f.Size + file)
			side := -1
			switch {
			case x.Pieces[0]&bit != 0:
				side = 0
			case x.Pieces[1]&bit != 0:
				side = 1
			}
			if side < 0 {
				empty++
				continue
			}
			if empty > 0 {
				b = append(b, byte('0'+empty))
				empty = 0
			}
			b = append(b, f.Letters[side])
		}
		if empty > 0 {
			b = append(b, byte('0'+empty))
		}
		if rank > 0 {
			b = append(b, '/')
		}
	}
	b = append(b, ' ', f.Letters[x.Side&1], ' ')
	b = strconv.AppendInt(b, int64(x.NoCapture), 10)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(x.MoveNumber), 10)
}
