package rules

import (
	"slices"
	"testing"
)

// TestOpeningsFromTheStartAreEveryLegalSequence: the openings of k plies
// from the start number Perft(k) (no game ends that early), are distinct,
// come in square order depth first, and leave the game as it was; more
// than the limit is refused.
func TestOpeningsFromTheStartAreEveryLegalSequence(t *testing.T) {
	g, err := NewGame(DefaultRules(), Start())
	if err != nil {
		t.Fatal(err)
	}
	for k := range 4 {
		list, ok := g.Openings(k, 1<<17)
		if !ok || uint64(len(list)) != Perft(Start(), k) {
			t.Fatalf("%d plies: %d openings (ok %v), want %d", k, len(list), ok, Perft(Start(), k))
		}
		seen := map[string]bool{}
		for _, o := range list {
			key := ""
			for _, m := range o {
				key += m.String() + " "
			}
			if len(o) != k || seen[key] {
				t.Fatalf("%d plies: opening %q repeated or of %d plies", k, key, len(o))
			}
			seen[key] = true
		}
		if k > 0 {
			p := Start()
			if first := p.GenerateMovesBySquare(nil)[0]; list[0][0] != first {
				t.Fatalf("%d plies: first opening starts %v, want %v (square order)", k, list[0][0], first)
			}
		}
	}
	if g.Ply() != 0 || g.Position() != Start() {
		t.Fatalf("Openings moved the game: ply %d, %v", g.Ply(), g.Position())
	}
	if list, ok := g.Openings(2, 255); ok || list != nil {
		t.Fatalf("256 two-ply openings with limit 255: %d returned, ok %v", len(list), ok)
	}
}

// TestOpeningsStopAtTheEndOfTheGame: a game that ends within k plies is
// one opening, shorter.
func TestOpeningsStopAtTheEndOfTheGame(t *testing.T) {
	g := newGameT(t, stdLoss, "b5/6/6/6/6/r4r r 48 30")
	list, ok := g.Openings(4, 1<<17)
	if !ok {
		t.Fatal("refused")
	}
	short := 0
	for _, o := range list {
		c := g.Clone()
		for _, m := range o {
			if err := c.Play(m); err != nil {
				t.Fatalf("opening %v: %v", o, err)
			}
		}
		if len(o) < 4 {
			short++
			if !c.IsTerminal() {
				t.Fatalf("opening %v is short but the game goes on", o)
			}
		}
	}
	if short == 0 {
		t.Fatal("no opening ended at the no-capture limit (ply 50)")
	}
}

// TestPlayRandomPliesTakesTheDrawnMoveInSquareOrder plays the move each
// draw names among the moves in square order, and stops when the game ends.
func TestPlayRandomPliesTakesTheDrawnMoveInSquareOrder(t *testing.T) {
	g, _ := NewGame(DefaultRules(), Start())
	var want []Move
	p := Start()
	for i := range 6 {
		moves := p.GenerateMovesBySquare(nil)
		m := moves[i%len(moves)]
		want = append(want, m)
		p = p.Apply(m)
	}
	i := 0
	n := g.PlayRandomPlies(6, func(n int) int { i++; return (i - 1) % n })
	if n != 6 || !slices.Equal(g.Moves(), want) {
		t.Fatalf("played %d plies %v, want %v", n, g.Moves(), want)
	}
	end := newGameT(t, stdLoss, "b5/6/6/6/6/r4r r 48 30")
	if n := end.PlayRandomPlies(10, func(int) int { return 0 }); n != 2 || !end.IsTerminal() {
		t.Fatalf("played %d plies past the no-capture limit (terminal %v), want 2", n, end.IsTerminal())
	}
}

// TestMajorityWinnerScoresTheCountedEndingsByPieces: the no-capture limit
// and repetition go to the side with more pieces (equal counts draw)
// whatever the variant played; a capture of the last piece stands.
func TestMajorityWinnerScoresTheCountedEndingsByPieces(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		out  Outcome
		want Result
	}{
		{"b5/6/6/6/6/r4r r 48 30", Outcome{Draw, NoCaptureLimit}, RedWins},
		{"b5/6/6/6/6/r4r r 48 30", Outcome{Draw, RepetitionEnding}, RedWins},
		{"b5/6/6/6/6/r5 r 48 30", Outcome{Draw, NoCaptureLimit}, Draw},
		{"6/6/6/6/6/r4r b 3 30", Outcome{RedWins, CaptureAll}, RedWins},
	} {
		p := mustFEN(t, tc.fen)
		if got := MajorityWinner(stdLoss, &p, tc.out); got != tc.want {
			t.Errorf("%s, %v: majority winner %v, want %v", tc.fen, tc.out, got, tc.want)
		}
	}
}
