package rules

// This file holds an independent, deliberately naive reference move
// generator, written from RULES.md alone: the circuits are the point lists of
// RULES.md's walking description, typed out by hand, and a capture is found
// by walking them one point at a time. It shares nothing with the fast
// generator (no tables, no bit tricks; it even reads the board from the FEN
// text), so the two can only agree by both being right. The fast generator is
// compared with it on well over 200,000 positions.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
)

// refTrackText is each circuit walked forward as RULES.md describes it:
// inner: a2→f2 (east), loop at bottom-right, e1→e6 (north), loop at
// top-right, f5→a5 (west), loop at top-left, b6→b1 (south), loop at
// bottom-left, back to a2; outer: the same with rank 3, file d, rank 4,
// file c.
var refTrackText = [2]string{
	"a2 b2 c2 d2 e2 f2 e1 e2 e3 e4 e5 e6 f5 e5 d5 c5 b5 a5 b6 b5 b4 b3 b2 b1",
	"a3 b3 c3 d3 e3 f3 d1 d2 d3 d4 d5 d6 f4 e4 d4 c4 b4 a4 c6 c5 c4 c3 c2 c1",
}

// refLoopAfter names the corner loop between track position i and i+1
// (mod 24): after f2/f3 the bottom-right loop, after e6/d6 the top-right,
// after a5/a4 the top-left and after b1/c1 the bottom-left.
var refLoopAfter = [24]string{5: "bottom-right", 11: "top-right", 17: "top-left", 23: "bottom-left"}

// refTracks is refTrackText as point indexes (6*rank + file).
var refTracks = func() (t [2][24]int) {
	for c, text := range refTrackText {
		names := strings.Fields(text)
		if len(names) != 24 {
			panic("reference track needs 24 points")
		}
		for i, n := range names {
			t[c][i] = refPoint(n)
		}
	}
	return t
}()

func refPoint(name string) int { return int(name[1]-'1')*6 + int(name[0]-'a') }

func refName(i int) string { return string([]byte{byte('a' + i%6), byte('1' + i/6)}) }

// refBoard is a board as the reference sees it: one byte per point, '.',
// 'r' or 'b', and the side to move.
type refBoard struct {
	cell [36]byte
	side byte
}

// refParseFEN reads only the board and side to move of a well-formed FEN.
func refParseFEN(fen string) (refBoard, error) {
	var b refBoard
	f := strings.Fields(fen)
	if len(f) != 4 {
		return b, fmt.Errorf("reference: %q has %d fields", fen, len(f))
	}
	ranks := strings.Split(f[0], "/")
	if len(ranks) != 6 {
		return b, fmt.Errorf("reference: %q has %d ranks", fen, len(ranks))
	}
	for i, row := range ranks {
		rank := 5 - i
		file := 0
		for _, ch := range row {
			switch {
			case ch == 'r' || ch == 'b':
				if file > 5 {
					return b, fmt.Errorf("reference: rank %d too long in %q", rank+1, fen)
				}
				b.cell[rank*6+file] = byte(ch)
				file++
			case ch >= '1' && ch <= '6':
				for k := 0; k < int(ch-'0'); k++ {
					if file > 5 {
						return b, fmt.Errorf("reference: rank %d too long in %q", rank+1, fen)
					}
					b.cell[rank*6+file] = '.'
					file++
				}
			default:
				return b, fmt.Errorf("reference: bad character %q in %q", ch, fen)
			}
		}
		if file != 6 {
			return b, fmt.Errorf("reference: rank %d has %d points in %q", rank+1, file, fen)
		}
	}
	if f[1] != "r" && f[1] != "b" {
		return b, fmt.Errorf("reference: side %q in %q", f[1], fen)
	}
	b.side = f[1][0]
	return b, nil
}

// refMove is a move of the reference: from and to points and the kind.
type refMove struct {
	from, to int
	capture  bool
}

func (m refMove) String() string {
	sep := "-"
	if m.capture {
		sep = "x"
	}
	return refName(m.from) + sep + refName(m.to)
}

