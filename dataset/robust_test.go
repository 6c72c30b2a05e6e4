package dataset_test

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// TestTwoWritersOfOverlappingGamesRace: of writers that race for
// overlapping ranges of one partition, at most one wins at a time and the
// others are told who holds it; disjoint ranges (shards) lock side by side.
func TestTwoWritersOfOverlappingGamesRace(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	locks := make([]*dataset.GamesLock, 8)
	errs := make([]error, 8)
	for i := range locks {
		wg.Go(func() {
			lo := int64(i%2) * 5 // [0,10) and [5,15) overlap
			locks[i], errs[i] = dataset.LockGames(dir, "standard", lo, lo+10)
		})
	}
	wg.Wait()
	won := 0
	for i, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, filelock.ErrHeld) || !strings.Contains(err.Error(), "pid "):
			t.Fatalf("writer %d: %v, want an error naming the holder", i, err)
		}
	}
	if won != 1 {
		t.Fatalf("%d of 8 racing writers of overlapping ranges hold the lock, want 1", won)
	}
	shard, err := dataset.LockGames(dir, "standard", 20, 30)
	if err != nil {
		t.Fatalf("a disjoint range is refused: %v", err)
	}
	shard.Unlock()
	for _, l := range locks {
		l.Unlock()
	}
	again, err := dataset.LockGames(dir, "standard", 5, 15)
	if err != nil {
		t.Fatalf("lock after every writer released: %v", err)
	}
	again.Unlock()
}

func TestJournalKeepsFinishedGamesAndDropsATornTail(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 8, 10, 2)
	j, err := dataset.CreateJournal(dir, run, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	var want []dataset.JournalGame
	for id := int64(0); id < 3; id++ {
		g, p := testgames.SynthGame(t, rules.DefaultRules(), run.Seed, id, run.RandomOpening)
		want = append(want, dataset.JournalGame{g, p})
		if err := j.Append(&want[id]); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	// A crash in the middle of the fourth frame.
	b, _ := os.ReadFile(j.Path())
	os.WriteFile(j.Path(), append(b, 0x40, 0, 0, 0, 1, 2, 3), 0o644)
	js, err := dataset.ReadJournals(dir, run, 0, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(js.Games) != 3 || len(js.Paths) != 1 || len(js.Notes) != 1 {
		t.Fatalf("read %d games from %v (notes %v), want 3 and a note on the torn frame", len(js.Games), js.Paths, js.Notes)
	}
	for id, w := range want {
		g := js.Games[int64(id)]
		if g == nil || g.Game.GameID != w.Game.GameID || len(g.Positions) != len(w.Positions) || g.Positions[3].RootValue != w.Positions[3].RootValue || g.Positions[2].FEN != w.Positions[2].FEN {
			t.Fatalf("game %d does not read back as written", id)
		}
	}
	other := run
	other.Seed++
	if js, _ := dataset.ReadJournals(dir, other, 0, 10); len(js.Games) != 0 || len(js.Notes) != 1 {
		t.Fatalf("a journal of another seed was read: %d games", len(js.Games))
	}
}

// TestJournalHasTheModeOfEveryOtherFile: a journal is readable by the
// readers a part is readable by (it was 0600 while parts are 0644).
func TestJournalHasTheModeOfEveryOtherFile(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	j, err := dataset.CreateJournal(dir, run, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, p := range []string{j.Path(), dataset.PartPath(dir, dataset.TableGames, run.Variant, 0), dataset.PartPath(dir, dataset.TablePositions, run.Variant, 0)} {
		st, err := os.Stat(p)
		if err != nil || st.Mode().Perm() != atomicfile.Mode {
			t.Errorf("%s: mode %v (%v), want %v like every file of a dataset", p, st.Mode().Perm(), err, atomicfile.Mode)
		}
	}
}

// TestDamagedLengthsCostNoMemory: a footer length or a page header string
// length that claims more than the file made the decoder allocate it (2.4
// GB and 124 MB for these two inputs, which is what kept the fuzzer slow);
// both are refused first.
func TestDamagedLengthsCostNoMemory(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 1, 0)
	testgames.WriteSynth(t, dir, run, 0, 0)
	b, _ := os.ReadFile(dataset.PartPath(dir, dataset.TablePositions, "standard", 0))
	b[len(b)-5] = 0x7f // the footer length's high byte, just before the closing magic
	footer := filepath.Join(t.TempDir(), "footer.parquet")
	os.WriteFile(footer, b, 0o644)
	for _, path := range []string{footer, filepath.Join("testdata", "page-header-claims-124MB.parquet")} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f, err := dataset.Open(path)
		if err == nil {
			err = f.ScanPositions(nil, func(*dataset.PositionRow) error { return nil })
			f.Close()
		}
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: read without error", path)
		}
		if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
			t.Errorf("%s: reading it allocated %d MB (%v)", path, grown>>20, err)
		}
	}
}

