package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// mapResult is the image of a game result under t.
func mapResult(t Symmetry, r Result) Result {
	if t.SwapsColors() && (r == RedWins || r == BlackWins) {
		return r ^ RedWins ^ BlackWins
	}
	return r
}

func TestSymmetriesMapTheStartBoardOntoItself(t *testing.T) {
	start := Start()
	for _, sym := range Symmetries {
		img := sym.Position(&start)
		want := start.WithSideToMove(sym.Color(Red))
		if img != want {
			t.Errorf("%v of the start = %q, want %q", sym, img.FEN(), want.FEN())
		}
	}
}

func TestSymmetriesAreInvolutionsOnSquaresAndMoves(t *testing.T) {
	for _, sym := range Symmetries {
		seen := map[Square]bool{}
		for s := Square(0); s < NumSquares; s++ {
			img := sym.Square(s)
			if img >= NumSquares || seen[img] || sym.Square(img) != s {
				t.Fatalf("%v: square %v -> %v is not a bijective involution", sym, s, img)
			}
			seen[img] = true
			if got := sym.Bitboard(s.Bit()); got != img.Bit() {
				t.Fatalf("%v: Bitboard(%v) = %#x, Square gives %v", sym, s, got, img)
			}
		}
		if sym.Move(NoMove) != NoMove {
			t.Errorf("%v maps NoMove to %v", sym, sym.Move(NoMove))
		}
	}
}

// TestRulesCommuteWithEverySymmetry plays random games (captures, repetitions,
// sparse endgames) and checks at every position P, for every symmetry t:
// t(P)'s legal moves are the images of P's (under Rotate in the same order,
// the side-relative order the search relies on), applying a move commutes
// with t, and the game replayed under t ends the same way, colours mapped,
// with the same repetition counts.
func TestRulesCommuteWithEverySymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	games := 120
	if testing.Short() {
		games = 40
	}
	var buf, ibuf [MaxMoves]Move
	for i := range games {
		r := Rules{
			Variant:        Variant(rng.IntN(2)),
			NoCaptureLimit: []int{0, 6, 20, 50}[rng.IntN(4)],
			Repetition:     []int{0, 2, 3}[rng.IntN(3)],
			NoMoves:        NoMovesRule(rng.IntN(2)),
		}
		start := Start()
		if i%2 == 1 {
			start = refRandomPosition(rng, 1+rng.IntN(6), 1+rng.IntN(6), nil, 0)
			if rng.IntN(2) == 0 {
				start = start.WithSideToMove(Black)
			}
		}
		g, err := NewGame(r, start)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200 && !g.IsTerminal(); ply++ {
			p := g.Position()
			moves := p.GenerateMoves(buf[:0])
			for _, sym := range Symmetries {
				ip := sym.Position(&p)
				if back := sym.Position(&ip); back != p {
					t.Fatalf("game %d ply %d: %v twice maps %q to %q", i, ply, sym, p.FEN(), back.FEN())
				}
				imoves := ip.GenerateMoves(ibuf[:0])
				want := make([]Move, len(moves))
				for k, m := range moves {
					want[k] = sym.Move(m)
				}
				if sym != Rotate {
					slices.Sort(want)
					imoves = slices.Sorted(slices.Values(imoves))
				}
				if !slices.Equal(imoves, want) {
					t.Fatalf("game %d ply %d, %v of %q: moves %v, want the images %v", i, ply, sym, p.FEN(), imoves, want)
				}
				if sym == Rotate {
					caps := p.GenerateCaptures(nil)
					for k := range caps {
						caps[k] = sym.Move(caps[k])
					}
					if got := ip.GenerateCaptures(nil); !slices.Equal(got, caps) {
						t.Fatalf("game %d ply %d, %v of %q: captures %v, want the images in order %v", i, ply, sym, p.FEN(), got, caps)
					}
				}
				for _, m := range moves {
					after, iafter := p.Apply(m), ip.Apply(sym.Move(m))
					img := sym.Position(&after)
					// The move number counts Black's moves: bookkeeping that
					// a colour swap cannot keep in step.
					iafter.moveNumber = img.moveNumber
					if img != iafter {
						t.Fatalf("game %d ply %d, %v of %q after %v: %q, want %q", i, ply, sym, p.FEN(), m, iafter.FEN(), img.FEN())
					}
				}
			}
			m := moves[rng.IntN(len(moves))]
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		for _, sym := range Symmetries {
			ig := sym.Game(g)
			got, want := ig.Outcome(), g.Outcome()
			want.Result = mapResult(sym, want.Result)
			if got != want || ig.Occurrences() != g.Occurrences() || ig.Ply() != g.Ply() {
				t.Fatalf("game %d under %v, %v: outcome %v after %d plies with %d occurrences, want %v, %d, %d",
					i, r, sym, got, ig.Ply(), ig.Occurrences(), want, g.Ply(), g.Occurrences())
			}
			ip, p := ig.Position(), g.Position()
			if img := sym.Position(&p); ip.pieces != img.pieces || ip.side != img.side || ip.noCapture != img.noCapture {
				t.Fatalf("game %d, %v: replayed game ends at %q, want the image of %q", i, sym, ip.FEN(), p.FEN())
			}
		}
	}
}