// refRoute is one capture path found by the walk.
type refRoute struct {
	circuit int
	start   int // track position the walk left from
	forward bool
	loops   []string
	path    []int // points passed, the captured piece's point last
}

// refCapturesFrom walks both circuits in both directions from every track
// position of point from (a crossing point lies on its circuit twice) and
// returns the capture routes of the piece of color side standing there.
func refCapturesFrom(b *refBoard, from int, side byte) []refRoute {
	var out []refRoute
	for c := 0; c < 2; c++ {
		track := refTracks[c]
		for start := 0; start < 24; start++ {
			if track[start] != from {
				continue
			}
			for _, dir := range []int{+1, -1} {
				pos := start
				var loops [5]string
				var path [24]int
				nLoops, nPath := 0, 0
				for step := 1; step <= 24; step++ {
					next := (pos + dir + 24) % 24
					loop := refLoopAfter[pos] // walking forward: the loop after pos
					if dir < 0 {
						loop = refLoopAfter[next] // walking backward: the loop after next
					}
					if loop != "" {
						loops[nLoops] = loop
						nLoops++
					}
					pos = next
					if pos == start {
						break // all the way round without meeting a piece: the route ends
					}
					pt := track[pos]
					path[nPath] = pt
					nPath++
					if pt == from || b.cell[pt] == '.' {
						continue // empty, or the vacated start point
					}
					if b.cell[pt] == side {
						break // own piece first: this route is void
					}
					if nLoops > 0 {
						out = append(out, refRoute{circuit: c, start: start, forward: dir > 0,
							loops: slices.Clone(loops[:nLoops]), path: slices.Clone(path[:nPath])})
					}
					break // the first piece met ends the walk either way
				}
			}
		}
	}
	return out
}

// refMoves returns the legal moves of side (quiet steps and captures, each
// (from, to) once) and, for each capture, its routes in canonical order.
func refMoves(b *refBoard, side byte) ([]refMove, [][]refRoute) {
	moves := make([]refMove, 0, 64)
	routes := make([][]refRoute, 0, 64) // routes[i] belongs to moves[i]; nil for a quiet move
	for from := 0; from < 36; from++ {
		if b.cell[from] != side {
			continue
		}
		f, r := from%6, from/6
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				nf, nr := f+df, r+dr
				if (df == 0 && dr == 0) || nf < 0 || nf > 5 || nr < 0 || nr > 5 {
					continue
				}
				if to := nr*6 + nf; b.cell[to] == '.' {
					moves = append(moves, refMove{from, to, false})
					routes = append(routes, nil)
				}
			}
		}
		first := len(moves)
	nextRoute:
		for _, rt := range refCapturesFrom(b, from, side) {
			m := refMove{from, rt.path[len(rt.path)-1], true}
			for i := first; i < len(moves); i++ {
				if moves[i] == m {
					routes[i] = append(routes[i], rt)
					continue nextRoute
				}
			}
			moves = append(moves, m)
			routes = append(routes, []refRoute{rt})
		}
	}
	for _, rs := range routes {
		if len(rs) > 1 {
			sortRefRoutes(rs)
		}
	}
	return moves, routes
}

// sortRefRoutes puts routes in the canonical order of RULES.md (fewest loops,
// then fewest steps, then inner before outer), with the package's documented
// tie-breaks (forward before backward, then lower start position).
func sortRefRoutes(rs []refRoute) {
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		switch {
		case len(a.loops) != len(b.loops):
			return len(a.loops) < len(b.loops)
		case len(a.path) != len(b.path):
			return len(a.path) < len(b.path)
		case a.circuit != b.circuit:
			return a.circuit < b.circuit
		case a.forward != b.forward:
			return a.forward
		}
		return a.start < b.start
	})
}

// refRuleMoves returns the reference moves of the side to move as Moves.
func refRuleMoves(b *refBoard) []Move {
	ms, _ := refMoves(b, b.side)
	out := make([]Move, len(ms))
	for i, m := range ms {
		out[i] = NewMove(Square(m.from), Square(m.to), m.capture)
	}
	return out
}

