package alquerque

import (
	"slices"
	"strings"

	"github.com/surakarta/surakarta/game"
)

// MoveString returns m in the notation of docs/RULES-ALQUERQUE.md: "c2-c3"
// for a step, and for a capture its canonical path, the point it starts
// from and each point it lands on joined by 'x' ("c4xc2xe2"). Where
// several paths make the same move, the canonical one is the smallest list
// of point names, compared name by name as text (a1 < a2 < b1). m must be
// legal in p; for a capture that is not, MoveString returns m.String().
func (p *Position) MoveString(m Move) string {
	if !m.IsCapture() {
		return m.From().String() + "-" + m.To().String()
	}
	var path [MaxPieces + 1]Point
	n := p.canonicalPath(m, &path)
	if n == 0 {
		return m.String()
	}
	b := make([]byte, 0, 3*n)
	for i, s := range path[:n] {
		if i > 0 {
			b = append(b, 'x')
		}
		b = append(b, s.String()...)
	}
	return string(b)
}

// nameOrder[s] ranks point s by its name as text: file, then rank.
func nameOrder(s Point) int { return s.File()*5 + s.Rank() }

// canonicalPath writes into path the smallest path of m in p (its start
// and each landing point) and returns its length, or 0 if no path of
// jumps over exactly m's captured pieces, all of them the opponent's,
// leads from m's start to its end. The walk tries landing points in name
// order, so the first path it completes is the smallest.
func (p *Position) canonicalPath(m Move, path *[MaxPieces + 1]Point) int {
	them := p.pieces[p.side^1]
	if m.Captured()&^them != 0 || !p.pieces[p.side].Has(m.From()) {
		return 0
	}
	path[0] = m.From()
	empty := BoardMask &^ p.Occupied()
	if smallestPath(path, 1, m.To(), m.Captured(), empty) {
		return m.Captures() + 1
	}
	return 0
}

// smallestPath extends path[:n] (its last point where the piece stands)
// by jumps over the pieces of left, in name order of the landing points,
// until left is empty at to; it reports whether it got there.
func smallestPath(path *[MaxPieces + 1]Point, n int, to Point, left, empty Bitboard) bool {
	cur := path[n-1]
	if left == 0 {
		return cur == to
	}
	var next [8]jump
	k := 0
	for _, j := range jumps[cur][:jumpCount[cur]] {
		if left&j.over != 0 && empty&j.land != 0 {
			next[k] = j
			k++
		}
	}
	slices.SortFunc(next[:k], func(a, b jump) int { return nameOrder(a.to) - nameOrder(b.to) })
	for _, j := range next[:k] {
		path[n] = j.to
		if smallestPath(path, n+1, to, left&^j.over, (empty|cur.Bit()|j.over)&^j.land) {
			return true
		}
	}
	return false
}

// ParseMove parses a move in the notation of docs/RULES-ALQUERQUE.md and
// checks that it is legal in p: "from-to" for a step, "fromxlandx..." for
// a capture, naming every point the piece lands on. Any path of a capture
// is accepted, not only the canonical one. The error says why a move is
// refused.
func ParseMove(p *Position, s string) (Move, error) {
	const want = "want from-to for a step or the capture's path fromxland[xland...], e.g. c2-c3 or c4xc2xe2"
	step := strings.Contains(s, "-")
	sep := "x"
	if step {
		sep = "-"
	}
	names := strings.Split(s, sep)
	if len(names) < 2 || (step && len(names) != 2) {
		return NoMove, errorf("bad move %q: %s", s, want)
	}
	path := make([]Point, len(names))
	for i, n := range names {
		pt, err := ParsePoint(n)
		if err != nil {
			return NoMove, errorf("bad move %q: %v; %s", s, err, want)
		}
		path[i] = pt
	}
	from := path[0]
	c, ok := p.At(from)
	if err := game.MoverError(s, from, c, ok, p.side); err != nil {
		return NoMove, err
	}
	us, them := p.pieces[p.side], p.pieces[p.side^1]
	empty := BoardMask &^ (us | them)
	if step {
		to := path[1]
		switch {
		case !neighbours[from].Has(to):
			return NoMove, errorf("illegal move %q: a step goes along a line to a neighbouring point (%v's: %s)", s, from, pointList(neighbours[from]))
		case !empty.Has(to):
			return NoMove, errorf("illegal move %q: %v is occupied (a capture jumps over a piece: fromxland)", s, to)
		case jumpers(us, them, empty) != 0:
			return NoMove, errorf("illegal move %q: capturing is compulsory and %v can capture (pieces on %s)", s, p.side, pointList(jumpers(us, them, empty)))
		}
		return NewMove(from, to, 0), nil
	}
	cur, captured := from, Bitboard(0)
	for _, land := range path[1:] {
		j, ok := jumpTo(cur, land)
		switch {
		case !ok:
			return NoMove, errorf("illegal move %q: %v is not two points from %v along a line", s, land, cur)
		case them&j.over == 0:
			return NoMove, errorf("illegal move %q: no %v piece on %v to jump over from %v to %v", s, p.side.Other(), j.over.First(), cur, land)
		case empty&j.land == 0:
			return NoMove, errorf("illegal move %q: %v, where the jump from %v lands, is occupied", s, land, cur)
		}
		them &^= j.over
		captured |= j.over
		empty = (empty | cur.Bit() | j.over) &^ j.land
		cur = land
	}
	if more := jumpers(cur.Bit(), them, empty); more != 0 {
		return NoMove, errorf("illegal move %q: the capture must go on while it can, and from %v it can still jump", s, cur)
	}
	return NewMove(from, cur, captured), nil
}

// jumpTo returns the jump from one point to another, if a line joins them
// two points apart.
func jumpTo(from, land Point) (jump, bool) {
	for _, j := range jumps[from][:jumpCount[from]] {
		if j.to == land {
			return j, true
		}
	}
	return jump{}, false
}

// pointList writes the points of b by name, separated by spaces.
func pointList(b Bitboard) string {
	var names []string
	for b != 0 {
		names = append(names, b.PopFirst().String())
	}
	slices.Sort(names)
	return strings.Join(names, " ")
}

// LegalMoveStrings returns the legal moves of p in notation, sorted as
// text.
func (p *Position) LegalMoveStrings() []string {
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.MoveString(m)
	}
	slices.Sort(out)
	return out
}
