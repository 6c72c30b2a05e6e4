package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/app/positions"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// run executes the CLI with args and stdin, returning stdout, stderr and the error.
func run(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	cmd := newRootCommand()
	var out, errOut bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&errOut)
	cmd.SetIn(strings.NewReader(stdin))
	err := execute(context.Background(), cmd, args)
	return out.String(), errOut.String(), err
}

// runOK runs the command with args, which must succeed, and returns its
// output.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	out, _, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// runJSON runs the command with args, which must succeed, and decodes its
// output, one JSON value, into a T.
func runJSON[T any](t *testing.T, args ...string) T {
	t.Helper()
	out := runOK(t, args...)
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v: output is not one %T in JSON: %v\n%s", args, v, err, out)
	}
	return v
}

// runFails runs the command with args and fails the test unless the
// command fails with an error mentioning want; it returns the error.
func runFails(t *testing.T, want string, args ...string) error {
	t.Helper()
	_, _, err := run(t, "", args...)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%v: %v, want an error mentioning %q", args, err, want)
	}
	return err
}

// refusal is a command line the CLI must refuse, and what its error must
// mention.
type refusal struct {
	args []string
	want string
}

// runRefusals runs each command line, which must fail with an error
// mentioning its want (runFails).
func runRefusals(t *testing.T, refusals []refusal) {
	t.Helper()
	for _, r := range refusals {
		runFails(t, r.want, r.args...)
	}
}

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file %s (run go test ./cmd/surakarta -update): %v", path, err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update if the change is intended)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

func TestPerftPrintsBareCountLast(t *testing.T) {
	out := runOK(t, "perft", "--depth", "3")
	if out != "5382\n" {
		t.Fatalf("perft --depth 3 printed %q, want the RULES.md count 5382 alone", out)
	}
}

// Alquerque's perft is the count of docs/RULES-ALQUERQUE.md, and its
// --divide lists the start's four moves to c3.
func TestPerftCountsAlquerqueWithTheGameFlag(t *testing.T) {
	if out := runOK(t, "perft", "--game", "alquerque", "--depth", "8"); out != "2521\n" {
		t.Fatalf("perft --game alquerque --depth 8 printed %q, want the RULES-ALQUERQUE.md count 2521 alone", out)
	}
	out := runOK(t, "perft", "--game", "alquerque", "--depth", "3", "--divide")
	if want := "b2-c3 1\nc2-c3 1\nd2-c3 3\nd3-c3 1\n6\n"; out != want {
		t.Fatalf("perft --game alquerque --depth 3 --divide printed %q, want %q", out, want)
	}
}

func TestPerftDivideSumsToTotalWithThreads(t *testing.T) {
	out := runOK(t, "perft", "--depth", "3", "--divide", "--threads", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 17 || lines[16] != "5382" {
		t.Fatalf("perft --divide: want 16 root moves then 5382, got %d lines ending %q", len(lines), lines[len(lines)-1])
	}
	golden(t, "perft-divide-3.txt", out)
}

func TestMovesListsStartMovesSorted(t *testing.T) {
	out := runOK(t, "moves")
	golden(t, "moves-start.txt", out)
}

func TestMovesStdinOneLinePerPosition(t *testing.T) {
	in := "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1\n" +
		"6/6/6/6/6/r5 r 0 1\n" + // a lone red piece in the corner a1: three steps
		"6/6/6/6/6/6 r 0 1\n" // no pieces: no moves, an empty line
	out, _, err := run(t, in, "moves", "--stdin")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out, "\n")
	if len(lines) != 4 || lines[1] != "a1-a2 a1-b1 a1-b2" || lines[2] != "" {
		t.Fatalf("moves --stdin wrote %q", out)
	}
	if n := len(strings.Fields(lines[0])); n != 16 {
		t.Fatalf("start position has %d moves on its line, want 16", n)
	}
}

func TestMovesStdinBadLineNamesTheLine(t *testing.T) {
	_, _, err := run(t, "6/6/6/6/6/r5 r 0 1\nnonsense\n", "moves", "--stdin")
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("want an error naming stdin line 2, got %v", err)
	}
}

