package alquerque_test

// This file holds an independent, deliberately naive reference
// implementation of the rules, written from docs/RULES-ALQUERQUE.md alone:
// the board's lines are typed out by hand as point names (where the core
// derives them from the rule that diagonals pass through the points of
// even file + rank), the board is a 5 × 5 array of letters read from the
// position text, and a capture sequence is followed on copies of the
// array, one jump at a time, its moves told apart by text keys. It shares
// no code with the core (no tables, no bitboards, not even its point
// type), so the two agree only by both being right.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// naiveLineText is every line drawn on the board: the five ranks, the five
// files, the two long diagonals and the four short ones of the diamond
// through the middles of the edges.
var naiveLineText = []string{
	"a1 b1 c1 d1 e1", "a2 b2 c2 d2 e2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5",
	"a1 a2 a3 a4 a5", "b1 b2 b3 b4 b5", "c1 c2 c3 c4 c5", "d1 d2 d3 d4 d5", "e1 e2 e3 e4 e5",
	"a1 b2 c3 d4 e5", "a5 b4 c3 d2 e1",
	"a3 b4 c5", "c5 d4 e3", "e3 d2 c1", "c1 b2 a3",
}

// naiveLines is naiveLineText split into names.
var naiveLines = func() (ls [][]string) {
	for _, t := range naiveLineText {
		ls = append(ls, strings.Fields(t))
	}
	return ls
}()

// naiveBoard is a board as the reference sees it: a letter per point
// ('.', 'w' or 'b') by name, and the side to move.
type naiveBoard struct {
	cell map[string]byte
	side byte
}

func naiveName(file, rank int) string { return string([]byte{byte('a' + file), byte('1' + rank)}) }

// naiveParse reads the board and side to move of a well-formed position
// text.
func naiveParse(text string) naiveBoard {
	f := strings.Fields(text)
	b := naiveBoard{cell: map[string]byte{}, side: f[1][0]}
	for i, row := range strings.Split(f[0], "/") {
		rank, file := 4-i, 0
		for _, ch := range row {
			if ch >= '1' && ch <= '5' {
				for range int(ch - '0') {
					b.cell[naiveName(file, rank)] = '.'
					file++
				}
				continue
			}
			b.cell[naiveName(file, rank)] = byte(ch)
			file++
		}
	}
	return b
}

func (b naiveBoard) clone() naiveBoard {
	c := naiveBoard{cell: make(map[string]byte, 25), side: b.side}
	for k, v := range b.cell {
		c.cell[k] = v
	}
	return c
}

func naiveOther(side byte) byte {
	if side == 'w' {
		return 'b'
	}
	return 'w'
}

// naiveMove is a move as the reference finds it: the path of points it
// visits and the points it captures, sorted.
type naiveMove struct {
	path     []string
	captured []string
}

// key is the move's identity as docs/RULES-ALQUERQUE.md defines it: start,
// end and the set of captured points.
func (m naiveMove) key() string {
	return m.path[0] + ">" + m.path[len(m.path)-1] + ":" + strings.Join(m.captured, ",")
}

// notation writes the path: "c2-c3" for a step, "c4xc2xe2" for a capture.
func (m naiveMove) notation() string {
	if len(m.captured) == 0 {
		return m.path[0] + "-" + m.path[1]
	}
	return strings.Join(m.path, "x")
}

// naiveJumps calls visit for every jump from the point at: along every
// line through it, both ways, over the next point to the one after.
func naiveJumps(at string, visit func(over, land string)) {
	for _, l := range naiveLines {
		i := slices.Index(l, at)
		if i < 0 {
			continue
		}
		for _, d := range []int{1, -1} {
			if j := i + 2*d; j >= 0 && j < len(l) {
				visit(l[i+d], l[j])
			}
		}
	}
}

// naiveCaptures appends every finished capture sequence of the piece that
// stands on path's last point of b (the pieces captured so far already
// off the board).
func naiveCaptures(b naiveBoard, path, captured []string, out []naiveMove) []naiveMove {
	at := path[len(path)-1]
	foe := naiveOther(b.side)
	went := false
	naiveJumps(at, func(over, land string) {
		if b.cell[over] != foe || b.cell[land] != '.' {
			return
		}
		went = true
		c := b.clone()
		c.cell[land], c.cell[at], c.cell[over] = b.side, '.', '.'
		out = naiveCaptures(c, append(slices.Clip(path), land), append(slices.Clip(captured), over), out)
	})
	if !went && len(captured) > 0 {
		cs := slices.Clone(captured)
		sort.Strings(cs)
		out = append(out, naiveMove{slices.Clone(path), cs})
	}
	return out
}

// naiveMoves returns the legal moves of b, one per identity, each with
// every path that makes it (paths sorted, smallest first).
func naiveMoves(b naiveBoard) (keys []string, paths map[string][]naiveMove) {
	var all []naiveMove
	for name, c := range b.cell {
		if c == b.side {
			all = naiveCaptures(b, []string{name}, nil, all)
		}
	}
	if len(all) == 0 {
		for _, l := range naiveLines {
			for i := 0; i+1 < len(l); i++ {
				for _, pair := range [][2]string{{l[i], l[i+1]}, {l[i+1], l[i]}} {
					if b.cell[pair[0]] == b.side && b.cell[pair[1]] == '.' {
						all = append(all, naiveMove{path: pair[:]})
					}
				}
			}
		}
	}
	paths = map[string][]naiveMove{}
	for _, m := range all {
		k := m.key()
		if _, ok := paths[k]; !ok {
			keys = append(keys, k)
		}
		paths[k] = append(paths[k], m)
	}
	sort.Strings(keys)
	for _, ps := range paths {
		sort.Slice(ps, func(i, j int) bool { return slices.Compare(ps[i].path, ps[j].path) < 0 })
	}
	return keys, paths
}

// naiveApply plays m on b.
func naiveApply(b naiveBoard, m naiveMove) naiveBoard {
	c := b.clone()
	c.cell[m.path[0]] = '.'
	for _, x := range m.captured {
		c.cell[x] = '.'
	}
	c.cell[m.path[len(m.path)-1]] = b.side
	c.side = naiveOther(b.side)
	return c
}

// naiveText writes the board and side to move as the position text's
// first two fields.
func (b naiveBoard) text() string {
	var rows []string
	for rank := 4; rank >= 0; rank-- {
		row := ""
		for file := range 5 {
			row += string(b.cell[naiveName(file, rank)])
		}
		for n := 5; n >= 1; n-- {
			row = strings.ReplaceAll(row, strings.Repeat(".", n), fmt.Sprint(n))
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "/") + " " + string(b.side)
}

// naivePerft counts the leaves depth plies below b.
func naivePerft(b naiveBoard, depth int) uint64 {
	keys, paths := naiveMoves(b)
	if depth == 1 {
		return uint64(len(keys))
	}
	var n uint64
	for _, k := range keys {
		n += naivePerft(naiveApply(b, paths[k][0]), depth-1)
	}
	return n
}
