package rules

import (
	"fmt"
	"strings"
)

// Diagram returns a drawing of p for a terminal: the 36 points with their
// pieces ('r' Red, 'b' Black, '.' empty), the inner circuit in light lines
// and the outer circuit in double lines with their corner loops, the file
// and rank labels, and a status line. With color set, ANSI escapes colour
// the pieces and circuits.
func Diagram(p *Position, color bool) string {
	const (
		left   = 11 // columns left of file a: labels and two loops
		top    = 4  // rows above rank 6: two loops
		width  = left + 20 + 10
		height = top + 10 + 5
	)
	X := func(f int) int { return left + 4*f }
	Y := func(r int) int { return top + 2*(5-r) }
	grid := make([][]rune, height)
	kind := make([][]byte, height) // 'i' inner, 'o' outer, 'p' piece
	for y := range grid {
		grid[y] = []rune(strings.Repeat(" ", width))
		kind[y] = make([]byte, width)
	}
	set := func(x, y int, r rune, k byte) { grid[y][x], kind[y][x] = r, k }
	glyphs := [2]struct {
		h, v               rune
		downLeft, upLeft   rune // ╮ ╯
		upRight, downRight rune // ╰ ╭
		kind               byte
	}{
		{'─', '│', '╮', '╯', '╰', '╭', 'i'},
		{'═', '║', '╗', '╝', '╚', '╔', 'o'},
	}
	hline := func(y, x1, x2 int, c int) {
		if x1 > x2 {
			x1, x2 = x2, x1
		}
		for x := x1; x <= x2; x++ {
			set(x, y, glyphs[c].h, glyphs[c].kind)
		}
	}
	vline := func(x, y1, y2 int, c int) {
		if y1 > y2 {
			y1, y2 = y2, y1
		}
		for y := y1; y <= y2; y++ {
			set(x, y, glyphs[c].v, glyphs[c].kind)
		}
	}
	// corner returns the glyph joining a horizontal run on side hx (-1 left,
	// +1 right) with a vertical run on side vy (-1 up, +1 down).
	corner := func(c, hx, vy int) rune {
		g := glyphs[c]
		switch {
		case hx < 0 && vy > 0:
			return g.downLeft
		case hx < 0 && vy < 0:
			return g.upLeft
		case hx > 0 && vy < 0:
			return g.upRight
		}
		return g.downRight
	}
	for c := 0; c < 2; c++ {
		k := c + 1 // loop size in grid units; also the line's distance from the edge
		lines := []int{k, 5 - k}
		for _, r := range lines {
			hline(Y(r), X(0), X(5), c)
		}
		for _, f := range lines {
			vline(X(f), Y(0), Y(5), c)
		}
		// The four loops, each mirrored from the bottom-right one.
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				edgeX, edgeY := X(5), Y(0)
				lineRank, lineFile := k, 5-k
				if sx < 0 {
					edgeX, lineFile = X(0), k
				}
				if sy < 0 {
					edgeY, lineRank = Y(5), 5-k
				}
				outX, outY := edgeX+sx*4*k, edgeY+sy*2*k
				hline(Y(lineRank), edgeX, outX, c)
				vline(outX, Y(lineRank), outY, c)
				hline(outY, outX, X(lineFile), c)
				vline(X(lineFile), outY, edgeY, c)
				set(outX, Y(lineRank), corner(c, -sx, sy), glyphs[c].kind)
				set(outX, outY, corner(c, -sx, -sy), glyphs[c].kind)
				set(X(lineFile), outY, corner(c, sx, -sy), glyphs[c].kind)
			}
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		ch := '.'
		if c, ok := p.At(s); ok {
			ch = rune(c.Letter())
		}
		set(X(s.File()), Y(s.Rank()), ch, 'p')
	}
	for r := 0; r < 6; r++ {
		grid[Y(r)][1] = rune('1' + r)
	}
	var b strings.Builder
	for y := range grid {
		line := strings.TrimRight(string(grid[y]), " ")
		if color {
			line = colorize(grid[y], kind[y])
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	files := []rune(strings.Repeat(" ", X(5)+1))
	for f := 0; f < 6; f++ {
		files[X(f)] = rune('a' + f)
	}
	b.WriteString(string(files))
	b.WriteByte('\n')
	fmt.Fprintf(&b, "\n%s to move · red %d, black %d · no-capture plies %d · move %d\n%s\n",
		p.side, p.Count(Red), p.Count(Black), p.noCapture, p.moveNumber, p.FEN())
	return b.String()
}

func colorize(line []rune, kind []byte) string {
	var b strings.Builder
	end := len(line)
	for end > 0 && line[end-1] == ' ' {
		end--
	}
	for x := 0; x < end; x++ {
		code := ""
		switch {
		case kind[x] == 'p' && line[x] == 'r':
			code = "1;31"
		case kind[x] == 'p' && line[x] == 'b':
			code = "1;34"
		case kind[x] == 'i':
			code = "33"
		case kind[x] == 'o':
			code = "32"
		}
		if code == "" {
			b.WriteRune(line[x])
			continue
		}
		fmt.Fprintf(&b, "\x1b[%sm%c\x1b[0m", code, line[x])
	}
	return b.String()
}
