package rules

import (
	"math/rand/v2"
	"slices"
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
