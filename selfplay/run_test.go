package selfplay

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// testConfig is a tiny but real self-play setting: few simulations, noise
// and temperature on (so the random streams matter), a random opening.
func testConfig(dir string, games int64, workers int) Config {
	e := mcts.DefaultSettings()
	e.Sims = 12
	e.NoiseWeight = 0.25
	e.TemperaturePlies = 10
	e.MaxNodes = 1 << 14
	return Config{Run: runspec.Settings{Out: dir, Games: games, Concurrency: workers, Seed: 99, RandomOpening: 3}, PartGames: 3,
		Rules: rules.DefaultRules(), Engine: mcts.Engine{Settings: e, Evaluator: mcts.MaterialName}, Evaluator: mcts.Material{}}
}

type rowsOf struct {
	games []dataset.GameRow
	pos   []dataset.PositionRow
}

func readRows(t *testing.T, dir, variant string) rowsOf {
	t.Helper()
	var r rowsOf
	if err := dataset.ScanGames(dir, variant, func(g *dataset.GameRow) error {
		r.games = append(r.games, g.Clone())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := dataset.ScanPositions(dir, variant, nil, func(p *dataset.PositionRow) error {
		r.pos = append(r.pos, p.Clone())
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return r
}

func mustRun(t *testing.T, ctx context.Context, cfg Config) Summary {
	t.Helper()
	s, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// referenceRun plays n games on two workers, uninterrupted, into "ref"
// under a new temporary directory, for a test to compare its runs with:
// it returns that run's directory and the temporary one.
func referenceRun(t *testing.T, n int64) (ref, base string) {
	t.Helper()
	base = t.TempDir()
	ref = filepath.Join(base, "ref")
	mustRun(t, context.Background(), testConfig(ref, n, 2))
	return ref, base
}

func mustVerify(t *testing.T, dir string) *verify.Report {
	t.Helper()
	rep, err := verify.Verify(context.Background(), dir, verify.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("verify found problems:\n%s", strings.Join(rep.Problems, "\n"))
	}
	return rep
}

func sameRows(t *testing.T, what string, got, want rowsOf) {
	t.Helper()
	if len(got.games) != len(want.games) || len(got.pos) != len(want.pos) {
		t.Fatalf("%s: %d games / %d positions, want %d / %d", what, len(got.games), len(got.pos), len(want.games), len(want.pos))
	}
	for i := range want.games {
		if !reflect.DeepEqual(got.games[i], want.games[i]) {
			t.Fatalf("%s: game row %d differs:\n got %+v\nwant %+v", what, i, got.games[i], want.games[i])
		}
	}
	for i := range want.pos {
		if !reflect.DeepEqual(got.pos[i], want.pos[i]) {
			t.Fatalf("%s: position row %d differs:\n got %+v\nwant %+v", what, i, got.pos[i], want.pos[i])
		}
	}
}

// TestRowsDoNotDependOnWorkersOrRuns plays the same run with one worker,
// with two, and with two again: all three datasets hold the same rows.
func TestRowsDoNotDependOnWorkersOrRuns(t *testing.T) {
	base := t.TempDir()
	var sets []rowsOf
	for i, workers := range []int{1, 2, 2} {
		dir := filepath.Join(base, string(rune('a'+i)))
		s := mustRun(t, context.Background(), testConfig(dir, 7, workers))
		if s.Played != 7 || s.Written != 7 || s.Parts != 3 {
			t.Fatalf("workers %d: summary %+v", workers, s)
		}
		mustVerify(t, dir)
		sets = append(sets, readRows(t, dir, "standard"))
	}
	for i, g := range sets[0].games {
		if g.GameID != int64(i) || g.OpeningPlies != 3 {
			t.Fatalf("game row %d: id %d opening %d", i, g.GameID, g.OpeningPlies)
		}
	}
	sameRows(t, "2 workers vs 1", sets[1], sets[0])
	sameRows(t, "second run vs first", sets[2], sets[1])
}

// TestInterruptAndResumeEndsWithExactlyTheRun cancels a run after a few
// games, resumes it, and checks the result equals an uninterrupted run: no
// duplicate, no gap.
func TestInterruptAndResumeEndsWithExactlyTheRun(t *testing.T) {
	ref, base := referenceRun(t, 8)
	want := readRows(t, ref, "standard")

	dir := filepath.Join(base, "run")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := testConfig(dir, 8, 1) // one worker: games 6 and 7 cannot finish
	cfg.OnGame = func(g GameStats) {
		if g.ID == 4 { // mid-way through the second part (ids 3..5)
			cancel()
		}
	}
	s, err := Run(ctx, cfg)
	if !errors.Is(err, ErrInterrupted) || !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run returned %v, want ErrInterrupted wrapping context.Canceled", err)
	}
	// Parts are ids 0..2, 3..5, 6..7. Game 5 may have finished before the
	// cancellation took effect, completing the second part; the third can
	// not be complete.
	if s.Written < 3 || s.Written > 6 || s.Written%3 != 0 || s.Parts != int(s.Written/3) {
		t.Fatalf("interrupted run: %+v, want one or two complete parts written", s)
	}
	written := s.Written
	for _, table := range []string{dataset.TablePositions, dataset.TableGames} {
		m, _ := filepath.Glob(filepath.Join(dataset.PartitionDir(dir, table, "standard"), "*.tmp"))
		if len(m) != 0 {
			t.Fatalf("interrupted run left temporary files %v", m)
		}
	}
	// Without --resume the directory is refused.
	if _, err := Run(context.Background(), testConfig(dir, 8, 2)); err == nil || !strings.Contains(err.Error(), "resume") {
		t.Fatalf("rerun without resume: %v", err)
	}
	// A leftover temporary file of the interrupted part is cleaned up.
	os.WriteFile(dataset.PartPath(dir, dataset.TableGames, "standard", 3)+".tmp", []byte("junk"), 0o644)
	cfg = testConfig(dir, 8, 1)
	cfg.Run.Resume = true
	var notes []string
	cfg.Logf = func(f string, a ...any) { notes = append(notes, f) }
	s = mustRun(t, context.Background(), cfg)
	if s.Skipped != written || s.Played+s.Journaled != 8-written || s.Written != 8-written {
		t.Fatalf("resumed run: %+v, want %d skipped and %d played or read back from the journal", s, written, 8-written)
	}
	if len(notes) < 2 {
		t.Fatalf("resume notes %v: want the removed leftover and the resume count", notes)
	}
	// The resume's results are the whole run's, the games it kept too: it
	// said only those it played ("red 100, black 48, draw 5" of a run of
	// 200 games).
	var whole [3]int64
	dataset.ScanGames(ref, "standard", func(g *dataset.GameRow) error {
		whole[map[string]int{"red": 0, "black": 1, "draw": 2}[g.Winner]]++
		return nil
	})
	if red, black, draw := s.runResults(); [3]int64{red, black, draw} != whole {
		t.Errorf("resumed run's results red %d, black %d, draw %d; the run's are %v", red, black, draw, whole)
	}
	var text strings.Builder
	s.WriteText(&text, dir)
	if want := fmt.Sprintf("; the run's 8 games: red %d, black %d, draw %d\n", whole[0], whole[1], whole[2]); !strings.HasSuffix(text.String(), want) {
		t.Errorf("resumed run's text %q, want it to end %q", text.String(), want)
	}
	rep := mustVerify(t, dir)
	if rep.Games != 8 {
		t.Fatalf("verify counts %d games, want 8", rep.Games)
	}
	sameRows(t, "resumed vs uninterrupted", readRows(t, dir, "standard"), want)
	// Resuming a complete run plays nothing.
	if s = mustRun(t, context.Background(), cfg); s.Played != 0 || s.Skipped != 8 {
		t.Fatalf("resume of a complete run: %+v", s)
	}
}

// TestShardUnionEqualsTheSingleRun runs three shards into one directory and
// compares with the single run.
func TestShardUnionEqualsTheSingleRun(t *testing.T) {
	single, base := referenceRun(t, 8)
	shared := filepath.Join(base, "shards")
	for i := range 3 {
		cfg := testConfig(shared, 8, 1)
		cfg.Run.Shard, cfg.Run.Shards = i, 3
		s := mustRun(t, context.Background(), cfg)
		lo, hi := ShardRange(8, i, 3)
		if s.Played != hi-lo {
			t.Fatalf("shard %d played %d games, want %d", i, s.Played, hi-lo)
		}
	}
	mustVerify(t, shared)
	sameRows(t, "shard union vs single run", readRows(t, shared, "standard"), readRows(t, single, "standard"))
}

// TestGameIDsReplayChosenGames replays two games of a run alone.
func TestGameIDsReplayChosenGames(t *testing.T) {
	full, base := referenceRun(t, 6)
	all := readRows(t, full, "standard")
	replay := filepath.Join(base, "replay")
	cfg := testConfig(replay, 6, 2)
	cfg.GameIDs = []int64{2, 5}
	mustRun(t, context.Background(), cfg)
	got := readRows(t, replay, "standard")
	var want rowsOf
	for _, g := range all.games {
		if g.GameID == 2 || g.GameID == 5 {
			want.games = append(want.games, g)
		}
	}
	for _, p := range all.pos {
		if p.GameID == 2 || p.GameID == 5 {
			want.pos = append(want.pos, p)
		}
	}
	sameRows(t, "replayed games vs the run's", got, want)
	mustVerify(t, replay)
}

// TestVariantsShareOpeningsAndADirectory plays both variants of one seed
// into one directory: separate partitions, the same random openings.
func TestVariantsShareOpeningsAndADirectory(t *testing.T) {
	dir := t.TempDir()
	std := testConfig(dir, 4, 2)
	mustRun(t, context.Background(), std)
	maj := testConfig(dir, 4, 2)
	maj.Rules.Variant = rules.Majority
	mustRun(t, context.Background(), maj)
	mustVerify(t, dir)
	a, b := readRows(t, dir, "standard"), readRows(t, dir, "majority")
	for i := range a.games {
		if b.games[i].Variant != "majority" || !slices.Equal(a.games[i].Moves[:3], b.games[i].Moves[:3]) {
			t.Fatalf("game %d: openings differ between variants: %v vs %v", i, a.games[i].Moves[:3], b.games[i].Moves[:3])
		}
	}
}

func TestARunWithOtherSettingsIsRefused(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, context.Background(), testConfig(dir, 3, 1))
	for name, change := range map[string]func(*Config){
		"seed":             func(c *Config) { c.Run.Seed++ },
		"sims":             func(c *Config) { c.Engine.Sims++ },
		"random_opening":   func(c *Config) { c.Run.RandomOpening++ },
		"no-capture-limit": func(c *Config) { c.Rules.NoCaptureLimit = 40 },
		"players":          func(c *Config) { c.Players = PlayersIndependent },
	} {
		cfg := testConfig(dir, 3, 1)
		cfg.Run.Resume = true
		change(&cfg)
		_, err := Run(context.Background(), cfg)
		var mismatch *dataset.RunMismatchError
		if !errors.As(err, &mismatch) || len(mismatch.Diffs) != 1 || mismatch.Diffs[0].Setting != name {
			t.Errorf("changed %s: got %v, want a *dataset.RunMismatchError naming it alone", name, err)
		}
	}
}

func TestConfigErrorsAreReported(t *testing.T) {
	for name, change := range map[string]func(*Config){
		"games 0":                           func(c *Config) { c.Run.Games = 0 },
		"shard 3: want 0..2 for shards 3":   func(c *Config) { c.Run.Shard, c.Run.Shards = 3, 3 },
		"random_opening 1001: want 0..1000": func(c *Config) { c.Run.RandomOpening = 1001 },
		"game id 9":                         func(c *Config) { c.GameIDs = []int64{9} },
		"engine":                            func(c *Config) { c.Engine.Sims = 0 },
		`players "both"`:                    func(c *Config) { c.Players = "both" },
		"settings by side need independent players": func(c *Config) {
			c.Sides = &[2]mcts.Settings{c.Engine.Settings, c.Engine.Settings}
		},
		"Black's engine settings": func(c *Config) {
			c.Players = PlayersIndependent
			black := c.Engine.Settings
			black.Sims = 0
			c.Sides = &[2]mcts.Settings{c.Engine.Settings, black}
		},
	} {
		cfg := testConfig(t.TempDir(), 3, 1)
		change(&cfg)
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: got %v", name, err)
		}
	}
}

func TestPlanHelpers(t *testing.T) {
	ids, err := ParseGameIDs("12, 3,5-7,6")
	if err != nil || !slices.Equal(ids, []int64{3, 5, 6, 7, 12}) {
		t.Fatalf("ParseGameIDs = %v, %v", ids, err)
	}
	if s := FormatGameIDs(ids); s != "3,5-7,12" {
		t.Fatalf("FormatGameIDs = %q", s)
	}
	for _, bad := range []string{"", "a", "3-1", "-2", "1,,2", "0-99999999999"} {
		if _, err := ParseGameIDs(bad); err == nil {
			t.Errorf("ParseGameIDs(%q) accepted", bad)
		}
	}
	want := []dataset.Range{{First: 0, Last: 1}, {First: 4, Last: 4}, {First: 8, Last: 9}}
	if got := subtract([]dataset.Range{{First: 0, Last: 9}}, []dataset.Range{{First: 2, Last: 3}, {First: 5, Last: 7}}); !reflect.DeepEqual(got, want) {
		t.Fatalf("subtract = %v, want %v", got, want)
	}
	pl := &plan{[]dataset.Range{{First: 2, Last: 9}, {First: 12, Last: 13}}, 4}
	var parts []part
	r := 0
	for id, ok := pl.first(); ok; id, ok = pl.next(id, &r) {
		if p := pl.partOf(id, r); len(parts) == 0 || parts[len(parts)-1] != p {
			parts = append(parts, p)
		}
		if pl.partAt(id) != pl.partOf(id, r) {
			t.Fatalf("partAt(%d) = %v, partOf = %v", id, pl.partAt(id), pl.partOf(id, r))
		}
	}
	if !reflect.DeepEqual(parts, []part{{2, 3}, {4, 7}, {8, 9}, {12, 13}}) {
		t.Fatalf("plan's parts = %v", parts)
	}
	for _, c := range []struct {
		n    int64
		i, k int
		lo   int64
		hi   int64
	}{{10, 0, 3, 0, 3}, {10, 1, 3, 3, 6}, {10, 2, 3, 6, 10}, {2, 2, 3, 1, 2}} {
		if lo, hi := ShardRange(c.n, c.i, c.k); lo != c.lo || hi != c.hi {
			t.Errorf("ShardRange(%d, %d, %d) = %d, %d", c.n, c.i, c.k, lo, hi)
		}
	}
}

// FuzzParseGameIDs checks that every accepted list formats and parses back
// to itself.
func FuzzParseGameIDs(f *testing.F) {
	for _, s := range []string{"1", "3,5-7", "0-3,2", " 9 ,1", "-1", "5-4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ids, err := ParseGameIDs(s); err == nil {
			testutil.RoundTrip(t, s, ids, ParseGameIDs, FormatGameIDs, slices.Equal)
		}
	})
}
