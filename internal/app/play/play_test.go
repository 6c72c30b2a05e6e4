package play

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// TestPlayAnswersThePromptAndLeavesThePosition: the prompt's commands
// answer, a move is played, undo takes it back with the reply, and quit
// prints the position to continue from.
func TestPlayAnswersThePromptAndLeavesThePosition(t *testing.T) {
	g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
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
	err = Play(context.Background(), g, s, Options{In: in, Out: &out, ErrOut: io.Discard, Humans: [2]bool{rules.Red: true}, Threads: 1, Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"legal moves: ", "('moves' lists the legal ones)", "1. red plays b2-b3", "1... black (engine) plays ", "took back 2 plies",
		"game abandoned after 0 plies; to continue: --fen '" + rules.StartFEN + "'"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}
