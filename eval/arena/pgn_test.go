package arena

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

// pgnGames plays a short match of the baselines from the standard start
// and from a position with Black to move, and returns its games and
// matches rows, with one more game ended by a fault whose detail holds the
// characters a PGN string must escape.
func pgnGames(t *testing.T) ([]dataset.GameRow, []dataset.MatchRow) {
	t.Helper()
	r := rules.DefaultRules()
	random, _ := BaselinePlayer(BaselineRandom)
	first, _ := BaselinePlayer(BaselineFirst)
	blackToMove, err := rules.ParseFEN("4bb/4b1/4b1/1r4/1b2r1/4r1 b 0 34")
	if err != nil {
		t.Fatal(err)
	}
	var recs []GameRecord
	for _, openings := range [][]rules.Position{nil, {blackToMove}} {
		run := runspec.Defaults()
		run.Games, run.Seed, run.RandomOpening, run.Concurrency = 4, 7, 3, 1
		_, err := Arena(context.Background(), random, first, ArenaOptions{Run: run, Rules: r, Openings: openings,
			OnPair: func(_ int, g [2]GameRecord) error { recs = append(recs, g[0], g[1]); return nil }})
		if err != nil {
			t.Fatal(err)
		}
	}
	faulted := recs[0]
	faulted.Game, faulted.Moves = len(recs), faulted.Moves[:5]
	faulted.Winner, faulted.Reason, faulted.Fault, faulted.Faulty = game.FirstWins, FaultTimeout, "no \"bestmove\"\tin C:\\engine\nafter 2s", game.Second
	recs = append(recs, faulted)
	games, matches := make([]dataset.GameRow, len(recs)), make([]dataset.MatchRow, len(recs))
	for i := range recs {
		if err := RecordRows(&recs[i], r, 7, Sides{`random "seeded"`, "first"}, &games[i], &matches[i]); err != nil {
			t.Fatal(err)
		}
	}
	return games, matches
}

// pgnReader returns the command that runs scripts/pgn/read-pgn.js with the
// independent reader, skipping the test where node or the reader is not
// installed (scripts/pgn/install.sh installs it; .ci/run does).
func pgnReader(t *testing.T) *exec.Cmd {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the independent PGN reader runs on node (scripts/pgn/install.sh)")
	}
	dir := os.Getenv("SURAKARTA_PGN_PARSER")
	if dir == "" {
		home, _ := os.UserHomeDir()
		dir = filepath.Join(home, ".cache", "surakarta-pgn-parser")
	}
	modules := filepath.Join(dir, "node_modules")
	if _, err := os.Stat(filepath.Join(modules, "@mliebelt", "pgn-parser")); err != nil {
		t.Skipf("the independent PGN reader is not installed in %s: run scripts/pgn/install.sh", dir)
	}
	cmd := exec.Command(node, filepath.Join("..", "..", "scripts", "pgn", "read-pgn.js"))
	cmd.Env = append(os.Environ(), "NODE_PATH="+modules)
	return cmd
}

