package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/app/analysis"
	"github.com/surakarta/surakarta/internal/base/progress"
)

const mateInOneFEN = "6/2b3/1r4/6/6/5r r 0 30" // b4xc5 takes Black's last piece

func TestAnalyzeJSONMateInOne(t *testing.T) {
	out := runOK(t, "analyze", "--fen", mateInOneFEN, "--sims", "300", "--json")
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &keys); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"best", "moves", "pv", "sims", "seconds", "value", "proof", "distance", "fen"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	var a analysis.Analysis
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if a.Best != "b4xc5[top-left]" || a.Proof != "win" || a.Value != 1 || a.Distance == nil || *a.Distance != 1 {
		t.Errorf("best %q proof %q value %v distance %v, want b4xc5[top-left] win 1 at distance 1", a.Best, a.Proof, a.Value, a.Distance)
	}
	if len(a.PV) == 0 || a.PV[0] != a.Best {
		t.Errorf("pv %v does not start with best", a.PV)
	}
	found := false
	for _, m := range a.Moves {
		if m.Move == a.Best {
			found = m.Proof == "win"
		}
	}
	if !found || len(a.Moves) != 11 {
		t.Errorf("moves %+v: want all 11 moves, the best proven win", a.Moves)
	}
	if a.Sims < 1 || a.Seconds < 0 {
		t.Errorf("sims %d seconds %v", a.Sims, a.Seconds)
	}
}

