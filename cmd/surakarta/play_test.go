package main

import (
	"strings"
	"testing"
)

func TestPlayIllegalThenLegalThenQuit(t *testing.T) {
	out, _, err := run(t, "zz\nb2-b9\nb2-b3\nquit\n", "play", "--sims", "50")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`illegal move "zz"`,
		`illegal move "b2-b9"`,
		"1. red plays b2-b3",
		"2. black (engine) plays",
		"game abandoned after 2 plies",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A prompt after each illegal move, one after the engine's reply.
	if n := strings.Count(out, "red to move (e.g."); n != 4 {
		t.Errorf("%d prompts, want 4 (two illegal, one legal, one before quit)", n)
	}
}

func TestPlayEndOfInputEndsCleanly(t *testing.T) {
	out, _, err := run(t, "", "play", "--sims", "10", "--human", "black")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1. red (engine) plays") || !strings.Contains(out, "game abandoned after 1 plies") {
		t.Errorf("output:\n%s", out)
	}
}

func TestPlayShowsCaptureRoutes(t *testing.T) {
	// The human captures the last black piece.
	out, _, err := run(t, "moves\nb4xc5\n", "play", "--fen", mateInOneFEN, "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"legal moves: b4-a3", "1. red plays b4xc5[top-left]", "route: b4 > ", "(captures on c5)", "game over after 1 plies: red wins (capture-all)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The engine does the same when it plays Red.
	out, _, err = run(t, "", "play", "--fen", mateInOneFEN, "--human", "black", "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1. red (engine) plays b4xc5[top-left]", "proven win", "route: b4 > ", "red wins (capture-all)"} {
		if !strings.Contains(out, want) {
			t.Errorf("engine capture: output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayEngineAgainstItself(t *testing.T) {
	out, _, err := run(t, "", "play", "--human", "none", "--fen", "b5/1b4/6/6/4r1/5r r 0 9", "--sims", "200")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "game over after") {
		t.Errorf("self-play did not finish:\n%s", out)
	}
}

func TestPlayRejectsBadHuman(t *testing.T) {
	_, _, err := run(t, "", "play", "--human", "white")
	if err == nil || !strings.Contains(err.Error(), "--human") {
		t.Errorf("error %v, want one naming --human", err)
	}
}