// TestCleanupStraysLeavesALiveWritersParts: a part missing a table
// outside the resuming run's range is removed unless a live writer's lock
// covers it.
func TestCleanupStraysLeavesALiveWritersParts(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 3)
	stray := dataset.PartPath(dir, dataset.TableGames, "standard", 99)
	os.WriteFile(stray, []byte("not parquet"), 0o644)
	other, err := dataset.LockGames(dir, "standard", 96, 112)
	if err != nil {
		t.Fatal(err)
	}
	removed, busy, err := dataset.CleanupStrays(dir, "standard", 0, 4)
	if err != nil || len(removed) != 0 || len(busy) != 1 {
		t.Fatalf("with a live writer of games 96..111: removed %v, busy %v, %v; want it left alone", removed, busy, err)
	}
	other.Unlock()
	removed, busy, err = dataset.CleanupStrays(dir, "standard", 0, 4)
	if err != nil || len(removed) != 1 || len(busy) != 0 {
		t.Fatalf("without a writer: removed %v, busy %v, %v; want the stray removed", removed, busy, err)
	}
	if _, err := os.Stat(stray); !os.IsNotExist(err) {
		t.Fatalf("%s still there", stray)
	}
}

// TestAMisnamedPartSaysWhatToMoveWhere: a part copied under the name of a
// game range outside the run (part-0000000080 of a 4-game run, footer
// saying game 2) is refused with the files to move and where, and moving
// them as told lets the run go on. The refusal once stopped at the
// mismatch, without a next step.
func TestAMisnamedPartSaysWhatToMoveWhere(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	testgames.WriteSynth(t, dir, run, 2, 3)
	var copies []string
	for _, table := range []string{dataset.TableGames, dataset.TablePositions} {
		b, err := os.ReadFile(dataset.PartPath(dir, table, run.Variant, 2))
		if err != nil {
			t.Fatal(err)
		}
		p := dataset.PartPath(dir, table, run.Variant, 80)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, p)
	}
	_, err := dataset.Complete(dir, run.Variant)
	if err == nil {
		t.Fatal("Complete accepted a part whose footer says game 2 under the name of game 80")
	}
	for _, want := range append(copies, "starts at game 2, its name says 80", "move", "out of "+dir) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	out := t.TempDir()
	for _, p := range copies {
		if err := os.Rename(p, filepath.Join(out, filepath.Base(filepath.Dir(filepath.Dir(p)))+".parquet")); err != nil {
			t.Fatal(err)
		}
	}
	if rs, err := dataset.Complete(dir, run.Variant); err != nil || len(rs) != 2 {
		t.Fatalf("after moving the copies out: %v, %v; want the run's two parts", rs, err)
	}
}

// TestAFailedWriteLeavesNoTableOfItsRange: when one table's part of a game
// range fails to write (an injected full disk, failing the writes of the
// file's row group and footer), the other table's part of the range does
// not appear either, nor any temporary file; parts written before stay.
// WritePart used to commit positions before writing games.
func TestAFailedWriteLeavesNoTableOfItsRange(t *testing.T) {
	for _, failing := range []string{dataset.TablePositions, dataset.TableGames} {
		dir := t.TempDir()
		run := testgames.SynthRun(t, rules.DefaultRules(), 6, 4, 2)
		testgames.WriteSynth(t, dir, run, 0, 1)
		var games []dataset.GameRow
		var pos []dataset.PositionRow
		for id := int64(2); id <= 3; id++ {
			g, p := testgames.SynthGame(t, rules.DefaultRules(), run.Seed, id, run.RandomOpening)
			games, pos = append(games, g), append(pos, p...)
		}
		target := dataset.PartPath(dir, failing, run.Variant, 2)
		*dataset.WriteFault = func(path string) error {
			if path == target {
				return errors.New("no space left on device")
			}
			return nil
		}
		err := dataset.WritePart(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 2, LastGame: 3}, games, pos)
		*dataset.WriteFault = nil
		if err == nil || !strings.Contains(err.Error(), "no space left") {
			t.Fatalf("%s failing: WritePart error %v, want the injected one", failing, err)
		}
		for _, table := range []string{dataset.TablePositions, dataset.TableGames} {
			if _, err := os.Stat(dataset.PartPath(dir, table, run.Variant, 2)); err == nil {
				t.Errorf("%s failing: the %s part of games 2..3 is in place", failing, table)
			}
			entries, _ := os.ReadDir(dataset.PartitionDir(dir, table, run.Variant))
			for _, e := range entries {
				if atomicfile.IsTemp(e.Name()) {
					t.Errorf("%s failing: temporary file %s left", failing, e.Name())
				}
			}
		}
		if rs, err := dataset.Complete(dir, run.Variant); err != nil || len(rs) != 1 || rs[0] != (dataset.Range{0, 1}) {
			t.Errorf("%s failing: complete parts %v (%v), want games 0..1 alone", failing, rs, err)
		}
	}
}