// TestPGNReadByAnIndependentReader: match pgn's PGN, read by a PGN reader
// that shares no code with it (@mliebelt/pgn-parser, a PEG grammar of the
// standard), gives back every game: the seven-tag roster first and in its
// order, SetUp and FEN exactly for the games that do not start at the
// standard start, the tags' values with quotes, backslashes and control
// characters, the move numbers the start's FEN implies, and moves (with
// the routes in their comments) that the rules replay from the start to
// the result the Result tag gives; a game clock's TimeControl.
func TestPGNReadByAnIndependentReader(t *testing.T) {
	cmd := pgnReader(t)
	games, matches := pgnGames(t)
	// The game clocks the games are given in turn: none, whole seconds
	// (the standard's incremental form, which the reader parses without a
	// note) and a tenth of a second (cutechess-cli's form, whose text it
	// keeps).
	clocks := []string{"", "10+1", "10+0.1"}
	var pgn bytes.Buffer
	for i := range games {
		if err := WritePGN(&pgn, rules.DefaultRules(), &games[i], &matches[i], clocks[i%len(clocks)]); err != nil {
			t.Fatal(err)
		}
	}
	cmd.Stdin = bytes.NewReader(pgn.Bytes())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the PGN reader refused match pgn's output: %v\n%s\n%s", err, stderr.String(), pgn.String())
	}
	var read []struct {
		Tags     json.RawMessage `json:"tags"`
		Moves    []string        `json:"moves"`
		Comments []*string       `json:"comments"`
		Numbers  []*int          `json:"numbers"`
		Messages []any           `json:"messages"`
	}
	if err := json.Unmarshal(out, &read); err != nil {
		t.Fatal(err)
	}
	if len(read) != len(games) {
		t.Fatalf("the reader found %d games in the PGN of %d", len(read), len(games))
	}
	std := rules.Start()
	routes := 0
	for i, g := range read {
		row := &games[i]
		var tags map[string]any // the reader reads some values as numbers
		if err := json.Unmarshal(g.Tags, &tags); err != nil {
			t.Fatalf("game %d's tags: %v", i, err)
		}
		order := tagOrder(t, g.Tags)
		if roster := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}; !slices.Equal(order[:7], roster) {
			t.Errorf("game %d: tags begin %v, not the seven-tag roster %v", i, order[:7], roster)
		}
		result := map[string]string{"red": "1-0", "black": "0-1", "draw": "1/2-1/2"}[row.Winner]
		want := map[string]string{"Round": strconv.FormatInt(row.GameID+1, 10), "Result": result, "White": matches[i].RedName,
			"Black": matches[i].BlackName, "Game": "Surakarta", "Rules": row.Rules, "Reason": row.Reason, "PlyCount": strconv.Itoa(len(row.Moves))}
		if row.StartFEN != std.FEN() {
			want["SetUp"], want["FEN"] = "1", row.StartFEN
		} else if _, ok := tags["FEN"]; ok {
			t.Errorf("game %d starts at the standard start but has a FEN tag", i)
		}
		if matches[i].Fault != "" {
			want["Fault"] = strings.NewReplacer("\t", " ", "\n", " ").Replace(matches[i].Fault)
			want["Termination"] = "time forfeit"
		}
		switch tc, got := clocks[i%len(clocks)], tags["TimeControl"]; tc {
		case "":
			if got != nil {
				t.Errorf("game %d was played without a clock but has a TimeControl tag %v", i, got)
			}
		case "10+1":
			if note := tagNote(g.Messages, "TimeControl"); got != tc || note != "" {
				t.Errorf("game %d: the reader read the clock 10+1 as %v, noting %q: want the standard's form, no note", i, got, note)
			}
		default: // the standard's form is whole seconds: the reader notes that, and keeps the text
			if note := tagNote(g.Messages, "TimeControl"); got != tc || note == "" {
				t.Errorf("game %d: the reader read TimeControl %v, noting %q: want %s, noted as beyond the standard", i, got, note, tc)
			}
		}
		for k, v := range want {
			if got := fmt.Sprint(tags[k]); got != v {
				t.Errorf("game %d: the reader read tag %s as %q, want %q", i, k, got, v)
			}
		}
		for j, c := range g.Comments { // a capture's route
			if c != nil {
				route, ok := strings.CutPrefix(*c, "route ")
				if !ok {
					t.Fatalf("game %d, ply %d: a comment %q that is not a route", i, j, *c)
				}
				g.Moves[j] += "[" + route + "]"
				routes++
			}
		}
		if !slices.Equal(g.Moves, row.Moves) {
			t.Errorf("game %d: the reader read the moves %v, want %v", i, g.Moves, row.Moves)
		}
		start, err := rules.ParseFEN(row.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		replay, err := rules.NewGame(rules.DefaultRules(), start)
		if err != nil {
			t.Fatal(err)
		}
		n, side := start.MoveNumber(), start.SideToMove()
		for j, mv := range g.Moves {
			numbered := j == 0 || side == rules.Red
			if got := g.Numbers[j]; numbered != (got != nil) || (got != nil && *got != n) {
				t.Errorf("game %d, ply %d: move number %v, want %d shown %v", i, j, got, n, numbered)
			}
			if _, err := replay.PlayString(mv); err != nil {
				t.Fatalf("game %d, ply %d: the move the reader read does not replay: %v", i, j, err)
			}
			if side == rules.Black {
				n++
			}
			side ^= 1
		}
		if matches[i].Fault == "" && replay.Outcome().Result.String() != row.Winner {
			t.Errorf("game %d: the moves read replay to %v, the Result tag says %s", i, replay.Outcome(), result)
		}
	}
	if routes == 0 {
		t.Error("no game had a capture whose route the notation names: the games do not test the route's comment")
	}
}

