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
	d := newDiagramGrid()
	for c := range circuitGlyphs {
		d.drawCircuit(c)
	}
	for s := Square(0); s < NumSquares; s++ {
		ch := '.'
		if c, ok := p.At(s); ok {
			ch = rune(c.Letter())
		}
		d.set(diagramX(s.File()), diagramY(s.Rank()), ch, 'p')
	}
	for r := 0; r < 6; r++ {
		d.grid[diagramY(r)][1] = rune('1' + r)
	}
	var b strings.Builder
	for y := range d.grid {
		line := strings.TrimRight(string(d.grid[y]), " ")
		if color {
			line = colorize(d.grid[y], d.kind[y])
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	files := []rune(strings.Repeat(" ", diagramX(5)+1))
	for f := 0; f < 6; f++ {
		files[diagramX(f)] = rune('a' + f)
	}
	b.WriteString(string(files))
	b.WriteByte('\n')
	fmt.Fprintf(&b, "\n%s to move · red %d, black %d · no-capture plies %d · move %d\n%s\n",
		p.side, p.Count(Red), p.Count(Black), p.noCapture, p.moveNumber, p.FEN())
	return b.String()
}

// The diagram's geometry: columns left of file a (labels and two loops),
// rows above rank 6 (two loops), and the grid's size.
const (
	diagramLeft   = 11
	diagramTop    = 4
	diagramWidth  = diagramLeft + 20 + 10
	diagramHeight = diagramTop + 10 + 5
)

// diagramX and diagramY are the grid column of file f and row of rank r.
func diagramX(f int) int { return diagramLeft + 4*f }
func diagramY(r int) int { return diagramTop + 2*(5-r) }

// lineGlyphs draw one circuit: its straight runs and the corners that join
// a horizontal run with a vertical one, and the kind colorize colours it
// by.
type lineGlyphs struct {
	h, v               rune
	downLeft, upLeft   rune // ╮ ╯
	upRight, downRight rune // ╰ ╭
	kind               byte
}

// circuitGlyphs are the inner circuit's (single lines, kind 'i') and the
// outer's (double lines, kind 'o').
var circuitGlyphs = [2]lineGlyphs{
	{'─', '│', '╮', '╯', '╰', '╭', 'i'},
	{'═', '║', '╗', '╝', '╚', '╔', 'o'},
}

// corner returns the glyph joining a horizontal run on side hx (-1 left,
// +1 right) with a vertical run on side vy (-1 up, +1 down).
func (g lineGlyphs) corner(hx, vy int) rune {
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

// diagramGrid is the diagram being drawn: a character and a kind ('i'
// inner, 'o' outer, 'p' piece) per cell.
type diagramGrid struct {
	grid [][]rune
	kind [][]byte
}

func newDiagramGrid() *diagramGrid {
	d := &diagramGrid{grid: make([][]rune, diagramHeight), kind: make([][]byte, diagramHeight)}
	for y := range d.grid {
		d.grid[y] = []rune(strings.Repeat(" ", diagramWidth))
		d.kind[y] = make([]byte, diagramWidth)
	}
	return d
}

func (d *diagramGrid) set(x, y int, r rune, k byte) { d.grid[y][x], d.kind[y][x] = r, k }

func (d *diagramGrid) hline(y, x1, x2 int, c int) {
	if x1 > x2 {
		x1, x2 = x2, x1
	}
	for x := x1; x <= x2; x++ {
		d.set(x, y, circuitGlyphs[c].h, circuitGlyphs[c].kind)
	}
}

func (d *diagramGrid) vline(x, y1, y2 int, c int) {
	if y1 > y2 {
		y1, y2 = y2, y1
	}
	for y := y1; y <= y2; y++ {
		d.set(x, y, circuitGlyphs[c].v, circuitGlyphs[c].kind)
	}
}

// drawCircuit draws circuit c (0 inner, 1 outer): its two ranks and two
// files across the board and its four corner loops, each mirrored from the
// bottom-right one.
func (d *diagramGrid) drawCircuit(c int) {
	g := circuitGlyphs[c]
	k := c + 1 // loop size in grid units; also the line's distance from the edge
	lines := []int{k, 5 - k}
	for _, r := range lines {
		d.hline(diagramY(r), diagramX(0), diagramX(5), c)
	}
	for _, f := range lines {
		d.vline(diagramX(f), diagramY(0), diagramY(5), c)
	}
	for _, sx := range []int{1, -1} {
		for _, sy := range []int{1, -1} {
			edgeX, edgeY := diagramX(5), diagramY(0)
			lineRank, lineFile := k, 5-k
			if sx < 0 {
				edgeX, lineFile = diagramX(0), k
			}
			if sy < 0 {
				edgeY, lineRank = diagramY(5), 5-k
			}
			outX, outY := edgeX+sx*4*k, edgeY+sy*2*k
			d.hline(diagramY(lineRank), edgeX, outX, c)
			d.vline(outX, diagramY(lineRank), outY, c)
			d.hline(outY, outX, diagramX(lineFile), c)
			d.vline(diagramX(lineFile), outY, edgeY, c)
			d.set(outX, diagramY(lineRank), g.corner(-sx, sy), g.kind)
			d.set(outX, outY, g.corner(-sx, -sy), g.kind)
			d.set(diagramX(lineFile), outY, g.corner(sx, -sy), g.kind)
		}
	}
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
