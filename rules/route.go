package rules

import (
	"math/bits"
	"sort"
)

// MaxLoops bounds the loops of one capture route: a route is at most 23
// steps, so it passes at most four loops.
const MaxLoops = 4

// Route is one path a capture can take: along Circuit from track position
// Start, forward (the walking order of RULES.md) or backward, for Steps
// track steps, through the loops Loops[:NumLoops] in the order travelled.
type Route struct {
	Circuit  Circuit
	Start    int8
	Forward  bool
	Steps    int8
	NumLoops int8
	Loops    [MaxLoops]Corner
}

// LoopList returns the loops travelled, in order.
func (r Route) LoopList() []Corner { return append([]Corner(nil), r.Loops[:r.NumLoops]...) }

// cornerAtBoundary names the loop entered when crossing between track
// positions b-1 and b, b a multiple of 6.
func cornerAtBoundary(b int) Corner { return Corner((b/6 + 3) % 4) }

func newRoute(c Circuit, start int, forward bool, steps int) Route {
	r := Route{Circuit: c, Start: int8(start), Forward: forward, Steps: int8(steps)}
	pos := start
	for s := 0; s < steps; s++ {
		var boundary int
		if forward {
			pos = (pos + 1) % TrackLen
			boundary = pos
		} else {
			boundary = pos
			pos = (pos + TrackLen - 1) % TrackLen
		}
		if boundary%6 == 0 {
			r.Loops[r.NumLoops] = cornerAtBoundary(boundary)
			r.NumLoops++
		}
	}
	return r
}

// Routes returns every route by which the side to move's piece on m.From()
// captures on m.To(), in canonical order: fewest loops, then fewest steps,
// then inner circuit before outer, then forward before backward, then lower
// start position. It returns nil if m is not a legal capture. Routes
// allocates; it serves notation and display, not search.
func (p *Position) Routes(m Move) []Route {
	from, to := m.From(), m.To()
	if !p.pieces[p.side].Has(from) || !p.pieces[p.side^1].Has(to) {
		return nil
	}
	rings := p.rings()
	var out []Route
	for c := Circuit(0); c < 2; c++ {
		r := uint64(rings[c] &^ positionMask[c][from])
		rr := r | r<<TrackLen
		for k := uint8(0); k < occurrenceCount[c][from]; k++ {
			start := int(occurrences[c][from][k])
			x := rr >> uint(start+1) & window23
			if x == 0 {
				continue
			}
			if i := bits.TrailingZeros64(x); uint8(i+1) >= loopAhead[start] && track[c][start+1+i] == to {
				out = append(out, newRoute(c, start, true, i+1))
			}
			if h := bits.Len64(x) - 1; uint8(23-h) >= loopBehind[start] && track[c][start+1+h] == to {
				out = append(out, newRoute(c, start, false, 23-h))
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return routeLess(out[i], out[j]) })
	return out
}

func routeLess(a, b Route) bool {
	switch {
	case a.NumLoops != b.NumLoops:
		return a.NumLoops < b.NumLoops
	case a.Steps != b.Steps:
		return a.Steps < b.Steps
	case a.Circuit != b.Circuit:
		return a.Circuit < b.Circuit
	case a.Forward != b.Forward:
		return a.Forward
	}
	return a.Start < b.Start
}

// Path returns the squares the route passes, ending on the captured piece's
// square and excluding the start.
func (r Route) Path() []Square {
	out := make([]Square, 0, r.Steps)
	pos := int(r.Start)
	for s := 0; s < int(r.Steps); s++ {
		if r.Forward {
			pos = (pos + 1) % TrackLen
		} else {
			pos = (pos + TrackLen - 1) % TrackLen
		}
		out = append(out, track[r.Circuit][pos])
	}
	return out
}

// TrackSquare returns the square at position i (0..23) of circuit c, walking
// forward as RULES.md describes.
func TrackSquare(c Circuit, i int) Square { return track[c][((i%TrackLen)+TrackLen)%TrackLen] }

// OnCircuit returns the squares of circuit c.
func OnCircuit(c Circuit) Bitboard { return onCircuit[c] }