// tagNote returns the reader's first note on tag key ("" for none): a
// value it read but found not in the standard's form.
func tagNote(messages []any, key string) string {
	for _, m := range messages {
		if n, ok := m.(map[string]any); ok && n["key"] == key {
			return fmt.Sprint(n["message"])
		}
	}
	return ""
}

// tagOrder returns the names of a JSON object's keys in the order the
// object holds them.
func tagOrder(t *testing.T, obj json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(obj))
	var keys []string
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
	}
	return keys
}

// TestAFaultedGamesRowNamesTheFaultsWinner: the games row of a game an
// engine's fault ended gives the fault's winner in every column that says
// who won (winner, outcome, majority_winner) and the fault as the reason,
// as stats and the PGN read them; schema v3's outcome was left "ongoing".
func TestAFaultedGamesRowNamesTheFaultsWinner(t *testing.T) {
	games, _ := pgnGames(t)
	g := games[len(games)-1] // pgnGames' faulted game: Red won on Black's timeout
	if g.Winner != "red" || g.Outcome != game.FirstWins.String() || g.MajorityWinner != "red" || g.Reason != FaultTimeout {
		t.Errorf("faulted game's row: winner %q, outcome %q, majority_winner %q, reason %q; want red, first, red, %s", g.Winner, g.Outcome, g.MajorityWinner, g.Reason, FaultTimeout)
	}
}

