package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// play writes a small self-play run of games to dir, as shards of one
// directory when shards > 1.
func play(t *testing.T, dir string, seed uint64, games int64, shards, partGames int) {
	t.Helper()
	e := mcts.DefaultSettings()
	e.Sims = 8
	e.MaxNodes = 1 << 12
	for i := range shards {
		cfg := selfplay.Config{Run: runspec.Settings{Out: dir, Games: games, Shard: i, Shards: shards, Seed: seed, RandomOpening: 2, Concurrency: 1},
			PartGames: partGames, Rules: rules.DefaultRules(), Engine: mcts.Engine{Settings: e, Evaluator: mcts.MaterialName}, Evaluator: mcts.Material{}}
		if _, err := selfplay.Run(context.Background(), cfg); err != nil {
			t.Fatalf("self-play into %s: %v", dir, err)
		}
	}
}

func TestShardedAndSingleRunsOfOneSeedCompareSame(t *testing.T) {
	base := t.TempDir()
	single, union := filepath.Join(base, "single"), filepath.Join(base, "union")
	play(t, single, 3, 6, 1, 4)
	play(t, union, 3, 6, 3, 1)
	res, err := compare(single, union)
	if err != nil || res.diff != "" {
		t.Fatalf("the same run split into shards and parts compares different: %q, %v", res.diff, err)
	}
	if res.games != 6 || res.positions == 0 {
		t.Fatalf("compared %d games and %d positions, want 6 games and their positions", res.games, res.positions)
	}
}

func TestDifferencesAreNamed(t *testing.T) {
	base := t.TempDir()
	one, other, fewer := filepath.Join(base, "one"), filepath.Join(base, "other"), filepath.Join(base, "fewer")
	play(t, one, 3, 4, 1, 4)
	play(t, other, 4, 4, 1, 4)
	play(t, fewer, 3, 3, 1, 4)
	for _, c := range []struct {
		a, b, want string
	}{
		{one, other, "games row 0 (standard game 0): Seed is 3 in the first, 4 in the second"},
		{one, fewer, "games: the first has more rows than the second's 3, from standard game 3 on"},
		{fewer, one, "games: the second has more rows than the first's 3, from standard game 3 on"},
	} {
		res, err := compare(c.a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if res.diff != c.want {
			t.Errorf("compare(%s, %s) = %q, want %q", filepath.Base(c.a), filepath.Base(c.b), res.diff, c.want)
		}
	}
}

func TestPositionsAreComparedAfterEqualGames(t *testing.T) {
	base := t.TempDir()
	a, b := filepath.Join(base, "a"), filepath.Join(base, "b")
	play(t, a, 3, 2, 1, 4)
	play(t, b, 3, 2, 1, 4)
	// Replace b's positions with another run's: the games still agree.
	c := filepath.Join(base, "c")
	play(t, c, 5, 2, 1, 4)
	pb, pc := filepath.Join(b, "positions"), filepath.Join(c, "positions")
	if err := os.RemoveAll(pb); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(pc, pb); err != nil {
		t.Fatal(err)
	}
	res, err := compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if res.games != 2 || !strings.HasPrefix(res.diff, "positions row ") {
		t.Fatalf("after %d equal games, diff %q, want a positions row named", res.games, res.diff)
	}
}

func TestUnreadableDatasetIsAnError(t *testing.T) {
	a := filepath.Join(t.TempDir(), "a")
	play(t, a, 3, 2, 1, 4)
	if _, err := compare(a, filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("comparing with a missing dataset gave no error")
	}
}