// refPerft counts leaves with the reference generator alone: it applies
// moves on its own board.
func refPerft(b refBoard, depth int) uint64 {
	ms, _ := refMoves(&b, b.side)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		c := b
		c.cell[m.to] = c.cell[m.from]
		c.cell[m.from] = '.'
		c.side = 'r' + 'b' - c.side
		n += refPerft(c, depth-1)
	}
	return n
}

func TestReferenceGeneratorReproducesPublishedPerftCounts(t *testing.T) {
	b, err := refParseFEN(StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{16, 256, 5382, 111122, 2572484}
	maxDepth := 5
	if testing.Short() {
		maxDepth = 4
	}
	for d := 1; d <= maxDepth; d++ {
		if got := refPerft(b, d); got != want[d-1] {
			t.Errorf("reference perft(%d) = %d, want %d (RULES.md): the reference generator itself is wrong, so the comparison tests prove nothing", d, got, want[d-1])
		}
	}
}

func TestTrackSquareWalksCircuitsAsRULESmdDescribes(t *testing.T) {
	for c := Circuit(0); c < 2; c++ {
		var on Bitboard
		for i := 0; i < 24; i++ {
			want := Square(refTracks[c][i])
			if got := TrackSquare(c, i); got != want {
				t.Errorf("TrackSquare(%v, %d) = %v, want %v", c, i, got, want)
			}
			on |= want.Bit()
		}
		if OnCircuit(c) != on {
			t.Errorf("OnCircuit(%v) = %#x, want %#x", c, OnCircuit(c), on)
		}
	}
}

// refPositionSource produces the positions the fast generator is checked on.
type refPositionSource struct {
	name string
	n    int
	gen  func(rng *rand.Rand, n int) []Position
}

// refCrossPoints are the points where a circuit crosses itself or the other
// circuit: the places where a wrong track switch or a mishandled second
// track position would show.
var refCrossPoints = func() (out []Square) {
	for _, n := range strings.Fields("b2 e2 b5 e5 c3 d3 c4 d4 b3 b4 c2 d2 e3 e4 c5 d5") {
		out = append(out, Square(refPoint(n)))
	}
	return out
}()

func refRandomPosition(rng *rand.Rand, nRed, nBlack int, bias []Square, biasP float64) Position {
	var pieces [2]Bitboard
	place := func(c Color, n int) {
		for k := 0; k < n; k++ {
			for {
				var s Square
				if len(bias) > 0 && rng.Float64() < biasP {
					s = bias[rng.IntN(len(bias))]
				} else {
					s = Square(rng.IntN(NumSquares))
				}
				if !(pieces[0] | pieces[1]).Has(s) {
					pieces[c] |= s.Bit()
					break
				}
			}
		}
	}
	place(Red, nRed)
	place(Black, nBlack)
	p, err := NewPosition(pieces[Red], pieces[Black], Color(rng.IntN(2)), rng.IntN(80), 1+rng.IntN(200))
	if err != nil {
		panic(err)
	}
	return p
}

// refGamePositions plays random games that prefer captures (so they run into
// sparse endgames) and returns every position met.
func refGamePositions(rng *rand.Rand, n int, capturePref float64) []Position {
	out := make([]Position, 0, n)
	var buf, caps [MaxMoves]Move
	for len(out) < n {
		p := Start()
		if rng.IntN(5) == 0 {
			p = refRandomPosition(rng, 6+rng.IntN(7), 6+rng.IntN(7), nil, 0)
		}
		for ply := 0; ply < 400 && len(out) < n; ply++ {
			out = append(out, p)
			ms := p.GenerateMoves(buf[:0])
			if len(ms) == 0 {
				break
			}
			cs := p.GenerateCaptures(caps[:0])
			m := ms[rng.IntN(len(ms))]
			if len(cs) > 0 && rng.Float64() < capturePref {
				m = cs[rng.IntN(len(cs))]
			}
			p = p.Apply(m)
		}
	}
	return out
}

func refPositionSources(short bool) []refPositionSource {
	scale := 1
	if short {
		scale = 8
	}
	return []refPositionSource{
		{"random games preferring captures", 130000 / scale, func(rng *rand.Rand, n int) []Position {
			return refGamePositions(rng, n, 0.7)
		}},
		{"random games", 20000 / scale, func(rng *rand.Rand, n int) []Position {
			return refGamePositions(rng, n, 0)
		}},
		{"sparse random positions", 30000 / scale, func(rng *rand.Rand, n int) []Position {
			out := make([]Position, n)
			for i := range out {
				out[i] = refRandomPosition(rng, rng.IntN(5), 1+rng.IntN(4), nil, 0)
			}
			return out
		}},
		{"pieces on crossing points", 30000 / scale, func(rng *rand.Rand, n int) []Position {
			out := make([]Position, n)
			for i := range out {
				out[i] = refRandomPosition(rng, 1+rng.IntN(12), 1+rng.IntN(12), refCrossPoints, 0.7)
			}
			return out
		}},
		{"dense random positions", 10000 / scale, func(rng *rand.Rand, n int) []Position {
			out := make([]Position, n)
			for i := range out {
				out[i] = refRandomPosition(rng, 8+rng.IntN(5), 8+rng.IntN(5), nil, 0)
			}
			return out
		}},
	}
}

func movesString(ms []Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.String()
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// refChecker compares one position's fast answers with the reference and
// checks the invariants tying the fast API together; it returns a
// description of every disagreement.
type refChecker struct {
	rng  *rand.Rand
	want [1 << 13]bool // indexed by Move: the reference's moves
	buf  [MaxMoves]Move
	caps [MaxMoves]Move
}

func (k *refChecker) check(p Position, deep bool) []string {
	var errs []string
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf(format, args...))
	}
	fen := p.FEN()
	rb, err := refParseFEN(fen)
	if err != nil {
		return []string{err.Error()}
	}
	for s := Square(0); s < NumSquares; s++ {
		want := byte('.')
		if p.Red().Has(s) {
			want = 'r'
		} else if p.Black().Has(s) {
			want = 'b'
		}
		if rb.cell[s] != want {
			bad("FEN() writes %c on %v but the bitboards hold %c", rb.cell[s], s, want)
		}
	}
	if rb.side != p.SideToMove().Letter() {
		bad("FEN() writes side %c, position has %v", rb.side, p.SideToMove())
	}
	if len(errs) > 0 {
		return errs
	}

	us := p.SideToMove()
	refList, refRoutes := refMoves(&rb, us.Letter())
	want := &k.want
	for _, m := range refList {
		want[NewMove(Square(m.from), Square(m.to), m.capture)] = true
	}
	defer func() {
		for _, m := range refList {
			want[NewMove(Square(m.from), Square(m.to), m.capture)] = false
		}
	}()
	gen := p.GenerateMoves(k.buf[:0])
	var missing, extra []Move
	for i, m := range gen {
		if slices.Contains(gen[:i], m) {
			bad("GenerateMoves lists %v twice", m)
		}
		if !want[m] {
			extra = append(extra, m)
		}
	}
	for _, rm := range refList {
		if m := NewMove(Square(rm.from), Square(rm.to), rm.capture); !slices.Contains(gen, m) {
			missing = append(missing, m)
		}
	}
	if len(missing) > 0 || len(extra) > 0 {
		bad("GenerateMoves differs from the reference: missing [%s], extra [%s]", movesString(missing), movesString(extra))
	}
	// The order is the side to move's frame: Red's squares from a1 up,
	// Black's from f6 down (Red's order on the board turned round).
	frame := func(s Square) Square { return s }
	if us == Black {
		frame = Rotate.Square
	}
	for i := 1; i < len(gen); i++ {
		a, b := gen[i-1], gen[i]
		af, bf, at, bt := frame(a.From()), frame(b.From()), frame(a.To()), frame(b.To())
		if af > bf || (af == bf && at >= bt) {
			bad("GenerateMoves order: %v before %v, want by from then to in the side to move's frame", a, b)
		}
	}

	bySquare := p.GenerateMovesBySquare(nil)
	if us == Black {
		slices.Reverse(bySquare)
	}
	if !slices.Equal(bySquare, gen) {
		bad("GenerateMovesBySquare = [%s], want GenerateMoves [%s] in square order", movesString(bySquare), movesString(gen))
	}
	if n := p.CountMoves(); n != len(gen) {
		bad("CountMoves = %d, len(GenerateMoves) = %d", n, len(gen))
	}
	if p.HasMoves() != (len(gen) > 0) {
		bad("HasMoves = %v with %d moves", p.HasMoves(), len(gen))
	}
	caps := p.GenerateCaptures(k.caps[:0])
	var wantCaps []Move
	for _, m := range gen {
		if m.IsCapture() {
			wantCaps = append(wantCaps, m)
		}
	}
	if !slices.Equal(caps, wantCaps) {
		bad("GenerateCaptures = [%s], the captures of GenerateMoves in order are [%s]", movesString(caps), movesString(wantCaps))
	}

	// IsLegal: true for every generated move, false with the capture flag
	// flipped, false for a sample of other moves.
	for _, m := range gen {
		if !p.IsLegal(m) {
			bad("IsLegal(%v) = false for a generated move", m)
		}
		if flipped := NewMove(m.From(), m.To(), !m.IsCapture()); p.IsLegal(flipped) {
			bad("IsLegal(%v) = true: the capture flag of a legal move flipped", flipped)
		}
	}
	for i := 0; i < 12; i++ {
		m := NewMove(Square(k.rng.IntN(NumSquares)), Square(k.rng.IntN(NumSquares)), k.rng.IntN(2) == 0)
		if i < 4 && len(gen) > 0 { // near misses: a real origin with a random target
			m = NewMove(gen[k.rng.IntN(len(gen))].From(), Square(k.rng.IntN(NumSquares)), k.rng.IntN(2) == 0)
		}
		if p.IsLegal(m) != want[m] {
			bad("IsLegal(%v) = %v, reference says %v", m, p.IsLegal(m), want[m])
		}
	}

	// Attacked, CaptureTargets and QuietMoveCount for both sides.
	var targets [2]Bitboard
	var quiet [2]int
	var perSquare [NumSquares]Bitboard
	for c := Red; c <= Black; c++ {
		ms := refList
		if c != us {
			ms, _ = refMoves(&rb, c.Letter())
		}
		for _, m := range ms {
			if m.capture {
				targets[c] |= Square(m.to).Bit()
				perSquare[m.from] |= Square(m.to).Bit()
			} else {
				quiet[c]++
			}
		}
		if got := p.Attacked(c); got != targets[c] {
			bad("Attacked(%v) = %v, reference %v", c, bbString(got), bbString(targets[c]))
		}
		if got := p.QuietMoveCount(c); got != quiet[c] {
			bad("QuietMoveCount(%v) = %d, reference %d", c, got, quiet[c])
		}
	}
	for s := Square(0); s < NumSquares; s++ {
		if got := p.CaptureTargets(s); got != perSquare[s] {
			bad("CaptureTargets(%v) = %v, reference %v", s, bbString(got), bbString(perSquare[s]))
		}
	}

	// Routes and notation of every capture.
	for _, m := range gen {
		if !m.IsCapture() {
			if deep && p.MoveString(m) != m.String() {
				bad("MoveString(%v) = %q for a quiet move", m, p.MoveString(m))
			}
			continue
		}
		var want []refRoute
		for i, rm := range refList {
			if rm == (refMove{int(m.From()), int(m.To()), true}) {
				want = refRoutes[i]
			}
		}
		errs = append(errs, checkRoutes(&p, m, want)...)
	}
	if !deep {
		return errs
	}

	// Notation round trip and Apply invariants for every move.
	for _, m := range gen {
		for _, s := range []string{p.MoveString(m), m.String()} {
			if back, err := ParseMove(&p, s); err != nil || back != m {
				bad("ParseMove(%q) = %v, %v; want %v", s, back, err, m)
			}
		}
		q := p.Apply(m)
		errs = append(errs, checkApply(&p, &q, m)...)
	}
	// The hash recomputed from scratch through the notation, for one child.
	if len(gen) > 0 {
		q := p.Apply(gen[k.rng.IntN(len(gen))])
		back, err := ParseFEN(q.FEN())
		if err != nil || back != q {
			bad("ParseFEN(%q) = %+v, %v; want %+v", q.FEN(), back, err, q)
		}
	}
	return errs
}