// alquerquePGNGames plays a match of Alquerque's baselines from its start
// and from a position with Black to move, and returns its games and
// matches rows as match --out records them (RecordRows).
func alquerquePGNGames(t *testing.T) ([]dataset.GameRow, []dataset.MatchRow) {
	t.Helper()
	r := alquerque.DefaultRules()
	random, _ := BaselinePlayerOf[alquerque.Rules, alquerque.Position, alquerque.Code](BaselineRandom)
	first, _ := BaselinePlayerOf[alquerque.Rules, alquerque.Position, alquerque.Code](BaselineFirst)
	line, _ := game.NewLine(r, r.Start())
	if err := line.Play(line.LegalMoves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	var recs []GameRecordOf[alquerque.Position, alquerque.Code]
	for _, openings := range [][]alquerque.Position{nil, {line.Position()}} {
		run := runspec.Defaults()
		run.Games, run.Seed, run.RandomOpening, run.Concurrency = 6, 3, 2, 1
		_, err := Arena(context.Background(), random, first, ArenaOptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: r, Openings: openings,
			OnPair: func(_ int, g [2]GameRecordOf[alquerque.Position, alquerque.Code]) error {
				recs = append(recs, g[0], g[1])
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
	}
	games, matches := make([]dataset.GameRow, len(recs)), make([]dataset.MatchRow, len(recs))
	for i := range recs {
		recs[i].Game = i
		if err := RecordRows(&recs[i], r, 3, Sides{"random", "first"}, &games[i], &matches[i]); err != nil {
			t.Fatal(err)
		}
		games[i].Game = r.Name() // the writer's, as in the records
	}
	return games, matches
}

// TestAlquerquePGNReadByAnIndependentReader: an Alquerque match's records
// written as PGN (WritePGN of Alquerque, as match pgn writes them) are read back
// by the same independent reader: the Game tag, White the first player, SetUp and FEN
// for a start that is not Alquerque's, the move numbers, and moves (a
// chain of captures from its path's comment) that Alquerque's rules
// replay to the Result.
func TestAlquerquePGNReadByAnIndependentReader(t *testing.T) {
	cmd := pgnReader(t)
	games, matches := alquerquePGNGames(t)
	var pgn bytes.Buffer
	for i := range games {
		if err := WritePGN(&pgn, alquerque.DefaultRules(), &games[i], &matches[i], ""); err != nil {
			t.Fatal(err)
		}
	}
	cmd.Stdin = bytes.NewReader(pgn.Bytes())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the PGN reader refused Alquerque's PGN: %v\n%s", err, pgn.String())
	}
	var read []struct {
		Tags     map[string]any `json:"tags"`
		Moves    []string       `json:"moves"`
		Comments []*string      `json:"comments"`
		Numbers  []*int         `json:"numbers"`
	}
	if err := json.Unmarshal(out, &read); err != nil || len(read) != len(games) {
		t.Fatalf("the reader read %d games of %d (%v)", len(read), len(games), err)
	}
	r := alquerque.DefaultRules()
	chains := 0
	for i, g := range read {
		row := &games[i]
		result := map[string]string{"first": "1-0", "second": "0-1", "draw": "1/2-1/2"}[row.Outcome]
		want := map[string]string{"Game": "Alquerque", "White": matches[i].RedName, "Black": matches[i].BlackName, "Result": result,
			"PlyCount": strconv.Itoa(len(row.Moves)), "Rules": row.Rules}
		if row.StartFEN != alquerque.StartText {
			want["SetUp"], want["FEN"] = "1", row.StartFEN
		} else if _, ok := g.Tags["FEN"]; ok {
			t.Errorf("game %d starts at Alquerque's start but has a FEN tag", i)
		}
		for k, v := range want {
			if got := fmt.Sprint(g.Tags[k]); got != v {
				t.Errorf("game %d: the reader read tag %s as %q, want %q", i, k, got, v)
			}
		}
		for j, c := range g.Comments {
			if c != nil {
				path, ok := strings.CutPrefix(*c, "path ")
				if !ok {
					t.Fatalf("game %d, ply %d: a comment %q that is not a capture's path", i, j, *c)
				}
				g.Moves[j] = path
				chains++
			}
		}
		if !slices.Equal(g.Moves, row.Moves) {
			t.Fatalf("game %d: the reader read the moves %v, want %v", i, g.Moves, row.Moves)
		}
		start, err := alquerque.ParsePosition(row.StartFEN)
		if err != nil {
			t.Fatal(err)
		}
		replay, err := game.NewLine(r, start)
		if err != nil {
			t.Fatal(err)
		}
		n, first := start.MoveNumber(), r.ToMove(&start) == game.First
		for j, mv := range g.Moves {
			if got := g.Numbers[j]; (first || j == 0) != (got != nil) || (got != nil && *got != n) {
				t.Errorf("game %d, ply %d: move number %v, want %d shown %v", i, j, got, n, first || j == 0)
			}
			if _, err := replay.PlayString(mv); err != nil {
				t.Fatalf("game %d, ply %d: the move the reader read does not replay: %v", i, j, err)
			}
			if !first {
				n++
			}
			first = !first
		}
		if replay.Outcome().Result.String() != row.Outcome {
			t.Errorf("game %d: the moves read replay to %v, the Result tag says %s", i, replay.Outcome(), result)
		}
	}
	if chains == 0 {
		t.Error("no game had a chain of captures: the games do not test the path's comment")
	}
}
