package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/game"
)

// TestLineRefereesAsGameDoes: game.Line, the game in progress of every
// game's matches and engines, ends Surakarta's games where Game ends them,
// with the same result and reason and the same repetition history, over
// random games under every variant (short no-capture limits and twofold
// repetition, so that every ending occurs), and refuses what Game refuses.
func TestLineRefereesAsGameDoes(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 5))
	var buf [MaxMoves]Move
	for i := range 300 {
		r := Rules{Variant: Variant(i % 2), NoCaptureLimit: 4 + i%20, Repetition: 2 + i%2, NoMoves: NoMovesRule(i / 2 % 2)}
		g := newGame(r, Start())
		l, err := game.NewLine(r, Start())
		if err != nil {
			t.Fatal(err)
		}
		for !g.IsTerminal() {
			moves := g.LegalMoves(buf[:0])
			m := moves[rng.IntN(len(moves))]
			if err := l.Play(m); err != nil {
				t.Fatalf("game %d ply %d: the line refused %v: %v", i, g.Ply(), m, err)
			}
			g.play(m)
			if l.Outcome() != g.Outcome().Game() || !slices.Equal(l.History(nil), g.History(nil)) {
				t.Fatalf("game %d ply %d (%s): line %v, game %v", i, g.Ply(), r, l.Outcome(), g.Outcome())
			}
		}
		if err := l.Play(buf[0]); err == nil {
			t.Fatalf("game %d: the line played on after the end (%v)", i, g.Outcome())
		}
	}
	l, _ := game.NewLine(DefaultRules(), Start())
	if err := l.Play(NewMove(MakeSquare(0, 0), MakeSquare(5, 5), false)); err == nil {
		t.Error("the line played an illegal move")
	}
}

// TestLinePlayStringsNamesTheMoveThatFails: the error of game.Line's
// PlayStrings (the moves of analyze and replay) gives the move's place and
// text, and a move after the end says the game is over.
func TestLinePlayStringsNamesTheMoveThatFails(t *testing.T) {
	l, err := game.NewLine(DefaultRules(), Start())
	if err != nil {
		t.Fatal(err)
	}
	if err := l.PlayStrings([]string{"b2-b3", "b2-b3"}); err == nil || !strings.Contains(err.Error(), `move 2 "b2-b3"`) {
		t.Errorf("illegal second move: %v", err)
	}
	if l, err = game.NewLine(DefaultRules(), mustFEN(t, "6/6/6/6/6/5r b 0 30")); err != nil {
		t.Fatal(err)
	}
	if err := l.PlayStrings([]string{"a1-a2"}); err == nil || !strings.Contains(err.Error(), "already over") {
		t.Errorf("move after the end: %v", err)
	}
}
