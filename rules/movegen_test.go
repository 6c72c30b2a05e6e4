package rules

import (
	"math/rand/v2"
	"testing"
)

// perftStart holds the reference counts of RULES.md ("computed by
// independent implementations and agree with each other"); depth 6 is the
// figure issue 2 quotes for the speed target.
var perftStart = []uint64{1: 16, 2: 256, 3: 5382, 4: 111122, 5: 2572484, 6: 58479230}

func TestPerftFromStartMatchesRULESmdTable(t *testing.T) {
	maxDepth := 6
	if testing.Short() {
		maxDepth = 5
	}
	p := Start()
	before := p
	for d := 1; d <= maxDepth; d++ {
		if got := Perft(p, d); got != perftStart[d] {
			t.Errorf("Perft(start, %d) = %d, want %d", d, got, perftStart[d])
		}
	}
	if p != before || p.FEN() != StartFEN {
		t.Errorf("position changed by perft: %q", p.FEN())
	}
	if Perft(p, 0) != 1 {
		t.Errorf("Perft(start, 0) = %d, want 1 (the position itself)", Perft(p, 0))
	}
}

func TestPerftDivideSumsToPerftWhateverTheThreadCount(t *testing.T) {
	depth := 5
	if testing.Short() {
		depth = 4
	}
	p := Start()
	want := perftStart[depth]
	var first []DivideEntry
	for _, threads := range []int{1, 2, 0} {
		entries := PerftDivide(p, depth, threads)
		var sum uint64
		for _, e := range entries {
			sum += e.Nodes
			if got := Perft(p.Apply(e.Move), depth-1); got != e.Nodes {
				t.Errorf("threads=%d: divide %v = %d, Perft of the child = %d", threads, e.Move, e.Nodes, got)
			}
		}
		if sum != want {
			t.Errorf("threads=%d: PerftDivide sums to %d, want %d", threads, sum, want)
		}
		if len(entries) != int(perftStart[1]) {
			t.Errorf("threads=%d: PerftDivide has %d root moves, want %d", threads, len(entries), perftStart[1])
		}
		if first == nil {
			first = entries
			continue
		}
		for i := range entries {
			if i < len(first) && entries[i] != first[i] {
				t.Errorf("threads=%d: entry %d = %+v, with one thread %+v: the order or counts depend on threads", threads, i, entries[i], first[i])
			}
		}
	}
	if p.FEN() != StartFEN {
		t.Errorf("PerftDivide changed the position to %q", p.FEN())
	}
	for _, threads := range []int{1, 2, 3} {
		if got := PerftParallel(p, depth, threads); got != want {
			t.Errorf("PerftParallel(start, %d, %d) = %d, want %d", depth, threads, got, want)
		}
	}
}

func TestPerftOfPositionWithoutMovesIsZero(t *testing.T) {
	// Red a1 boxed in by Black a2, b1, b2: no step, and a corner lies on no
	// circuit, so no capture either.
	p := mustFEN(t, "6/6/6/6/bb4/rb4 r 0 1")
	if p.HasMoves() || p.CountMoves() != 0 {
		t.Fatalf("boxed-in corner piece has moves: %v", p.GenerateMoves(nil))
	}
	for d := 1; d <= 3; d++ {
		if got := Perft(p, d); got != 0 {
			t.Errorf("Perft(%d) = %d, want 0", d, got)
		}
	}
	if n := len(PerftDivide(p, 2, 1)); n != 0 {
		t.Errorf("PerftDivide has %d entries, want 0", n)
	}
}

func TestGenerateMovesDoesNotAllocateWithFullBuffer(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	positions := refGamePositions(rng, 200, 0.5)
	buf := make([]Move, 0, MaxMoves)
	allocs := testing.AllocsPerRun(20, func() {
		for i := range positions {
			p := &positions[i]
			ms := p.GenerateMoves(buf)
			_ = p.GenerateCaptures(buf)
			_ = p.CountMoves()
			_ = p.HasMoves()
			if len(ms) > 0 {
				_ = p.Apply(ms[0])
			}
		}
	})
	if allocs != 0 {
		t.Errorf("move generation and Apply allocate %.1f times per run, want 0", allocs)
	}
}

func TestGenerateMovesAppendsToEmptyAndReusedBuffers(t *testing.T) {
	p := Start()
	fresh := p.GenerateMoves(nil)
	if len(fresh) != 16 {
		t.Fatalf("GenerateMoves(nil) returned %d moves, want 16", len(fresh))
	}
	dirty := []Move{NewMove(1, 2, true), NewMove(3, 4, false)}
	reused := p.GenerateMoves(dirty)
	if len(reused) != 16 || reused[0] != fresh[0] {
		t.Errorf("GenerateMoves keeps stale buffer contents: %v", reused)
	}
}

func TestIsLegalRejectsMalformedMoveValuesWithoutPanicking(t *testing.T) {
	p := Start()
	for v := 0; v < 1<<16; v++ {
		m := Move(v)
		legal := p.IsLegal(m)
		if legal && (m.From() >= NumSquares || m.To() >= NumSquares || v>>13 != 0) {
			t.Fatalf("IsLegal(%#x) = true for a move with a square off the board or stray bits", v)
		}
	}
	if p.IsLegal(NoMove) {
		t.Errorf("IsLegal(NoMove) = true")
	}
}

func TestNeighboursAreTheEightAdjacentPoints(t *testing.T) {
	for s := Square(0); s < NumSquares; s++ {
		var want Bitboard
		for t := Square(0); t < NumSquares; t++ {
			df, dr := s.File()-t.File(), s.Rank()-t.Rank()
			if t != s && df >= -1 && df <= 1 && dr >= -1 && dr <= 1 {
				want |= t.Bit()
			}
		}
		if Neighbours(s) != want {
			t.Errorf("Neighbours(%v) = %v, want %v", s, bbString(Neighbours(s)), bbString(want))
		}
	}
}

func TestMaxMovesBoundsEveryPositionSeen(t *testing.T) {
	// The densest positions give the most moves; MaxMoves must cover them so
	// that a buffer of that capacity never grows.
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		p := refRandomPosition(rng, 12, rng.IntN(13), nil, 0)
		for _, c := range []Color{Red, Black} {
			q := p.WithSideToMove(c)
			if n := q.CountMoves(); n > MaxMoves {
				t.Fatalf("%q has %d moves, more than MaxMoves = %d", q.FEN(), n, MaxMoves)
			}
		}
	}
}
