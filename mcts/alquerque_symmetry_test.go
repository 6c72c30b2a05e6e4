package mcts

import (
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
)

// listedAs is Alquerque with the moves of a position listed as the images
// under symmetry t of the moves of its preimage, in their order: a search
// of an image under listedAs{t} draws every random choice (shuffles, ties,
// playouts, noise, sampling) against the same list, move for move, as a
// search of the original under alquerque.Rules, so the two must agree
// exactly under every symmetry of the board, not only those that keep the
// order (KeepsOrder). What it checks is that nothing else in the search
// (the side to move, the board's orientation, keys, codes) changes a
// result. inv is t's inverse; listedAs{0, 0} lists as Alquerque does.
type listedAs struct {
	alquerque.Rules
	t, inv int
}

func (l listedAs) Moves(p *alquerque.Position, buf []alquerque.Code) []alquerque.Code {
	pre := l.Rules.MapPosition(l.inv, p)
	var own [alquerque.MaxMoves]alquerque.Code
	buf = buf[:0]
	for _, m := range l.Rules.Moves(&pre, own[:0]) {
		buf = append(buf, l.Rules.MapMove(l.t, &pre, m))
	}
	return buf
}

// alquerqueInverses returns each symmetry's inverse, found on a position
// that no symmetry but the identity fixes.
func alquerqueInverses(t *testing.T) []int {
	r := alquerque.DefaultRules()
	p, err := alquerque.ParsePosition("bb1b1/1wb2/b1w1w/w3b/ww2w w 3 14")
	if err != nil {
		t.Fatal(err)
	}
	inv := make([]int, r.Symmetries())
	for s := range inv {
		img := r.MapPosition(s, &p)
		inv[s] = -1
		for u := range inv {
			if r.MapPosition(u, &img) == p {
				inv[s] = u
			}
		}
		if inv[s] < 0 {
			t.Fatalf("symmetry %s has no inverse among the %d", r.SymmetryName(s), len(inv))
		}
	}
	return inv
}

// TestAlquerqueSearchCommutesWithEverySymmetry: for positions of random
// Alquerque games (captures, endgames, repetition histories, both ending
// variants), with playout and value leaves, noise on and off, solver on
// and off, tree reuse along the game and temperature sampling, searching
// the game's image under each of the board's 16 symmetries (history
// included) with the same seed gives exactly the image of the search of
// the game: best move, visits, value, proof and distance of every move,
// the PV, and the move Choose samples. The image is listed in the order of
// the original's images (listedAs), so that the two searches draw the
// same random numbers against the same moves.
func TestAlquerqueSearchCommutesWithEverySymmetry(t *testing.T) {
	games, plies, sims := 3, 60, 40
	if testing.Short() {
		games, plies = 1, 40
	}
	inv := alquerqueInverses(t)
	variants := []alquerque.Rules{
		{Variant: 0, NoCaptureLimit: 20, Repetition: 3},
		{Variant: 1, NoCaptureLimit: 12, Repetition: 2, NoMoves: 1},
	}
	positions, repeated, proven := 0, 0, 0
	for si, st := range symmetrySettings(sims) {
		if _, ok := st.ev.(capturePriors); ok {
			continue // Surakarta's priors; Alquerque's material gives none
		}
		for gi := range games {
			r := variants[gi%len(variants)]
			rng := NewRNG(uint64(gi))
			// One random game, then each symmetry's searches along it.
			line := randomAlquerqueGame(t, r, &rng, plies)
			for sym := range r.Symmetries() {
				cfg := ConfigOf[listedAs]{Settings: st.cfg.Settings, Seed: uint64(1000*si + gi), Rules: listedAs{r, 0, 0}}
				cfg.MaxNodes = max(cfg.MaxNodes, nodesFor(alquerque.MaxMoves)) // the fewest Alquerque's searcher takes
				icfg := cfg
				icfg.Rules = listedAs{r, sym, inv[sym]}
				a := mustAlquerqueSearcher(t, cfg)
				b := mustAlquerqueSearcher(t, icfg)
				orig, err := game.NewLine(cfg.Rules, line.Start())
				if err != nil {
					t.Fatal(err)
				}
				start := line.Start()
				img, err := game.NewLine(icfg.Rules, r.MapPosition(sym, &start))
				if err != nil {
					t.Fatal(err)
				}
				for ply, m := range line.Moves() {
					again := game.Occurrences(orig.History(nil)) > 1
					if (ply%3 == 0 || again) && !orig.IsTerminal() {
						ra, rb := a.Search(orig), b.Search(img)
						p := orig.Position()
						if sym == 0 {
							positions++
							if again {
								repeated++
							}
							if ra.Proof != ProofNone {
								proven++
							}
						}
						if d := sameUnderSymmetry(r, sym, &p, &ra, &rb); d != "" {
							t.Fatalf("%s, game %d ply %d, %q under %v, %s: search of the image: %s", st.name, gi, ply, r.FormatPosition(&p), r, r.SymmetryName(sym), d)
						}
						if ma, mb := a.Choose(&ra, ply), b.Choose(&rb, ply); mb != r.MapMove(sym, &p, ma) {
							t.Fatalf("%s, game %d ply %d, %s: Choose picked another move for the image", st.name, gi, ply, r.SymmetryName(sym))
						}
					}
					p := orig.Position()
					if err := orig.Play(m); err != nil {
						t.Fatal(err)
					}
					if err := img.Play(r.MapMove(sym, &p, m)); err != nil {
						t.Fatalf("the image of move %d: %v", ply+1, err)
					}
				}
			}
		}
	}
	t.Logf("%d positions searched, and their images under each of the 16 symmetries: %d repeated in the game, %d proven", positions, repeated, proven)
	if repeated == 0 || proven == 0 {
		t.Error("the games did not reach a repetition and a proof: the test does not exercise them")
	}
}