// checkRoutes compares Position.Routes(m) with the reference routes of m,
// which are in canonical order.
func checkRoutes(p *Position, m Move, want []refRoute) []string {
	var errs []string
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("%v: ", m)+fmt.Sprintf(format, args...))
	}
	got := p.Routes(m)
	if len(got) == 0 {
		bad("Routes is empty for a generated capture")
		return errs
	}
	if len(want) == 0 {
		bad("the reference has no route for this capture")
		return errs
	}
	same := len(got) == len(want)
	for i, r := range got {
		path := r.Path()
		switch {
		case len(path) == 0 || path[len(path)-1] != m.To():
			bad("route %d path %v does not end on the target", i, path)
		case int(r.Steps) != len(path):
			bad("route %d has Steps %d but a path of %d points", i, r.Steps, len(path))
		case r.NumLoops < 1:
			bad("route %d passes no loop", i)
		case TrackSquare(r.Circuit, int(r.Start)) != m.From():
			bad("route %d starts at track position %d = %v, not on the moving piece", i, r.Start, TrackSquare(r.Circuit, int(r.Start)))
		}
		for _, s := range path[:max(len(path)-1, 0)] {
			if s != m.From() && p.Occupied().Has(s) {
				bad("route %d passes occupied point %v", i, s)
			}
		}
		if i > 0 {
			a := got[i-1]
			if a.NumLoops > r.NumLoops || (a.NumLoops == r.NumLoops && (a.Steps > r.Steps ||
				(a.Steps == r.Steps && a.Circuit > r.Circuit))) {
				bad("routes %d and %d out of canonical order (fewest loops, fewest steps, inner first)", i-1, i)
			}
		}
		if !same {
			continue
		}
		w := want[i]
		loops := r.LoopList()
		same = int(r.Circuit) == w.circuit && r.Forward == w.forward && int(r.Start) == w.start &&
			len(loops) == len(w.loops) && len(path) == len(w.path)
		for j := 0; same && j < len(loops); j++ {
			same = loops[j].String() == w.loops[j]
		}
		for j := 0; same && j < len(path); j++ {
			same = int(path[j]) == w.path[j]
		}
	}
	if !same {
		var gotKeys, wantKeys []string
		for _, r := range got {
			var loops []string
			for _, l := range r.LoopList() {
				loops = append(loops, l.String())
			}
			var path []int
			for _, s := range r.Path() {
				path = append(path, int(s))
			}
			gotKeys = append(gotKeys, describeRoute(int(r.Circuit), int(r.Start), r.Forward, loops, path))
		}
		for _, r := range want {
			wantKeys = append(wantKeys, describeRoute(r.circuit, r.start, r.forward, r.loops, r.path))
		}
		bad("Routes = {%s}, reference in canonical order = {%s}", strings.Join(gotKeys, "; "), strings.Join(wantKeys, "; "))
	}
	wantNotation := m.String() + "[" + strings.Join(want[0].loops, ",") + "]"
	if s := p.MoveString(m); s != wantNotation {
		bad("MoveString = %q, want %q (the canonical route)", s, wantNotation)
	}
	return errs
}

