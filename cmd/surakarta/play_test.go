package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
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

func TestPlayIllegalThenLegalThenQuit(t *testing.T) {
	out, _, err := run(t, "zz\nb2-b9\nb2-b3\nquit\n", "play", "--sims", "50")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, `bad move "zz"`, `bad point "b9"`, "1. red plays b2-b3", "1... black (engine) plays", "game abandoned after 2 plies")
	// A prompt after each illegal move, one after the engine's reply.
	if n := strings.Count(out, "red to move (e.g."); n != 4 {
		t.Errorf("%d prompts, want 4 (two illegal, one legal, one before quit)", n)
	}
}

func TestPlayEndOfInputEndsCleanly(t *testing.T) {
	out := runOK(t, "play", "--sims", "10", "--human", "black")
	mustContain(t, out, "1. red (engine) plays", "game abandoned after 1 ply;")
}

func TestPlayShowsCaptureRoutes(t *testing.T) {
	// The human captures the last black piece.
	out, _, err := run(t, "moves\nb4xc5\n", "play", "--fen", mateInOneFEN, "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "legal moves: b4-a3", "30. red plays b4xc5[top-left]", "route: b4 > ", "(captures on c5)", "game over after 1 ply: red wins (capture-all)")
	// The engine does the same when it plays Red.
	out, _, err = run(t, "", "play", "--fen", mateInOneFEN, "--human", "black", "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "30. red (engine) plays b4xc5[top-left]", "proven win in 1 for red", "route: b4 > ", "red wins (capture-all)")
}

func TestPlayEngineAgainstItself(t *testing.T) {
	out := runOK(t, "play", "--human", "none", "--fen", "b5/1b4/6/6/4r1/5r r 0 9", "--sims", "200")
	mustContain(t, out, "game over after")
}

func TestPlayRejectsBadHuman(t *testing.T) {
	_, _, err := run(t, "", "play", "--human", "white")
	if err == nil || !strings.Contains(err.Error(), "--human") {
		t.Errorf("error %v, want one naming --human", err)
	}
}

// TestPlaySaysEachIllegalMoveOnce: the message for a bad or illegal move
// names it once, not "illegal move X: illegal move X".
func TestPlaySaysEachIllegalMoveOnce(t *testing.T) {
	out, _, err := run(t, "c2-c4\nb2xe5\nquit\n", "play", "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{`"c2-c4"`, `"b2xe5"`} {
		if n := strings.Count(out, mv); n != 1 {
			t.Errorf("%s named %d times, want once:\n%s", mv, n, out)
		}
	}
	mustContain(t, out, `illegal move "c2-c4": a step goes to one of the 8 neighbouring points ('moves' lists the legal ones)`)
}

// TestPlayNumbersMovesAsTheFEN: the moves carry the FEN's move number,
// "N." for Red and "N..." for Black, from whatever number the position has.
func TestPlayNumbersMovesAsTheFEN(t *testing.T) {
	out, _, err := run(t, "b2-b3\nquit\n", "play", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 9", "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "9. red to move", "9. red plays b2-b3", "9... black (engine) plays", "10. red to move")
	out, _, err = run(t, "", "play", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr b 0 4", "--human", "red", "--sims", "10")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "4... black (engine) plays", "5. red to move")
}

// TestPlayValuesSayForWhom: the engine's value and proof name the side they
// are for.
func TestPlayValuesSayForWhom(t *testing.T) {
	out := runOK(t, "play", "--human", "red", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr b 0 1", "--sims", "20")
	mustContain(t, out, " for black, 20 sims]")
}

// TestPlayHintAndUndo: hint suggests a legal move with its value for the
// side to move; undo takes back the human's move and the engine's reply,
// and says so when there is nothing to take back.
func TestPlayHintAndUndo(t *testing.T) {
	out, _, err := run(t, "undo\nhint\nb2-b3\nundo\nquit\n", "play", "--sims", "30")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "nothing to undo: you have not moved yet", "hint: ", " for red, 30 sims]",
		"1. red plays b2-b3", "1... black (engine) plays", "took back 2 plies", "game abandoned after 0 plies")
	hint, _, _ := strings.Cut(out[strings.Index(out, "hint: ")+len("hint: "):], " ")
	if _, _, err := run(t, "", "replay", hint); err != nil {
		t.Errorf("hint %q is not a legal first move: %v", hint, err)
	}
}

// TestPlayCtrlCEndsCleanly: an interrupt while the engine searches, or at
// the prompt, ends the game with its position, and exits 130 (not 0: a
// script can tell an abandoned game from a finished one), with the game
// abandoned in words, not Go's "context canceled".
func TestPlayCtrlCEndsCleanly(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"during the engine's move", []string{"play", "--human", "black", "--sims", "100000000", "--quiet"}},
		{"at the prompt", []string{"play", "--sims", "10"}},
	} {
		cmd := newRootCommand()
		var out, errOut strings.Builder
		cmd.SetOut(&out)
		cmd.SetErr(&errOut)
		in, w := io.Pipe() // input that never comes
		defer w.Close()
		cmd.SetIn(in)
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		err := execute(ctx, cmd, tc.args)
		status := exitStatus(ctx, err)
		cancel()
		if status != exitInterrupted || !strings.Contains(out.String(), "interrupted\ngame abandoned after 0 plies; to continue: --fen 'bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1'") ||
			err == nil || err.Error() != "interrupted: the game was abandoned" {
			t.Errorf("%s: exit status %d (%v)\n%s", tc.name, status, err, out.String())
		}
	}
}

// TestPlayAlquerqueThroughStdin: a scripted session of play --game
// alquerque: the prompt's commands answer in Alquerque's words, a human
// move and the engine's reply, undo, and the position to continue from in
// Alquerque's text; the human may play black, and a capture typed by any
// of its paths is played and echoed by the canonical one.
func TestPlayAlquerqueThroughStdin(t *testing.T) {
	out, _, err := run(t, "moves\nhelp\nc2-c4\nc2-c3\nundo\nquit\n", "play", "--game", "alquerque", "--sims", "30", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "1  w - w - w - w - w", "1. white to move (e.g. b2-c3; 'help' lists the commands)", "legal moves: b2-c3 c2-c3 d2-c3 d3-c3",
		"a move (c2-c3, c4xc2xe2)", `illegal move "c2-c4"`, "1. white plays c2-c3", "1... black (engine) plays c4xc2",
		"took back 2 plies", "game abandoned after 0 plies; to continue: --fen 'bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1'")
	out, _, err = run(t, "a1xc3xc1xa1\nquit\n", "play", "--game", "alquerque", "--fen", "b4/5/5/1bb2/wb3 w 0 1", "--human", "white", "--sims", "30", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "1. white plays a1xc1xc3xa1", "1... black (engine) plays a5-", "2. white to move")
	out, _, err = run(t, "", "play", "--game", "alquerque", "--fen", alqTriangleText, "--human", "black", "--sims", "30", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, out, "1. white (engine) plays a1xc1xc3xa1  [proven win in 1 for white", "game over after 1 ply: white wins (capture-all)")
	runRefusals(t, []refusal{
		{[]string{"play", "--game", "alquerque", "--human", "red"}, `--human "red": want white, black or none`},
		{[]string{"play", "--game", "alquerque", "--tablebase", t.TempDir()}, "--tablebase: alquerque has no endgame tables"},
	})
}
