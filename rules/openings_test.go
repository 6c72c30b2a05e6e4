package rules

import (
	"slices"
	"testing"
)

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