func describeRoute(c, start int, forward bool, loops []string, path []int) string {
	names := make([]string, len(path))
	for i, s := range path {
		names[i] = refName(s)
	}
	return fmt.Sprintf("%v from %d fwd=%v [%s] %s", Circuit(c), start, forward, strings.Join(loops, ","), strings.Join(names, " "))
}

// checkApply checks q = p.Apply(m) against the rules and a hash recomputed
// from scratch.
func checkApply(p, q *Position, m Move) []string {
	var errs []string
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Sprintf("Apply(%v): ", m)+fmt.Sprintf(format, args...))
	}
	us, them := p.SideToMove(), p.SideToMove().Other()
	wantUs := p.Pieces(us)&^m.From().Bit() | m.To().Bit()
	wantThem := p.Pieces(them) &^ m.To().Bit()
	if q.Pieces(us) != wantUs || q.Pieces(them) != wantThem {
		bad("pieces %v/%v, want %v/%v", bbString(q.Pieces(us)), bbString(q.Pieces(them)), bbString(wantUs), bbString(wantThem))
	}
	if q.Red()&q.Black() != 0 {
		bad("red and black overlap on %v", bbString(q.Red()&q.Black()))
	}
	if q.SideToMove() != them {
		bad("side to move %v, want %v", q.SideToMove(), them)
	}
	wantNC := p.NoCapturePlies() + 1
	if m.IsCapture() {
		wantNC = 0
		if q.Count(them) != p.Count(them)-1 {
			bad("capture leaves %v with %d pieces, had %d", them, q.Count(them), p.Count(them))
		}
	}
	if q.NoCapturePlies() != min(wantNC, MaxNoCapture) {
		bad("no-capture plies %d, want %d", q.NoCapturePlies(), wantNC)
	}
	wantMN := p.MoveNumber()
	if us == Black {
		wantMN++
	}
	if q.MoveNumber() != min(wantMN, MaxMoveNumber) {
		bad("move number %d, want %d", q.MoveNumber(), wantMN)
	}
	fresh, err := NewPosition(q.Red(), q.Black(), q.SideToMove(), q.NoCapturePlies(), q.MoveNumber())
	if err != nil {
		bad("result is not a valid position: %v", err)
	} else if fresh.Hash() != q.Hash() {
		bad("incremental hash %#x, from scratch %#x", q.Hash(), fresh.Hash())
	}
	return errs
}

