package match

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/rules"
)

type alqPlayer = arena.PlayerOf[alquerque.Rules, alquerque.Position, alquerque.Code]

// stopAt is a player that plays as inner does and cancels the match's
// context when the game it is asked to begin is the stop-th it has begun
// (counted from 1), so that a match of one worker stops at a known game:
// an interruption (Ctrl-C) at a known point.
type stopAt struct {
	alqPlayer
	begun  *atomic.Int64
	stop   int64
	cancel context.CancelFunc
}

func (p *stopAt) NewGame(seed uint64, r alquerque.Rules) error {
	if p.begun.Add(1) == p.stop {
		p.cancel()
	}
	return p.alqPlayer.NewGame(seed, r)
}

// recordAlquerque plays an Alquerque match of 16 games (one worker) between
// the built-in search and the random baseline into dir, with resume, and
// cancels it as B begins its stop-th game (never when stop is 0). It
// returns what the match said on stderr and its error.
func recordAlquerque(t *testing.T, dir string, resume bool, stop int64) (string, error) {
	t.Helper()
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency, run.Out, run.Resume = 16, 5, 2, 1, dir, resume
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	random, err := arena.BaselinePlayerOf[alquerque.Rules](arena.BaselineRandom)
	if err != nil {
		t.Fatal(err)
	}
	var begun atomic.Int64
	b := func() (alqPlayer, error) {
		p, err := random()
		return &stopAt{alqPlayer: p, begun: &begun, stop: stop, cancel: cancel}, err
	}
	var errOut strings.Builder
	o := OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
		Config:         Config{A: "sims=20", Stderr: &errOut, Quiet: true},
		Players:        [2]*PlayerOf[alquerque.Rules, alquerque.Position, alquerque.Code]{nil, {Name: "random", Factory: b}},
		Game:           testAlquerqueGame(),
		ArenaOptionsOf: arena.ArenaOptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: run, Rules: alquerque.DefaultRules()},
	}
	_, err = Run(ctx, o)
	return errOut.String(), err
}