func TestReplayPrintsFENThenOutcome(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"ongoing", []string{"replay", "b2-b3", "e5-e4"}, "bbbbbb/bbbb1b/4b1/1r4/r1rrrr/rrrrrr r 2 2\nongoing\n"},
		// Red's c3 piece runs the outer circuit: c3 east is blocked by nothing
		// up to f3, round the bottom-right loop onto file d and up to d5.
		{"capture of the last piece", []string{"replay", "--fen", "6/3b2/6/2r3/6/6 r 0 1", "c3xd5"}, "6/3r2/6/6/6/6 b 0 1\nred wins (capture-all)\n"},
		{"no-capture limit, standard", []string{"replay", "--fen", "b5/6/6/6/6/rr4 r 49 1", "b1-c1"}, "b5/6/6/6/6/r1r3 b 50 1\ndraw (no-capture-limit)\n"},
		{"no-capture limit, majority", []string{"replay", "--variant", "majority", "--fen", "b5/6/6/6/6/rr4 r 49 1", "b1-c1"}, "b5/6/6/6/6/r1r3 b 50 1\nred wins (no-capture-limit)\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := runOK(t, tc.args...)
			if out != tc.want {
				t.Fatalf("replay %v printed %q, want %q", tc.args, out, tc.want)
			}
		})
	}
}

// alquerqueStartNoCounters is Alquerque's start without its counters, a
// position text its parser refuses.
const alquerqueStartNoCounters = "bbbbb/bbbbb/bb1ww/wwwww/wwwww w"

