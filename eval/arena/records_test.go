package arena_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/rules"
)

// TestAFailedGamesWriteLeavesNoMatchesPart: a match's games part that
// cannot be written (here its partition is a file, as good as a full disk)
// must not leave the matches part of the same games behind, which DuckDB
// would read as rows without a game until a resume removed it; once the
// fault is gone the same write records both.
func TestAFailedGamesWriteLeavesNoMatchesPart(t *testing.T) {
	var recs []arena.GameRecord
	opt := arenaOptions(4, 1)
	opt.OnPair = func(_ int, g [2]arena.GameRecord) error { recs = append(recs, g[:]...); return nil }
	if _, err := arena.Arena(context.Background(), randomFactory(true), randomFactory(false), opt); err != nil {
		t.Fatal(err)
	}
	r := rules.DefaultRules()
	dir := t.TempDir()
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(), Engine: "a: random; b: random", Seed: 3, Games: 4, RandomOpening: 4}
	meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 3}
	blocked := dataset.PartitionDir(dir, dataset.TableGames, run.Variant)
	if err := os.MkdirAll(filepath.Dir(blocked), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(blocked, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	names := arena.Sides{"random", "greedy"}
	if err := arena.WriteRecords(dir, meta, r, names, recs); err == nil {
		t.Fatal("WriteRecords succeeded with its games partition blocked")
	}
	mdir := dataset.PartitionDir(dir, dataset.TableMatches, run.Variant)
	if entries, _ := os.ReadDir(mdir); len(entries) > 0 {
		t.Fatalf("a failed games write left %s holding %s: a matches part without its games", mdir, entries[0].Name())
	}
	os.Remove(blocked)
	if err := arena.WriteRecords(dir, meta, r, names, recs); err != nil {
		t.Fatal(err)
	}
	if got, err := arena.ReadRecords(dir, run.Variant, r); err != nil || len(got) != 2 {
		t.Fatalf("after the fault: %d pairs recorded (%v), want 2", len(got), err)
	}
}
