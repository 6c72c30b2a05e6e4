package alquerque_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/rules"
)

// squareMaps are the eight symmetries of the 5 × 5 square written as maps
// of (file, rank), independently of the package's tables.
var squareMaps = [8]func(f, r int) (int, int){
	func(f, r int) (int, int) { return f, r },
	func(f, r int) (int, int) { return 4 - r, f },
	func(f, r int) (int, int) { return 4 - f, 4 - r },
	func(f, r int) (int, int) { return r, 4 - f },
	func(f, r int) (int, int) { return 4 - f, r },
	func(f, r int) (int, int) { return f, 4 - r },
	func(f, r int) (int, int) { return r, f },
	func(f, r int) (int, int) { return 4 - r, 4 - f },
}

// naiveSegments are the pairs of neighbouring points on a line of the
// reference's hand-typed lines, as "a1 b2" with the names in order.
func naiveSegments() map[[2]string]bool {
	seg := map[[2]string]bool{}
	for _, l := range naiveLines {
		for i := 0; i+1 < len(l); i++ {
			a, b := l[i], l[i+1]
			if b < a {
				a, b = b, a
			}
			seg[[2]string{a, b}] = true
		}
	}
	return seg
}

// TestEverySquareSymmetryKeepsTheBoardsLines checks which of the square's
// eight symmetries map the drawn lines (the reference's, typed out by
// hand) onto themselves: all eight, since the diagonals pass through the
// points of even file + rank and each symmetry keeps that parity. It also
// checks the package's Symmetry maps points as the square's maps do.
func TestEverySquareSymmetryKeepsTheBoardsLines(t *testing.T) {
	seg := naiveSegments()
	if len(seg) != 40+16 {
		t.Fatalf("%d segments: want 40 orthogonal and 16 diagonal", len(seg))
	}
	for g, sq := range squareMaps {
		if !keepsLines(seg, sq) {
			t.Errorf("%v does not keep the board's lines", alquerque.Symmetry(g))
		}
		for s := alquerque.Point(0); s < alquerque.NumPoints; s++ {
			f, r := sq(s.File(), s.Rank())
			if img := alquerque.Symmetry(g).Point(s); img != alquerque.MakePoint(f, r) {
				t.Fatalf("%v maps %v to %v, want %v", alquerque.Symmetry(g), s, img, alquerque.MakePoint(f, r))
			}
			if n := alquerque.Neighbours(alquerque.Symmetry(g).Point(s)); n != alquerque.Symmetry(g).Bitboard(alquerque.Neighbours(s)) {
				t.Fatalf("%v: the neighbours of %v's image are not the images of its neighbours", alquerque.Symmetry(g), s)
			}
		}
	}
	// The check can fail: a shift by one file (wrapping round) moves the
	// diagonals onto points without them.
	if keepsLines(seg, func(f, r int) (int, int) { return (f + 1) % 5, r }) {
		t.Error("a shift by one file keeps the lines: the check cannot fail")
	}
}

// keepsLines reports whether the map sq of (file, rank) takes every
// segment of seg onto a segment of seg.
func keepsLines(seg map[[2]string]bool, sq func(f, r int) (int, int)) bool {
	name := func(f, r int) string { return string([]byte{byte('a' + f), byte('1' + r)}) }
	for s := range seg {
		fa, ra := sq(int(s[0][0]-'a'), int(s[0][1]-'1'))
		fb, rb := sq(int(s[1][0]-'a'), int(s[1][1]-'1'))
		a, b := name(fa, ra), name(fb, rb)
		if b < a {
			a, b = b, a
		}
		if !seg[[2]string{a, b}] {
			return false
		}
	}
	return true
}

func TestOnlyIdentityAndTurnKeepTheStart(t *testing.T) {
	start := alquerque.Start()
	var keep []alquerque.Symmetry
	for _, sym := range alquerque.Symmetries {
		img := sym.Position(&start)
		if img == start.WithSideToMove(sym.Color(alquerque.White)) {
			keep = append(keep, sym)
		}
	}
	if want := []alquerque.Symmetry{alquerque.Identity, alquerque.Turn}; !slices.Equal(keep, want) {
		t.Errorf("the start's board is kept by %v, want %v", keep, want)
	}
}

