package verify

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

func verifyProblems(t *testing.T, dir string) string {
	t.Helper()
	rep, err := Verify(context.Background(), dir, Options{})
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
		run := testgames.SynthRun(t, r, seed, 4, int(seed%3))
		testgames.WriteSynth(t, filepath.Join(src, "run", string(rune('a'+seed))), run, 0, 1+int64(seed%3))
	}
	for a := uint64(1); a <= 6; a++ {
		for b := uint64(1); b <= 6; b++ {
			if a == b {
				continue
			}
			dir := t.TempDir()
			da, db := filepath.Join(src, "run", string(rune('a'+a))), filepath.Join(src, "run", string(rune('a'+b)))
			copyTree(t, da, dir)
			pos, err := os.ReadFile(dataset.PartPath(db, dataset.TablePositions, "standard", 0))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(dataset.PartPath(dir, dataset.TablePositions, "standard", 0), pos, 0o644)
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
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 2, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	path := dataset.PartPath(dir, dataset.TablePositions, "standard", 0)
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
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 2, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	b, _ := os.ReadFile(dataset.PartPath(dir, dataset.TableGames, "standard", 0))
	stray := filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, "standard"), "part-0000000000 (copy).parquet")
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

// TestCheckFindsWhatChangesTheRowsReadersSee: Check (what stats and fit
// run before reading) passes a sound dataset and reports a copied part, a
// changed byte and a duplicated range.
func TestCheckFindsWhatChangesTheRowsReadersSee(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	testgames.WriteSynth(t, dir, run, 2, 3)
	if probs, err := Check(dir); err != nil || len(probs) != 0 {
		t.Fatalf("Check of a sound dataset: %v %v", probs, err)
	}
	dup := t.TempDir()
	copyTree(t, dir, dup)
	testgames.WriteSynth(t, dup, run, 1, 2) // games 1 and 2 twice
	path := dataset.PartPath(dir, dataset.TableGames, "standard", 2)
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
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 2, 0)
	testgames.WriteSynth(t, a, run, 0, 1)
	r2 := run
	r2.Seed = 5
	testgames.WriteSynth(t, seed2, r2, 0, 1)
	r3 := run
	r3.RandomOpening = 2
	testgames.WriteSynth(t, other, r3, 0, 1)
	if _, err := CheckPool([]string{a, a}, true); err == nil || !strings.Contains(err.Error(), "count twice") {
		t.Fatalf("pooling a dataset with itself: %v", err)
	}
	if mixed, err := CheckPool([]string{a, seed2}, false); err != nil || len(mixed) != 0 {
		t.Fatalf("pooling two seeds of one setting: %v %v", mixed, err)
	}
	if _, err := CheckPool([]string{a, other}, false); !setting.Advises(err, setting.Key("allow_mixed")) {
		t.Fatalf("pooling other settings: %v, want a refusal naming allow_mixed", err)
	}
	if mixed, err := CheckPool([]string{a, other}, true); err != nil || len(mixed) != 1 || !strings.Contains(mixed[0], "random_opening") {
		t.Fatalf("pooling other settings with allowMixed: %v %v", mixed, err)
	}
}

// TestCheckCountsAsVerifyDoes: a garbage games part without its positions
// part is one unreadable file; Check used to report it twice (as a part
// and again as a footer), so stats said one problem more than verify.
func TestCheckCountsAsVerifyDoes(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 3)
	os.WriteFile(dataset.PartPath(dir, dataset.TableGames, "standard", 99), []byte("not parquet"), 0o644)
	b, _ := os.ReadFile(dataset.PartPath(dir, dataset.TableGames, "standard", 0))
	os.WriteFile(filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, "standard"), "part-0000000000 (copy).parquet"), b, 0o644)
	probs, err := Check(dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(probs) != len(rep.Problems) {
		t.Fatalf("Check found %d problems, Verify %d:\n%s\n--\n%s", len(probs), len(rep.Problems), strings.Join(probs, "\n"), strings.Join(rep.Problems, "\n"))
	}
}

// TestCheckFlagsAPartInTheOtherVariantsPartition: a part copied into the
// other variant's partition was counted there too by stats, without a
// word, where verify flagged it; Check (what stats and fit run first) now
// says so as verify does.
func TestCheckFlagsAPartInTheOtherVariantsPartition(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 3)
	for _, table := range []string{dataset.TableGames, dataset.TablePositions} {
		b, err := os.ReadFile(dataset.PartPath(dir, table, "standard", 0))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(dataset.PartitionDir(dir, table, "majority"), 0o755)
		os.WriteFile(dataset.PartPath(dir, table, "majority", 0), b, 0o644)
	}
	probs, err := Check(dir)
	want := []string{
		dataset.PartPath(dir, dataset.TableGames, "majority", 0) + `: footer game "surakarta" variant "standard" in partition game=surakarta/variant=majority`,
		dataset.PartPath(dir, dataset.TablePositions, "majority", 0) + `: footer game "surakarta" variant "standard" in partition game=surakarta/variant=majority`,
	}
	if err != nil || strings.Join(probs, "\n") != strings.Join(want, "\n") {
		t.Fatalf("Check: %v %v\nwant %s", probs, err, strings.Join(want, "\n"))
	}
	rep, err := Verify(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if !slices.Contains(rep.Problems, w) {
			t.Errorf("Verify's problems lack %q:\n%s", w, strings.Join(rep.Problems, "\n"))
		}
	}
}
