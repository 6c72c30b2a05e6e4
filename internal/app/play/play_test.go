package play

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// mustContain fails the test for each of wants that out lacks.
func mustContain(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPlayAnswersThePromptAndLeavesThePosition: the prompt's commands
// answer, a move is played, undo takes it back with the reply, and quit
// prints the position to continue from.
func TestPlayAnswersThePromptAndLeavesThePosition(t *testing.T) {
	g, err := game.NewLine(rules.DefaultRules(), rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	e := mcts.DefaultEngine()
	e.Sims = 20
	s, err := mcts.NewSearcher(e.Config(rules.DefaultRules(), 1), mcts.Material{})
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	in := strings.NewReader("moves\nzz-zz\nb2-b3\nundo\nquit\n")
	err = Play(context.Background(), g, s, Options[rules.Position, rules.Move]{In: in, Out: &out, ErrOut: io.Discard, Humans: [2]bool{game.First: true}, Threads: 1, Quiet: true, View: SurakartaView()})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "legal moves: ", "('moves' lists the legal ones)", "1. red plays b2-b3", "1... black (engine) plays ", "took back 2 plies",
		"game abandoned after 0 plies; to continue: fen="+rules.StartFEN)
}

// TestPlayAlquerqueInItsOwnWords: an Alquerque game at the terminal reads
// and writes Alquerque: its board, white and black, its move notation
// (a capture as its path; an equivalent path typed is played and echoed
// as the canonical one), its position text and its ending.
func TestPlayAlquerqueInItsOwnWords(t *testing.T) {
	r := alquerque.Rules(rules.DefaultRules())
	e := mcts.DefaultEngine()
	e.Sims = 20
	s, err := mcts.NewSearcherOf(mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: 1, Rules: r}, mcts.EvaluatorOf[alquerque.Position, alquerque.Code](eval.AlquerqueMaterial{}), nil)
	if err != nil {
		t.Fatal(err)
	}
	play := func(start, input string, humans [2]bool) string {
		p, err := alquerque.ParsePosition(start)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.NewLine(r, p)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		err = Play(context.Background(), g, s, Options[alquerque.Position, alquerque.Code]{In: strings.NewReader(input), Out: &out, ErrOut: io.Discard,
			Humans: humans, Threads: 1, Quiet: true, View: AlquerqueView()})
		if err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	start := alquerque.Start()
	out := play(start.Text(), "help\nmoves\nb2-b3\nc2-c3\nundo\nquit\n", [2]bool{game.First: true})
	mustContain(t, out, "1. white to move (e.g. ", "a move (c2-c3, c4xc2xe2)", "legal moves: b2-c3 c2-c3 d2-c3 d3-c3",
		`illegal move "b2-b3"`, "1. white plays c2-c3", "1... black (engine) plays ", "took back 2 plies",
		"game abandoned after 0 plies; to continue: fen="+start.Text(), "3  b - b - . - w - w")
	out = play("5/5/5/1bb2/wb3 w 0 1", "a1xc3xc1xa1\n", [2]bool{game.First: true})
	mustContain(t, out, "1. white plays a1xc1xc3xa1", "game over after 1 ply: white wins (capture-all)")
	out = play("5/5/5/1bb2/wb3 w 0 1", "", [2]bool{game.Second: true})
	mustContain(t, out, "1. white (engine) plays a1xc1xc3xa1  [proven win in 1 for white", "game over after 1 ply: white wins (capture-all)")
	if strings.Contains(out, "route:") {
		t.Errorf("an Alquerque capture shows a route line; its notation is its path:\n%s", out)
	}
}
