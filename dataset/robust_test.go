package dataset

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/rules"
)

func verifyProblems(t *testing.T, dir string) string {
	t.Helper()
	rep, err := Verify(context.Background(), dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(rep.Problems, "\n")
}

// TestVerifyPairsTablesOfDifferentRunsWithoutPanic swaps the positions
// file of a part for that of another run (other seeds, other lengths,
// other ranges): Verify used to index past a game's moves. Every case must
// be reported, naming the file and a game.
func TestVerifyPairsTablesOfDifferentRunsWithoutPanic(t *testing.T) {
	r := rules.DefaultRules()
	src := t.TempDir()
	for seed := uint64(1); seed <= 6; seed++ {
		run := synthRun(t, r, seed, 4, int(seed%3))
		writeSynth(t, filepath.Join(src, "run", string(rune('a'+seed))), run, 0, 1+int64(seed%3))
	}
	for a := uint64(1); a <= 6; a++ {
		for b := uint64(1); b <= 6; b++ {
			if a == b {
				continue
			}
			dir := t.TempDir()
			da, db := filepath.Join(src, "run", string(rune('a'+a))), filepath.Join(src, "run", string(rune('a'+b)))
			copyTree(t, da, dir)
			pos, err := os.ReadFile(PartPath(db, TablePositions, "standard", 0))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(PartPath(dir, TablePositions, "standard", 0), pos, 0o644)
			all := verifyProblems(t, dir)
			if all == "" || !strings.Contains(all, "part-0000000000.parquet") || !strings.Contains(all, "game ") {
				t.Fatalf("runs %d and %d paired: problems do not name the file and a game:\n%s", a, b, all)
			}
		}
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.Walk(from, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestVerifyCatchesAnyChangedByte flips one byte at a time in the footer
// of a positions part (where other readers find the column statistics
// they skip pages by, and which the rows alone do not show) and in its
// data: the commit record's SHA-256 catches every flip.
func TestVerifyCatchesAnyChangedByte(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 2, 0)
	writeSynth(t, dir, run, 0, 1)
	path := PartPath(dir, TablePositions, "standard", 0)
	orig, _ := os.ReadFile(path)
	for _, at := range []int{len(orig) - 200, len(orig) - 60, len(orig) / 2, 100} {
		b := bytes.Clone(orig)
		b[at] ^= 0x10
		os.WriteFile(path, b, 0o644)
		if all := verifyProblems(t, dir); !strings.Contains(all, "changed after it was written") || !strings.Contains(all, path) {
			t.Fatalf("byte %d of %d flipped: verify says\n%s", at, len(b), all)
		}
	}
	os.WriteFile(path, orig, 0o644)
	if all := verifyProblems(t, dir); all != "" {
		t.Fatalf("restored file: %s", all)
	}
}

// TestVerifyAndInspectFlagUnexpectedFiles: a copy of a part under another
// name is read by a *.parquet glob as duplicate rows.
func TestVerifyAndInspectFlagUnexpectedFiles(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 2, 0)
	writeSynth(t, dir, run, 0, 1)
	b, _ := os.ReadFile(PartPath(dir, TableGames, "standard", 0))
	stray := filepath.Join(PartitionDir(dir, TableGames, "standard"), "part-0000000000 (copy).parquet")
	os.WriteFile(stray, b, 0o644)
	if all := verifyProblems(t, dir); !strings.Contains(all, stray) || !strings.Contains(all, "unexpected file") {
		t.Fatalf("verify does not flag the copy:\n%s", all)
	}
	in, err := Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(in.Problems(), "\n"); !strings.Contains(all, stray) {
		t.Fatalf("inspect does not flag the copy: %q", all)
	}
}

// TestTwoWritersOfOverlappingGamesRace: of writers that race for
// overlapping ranges of one partition, at most one wins at a time and the
// others are told who holds it; disjoint ranges (shards) lock side by side.
func TestTwoWritersOfOverlappingGamesRace(t *testing.T) {
	dir := t.TempDir()
	var wg sync.WaitGroup
	locks := make([]*GamesLock, 8)
	errs := make([]error, 8)
	for i := range locks {
		wg.Go(func() {
			lo := int64(i%2) * 5 // [0,10) and [5,15) overlap
			locks[i], errs[i] = LockGames(dir, "standard", lo, lo+10)
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
	shard, err := LockGames(dir, "standard", 20, 30)
	if err != nil {
		t.Fatalf("a disjoint range is refused: %v", err)
	}
	shard.Unlock()
	for _, l := range locks {
		l.Unlock()
	}
	again, err := LockGames(dir, "standard", 5, 15)
	if err != nil {
		t.Fatalf("lock after every writer released: %v", err)
	}
	again.Unlock()
}

func TestJournalKeepsFinishedGamesAndDropsATornTail(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 8, 10, 2)
	j, err := CreateJournal(dir, run, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	var want []JournalGame
	for id := int64(0); id < 3; id++ {
		g, p := synthGame(t, rules.DefaultRules(), run.Seed, id, run.RandomOpening)
		want = append(want, JournalGame{g, p})
		if err := j.Append(&want[id]); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	// A crash in the middle of the fourth frame.
	b, _ := os.ReadFile(j.Path())
	os.WriteFile(j.Path(), append(b, 0x40, 0, 0, 0, 1, 2, 3), 0o644)
	js, err := ReadJournals(dir, run, 0, 10)
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
	if js, _ := ReadJournals(dir, other, 0, 10); len(js.Games) != 0 || len(js.Notes) != 1 {
		t.Fatalf("a journal of another seed was read: %d games", len(js.Games))
	}
}

// TestJournalHasTheModeOfEveryOtherFile: a journal is readable by the
// readers a part is readable by (it was 0600 while parts are 0644).
func TestJournalHasTheModeOfEveryOtherFile(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 1)
	j, err := CreateJournal(dir, run, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	for _, p := range []string{j.Path(), PartPath(dir, TableGames, run.Variant, 0), PartPath(dir, TablePositions, run.Variant, 0)} {
		st, err := os.Stat(p)
		if err != nil || st.Mode().Perm() != atomicfile.Mode {
			t.Errorf("%s: mode %v (%v), want %v like every file of a dataset", p, st.Mode().Perm(), err, atomicfile.Mode)
		}
	}
}

// TestCheckFindsWhatChangesTheRowsReadersSee: Check (what stats and fit
// run before reading) passes a sound dataset and reports a copied part, a
// changed byte and a duplicated range.
func TestCheckFindsWhatChangesTheRowsReadersSee(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 1)
	writeSynth(t, dir, run, 2, 3)
	if probs, err := Check(dir); err != nil || len(probs) != 0 {
		t.Fatalf("Check of a sound dataset: %v %v", probs, err)
	}
	dup := t.TempDir()
	copyTree(t, dir, dup)
	writeSynth(t, dup, run, 1, 2) // games 1 and 2 twice
	path := PartPath(dir, TableGames, "standard", 2)
	b, _ := os.ReadFile(path)
	b[len(b)-30] ^= 1
	os.WriteFile(path, b, 0o644)
	for d, want := range map[string]string{dir: "changed after it was written", dup: "duplicate games"} {
		probs, err := Check(d)
		if err != nil || !strings.Contains(strings.Join(probs, "\n"), want) {
			t.Fatalf("Check: %v %v, want %q", probs, err, want)
		}
	}
}

// TestCheckPoolRefusesCountingTwiceAndMixing: pooling a dataset with
// itself counts every game twice; runs of other settings mix populations
// unless allowed; other seeds of the same settings pool.
func TestCheckPoolRefusesCountingTwiceAndMixing(t *testing.T) {
	base := t.TempDir()
	a, seed2, other := filepath.Join(base, "a"), filepath.Join(base, "b"), filepath.Join(base, "c")
	run := synthRun(t, rules.DefaultRules(), 4, 2, 0)
	writeSynth(t, a, run, 0, 1)
	r2 := run
	r2.Seed = 5
	writeSynth(t, seed2, r2, 0, 1)
	r3 := run
	r3.RandomOpening = 2
	writeSynth(t, other, r3, 0, 1)
	if _, err := CheckPool([]string{a, a}, true); err == nil || !strings.Contains(err.Error(), "count twice") {
		t.Fatalf("pooling a dataset with itself: %v", err)
	}
	if mixed, err := CheckPool([]string{a, seed2}, false); err != nil || len(mixed) != 0 {
		t.Fatalf("pooling two seeds of one setting: %v %v", mixed, err)
	}
	if _, err := CheckPool([]string{a, other}, false); err == nil || !strings.Contains(err.Error(), "--allow-mixed") {
		t.Fatalf("pooling other settings: %v, want a refusal naming --allow-mixed", err)
	}
	if mixed, err := CheckPool([]string{a, other}, true); err != nil || len(mixed) != 1 || !strings.Contains(mixed[0], "random_opening") {
		t.Fatalf("pooling other settings with allowMixed: %v %v", mixed, err)
	}
}

// TestDamagedLengthsCostNoMemory: a footer length or a page header string
// length that claims more than the file made the decoder allocate it (2.4
// GB and 124 MB for these two inputs, which is what kept the fuzzer slow);
// both are refused first.
func TestDamagedLengthsCostNoMemory(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 1, 0)
	writeSynth(t, dir, run, 0, 0)
	b, _ := os.ReadFile(PartPath(dir, TablePositions, "standard", 0))
	b[len(b)-5] = 0x7f // the footer length's high byte, just before the closing magic
	footer := filepath.Join(t.TempDir(), "footer.parquet")
	os.WriteFile(footer, b, 0o644)
	for _, path := range []string{footer, filepath.Join("testdata", "page-header-claims-124MB.parquet")} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f, err := Open(path)
		if err == nil {
			err = f.ScanPositions(nil, func(*PositionRow) error { return nil })
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

// TestCheckCountsAsVerifyDoes: a garbage games part without its positions
// part is one unreadable file; Check used to report it twice (as a part
// and again as a footer), so stats said one problem more than verify.
func TestCheckCountsAsVerifyDoes(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 3)
	os.WriteFile(PartPath(dir, TableGames, "standard", 99), []byte("not parquet"), 0o644)
	b, _ := os.ReadFile(PartPath(dir, TableGames, "standard", 0))
	os.WriteFile(filepath.Join(PartitionDir(dir, TableGames, "standard"), "part-0000000000 (copy).parquet"), b, 0o644)
	probs, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(context.Background(), dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) != len(rep.Problems) {
		t.Fatalf("Check found %d problems, Verify %d:\n%s\n--\n%s", len(probs), len(rep.Problems), strings.Join(probs, "\n"), strings.Join(rep.Problems, "\n"))
	}
}

// TestCleanupStraysLeavesALiveWritersParts: a part missing a table
// outside the resuming run's range is removed unless a live writer's lock
// covers it.
func TestCleanupStraysLeavesALiveWritersParts(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 3)
	stray := PartPath(dir, TableGames, "standard", 99)
	os.WriteFile(stray, []byte("not parquet"), 0o644)
	other, err := LockGames(dir, "standard", 96, 112)
	if err != nil {
		t.Fatal(err)
	}
	removed, busy, err := CleanupStrays(dir, "standard", 0, 4)
	if err != nil || len(removed) != 0 || len(busy) != 1 {
		t.Fatalf("with a live writer of games 96..111: removed %v, busy %v, %v; want it left alone", removed, busy, err)
	}
	other.Unlock()
	removed, busy, err = CleanupStrays(dir, "standard", 0, 4)
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
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 1)
	writeSynth(t, dir, run, 2, 3)
	var copies []string
	for _, table := range []string{TableGames, TablePositions} {
		b, err := os.ReadFile(PartPath(dir, table, run.Variant, 2))
		if err != nil {
			t.Fatal(err)
		}
		p := PartPath(dir, table, run.Variant, 80)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		copies = append(copies, p)
	}
	_, err := Complete(dir, run.Variant)
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
	if rs, err := Complete(dir, run.Variant); err != nil || len(rs) != 2 {
		t.Fatalf("after moving the copies out: %v, %v; want the run's two parts", rs, err)
	}
}

// TestAFailedWriteLeavesNoTableOfItsRange: when one table's part of a game
// range fails to write (an injected full disk, failing the writes of the
// file's row group and footer), the other table's part of the range does
// not appear either, nor any temporary file; parts written before stay.
// WritePart used to commit positions before writing games.
func TestAFailedWriteLeavesNoTableOfItsRange(t *testing.T) {
	for _, failing := range []string{TablePositions, TableGames} {
		dir := t.TempDir()
		run := synthRun(t, rules.DefaultRules(), 6, 4, 2)
		writeSynth(t, dir, run, 0, 1)
		var games []GameRow
		var pos []PositionRow
		for id := int64(2); id <= 3; id++ {
			g, p := synthGame(t, rules.DefaultRules(), run.Seed, id, run.RandomOpening)
			games, pos = append(games, g), append(pos, p...)
		}
		target := PartPath(dir, failing, run.Variant, 2)
		writeFault = func(path string) error {
			if path == target {
				return errors.New("no space left on device")
			}
			return nil
		}
		err := WritePart(dir, FileMeta{Run: run, Shards: 1, FirstGame: 2, LastGame: 3}, games, pos)
		writeFault = nil
		if err == nil || !strings.Contains(err.Error(), "no space left") {
			t.Fatalf("%s failing: WritePart error %v, want the injected one", failing, err)
		}
		for _, table := range []string{TablePositions, TableGames} {
			if _, err := os.Stat(PartPath(dir, table, run.Variant, 2)); err == nil {
				t.Errorf("%s failing: the %s part of games 2..3 is in place", failing, table)
			}
			entries, _ := os.ReadDir(PartitionDir(dir, table, run.Variant))
			for _, e := range entries {
				if atomicfile.IsTemp(e.Name()) {
					t.Errorf("%s failing: temporary file %s left", failing, e.Name())
				}
			}
		}
		if rs, err := Complete(dir, run.Variant); err != nil || len(rs) != 1 || rs[0] != (Range{0, 1}) {
			t.Errorf("%s failing: complete parts %v (%v), want games 0..1 alone", failing, rs, err)
		}
	}
}

// TestCheckFlagsAPartInTheOtherVariantsPartition: a part copied into the
// other variant's partition was counted there too by stats, without a
// word, where verify flagged it; Check (what stats and fit run first) now
// says so as verify does.
func TestCheckFlagsAPartInTheOtherVariantsPartition(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 4, 4, 0)
	writeSynth(t, dir, run, 0, 3)
	for _, table := range []string{TableGames, TablePositions} {
		b, err := os.ReadFile(PartPath(dir, table, "standard", 0))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(PartitionDir(dir, table, "majority"), 0o755)
		os.WriteFile(PartPath(dir, table, "majority", 0), b, 0o644)
	}
	probs, err := Check(dir)
	want := []string{
		PartPath(dir, TableGames, "majority", 0) + `: footer game "surakarta" variant "standard" in partition game=surakarta/variant=majority`,
		PartPath(dir, TablePositions, "majority", 0) + `: footer game "surakarta" variant "standard" in partition game=surakarta/variant=majority`,
	}
	if err != nil || strings.Join(probs, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Check: %v %v\nwant %s", probs, err, strings.Join(want, "\n"))
	}
	rep, err := Verify(context.Background(), dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if !slices.Contains(rep.Problems, w) {
			t.Errorf("Verify's problems lack %q:\n%s", w, strings.Join(rep.Problems, "\n"))
		}
	}
}