func bbString(b Bitboard) string {
	var s []string
	for b != 0 {
		s = append(s, b.PopFirst().String())
	}
	return "{" + strings.Join(s, " ") + "}"
}

func TestFastGeneratorAgreesWithNaiveReference(t *testing.T) {
	var total atomic.Int64
	// The sources run as parallel subtests; the group returns when all are
	// done, so the total is complete afterwards.
	t.Run("sources", func(t *testing.T) {
		for i, src := range refPositionSources(testing.Short()) {
			t.Run(src.name, func(t *testing.T) {
				t.Parallel()
				rng := rand.New(rand.NewPCG(20240601, uint64(i)))
				k := &refChecker{rng: rng}
				positions := src.gen(rng, src.n)
				failures := 0
				for j, p := range positions {
					// Deep checks (notation round trips, Apply of every move)
					// on a quarter of the positions keep the test fast.
					errs := k.check(p, j%4 == 0)
					if len(errs) == 0 {
						continue
					}
					failures++
					t.Errorf("#%d, FEN %q:\n  %s", j, p.FEN(), strings.Join(errs, "\n  "))
					if failures >= 10 {
						t.Fatalf("stopping after %d failing positions", failures)
					}
				}
				total.Add(int64(len(positions)))
			})
		}
	})
	if !testing.Short() && !t.Failed() && total.Load() < 200000 {
		t.Fatalf("checked only %d positions, want at least 200,000", total.Load())
	}
	t.Logf("checked %d positions against the reference", total.Load())
}

func TestPerftMatchesReferenceOnRandomMiddlegames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	positions := refGamePositions(rng, 3000, 0.5)
	n := 12
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		p := positions[rng.IntN(len(positions))]
		rb, err := refParseFEN(p.FEN())
		if err != nil {
			t.Fatal(err)
		}
		for d := 1; d <= 3; d++ {
			if got, want := Perft(p, d), refPerft(rb, d); got != want {
				t.Errorf("Perft(%q, %d) = %d, reference %d", p.FEN(), d, got, want)
			}
		}
	}
}
