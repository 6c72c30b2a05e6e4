package analysis

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

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

// TestAnalyzeListsTheChosenMoveFirst: the best move leads the moves, the
// principal variation starts with it, and the text lists --top moves and
// says how many more there are.
func TestAnalyzeListsTheChosenMoveFirst(t *testing.T) {
	g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
	if err != nil {
		t.Fatal(err)
	}
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
	if !strings.Contains(b.String(), "best      "+a.Best) || !strings.Contains(b.String(), "more moves; --top 0 lists all)") {
		t.Errorf("text:\n%s", b.String())
	}
}

// TestAnalyzeRefusesAFinishedGameWithItsPosition: the error carries the
// position and outcome that analyze --json prints.
func TestAnalyzeRefusesAFinishedGameWithItsPosition(t *testing.T) {
	p, err := rules.ParseFEN("6/6/6/6/6/5r b 0 30")
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.NewGame(rules.DefaultRules(), p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Analyze(context.Background(), io.Discard, g, searcher(t, 10), 1, true)
	var over *GameOverError
	if !errors.As(err, &over) || over.ErrorFields()["fen"] != p.FEN() || over.ErrorFields()["outcome"] == "" {
		t.Fatalf("Analyze of a finished game: %v", err)
	}
}
