package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// smallTournament is a round robin of three cheap built-in engines,
// games a pairing, recorded in out.
func smallTournament(out string, games int64, resume bool, stderr *testutil.Buffer) Options {
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Concurrency, run.Out, run.Resume = games, 3, 2, 2, out, resume
	return Options{Config: Config{Sides: []string{"sims=2", "sims=8,leaf=value", "sims=4,cpuct=3"}, PriorDraws: DefaultPriorDraws, Stderr: stderr},
		ArenaOptionsOf: arena.ArenaOptions{Run: run, Rules: rules.DefaultRules()}}
}

// gameRows returns every game of a tournament's directory, pairing by
// pairing, as "pairing-AA-BB game N: start, opening plies, moves, winner,
// reason" in the order of the game numbers; a game recorded twice, or a
// number missing, fails the test.
func gameRows(t *testing.T, out string, n, games int) []string {
	t.Helper()
	var all []string
	for _, p := range Pairings(n, false) {
		dir := filepath.Join(out, p.Dir())
		var rows []dataset.GameRow
		if err := dataset.ScanGames(dir, rules.Standard.String(), func(g *dataset.GameRow) error {
			rows = append(rows, *g)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		slices.SortFunc(rows, func(a, b dataset.GameRow) int { return int(a.GameID - b.GameID) })
		if len(rows) != games {
			t.Fatalf("%s: %d games recorded, want %d", dir, len(rows), games)
		}
		for i, g := range rows {
			if g.GameID != int64(i) {
				t.Fatalf("%s: game %d where game %d belongs (a duplicate or a gap)", dir, g.GameID, i)
			}
			all = append(all, fmt.Sprintf("%s game %d: %s, %d, %s, %s, %s", p.Dir(), g.GameID, g.StartFEN, g.OpeningPlies, strings.Join(g.Moves, " "), g.Winner, g.Reason))
		}
	}
	return all
}

// TestInterruptedTournamentResumesToTheSameGames: a tournament
// interrupted as its second pairing begins, with the first pairing's
// games only partly played (the interrupted run had 2 games a pairing,
// the resumed one 4, so that the first pairing resumes in its middle and
// the second from its claimed but empty directory), ends with the same
// games, none twice and none missing, as the tournament played at once,
// and the same ratings.
func TestInterruptedTournamentResumesToTheSameGames(t *testing.T) {
	root := t.TempDir()
	once := filepath.Join(root, "once")
	whole, err := Run(context.Background(), smallTournament(once, 4, false, &testutil.Buffer{}))
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(root, "cut")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := &testutil.Buffer{OnText: "pairing 2 of 3", Do: cancel}
	part, err := Run(ctx, smallTournament(cut, 2, false, log))
	if !errors.Is(err, context.Canceled) || part == nil || part.Complete || part.Games() != 2 {
		t.Fatalf("interrupted: %v, %+v; want the first pairing's 2 games and context.Canceled", err, part)
	}
	if note := part.StoppedNote(err); !strings.Contains(note.Error(), "tournament interrupted; the report covers the 2 games completed in order in 2 pairings") || !setting.Advises(note, setting.Key("resume")) {
		t.Errorf("note %q", note)
	}
	// The games of the interrupted tournament: the first pairing's two;
	// the second pairing's directory is claimed but holds none.
	var pgn strings.Builder
	if n, err := WritePGN(&pgn, cut); err != nil || n != 1 || strings.Count(pgn.String(), "[Result ") != 2 {
		t.Errorf("PGN of the interrupted tournament: %d pairings, %v, %d games; want 1 pairing and 2 games:\n%s", n, err, strings.Count(pgn.String(), "[Result "), pgn.String())
	}
	if _, err := Run(context.Background(), smallTournament(cut, 4, false, &testutil.Buffer{})); err == nil || !strings.Contains(err.Error(), "already holds a tournament: add resume") {
		t.Errorf("a new tournament in the directory: %v, want it refused", err)
	}
	resumed, err := Run(context.Background(), smallTournament(cut, 4, true, &testutil.Buffer{}))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := gameRows(t, cut, 3, 4), gameRows(t, once, 3, 4); !slices.Equal(got, want) {
		t.Errorf("resumed games differ from the uninterrupted tournament's:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if fmt.Sprint(resumed.Ratings) != fmt.Sprint(whole.Ratings) || !resumed.Complete {
		t.Errorf("ratings %+v, want %+v", resumed.Ratings, whole.Ratings)
	}
	if _, err := os.Stat(filepath.Join(cut, ReportFile)); err != nil {
		t.Errorf("no report: %v", err)
	}
	// Another tournament's engines are refused, engines added after them
	// accepted (their pairings to play).
	o := smallTournament(cut, 4, true, &testutil.Buffer{})
	o.Sides[1] = "sims=16"
	if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "holds another tournament") {
		t.Errorf("other engines: %v, want them refused", err)
	}
	added := &testutil.Buffer{}
	o = smallTournament(cut, 4, true, added)
	o.Sides = append(o.Sides, "sims=3")
	more, err := Run(context.Background(), o)
	if err != nil || len(more.Pairings) != 6 || more.Games() != 24 || len(more.Ratings) != 4 {
		t.Fatalf("an engine added: %v, %d pairings, %d games, %d ratings; want 6, 24 and 4", err, len(more.Pairings), more.Games(), len(more.Ratings))
	}
	pgn.Reset()
	if n, err := WritePGN(&pgn, cut); err != nil || n != 6 || strings.Count(pgn.String(), "[Result ") != 24 {
		t.Errorf("PGN of the tournament: %d pairings, %v, %d games; want 6 and 24", n, err, strings.Count(pgn.String(), "[Result "))
	}
	if _, err := WritePGN(&pgn, root); err == nil || !strings.Contains(err.Error(), "no tournament in") {
		t.Errorf("PGN of a directory without a tournament: %v", err)
	}
	if n := strings.Count(added.String(), "already recorded"); n != 3 {
		t.Errorf("an engine added: %d pairings resumed, want the 3 recorded:\n%s", n, added)
	}
}

// TestOptionsRefusedSayWhatToGive: too few engines, one given twice and
// an anchor that is none of them are refused before any game, naming what
// to give.
func TestOptionsRefusedSayWhatToGive(t *testing.T) {
	for _, tc := range []struct {
		sides  []string
		anchor string
		want   string
	}{
		{[]string{"sims=2"}, "", "a tournament needs two engines or more, got 1"},
		{[]string{"sims=2", "sims=4", "sims=2"}, "", `engines 1 and 3 are both "sims=2"`},
		{[]string{"sims=2", "sims=4"}, "sims=8", `anchor "sims=8" is none of the engines: give an engine's name or its number, 1 to 2 (sims=2, sims=4)`},
		{[]string{"sims=2", "sims=4"}, "3", "1 to 2"},
	} {
		o := smallTournament("", 2, false, &testutil.Buffer{})
		o.Sides, o.Anchor = tc.sides, tc.anchor
		if _, err := Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v, anchor %q: %v, want %q", tc.sides, tc.anchor, err, tc.want)
		}
	}
	// An engine whose settings do not parse is named by its number and
	// name, not by match's --b.
	o := smallTournament("", 2, false, &testutil.Buffer{})
	o.Sides = []string{"sims=2", "simz=3"}
	if _, err := Run(context.Background(), o); err == nil || !strings.HasPrefix(err.Error(), `engine 2, simz=3: unknown key "simz"`) {
		t.Errorf("an engine that does not parse: %v", err)
	}
	o.Anchor = "2"
	if i, err := anchorOf(o.Anchor, []string{"a", "b"}); i != 1 || err != nil {
		t.Errorf("anchor by number: %d, %v", i, err)
	}
}

// TestNameOfEachSide: a CONFIG names itself, conf:NAME its NAME and
// engine:COMMAND its command line with the program's file name.
func TestNameOfEachSide(t *testing.T) {
	for side, want := range map[string]string{
		"":                          "(defaults)",
		"sims=400,leaf=value":       "sims=400,leaf=value",
		"conf:mine":                 "mine",
		"engine:./bin/mine --fast":  "mine --fast",
		"engine: /usr/bin/theirs":   "theirs",
		"engine:'my engine' --fast": "'my engine' --fast",
	} {
		if got := Name(side); got != want {
			t.Errorf("Name(%q) = %q, want %q", side, got, want)
		}
	}
}