func TestUserErrorsAreMessagesNotPanics(t *testing.T) {
	runRefusals(t, []refusal{
		{[]string{"replay", "b2-b3", "b3-b4"}, `move 2 "b3-b4"`},
		{[]string{"replay", "a1-a3"}, "neighbouring"},
		{[]string{"replay", "--variant", "odd"}, "--variant"},
		{[]string{"replay", "--no-moves", "win"}, "--no-moves"},
		{[]string{"replay", "--repetition", "1"}, "repetition"},
		{[]string{"perft", "--depth", "-1"}, "--depth"},
		{[]string{"perft", "--threads", "0"}, "--threads"},
		{[]string{"perft", "--game", "chess"}, `--game "chess": want surakarta or alquerque`},
		{[]string{"fit", "data", "--game", "chess", "--weights", "w.json"}, `--game "chess": want surakarta or alquerque`},
		{[]string{"perft", "--game", "alquerque", "--depth", "17"}, "--depth 17 out of range for alquerque"},
		{[]string{"perft", "--game", "alquerque", "--threads", "2"}, "one thread"},
		{[]string{"perft", "--game", "alquerque", "--fen", alquerqueStartNoCounters}, "--fen: position"},
		{[]string{"engine", "--threads", "0"}, "--threads 0: want 1 to 1024"},
		{[]string{"engine", "--threads", "1025"}, "--threads 1025: want 1 to 1024"},
		{[]string{"show", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr r 0 1"}, "ranks"},
		{[]string{"moves", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr x 0 1"}, "side to move"},
	})
}

func TestShowDrawsStartPosition(t *testing.T) {
	out := runOK(t, "show")
	golden(t, "show-start.txt", out)
}

// TestJSONOutputHasOneForm: every --json output, a command's object or the
// error object, is indented two spaces a level (writeJSON), as the root
// help says; analyze and tablebase probe printed theirs on one line, and
// so did the error object.
func TestJSONOutputHasOneForm(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "--sims", "2", "--quiet", "--json"},
		{"features", "--json"},
		{"analyze", "--fen", "xx", "--json"},
		{"tablebase", "probe", t.TempDir(), "--fen", "rb4/6/6/6/6/6 r 0 1", "--json"},
	} {
		var out bytes.Buffer
		root := newRootCommand()
		root.SetOut(&out)
		root.SetErr(io.Discard)
		execute(context.Background(), root, args)
		if s := out.String(); !strings.HasPrefix(s, "{\n  \"") || !strings.HasSuffix(s, "\n}\n") {
			t.Errorf("%v printed %q, want one object indented two spaces", args, s)
		}
	}
}

// TestReplayAndMovesPrintJSON: replay and moves have --json as every
// command that prints a result does (they had none): replay's position,
// plies and outcome whole and in parts, moves' list (empty, not null, for
// none), and with --stdin one object listing the positions in order.
func TestReplayAndMovesPrintJSON(t *testing.T) {
	r := runJSON[map[string]any](t, "replay", "--json", "--fen", "6/2b3/6/6/2r3/6 r 0 1", "c2-b3")
	if r["fen"] != "6/2b3/6/1r4/6/6 b 1 1" || r["plies"] != 1.0 || r["outcome"] != "ongoing" || r["result"] != "ongoing" || r["reason"] != nil {
		t.Errorf("replay --json: %v", r)
	}
	if r := runJSON[positions.Replay](t, "replay", "--json", "--fen", "6/6/6/6/6/5r b 0 30"); r.Outcome != "red wins (capture-all)" || r.Result != "red" || r.Reason != "capture-all" {
		t.Errorf("replay --json of a finished game: %+v", r)
	}
	m := runJSON[positions.Moves](t, "moves", "--json", "--fen", "6/6/6/6/6/5r b 0 30")
	if m.FEN != "6/6/6/6/6/5r b 0 30" || m.Moves == nil || len(m.Moves) != 0 {
		t.Errorf("moves --json of a position without moves: %+v", m)
	}
	out, _, err := run(t, "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1\n6/6/6/6/6/5r b 0 30\n", "moves", "--stdin", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var all struct{ Positions []positions.Moves }
	if err := json.Unmarshal([]byte(out), &all); err != nil || len(all.Positions) != 2 || len(all.Positions[0].Moves) != 16 || all.Positions[1].FEN != "6/6/6/6/6/5r b 0 30" {
		t.Errorf("moves --stdin --json: %v\n%s", err, out)
	}
}

// TestRulesCommandsPlayAlquerque: moves, replay and show --game alquerque
// read and write Alquerque's position text and notation through the game
// contract: the start's four moves, a capture replayed to White's win with
// white named as the winner, the board drawn, and Surakarta's FEN refused
// as Alquerque's.
func TestRulesCommandsPlayAlquerque(t *testing.T) {
	out, _, err := run(t, "", "moves", "--game", "alquerque")
	if err != nil || out != "b2-c3\nc2-c3\nd2-c3\nd3-c3\n" {
		t.Errorf("moves --game alquerque: %q, %v", out, err)
	}
	out, _, err = run(t, "bbbbb/bbbbb/bb1ww/wwwww/wwwww w 0 1\n5/5/5/2b2/wb3 w 0 1\n", "moves", "--game", "alquerque", "--stdin")
	if err != nil || out != "b2-c3 c2-c3 d2-c3 d3-c3\na1xc1xc3\n" {
		t.Errorf("moves --game alquerque --stdin: %q, %v", out, err)
	}
	out, _, err = run(t, "", "replay", "--game", "alquerque", "--json", "--fen", "5/5/5/2b2/wb3 w 0 1", "a1xc1xc3")
	if err != nil || !strings.Contains(out, `"fen": "5/5/2w2/5/5 b 0 1"`) || !strings.Contains(out, `"outcome": "white wins (capture-all)"`) || !strings.Contains(out, `"result": "white"`) {
		t.Errorf("replay --game alquerque --json:\n%s%v", out, err)
	}
	out, _, err = run(t, "", "show", "--game", "alquerque")
	if err != nil || !strings.HasPrefix(out, "5  b - b - b - b - b\n") || !strings.Contains(out, "white to move") {
		t.Errorf("show --game alquerque:\n%s%v", out, err)
	}
	runFails(t, "--fen: position board", "show", "--game", "alquerque", "--fen", "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1")
	runFails(t, `move 1 "c2-c4": illegal move`, "replay", "--game", "alquerque", "c2-c4")
}
