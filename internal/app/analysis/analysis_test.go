package analysis

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func searcher(t *testing.T, sims int) *mcts.Searcher {
	t.Helper()
	e := mcts.DefaultEngine()
	e.Sims = sims
	s, err := mcts.NewSearcher(e.Config(rules.DefaultRules(), 1), mcts.Material{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// line starts a game of g from the position of text.
func line[G game.Game[P, M], P any, M game.Move](t *testing.T, g G, text string) *game.Line[G, P, M] {
	t.Helper()
	p, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	l, err := game.NewLine(g, p)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestAnalyzeListsTheChosenMoveFirst: the best move leads the moves, the
// principal variation starts with it, and the text lists --top moves and
// says how many more there are.
func TestAnalyzeListsTheChosenMoveFirst(t *testing.T) {
	g := line(t, rules.DefaultRules(), rules.StartFEN)
	a, err := Analyze(context.Background(), io.Discard, g, searcher(t, 200), 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Moves) < 2 || a.Moves[0].Move != a.Best || len(a.PV) == 0 || a.PV[0] != a.Best || a.Sims != 200 {
		t.Fatalf("analysis %+v", a)
	}
	var b strings.Builder
	if err := a.WriteText(&b, 1); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "best      "+a.Best) || !strings.Contains(b.String(), "more moves; top=0 lists all)") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestAnalyzeRefusesAFinishedGameWithItsPosition: the error carries the
// position and outcome that analyze --json prints.
func TestAnalyzeRefusesAFinishedGameWithItsPosition(t *testing.T) {
	const fen = "6/6/6/6/6/5r b 0 30"
	_, err := Analyze(context.Background(), io.Discard, line(t, rules.DefaultRules(), fen), searcher(t, 10), 1, true)
	var over *GameOverError
	if !errors.As(err, &over) || over.ErrorFields()["fen"] != fen || over.ErrorFields()["outcome"] != "red wins (capture-all)" {
		t.Fatalf("Analyze of a finished game: %v", err)
	}
}

// TestAnalyzeFindsAlquerquesForcedCaptureWin: in 5/5/5/1bb2/wb3 w (White
// a1; Black b1, b2, c2) the triangle a1xc1xc3xa1 takes all three black
// pieces, a win in 1 ply by the capture-all rule (docs/RULES-ALQUERQUE.md);
// the other capture, a1xc1xa3, leaves c2. The analysis says it in
// Alquerque's words: white, the canonical path, its position text.
func TestAnalyzeFindsAlquerquesForcedCaptureWin(t *testing.T) {
	r := alquerque.Rules(rules.DefaultRules())
	e := mcts.DefaultEngine()
	e.Sims = 100
	s, err := mcts.NewSearcherOf(mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: 1, Rules: r}, mcts.EvaluatorOf[alquerque.Position, alquerque.Code](eval.AlquerqueMaterial{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	const text = "5/5/5/1bb2/wb3 w 0 1"
	a, err := Analyze(context.Background(), io.Discard, line(t, r, text), s, 1, true)
	if err != nil {
		t.Fatal(err)
	}
	if a.FEN != text || a.SideToMove != "white" || a.Best != "a1xc1xc3xa1" || a.Proof != "win" || a.Distance == nil || *a.Distance != 1 {
		t.Fatalf("analysis %+v: want white's a1xc1xc3xa1, proven win in 1", a)
	}
	if len(a.Moves) != 2 || a.Moves[1].Move != "a1xc1xa3" || len(a.PV) != 1 || a.PV[0] != a.Best {
		t.Errorf("moves %+v pv %v: want the win, then a1xc1xa3; the pv the win alone", a.Moves, a.PV)
	}
	_, err = Analyze(context.Background(), io.Discard, line(t, r, "5/5/5/5/w4 b 0 1"), s, 1, true)
	var over *GameOverError
	if !errors.As(err, &over) || over.Outcome != "white wins (capture-all)" {
		t.Errorf("Analyze of a finished Alquerque game: %v", err)
	}
}
