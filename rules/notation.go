package rules

import (
	"sort"
	"strings"

	"github.com/surakarta/surakarta/game"
)

// MoveString returns m in the notation of RULES.md: "b2-c3" for a quiet move,
// "b2xe5[top-left]" for a capture with the loops of its canonical route. m
// must be legal in p; an illegal capture is written without brackets.
func (p *Position) MoveString(m Move) string {
	s := m.From().String()
	if !m.IsCapture() {
		return s + "-" + m.To().String()
	}
	s += "x" + m.To().String()
	routes := p.Routes(m)
	if len(routes) == 0 {
		return s
	}
	return s + "[" + loopNames(routes[0]) + "]"
}

func loopNames(r Route) string {
	var b strings.Builder
	for i := int8(0); i < r.NumLoops; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(r.Loops[i].String())
	}
	return b.String()
}

// String returns the move's points without a route: "b2-c3" or "b2xe5".
func (m Move) String() string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return m.From().String() + sep + m.To().String()
}

// ParseMove parses a move in the notation of RULES.md and checks that it is
// legal in p: "from-to" for a quiet move, "fromxto" for a capture, optionally
// followed by "[loop,loop,...]" naming the loops of one legal route of that
// capture. The error says why a move is refused.
func ParseMove(p *Position, s string) (Move, error) {
	if len(s) < 5 {
		return NoMove, errorf("bad move %q: want from-to for a step or fromxto[loops] for a capture, e.g. b2-c3 or b2xe5[top-left]", s)
	}
	from, err := ParseSquare(s[0:2])
	if err != nil {
		return NoMove, errorf("bad move %q: %v", s, err)
	}
	to, err := ParseSquare(s[3:5])
	if err != nil {
		return NoMove, errorf("bad move %q: %v", s, err)
	}
	sep, rest := s[2], s[5:]
	if sep != '-' && sep != 'x' {
		return NoMove, errorf("bad move %q: points must be joined by '-' (step) or 'x' (capture)", s)
	}
	c, ok := p.At(from)
	if err := game.MoverError(s, from, c, ok, p.side); err != nil {
		return NoMove, err
	}
	if sep == '-' {
		if rest != "" {
			return NoMove, errorf("bad move %q: unexpected %q after a step", s, rest)
		}
		m := NewMove(from, to, false)
		switch {
		case !neighbours[from].Has(to):
			return NoMove, errorf("illegal move %q: a step goes to one of the 8 neighbouring points", s)
		case p.Occupied().Has(to):
			return NoMove, errorf("illegal move %q: %v is occupied (captures are written with x)", s, to)
		}
		return m, nil
	}
	m := NewMove(from, to, true)
	routes := p.Routes(m)
	if len(routes) == 0 {
		return NoMove, errorf("illegal move %q: no capture route from %v to %v (a route must pass a loop over empty points and meet an opponent's piece first)", s, from, to)
	}
	if rest == "" {
		return m, nil
	}
	if rest[0] != '[' || rest[len(rest)-1] != ']' {
		return NoMove, errorf("bad move %q: the route must be written as [loop,...] after the points", s)
	}
	want := rest[1 : len(rest)-1]
	names := strings.Split(want, ",")
	for _, n := range names {
		if _, err := ParseCorner(n); err != nil {
			return NoMove, errorf("bad move %q: %v", s, err)
		}
	}
	for _, r := range routes {
		if loopNames(r) == want {
			return m, nil
		}
	}
	legal := make([]string, len(routes))
	for i, r := range routes {
		legal[i] = "[" + loopNames(r) + "]"
	}
	return NoMove, errorf("illegal move %q: no route of %v through loops [%s]; legal routes: %s", s, m, want, strings.Join(legal, " "))
}

// LegalMoveStrings returns the legal moves of p in notation, sorted by
// from point then to point (point names compare as text: a1 < a2 < b1).
func (p *Position) LegalMoveStrings() []string {
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	sort.Slice(moves, func(i, j int) bool {
		a, b := moves[i], moves[j]
		if af, bf := a.From().String(), b.From().String(); af != bf {
			return af < bf
		}
		return a.To().String() < b.To().String()
	})
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = p.MoveString(m)
	}
	return out
}