func TestSymmetriesAreBijectionsWithDistinctNames(t *testing.T) {
	names := map[string]bool{}
	for _, sym := range alquerque.Symmetries {
		names[sym.String()] = true
		seen := map[alquerque.Point]bool{}
		for s := alquerque.Point(0); s < alquerque.NumPoints; s++ {
			img := sym.Point(s)
			if img >= alquerque.NumPoints || seen[img] {
				t.Fatalf("%v: point %v -> %v is not a bijection", sym, s, img)
			}
			seen[img] = true
			if sym.Bitboard(s.Bit()) != img.Bit() {
				t.Fatalf("%v: Bitboard and Point disagree on %v", sym, s)
			}
		}
		if sym.Move(alquerque.NoMove) != alquerque.NoMove {
			t.Errorf("%v maps NoMove to %v", sym, sym.Move(alquerque.NoMove))
		}
	}
	if len(names) != 16 || alquerque.Turn.String() != "rotate-180+swap" {
		t.Errorf("%d distinct names, Turn is %q", len(names), alquerque.Turn.String())
	}
}

func moveSet(ms []alquerque.Move) []alquerque.Move {
	s := slices.Clone(ms)
	slices.Sort(s)
	return s
}

// TestRulesCommuteWithEverySymmetry plays random games and checks at every
// position P, for each of the sixteen symmetries t: t(P)'s legal moves are
// the images of P's (under Turn in the same order, the side to move's
// frame), applying a move commutes with t, the hash is the image's, and
// the game replayed under t ends the same way, colours mapped.
func TestRulesCommuteWithEverySymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	games := 80
	if testing.Short() {
		games = 20
	}
	var buf, ibuf [alquerque.MaxMoves]alquerque.Move
	for i := range games {
		r := alquerque.Rules{Variant: rules.Variant(rng.IntN(2)), NoCaptureLimit: []int{0, 6, 50}[rng.IntN(3)], Repetition: []int{0, 2, 3}[rng.IntN(3)]}
		start := alquerque.Start()
		if i%2 == 1 {
			start = randomPosition(rng, 1+rng.IntN(12), 1+rng.IntN(12), alquerque.Color(rng.IntN(2)))
		}
		g, err := alquerque.NewGame(r, start)
		if err != nil {
			t.Fatal(err)
		}
		for !g.IsTerminal() {
			p := g.Position()
			moves := p.GenerateMoves(buf[:0])
			for _, sym := range alquerque.Symmetries {
				ip := sym.Position(&p)
				imoves := ip.GenerateMoves(ibuf[:0])
				mapped := make([]alquerque.Move, len(moves))
				for k, m := range moves {
					mapped[k] = sym.Move(m)
				}
				if sym == alquerque.Turn && !slices.Equal(mapped, imoves) {
					t.Fatalf("%s under Turn: moves %v, images in order %v", p.Text(), imoves, mapped)
				}
				if !slices.Equal(moveSet(mapped), moveSet(imoves)) {
					t.Fatalf("%s under %v: moves %v, images %v", p.Text(), sym, imoves, mapped)
				}
				for _, m := range moves {
					// The move number counts Black's moves, so under a colour
					// swap it is bookkeeping only: compare the rest.
					a, b := p.Apply(m), ip.Apply(sym.Move(m))
					if ia := sym.Position(&a); boardOf(ia) != boardOf(b) || ia.Hash() != b.Hash() {
						t.Fatalf("%s under %v: applying %v does not commute", p.Text(), sym, m)
					}
				}
				back, _ := alquerque.ParsePosition(ip.Text())
				if back.Hash() != ip.Hash() {
					t.Fatalf("%v of %s: hash is not the image's own", sym, p.Text())
				}
			}
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		for _, sym := range alquerque.Symmetries {
			img := sym.Game(g)
			want := g.Outcome()
			if sym.SwapsColors() && (want.Result == alquerque.WhiteWins || want.Result == alquerque.BlackWins) {
				want.Result ^= alquerque.WhiteWins ^ alquerque.BlackWins
			}
			if img.Outcome() != want || img.Ply() != g.Ply() {
				t.Fatalf("game %d under %v ends %v after %d plies, want %v after %d", i, sym, img.Outcome(), img.Ply(), want, g.Ply())
			}
		}
	}
}

func TestPerftIsTheSameUnderEverySymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, p := range gamePositions(rng, 2)[:40] {
		want := alquerque.Perft(p, 4)
		for _, sym := range alquerque.Symmetries {
			if got := alquerque.Perft(sym.Position(&p), 4); got != want {
				t.Fatalf("%s: perft(4) %d, under %v %d", p.Text(), want, sym, got)
			}
		}
	}
}

// boardOf is a position's text without the move number.
func boardOf(p alquerque.Position) string {
	f := strings.Fields(p.Text())
	return strings.Join(f[:3], " ")
}
