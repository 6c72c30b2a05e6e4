package alquerque_test

import (
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
)

// coreKey is a core move's identity in the reference's form.
func coreKey(m alquerque.Move) string {
	var cs []string
	for c := m.Captured(); c != 0; {
		cs = append(cs, c.PopFirst().String())
	}
	sort.Strings(cs)
	return m.From().String() + ">" + m.To().String() + ":" + strings.Join(cs, ",")
}

// randomPosition puts nw white and nb black pieces on random points.
func randomPosition(rng *rand.Rand, nw, nb int, side alquerque.Color) alquerque.Position {
	var pieces [2]alquerque.Bitboard
	perm := rng.Perm(alquerque.NumPoints)
	for i, s := range perm[:nw+nb] {
		c := 0
		if i >= nw {
			c = 1
		}
		pieces[c] |= alquerque.Point(s).Bit()
	}
	p, err := alquerque.NewPosition(pieces[0], pieces[1], side, 0, 1)
	if err != nil {
		panic(err)
	}
	return p
}

// gamePositions returns the positions of random games from the start.
func gamePositions(rng *rand.Rand, games int) []alquerque.Position {
	var out []alquerque.Position
	var buf [alquerque.MaxMoves]alquerque.Move
	for range games {
		p := alquerque.Start()
		for ply := 0; ply < 120; ply++ {
			out = append(out, p)
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.Apply(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// testPositions are the positions the core is compared with the reference
// on: every position of random games, and random placements from sparse
// to full, either side to move.
func testPositions(short bool) []alquerque.Position {
	rng := rand.New(rand.NewPCG(30, 4))
	games, placements := 200, 20000
	if short {
		games, placements = 40, 3000
	}
	out := gamePositions(rng, games)
	for range placements {
		out = append(out, randomPosition(rng, 1+rng.IntN(12), 1+rng.IntN(12), alquerque.Color(rng.IntN(2))))
	}
	return out
}

// checkAgainstReference compares everything the core says of p's moves
// with the reference: the moves (one per identity), their notation (the
// smallest path), every path parsed back, each move played, the counts.
func checkAgainstReference(t *testing.T, p alquerque.Position, seen *coverage) {
	t.Helper()
	b := naiveParse(p.Text())
	keys, paths := naiveMoves(b)
	var buf [alquerque.MaxMoves]alquerque.Move
	moves := p.GenerateMoves(buf[:0])
	var got []string
	for _, m := range moves {
		got = append(got, coreKey(m))
	}
	sorted := slices.Clone(got)
	sort.Strings(sorted)
	if !slices.Equal(sorted, keys) {
		t.Fatalf("%s: core moves %v, reference %v", p.Text(), sorted, keys)
	}
	if n := p.CountMoves(); n != len(keys) {
		t.Fatalf("%s: CountMoves %d, reference %d", p.Text(), n, len(keys))
	}
	if p.HasMoves() != (len(keys) > 0) {
		t.Fatalf("%s: HasMoves %v with %d moves", p.Text(), p.HasMoves(), len(keys))
	}
	capture := len(keys) > 0 && len(paths[keys[0]][0].captured) > 0
	if p.MustCapture() != capture {
		t.Fatalf("%s: MustCapture %v, reference captures %v", p.Text(), p.MustCapture(), capture)
	}
	for i, m := range moves {
		ps := paths[got[i]]
		seen.moves++
		if len(ps) > 1 {
			seen.manyPaths++
		}
		if m.Captures() >= 3 {
			seen.long++
		}
		if m.IsCapture() && m.From() == m.To() {
			seen.roundTrips++
		}
		if s := p.MoveString(m); s != ps[0].notation() {
			t.Fatalf("%s: %v written %q, smallest path %q", p.Text(), m, s, ps[0].notation())
		}
		for _, path := range ps {
			back, err := alquerque.ParseMove(&p, path.notation())
			if err != nil || back != m {
				t.Fatalf("%s: path %q of %v parses as %v, %v", p.Text(), path.notation(), m, back, err)
			}
		}
		if !p.IsLegal(m) {
			t.Fatalf("%s: IsLegal(%v) false", p.Text(), m)
		}
		q := p.Apply(m)
		want := naiveApply(b, ps[0]).text()
		if f := strings.Fields(q.Text()); f[0]+" "+f[1] != want {
			t.Fatalf("%s: after %v core has %q, reference %q", p.Text(), m, q.Text(), want)
		}
	}
}

// coverage counts what the comparison met, so that a test can fail when
// its positions stop exercising a rule.
type coverage struct {
	moves, manyPaths, long, roundTrips int
}

func TestCoreAgreesWithNaiveReference(t *testing.T) {
	positions := testPositions(testing.Short())
	var seen coverage
	for _, p := range positions {
		checkAgainstReference(t, p, &seen)
	}
	t.Logf("%d positions, %d moves: %d of three captures or more, %d made by several paths, %d ending where they began",
		len(positions), seen.moves, seen.long, seen.manyPaths, seen.roundTrips)
	if seen.manyPaths == 0 || seen.roundTrips == 0 {
		t.Errorf("no move made by several paths or ending where it began among %d: the comparison misses the rules that merge paths", seen.moves)
	}
}

// perftCounts are the published counts of docs/RULES-ALQUERQUE.md, from
// the start, depth 1 first.
var perftCounts = []uint64{4, 5, 6, 12, 29, 107, 523, 2521, 12878, 70759, 423462, 2642152, 17132429}

func TestNaiveReferenceReproducesPublishedPerftCounts(t *testing.T) {
	depth := 9
	if testing.Short() {
		depth = 7
	}
	b := naiveParse(alquerque.StartText)
	for d := 1; d <= depth; d++ {
		if n := naivePerft(b, d); n != perftCounts[d-1] {
			t.Errorf("reference perft(%d) = %d, published %d", d, n, perftCounts[d-1])
		}
	}
}

func TestPerftReproducesPublishedCounts(t *testing.T) {
	depth := len(perftCounts)
	if testing.Short() {
		depth = 10
	}
	for d := 1; d <= depth; d++ {
		if n := alquerque.Perft(alquerque.Start(), d); n != perftCounts[d-1] {
			t.Errorf("perft(%d) = %d, published %d", d, n, perftCounts[d-1])
		}
	}
}

// TestPerftMatchesReferenceOnRandomMiddlegames compares perft 3 with the
// reference's below positions of random games.
func TestPerftMatchesReferenceOnRandomMiddlegames(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	positions := gamePositions(rng, 6)
	for i, p := range positions {
		if i%3 != 0 {
			continue
		}
		if got, want := alquerque.Perft(p, 3), naivePerft(naiveParse(p.Text()), 3); got != want {
			t.Fatalf("%s: perft(3) = %d, reference %d", p.Text(), got, want)
		}
	}
}

// mostMovesText is a position with 260 legal moves, the most one piece can
// have (bound.go): White's lone c1 against twelve Black pieces, every
// sequence of jumps through them a move of its own.
const mostMovesText = "5/1bbb1/1b1b1/bbbbb/1bwb1 w 0 1"

func TestOnePieceCanHave260Moves(t *testing.T) {
	p := mustParse(t, mostMovesText)
	if n := p.CountMoves(); n != 260 {
		t.Fatalf("%s has %d moves, want 260", mostMovesText, n)
	}
	checkAgainstReference(t, p, &coverage{})
}