// recordedRows returns every games and matches row of the match recorded
// in dir, in order, the measured times left out.
func recordedRows(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	if err := dataset.ScanGames(dir, "", func(g *dataset.GameRow) error {
		_, err := fmt.Fprintf(&b, "%+v\n", *g)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if err := dataset.ScanMatches(dir, "", func(m *dataset.MatchRow) error {
		m.RedTimeMS, m.BlackTimeMS = 0, 0
		_, err := fmt.Fprintf(&b, "%+v\n", *m)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAnInterruptedAlquerqueMatchResumesToTheSameRows: an Alquerque match
// recorded with --out, interrupted twice and left as a kill leaves it (the
// last part's matches file without its games file, a temporary file),
// resumes through dataset.ResumeRun to exactly the rows of the same match
// played without interruption: no game twice, none missing, nothing left
// over, every part with its commit record, the records partitioned and
// footed as Alquerque's.
func TestAnInterruptedAlquerqueMatchResumesToTheSameRows(t *testing.T) {
	whole := filepath.Join(t.TempDir(), "whole")
	if _, err := recordAlquerque(t, whole, false, 0); err != nil {
		t.Fatal(err)
	}
	want := recordedRows(t, whole)

	dir := filepath.Join(t.TempDir(), "m")
	if _, err := recordAlquerque(t, dir, false, 7); !errors.Is(err, context.Canceled) {
		t.Fatalf("first run: %v, want it interrupted", err)
	}
	if said, err := recordAlquerque(t, dir, false, 0); err == nil || !strings.Contains(err.Error(), "already holds a match: add resume") {
		t.Fatalf("a new match into the interrupted one's directory: %v\n%s", err, said)
	}
	said, err := recordAlquerque(t, dir, true, 7)
	if !errors.Is(err, context.Canceled) || !strings.Contains(said, "resuming: 6 of 16 games already recorded") {
		t.Fatalf("second run: %v, said %q; want it to resume from 6 games and be interrupted", err, said)
	}
	key := dataset.Key("alquerque", "standard")
	// A kill between the renames of a part's two files, and a write cut
	// short: the last part's games file gone, a temporary file beside it.
	parts, err := filepath.Glob(filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, key), "part-*.parquet"))
	if err != nil || len(parts) != 2 {
		t.Fatalf("after two interruptions: parts %v (%v), want two", parts, err)
	}
	if err := os.Remove(parts[1]); err != nil {
		t.Fatal(err)
	}
	temp := filepath.Join(dataset.PartitionDir(dir, dataset.TableMatches, key), ".part-0000000012.parquet.tmp-1")
	if err := os.WriteFile(temp, []byte("PAR1"), 0o644); err != nil {
		t.Fatal(err)
	}
	said, err = recordAlquerque(t, dir, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	left := dataset.PartPath(dir, dataset.TableMatches, key, 6)
	for _, w := range []string{"removed " + left, "removed " + temp, "resuming: 6 of 16 games"} {
		if !strings.Contains(said, w) {
			t.Errorf("the resume did not say %q:\n%s", w, said)
		}
	}
	if got := recordedRows(t, dir); got != want {
		t.Fatalf("the resumed match's rows differ from the uninterrupted match's:\n%s\nwant\n%s", got, want)
	}
	if probs, err := verify.Check(dir); err != nil || len(probs) > 0 {
		t.Errorf("check of the resumed record: %v %q", err, probs)
	}
	gdir := dataset.PartitionDir(dir, dataset.TableGames, key)
	records, _ := filepath.Glob(filepath.Join(gdir, "_commit-*.json"))
	parts, _ = filepath.Glob(filepath.Join(gdir, "part-*.parquet"))
	if len(parts) != 2 || len(records) != len(parts) {
		t.Errorf("parts %v, commit records %v: want two parts (games 0..5 and 6..15), each with its record", parts, records)
	}
	run, ok, err := dataset.ReadManifest(dir, key)
	if err != nil || !ok || run.GameName() != "alquerque" || run.Games != 16 {
		t.Errorf("manifest %+v (%v, %v): want an Alquerque run of 16 games", run, ok, err)
	}
	played, err := arena.ReadRecords(dir, key, alquerque.DefaultRules())
	if err != nil || len(played) != 8 {
		t.Fatalf("read back %d pairs (%v), want 8", len(played), err)
	}
	if rep, err := verify.Verify(context.Background(), dir, verify.Options{Complete: true}); err != nil || !rep.OK() || rep.Games != 16 {
		t.Errorf("verify of the resumed record: %v, %d games, %q", err, rep.Games, rep.Problems)
	}
}

// TestVerifyReplaysAMatchsRecord: dataset verify replays a match's games by
// their rules and checks its matches rows: a sound Alquerque record
// passes; a games row whose winner is not the replay's, and a matches row
// whose sides are swapped, are each named.
func TestVerifyReplaysAMatchsRecord(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	if _, err := recordAlquerque(t, dir, false, 0); err != nil {
		t.Fatal(err)
	}
	key := dataset.Key("alquerque", "standard")
	var games []dataset.GameRow
	var matches []dataset.MatchRow
	if err := dataset.ScanGames(dir, key, func(g *dataset.GameRow) error { games = append(games, g.Clone()); return nil }); err != nil {
		t.Fatal(err)
	}
	if err := dataset.ScanMatches(dir, key, func(m *dataset.MatchRow) error { matches = append(matches, *m); return nil }); err != nil {
		t.Fatal(err)
	}
	run, _, err := dataset.ReadManifest(dir, key)
	if err != nil {
		t.Fatal(err)
	}
	games[2].Winner = map[string]string{"white": "black", "black": "white", "draw": "white"}[games[2].Winner]
	matches[3].Red, matches[3].Black = matches[3].Black, matches[3].Red
	bad := filepath.Join(t.TempDir(), "bad")
	if err := dataset.ClaimPartition(bad, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteMatchPart(bad, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 15}, games, matches); err != nil {
		t.Fatal(err)
	}
	rep, err := verify.Verify(context.Background(), bad, verify.Options{})
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(rep.Problems, "\n")
	if len(rep.Problems) != 2 || !strings.Contains(all, "game 2: winner") || !strings.Contains(all, "game 3: sides red \"a\" and black \"b\"") {
		t.Errorf("verify of a record with a wrong winner and swapped sides: %q", rep.Problems)
	}
}

// TestAMatchRecordOfSchemaVersion1ReadsAsSurakarta: the match records of
// schema version 1 (dataset/testdata/schema-v1/match: no run_id, no
// commit records, TABLE/variant=V/) read back as Surakarta's records,
// every game replayed by its rules, with the engines' labels.
func TestAMatchRecordOfSchemaVersion1ReadsAsSurakarta(t *testing.T) {
	old := filepath.Join("..", "..", "dataset", "testdata", "schema-v1", "match")
	if got := dataset.OtherTable(old, "standard"); got != dataset.TableMatches {
		t.Errorf("the v1 match's games pair with %s, want matches", got)
	}
	played, err := arena.ReadRecords(old, "standard", rules.DefaultRules())
	if err != nil || len(played) != 2 {
		t.Fatalf("read %d pairs (%v), want 2", len(played), err)
	}
	for k, pair := range played {
		for i, g := range pair {
			if g.Game != 2*k+i || len(g.Moves) == 0 || g.Winner == game.Ongoing || g.Faulted() {
				t.Errorf("pair %d game %d: %+v", k, i, g)
			}
		}
	}
	in, err := verify.Inspect(old)
	if err != nil || len(in.Partitions) != 2 || in.Partitions[1].Table != dataset.TableMatches || in.Partitions[1].Games != 4 {
		t.Fatalf("inspect of the v1 match: %v %+v", err, in)
	}
}

// TestPGNOfARecordedAlquerqueMatch: match pgn prints a recorded Alquerque
// match in Alquerque's words: the Game tag Alquerque with its rules, White
// and Black the engines that played the first and the second player, the
// sides' tags by Alquerque's players (WhiteSide, BlackSide), and movetext
// whose moves, in Alquerque's notation (a chain of captures by its path's
// comment), replay from the start to every recorded move and the result
// the Result tag gives.
func TestPGNOfARecordedAlquerqueMatch(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	if _, err := recordAlquerque(t, dir, false, 0); err != nil {
		t.Fatal(err)
	}
	var pgn strings.Builder
	found, err := arena.WriteDirPGN(&pgn, dir, "standard", nil, PGNWriters())
	if err != nil || len(found) != 16 {
		t.Fatalf("printed %d games (%v), want 16", len(found), err)
	}
	r := alquerque.DefaultRules()
	var rows []dataset.GameRow
	if err := dataset.ScanGames(dir, "", func(g *dataset.GameRow) error { rows = append(rows, g.Clone()); return nil }); err != nil {
		t.Fatal(err)
	}
	games := strings.Split(strings.TrimSpace(pgn.String()), "\n\n[Event ")
	if len(games) != len(rows) {
		t.Fatalf("%d games in the PGN, %d recorded", len(games), len(rows))
	}
	for i, text := range games {
		tags, movetext, _ := strings.Cut(text, "\n\n")
		row := &rows[i]
		white, black := `[White "sims=20`, `[Black "random"]`
		if i%2 == 1 {
			white, black = `[White "random"]`, `[Black "sims=20`
		}
		result := map[string]string{"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}[row.Winner]
		for _, w := range []string{`[Game "Alquerque"]`, `[Rules "` + r.String() + `"]`, white, black, `[Result "` + result + `"]`, `[WhiteSide "`, `[BlackSide "`, `[WhiteNodes "`} {
			if !strings.Contains(tags, w) {
				t.Fatalf("game %d's tags lack %s:\n%s", i, w, tags)
			}
		}
		if strings.Contains(tags, "Red") {
			t.Errorf("game %d's tags name Surakarta's Red:\n%s", i, tags)
		}
		// A chain of captures is its first and last points, its path in
		// the comment after it: the move is the path.
		words := strings.Fields(regexp.MustCompile(`\S+\s+\{path (\S+)\}`).ReplaceAllString(movetext, "$1"))
		if words[len(words)-1] != result {
			t.Errorf("game %d's movetext ends %q, want the result %s", i, words[len(words)-1], result)
		}
		line, err := game.NewLine(r, r.Start())
		if err != nil {
			t.Fatal(err)
		}
		var moves []string
		for _, w := range words[:len(words)-1] {
			if strings.HasSuffix(w, ".") {
				continue // a move number
			}
			if _, err := line.PlayString(w); err != nil {
				t.Fatalf("game %d: move %q of the PGN does not replay: %v", i, w, err)
			}
			moves = append(moves, w)
		}
		if strings.Join(moves, " ") != strings.Join(row.Moves, " ") || game.ResultName(r, line.Outcome().Result) != row.Winner {
			t.Errorf("game %d: the PGN's moves %v replay to %s; recorded %v, winner %s", i, moves, game.OutcomeText(r, line.Outcome()), row.Moves, row.Winner)
		}
	}
}