func mustAlquerqueSearcher(t *testing.T, cfg ConfigOf[listedAs]) *SearcherOf[listedAs, alquerque.Position, alquerque.Code] {
	t.Helper()
	s, err := NewSearcherOf(cfg, EvaluatorOf[alquerque.Position, alquerque.Code](alquerqueMaterial{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// randomAlquerqueGame plays a random game under r from the start, taking
// a step back often (to build repetition histories).
func randomAlquerqueGame(t *testing.T, r alquerque.Rules, rng *RNG, plies int) *game.Line[alquerque.Rules, alquerque.Position, alquerque.Code] {
	t.Helper()
	g, err := game.NewLine(r, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	var buf [alquerque.MaxMoves]alquerque.Code
	for ply := 0; ply < plies && !g.IsTerminal(); ply++ {
		moves := g.LegalMoves(buf[:0])
		m := moves[rng.IntN(len(moves))]
		if n := len(g.Moves()); rng.Float64() < 0.6 && n >= 2 {
			// Step back where the piece came from, if that is a move now.
			p, prev := g.Position(), g.Moves()[n-2]
			before := g.Start()
			for _, mv := range g.Moves()[:n-2] {
				r.Apply(&before, mv)
			}
			back := before.Decode(prev)
			if !back.IsCapture() {
				if u, err := r.ParseMove(&p, back.To().String()+"-"+back.From().String()); err == nil {
					m = u
				}
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// sameUnderSymmetry reports how b, the result of searching the image under
// sym of p (with its history), differs from a mapped, or "" if it does not.
func sameUnderSymmetry(r alquerque.Rules, sym int, p *alquerque.Position, a, b *ResultOf[alquerque.Code]) string {
	pv := make([]alquerque.Code, len(a.PV))
	q := *p
	for i, m := range a.PV {
		pv[i] = r.MapMove(sym, &q, m)
		r.Apply(&q, m)
	}
	return sameImage(a, b, func(m alquerque.Code) alquerque.Code { return r.MapMove(sym, p, m) }, pv)
}
