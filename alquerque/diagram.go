package alquerque

import (
	"fmt"
	"strings"
)

// Diagram returns a drawing of p for a terminal: the 25 points with their
// pieces ('w' White, 'b' Black, '.' empty), the lines that join them
// (orthogonal between every pair of neighbours, diagonal through the
// points whose file + rank is even), the file and rank labels, and a
// status line as Surakarta's diagram has (the side to move, the piece
// counts, the no-capture count, the move number) with the position text.
// With color set, ANSI escapes colour the pieces.
func Diagram(p *Position, color bool) string {
	var b strings.Builder
	piece := func(s Point) string {
		c, ok := p.At(s)
		switch {
		case !ok:
			return "."
		case !color:
			return string(c.Letter())
		case c == White:
			return "\x1b[1;37mw\x1b[0m"
		}
		return "\x1b[1;34mb\x1b[0m"
	}
	for r := 4; r >= 0; r-- {
		fmt.Fprintf(&b, "%d  ", r+1)
		for f := range 5 {
			if f > 0 {
				b.WriteString(" - ")
			}
			b.WriteString(piece(MakePoint(f, r)))
		}
		b.WriteString("\n")
		if r == 0 {
			break
		}
		// The lines down to rank r: one diagonal in each square of the
		// board, '\' where the square's upper left point has diagonals,
		// '/' otherwise.
		b.WriteString("   |")
		for f := range 4 {
			d := " / "
			if MakePoint(f, r).HasDiagonals() {
				d = " \\ "
			}
			b.WriteString(d + "|")
		}
		b.WriteString("\n")
	}
	b.WriteString("   a   b   c   d   e\n\n")
	fmt.Fprintf(&b, "%s to move · white %d, black %d · no-capture plies %d · move %d\n%s\n",
		p.SideToMove(), p.Count(White), p.Count(Black), p.NoCapturePlies(), p.MoveNumber(), p.Text())
	return b.String()
}
