package selfplay

import (
	"context"
	"os"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// TestCommitPutsBothTablesOfAPartInPlaceOrNeither: when the games file of a
// part cannot be put in place (here a file already holds its name), the
// committer leaves the positions file of the part out too, instead of a
// positions part without its games, and cancels the run with the error.
func TestCommitPutsBothTablesOfAPartInPlaceOrNeither(t *testing.T) {
	dir := t.TempDir()
	r := rules.DefaultRules()
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(), Engine: `{"sims":1}`, Seed: 1, Games: 2}
	meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 1}
	pw, err := dataset.NewRows(dir, meta, []dataset.PositionRow{{GameID: 0}, {GameID: 1}})
	if err != nil {
		t.Fatal(err)
	}
	gw, err := dataset.NewRows(dir, meta, []dataset.GameRow{{GameID: 0}, {GameID: 1}})
	if err != nil {
		t.Fatal(err)
	}
	blocker := dataset.PartPath(dir, dataset.TableGames, run.Variant, 0)
	if err := os.WriteFile(blocker, []byte("someone else's"), 0o644); err != nil {
		t.Fatal(err)
	}
	in := make(chan committed, 2)
	p := part{0, 1}
	in <- committed{part: p, table: dataset.TablePositions, sum: pw.Sum(), w: pw}
	in <- committed{part: p, table: dataset.TableGames, sum: gw.Sum(), w: gw}
	close(in)
	var cause error
	cancel := context.CancelCauseFunc(func(err error) { cause = err })
	var sum Summary
	err = commit(dir, run.Variant, in, nil, cancel, &sum)
	if err == nil || cause == nil || sum.Parts != 0 {
		t.Fatalf("commit with the games part's name taken: error %v, cancel cause %v, parts %d; want the error, the run cancelled, no part", err, cause, sum.Parts)
	}
	if _, err := os.Stat(dataset.PartPath(dir, dataset.TablePositions, run.Variant, 0)); err == nil {
		t.Fatal("the positions part is in place without its games")
	}
	if b, _ := os.ReadFile(blocker); string(b) != "someone else's" {
		t.Fatalf("the file holding the games part's name was overwritten: %q", b)
	}
	for table, want := range map[string]int{dataset.TablePositions: 0, dataset.TableGames: 1} {
		if entries, _ := os.ReadDir(dataset.PartitionDir(dir, table, run.Variant)); len(entries) != want {
			t.Errorf("%s partition holds %v, want %d files (no temporary file left)", table, entries, want)
		}
	}
}