// TestAnalyzeShowsProofDistances: on 6/6/b5/1r4/2r1b1/r5 Red wins in 3
// plies by b3xe2 (and in 5 by two other captures): the text says how far
// each proven move is from the end, the JSON gives the plies, and an
// unproven move has no distance.
func TestAnalyzeShowsProofDistances(t *testing.T) {
	const fen = "6/6/b5/1r4/2r1b1/r5 r 0 1"
	out := runOK(t, "analyze", "--fen", fen, "--sims", "20000", "--top", "0")
	for _, want := range []string{"(proven win in 3)", "best      b3xe2", "  win in 3\n", "  win in 5\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	a := runJSON[analysis.Analysis](t, "analyze", "--fen", fen, "--sims", "20000", "--json")
	if a.Distance == nil || *a.Distance != 3 || a.Moves[0].Distance == nil || *a.Moves[0].Distance != 3 {
		t.Errorf("distance %v, first move %+v: want 3 and b3xe2 at 3", a.Distance, a.Moves[0])
	}
	for _, m := range a.Moves {
		if (m.Distance == nil) != (m.Proof != "win" && m.Proof != "loss") {
			t.Errorf("move %s proof %q distance %v: want a distance exactly for wins and losses", m.Move, m.Proof, m.Distance)
		}
	}
}

// TestAnalyzeJSONIsReproducible: one thread, the same seed: the same
// numbers (seconds aside).
func TestAnalyzeJSONIsReproducible(t *testing.T) {
	get := func() analysis.Analysis {
		a := runJSON[analysis.Analysis](t, "analyze", "--sims", "400", "--seed", "5", "--json", "b2-b3", "e5-e4")
		a.Seconds = 0
		return a
	}
	a, b := get(), get()
	if a.FEN != "bbbbbb/bbbb1b/4b1/1r4/r1rrrr/rrrrrr r 2 2" {
		t.Errorf("--moves not played: fen %s", a.FEN)
	}
	total := 0
	for _, m := range a.Moves {
		total += m.Visits
	}
	if a.Sims != 400 || total != 399 {
		t.Errorf("sims %d, visits %d: want 400 and 399", a.Sims, total)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("two runs differ:\n%s\n%s", ja, jb)
	}
}

func TestAnalyzeTextListsMovesAndPV(t *testing.T) {
	out := runOK(t, "analyze", "--fen", mateInOneFEN, "--sims", "50", "--top", "3")
	for _, want := range []string{"position  " + mateInOneFEN, "value     +1.000 for red (proven win in 1)", "best      b4xc5[top-left]", "b4xc5[top-left]", "(8 more moves", "pv        b4xc5[top-left]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestAnalyzeRepetitionInHistory: --moves gives the search the history in
// which the next move is the third occurrence (a win under majority). The
// search alone (--tablebase= : no tables) finds it; the tables, which do
// not model repetition, would play a slower win.
func TestAnalyzeRepetitionInHistory(t *testing.T) {
	a := runJSON[analysis.Analysis](t, "analyze", "--fen", "5b/5b/6/6/6/r5 r 0 1", "--variant", "majority",
		"a1-b1", "f6-e6", "b1-a1", "e6-f6", "a1-b1", "f6-e6", "b1-a1", "--sims", "200", "--tablebase=", "--json")
	if a.Best != "e6-f6" || a.Proof != "win" {
		t.Errorf("best %s proof %q, want e6-f6 win (third occurrence, black ahead)", a.Best, a.Proof)
	}
}

func TestAnalyzeTwoThreads(t *testing.T) {
	a := runJSON[analysis.Analysis](t, "analyze", "--fen", mateInOneFEN, "--threads", "2", "--json")
	if a.Best != "b4xc5[top-left]" || a.Threads != 2 {
		t.Errorf("best %s threads %d", a.Best, a.Threads)
	}
}

func TestAnalyzeErrors(t *testing.T) {
	runRefusals(t, []refusal{
		{[]string{"analyze", "--threads", "0"}, "--threads"},
		{[]string{"analyze", "--top", "-1"}, "--top"},
		{[]string{"analyze", "--fen", "nonsense"}, "--fen"},
		{[]string{"analyze", "b2-b3", "zz"}, `move 2 "zz"`},
		{[]string{"analyze", "--moves", "b2-b3", "e5-e4"}, "not both"},
		{[]string{"analyze", "--fen", "6/6/6/6/2b3/6 r 0 9"}, "already over"},
		{[]string{"analyze", "--sims", "-5"}, "--sims"},
		{[]string{"analyze", "--variant", "blitz"}, "--variant"},
	})
}

func TestAnalyzeListsTheChosenMoveFirstEvenWithoutVisits(t *testing.T) {
	// Red's c3 captures Black's last piece on d5 through the bottom-right
	// loop: the root is proven at expansion, so no move gets a visit.
	got := runJSON[struct {
		Best  string `json:"best"`
		Moves []struct {
			Move  string `json:"move"`
			Proof string `json:"proof"`
		} `json:"moves"`
	}](t, "analyze", "--json", "--sims", "50", "--fen", "6/3b2/6/2r3/6/6 r 0 1")
	if got.Best != "c3xd5[bottom-right]" || len(got.Moves) == 0 || got.Moves[0].Move != got.Best || got.Moves[0].Proof != "win" {
		t.Fatalf("want the proven capture c3xd5[bottom-right] first, got best %q and moves %+v", got.Best, got.Moves)
	}
}

// TestAnalyzeLeavesUnsearchedMovesBlank: on a root proven at its expansion
// (1 simulation, no move visited) the moves the search never reached have
// no value and no share, which a 0 would misread as a draw: null in the
// JSON, blank in the text; the proven best move says what it is.
func TestAnalyzeLeavesUnsearchedMovesBlank(t *testing.T) {
	out, _, err := run(t, "", "analyze", "--json", "--fen", mateInOneFEN)
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Moves []map[string]json.RawMessage `json:"moves"`
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	nulls := 0
	for i, m := range raw.Moves {
		v, ok := m["value"]
		switch {
		case !ok:
			t.Errorf("move %d has no value field: %s", i, out)
		case i == 0 && string(v) != "1":
			t.Errorf("the proven win's value is %s, want 1", v)
		case i > 0 && string(v) == "null":
			nulls++
		}
	}
	if nulls != len(raw.Moves)-1 {
		t.Errorf("%d of the %d unsearched moves have a null value, want all:\n%s", nulls, len(raw.Moves)-1, out)
	}
	out, _, err = run(t, "", "analyze", "--fen", mateInOneFEN, "--top", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "best      b4xc5[top-left] (win in 1)\n") {
		t.Errorf("the best line does not say the move wins in 1:\n%s", out)
	}
	for _, bad := range []string{"+0.000", "0.0%"} {
		if strings.Contains(out, bad) {
			t.Errorf("text shows %q for moves the search never reached:\n%s", bad, out)
		}
	}
	if !strings.Contains(out, "\nf1-e1                    0\n") {
		t.Errorf("an unsearched move's line is not its name and 0 visits alone:\n%s", out)
	}
}

// TestAnalyzeJSONOnAFinishedGamePrintsAJSONError: a script reading analyze
// --json gets an object even when there is nothing to analyze, with the
// position and its outcome, and the command still fails.
func TestAnalyzeJSONOnAFinishedGamePrintsAJSONError(t *testing.T) {
	const over = "6/6/6/6/2b3/6 r 0 9" // Red has no pieces: Black has won
	out, _, err := run(t, "", "analyze", "--fen", over, "--json")
	if err == nil {
		t.Fatal("analyze of a finished game succeeded")
	}
	var j struct{ Error, FEN, Outcome string }
	decodeJSON(t, "analyze --json of a finished game", out, &j)
	if !strings.Contains(j.Error, "already over") || j.FEN != over || !strings.Contains(j.Outcome, "black wins") {
		t.Errorf("error object %+v", j)
	}
	out, _, err = run(t, "", "analyze", "--fen", "nonsense", "--json")
	var bad struct{ Error, FEN string }
	decodeJSON(t, "analyze --json of a bad FEN", out, &bad)
	if err == nil || !strings.Contains(bad.Error, "--fen") || bad.FEN != "" {
		t.Errorf("bad FEN: %v, object %+v", err, bad)
	}
}

// TestLongSearchesShowProgress: analyze, play and perft report their progress on
// stderr once they run longer than progress.WatchDelay, and --quiet silences it.
func TestLongSearchesShowProgress(t *testing.T) {
	defer func(d time.Duration) { progress.WatchDelay = d }(progress.WatchDelay)
	progress.WatchDelay = 0
	_, errOut, err := run(t, "", "analyze", "--sims", "3000")
	if err != nil || !strings.Contains(errOut, "sims 3000/3000") {
		t.Errorf("analyze: %v, stderr %q", err, errOut)
	}
	out, errOut, err := run(t, "", "perft", "--depth", "3")
	if err != nil || out != "5382\n" || !strings.Contains(errOut, "root moves 16/16") {
		t.Errorf("perft: %v, stdout %q, stderr %q", err, out, errOut)
	}
	// The engine's move in play, and a hint.
	_, errOut, err = run(t, "hint\n", "play", "--human", "black", "--sims", "400")
	if err != nil || strings.Count(errOut, "sims 400/400") != 2 {
		t.Errorf("play: %v, stderr %q", err, errOut)
	}
	_, errOut, _ = run(t, "", "analyze", "--sims", "300", "--quiet")
	if strings.Contains(errOut, "sims") {
		t.Errorf("analyze --quiet wrote progress: %q", errOut)
	}
}

// TestThreadCountsAgreeInNumber: "1 thread", "2 threads", not "thread(s)".
func TestThreadCountsAgreeInNumber(t *testing.T) {
	out, _, err := run(t, "", "analyze", "--sims", "50", "--quiet")
	if err != nil || !strings.Contains(out, "sims/s, 1 thread)") {
		t.Errorf("analyze: %v\n%s", err, out)
	}
	_, errOut, err := run(t, "", "perft", "--depth", "2", "--threads", "2", "--quiet")
	if err != nil || !strings.Contains(errOut, "M leaves/s, 2 threads)") {
		t.Errorf("perft: %v, stderr %q", err, errOut)
	}
}

// TestAnalyzeTakesMovesAsReplayDoes: the moves are arguments, as replay
// takes them; the old --moves 'MOVES' gives the same analysis with a
// deprecation note that names the new form.
func TestAnalyzeTakesMovesAsReplayDoes(t *testing.T) {
	args := []string{"analyze", "--sims", "50", "--seed", "3", "--json", "--quiet"}
	now, errNow, err := run(t, "", append(args, "b2-b3", "e5-e4")...)
	if err != nil || errNow != "" {
		t.Fatalf("analyze MOVE...: %v %q", err, errNow)
	}
	old, errOld, err := run(t, "", append(args, "--moves", "b2-b3 e5-e4")...)
	if err != nil || !strings.Contains(errOld, "--moves is deprecated: give the moves as arguments, as replay takes them") {
		t.Fatalf("analyze --moves: %v %q", err, errOld)
	}
	var a, b struct{ FEN, Best string }
	json.Unmarshal([]byte(now), &a)
	json.Unmarshal([]byte(old), &b)
	if a.FEN == "" || a.FEN != b.FEN || a.Best != b.Best {
		t.Errorf("MOVE... gives %+v, --moves %+v", a, b)
	}
}

// alqTriangleText is an Alquerque position (docs/RULES-ALQUERQUE.md) with
// a forced win: White's a1 takes Black's b1, c2 and b2 by the triangle
// a1xc1xc3xa1 (also written a1xc3xc1xa1), ending the game by capture-all
// in 1 ply; the other capture, a1xc1xa3, leaves c2.
const alqTriangleText = "5/5/5/1bb2/wb3 w 0 1"

// TestAnalyzeAlquerqueFindsTheForcedCaptureWin: analyze --game alquerque
// reads Alquerque's position text and proves the triangle, printing it by
// its canonical path, white as the side, in the text and the JSON.
func TestAnalyzeAlquerqueFindsTheForcedCaptureWin(t *testing.T) {
	a := runJSON[analysis.Analysis](t, "analyze", "--game", "alquerque", "--fen", alqTriangleText, "--json")
	if a.FEN != alqTriangleText || a.SideToMove != "white" || a.Best != "a1xc1xc3xa1" || a.Proof != "win" || a.Distance == nil || *a.Distance != 1 ||
		len(a.Moves) != 2 || a.Moves[1].Move != "a1xc1xa3" {
		t.Errorf("analysis %+v: want white's a1xc1xc3xa1 proven a win in 1, then a1xc1xa3", a)
	}
	out := runOK(t, "analyze", "--game", "alquerque", "--fen", alqTriangleText)
	mustContain(t, out, "position  "+alqTriangleText+" (white to move)", "value     +1.000 for white (proven win in 1)", "best      a1xc1xc3xa1 (win in 1)")
}

// TestAnalyzeAlquerqueTakesMovesInItsNotation: MOVE arguments are
// Alquerque moves, a capture by any of its paths, and the game's ending is
// Alquerque's; a search from the start is reproducible from --seed.
func TestAnalyzeAlquerqueTakesMovesInItsNotation(t *testing.T) {
	a := runJSON[analysis.Analysis](t, "analyze", "--game", "alquerque", "--fen", "b4/5/5/1bb2/wb3 w 0 1", "--sims", "50", "--json", "a1xc3xc1xa1")
	if a.FEN != "b4/5/5/5/w4 b 0 1" || a.SideToMove != "black" {
		t.Errorf("after the triangle typed by its other path: %q, %s to move; want b4/5/5/5/w4 b 0 1, black", a.FEN, a.SideToMove)
	}
	runFails(t, "white wins (capture-all)", "analyze", "--game", "alquerque", "--fen", alqTriangleText, "a1xc1xc3xa1")
	get := func() analysis.Analysis {
		a := runJSON[analysis.Analysis](t, "analyze", "--game", "alquerque", "--sims", "300", "--seed", "5", "--json", "c2-c3", "c4xc2")
		a.Seconds = 0
		return a
	}
	if x, y := get(), get(); x.Best != y.Best || x.Value != y.Value || x.Nodes != y.Nodes || x.Sims != 300 {
		t.Errorf("two runs with one seed: %+v and %+v", x, y)
	}
}

// TestAnalyzeAlquerqueErrorsSayWhatToDo: Surakarta's text, moves, tables
// and evaluators are refused for Alquerque by the flag and what it wants.
func TestAnalyzeAlquerqueErrorsSayWhatToDo(t *testing.T) {
	runRefusals(t, []refusal{
		{[]string{"analyze", "--game", "alquerque", "--fen", mateInOneFEN}, "--fen: position board"},
		{[]string{"analyze", "--game", "alquerque", "b2-b3"}, `move 1 "b2-b3": illegal move "b2-b3": b3 is occupied`},
		{[]string{"analyze", "--game", "alquerque", "--tablebase", t.TempDir()}, "--tablebase: alquerque has no endgame tables (they are Surakarta's): leave --tablebase out"},
		{[]string{"analyze", "--game", "alquerque", "--evaluator", "patterns-v2"}, `--evaluator patterns-v2: the embedded model patterns-v2: a model of surakarta, not of Alquerque`},
		{[]string{"analyze", "--game", "alquerque", "--evaluator", "nosuch"}, `--evaluator nosuch: evaluator "nosuch" is neither Alquerque's built-in (best, material, alquerque-v1)`},
		{[]string{"analyze", "--game", "alquerque", "--max-nodes", "100"}, "--max-nodes 100: alquerque needs at least 1112 node slots (4 for each of up to 278 legal moves)"},
		{[]string{"analyze", "--game", "alquerque", "--fen", "5/5/5/5/w4 b 0 1"}, "the game is already over at 5/5/5/5/w4 b 0 1 (white wins (capture-all))"},
		{[]string{"analyze", "--game", "chess"}, `--game "chess": want surakarta or alquerque`},
	})
}
