package dataset_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// TestResumeRunHoldsTheGamesAndRepairsOnlyOnAResume checks the one call a
// writer makes: without a resume it holds the games and only looks (the
// complete parts, a half-written one as a leftover, nothing removed);
// with a resume it removes the leftover and says so; a foreign file is
// refused by name and the games' lock released.
func TestResumeRunHoldsTheGamesAndRepairsOnlyOnAResume(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 4, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	testgames.WriteSynth(t, dir, run, 2, 3)
	half := dataset.PartPath(dir, dataset.TableGames, run.Variant, 2)
	if err := os.Remove(half); err != nil {
		t.Fatal(err)
	}
	left := dataset.PartPath(dir, dataset.TablePositions, run.Variant, 2)
	var said []string
	logf := func(f string, a ...any) { said = append(said, fmt.Sprintf(f, a...)) }

	res, err := dataset.ResumeRun(dir, run, 0, 4, false, logf)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(res.Complete) != fmt.Sprint([]dataset.Range{{0, 1}}) || !slices.Contains(res.Leftovers, left) || len(said) != 0 {
		t.Errorf("without resume: complete %v, leftovers %v, said %q; want [0..1], %s and nothing said", res.Complete, res.Leftovers, said, left)
	}
	if _, err := dataset.ResumeRun(dir, run, 0, 4, true, logf); err == nil {
		t.Error("a second writer of the same games was not refused")
	}
	res.Lock.Unlock()

	res, err = dataset.ResumeRun(dir, run, 0, 4, true, logf)
	if err != nil {
		t.Fatal(err)
	}
	res.Lock.Unlock()
	if _, err := os.Stat(left); !os.IsNotExist(err) || !strings.Contains(strings.Join(said, "\n"), "removed "+left+", left by an interrupted run") {
		t.Errorf("resume: %s stat %v, said %q; want it removed and said", left, err, said)
	}

	foreign := filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, run.Variant), "notes.txt")
	if err := os.WriteFile(foreign, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := dataset.ResumeRun(dir, run, 0, 4, true, logf); err == nil || !strings.Contains(err.Error(), foreign) {
		t.Errorf("a foreign file: error %v, want one naming %s", err, foreign)
	}
	l, err := dataset.LockGames(dir, run.Variant, 0, 4)
	if err != nil {
		t.Fatalf("the refused resume kept the games' lock: %v", err)
	}
	l.Unlock()
}

// writeSynthMatch writes games [first, last] of run as one part of a
// match's record: the synthetic games with a matches row each.
func writeSynthMatch(t *testing.T, dir string, run dataset.Run, first, last int64) {
	t.Helper()
	r, err := rules.ParseRules(run.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var games []dataset.GameRow
	var matches []dataset.MatchRow
	for id := first; id <= last; id++ {
		g, _ := testgames.SynthGame(t, r, run.Seed, id, run.RandomOpening)
		games = append(games, g)
		matches = append(matches, dataset.MatchRow{GameID: id, Red: "a", Black: "b", RedName: "x", BlackName: "y"})
	}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteMatchPart(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: first, LastGame: last}, games, matches); err != nil {
		t.Fatal(err)
	}
}

// TestResumeRunPairsAMatchsGamesWithItsMatchesTable: a match's record pairs
// its games parts with the matches table, not positions: its whole parts
// are complete (not leftovers a resume would remove), a matches part
// without its games part is the leftover of an interrupted write, removed
// on a resume, and a part whose commit record was lost is checked row by
// row and recorded again. Inspect and Check see the matches table.
func TestResumeRunPairsAMatchsGamesWithItsMatchesTable(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 5, 6, 2)
	run.Engine = "a: x | b: y"
	writeSynthMatch(t, dir, run, 0, 1)
	writeSynthMatch(t, dir, run, 2, 3)
	writeSynthMatch(t, dir, run, 4, 5)
	if dataset.OtherTable(dir, run.Partition()) != dataset.TableMatches {
		t.Fatalf("the other table of a match's record is %s", dataset.OtherTable(dir, run.Partition()))
	}
	if probs, err := verify.Check(dir); err != nil || len(probs) > 0 {
		t.Fatalf("Check of a sound match record: %v %q", err, probs)
	}
	in, err := verify.Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for _, p := range in.Partitions {
		tables = append(tables, p.Table)
	}
	if !slices.Equal(tables, []string{dataset.TableGames, dataset.TableMatches}) {
		t.Errorf("Inspect lists the tables %v, want games and matches", tables)
	}
	if err := os.Remove(dataset.PartPath(dir, dataset.TableGames, run.Variant, 4)); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(dataset.CommitPath(dir, run.Variant, 2)); err != nil {
		t.Fatal(err)
	}
	left := dataset.PartPath(dir, dataset.TableMatches, run.Variant, 4)
	res, err := dataset.ResumeRun(dir, run, 0, 6, false, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	res.Lock.Unlock()
	if fmt.Sprint(res.Complete) != fmt.Sprint([]dataset.Range{{0, 1}, {2, 3}}) || !slices.Equal(res.Leftovers, []string{dataset.CommitPath(dir, run.Variant, 4), left}) {
		t.Errorf("without resume: complete %v, leftovers %q; want [0..1 2..3] and part 4's matches part and record", res.Complete, res.Leftovers)
	}
	var said []string
	res, err = dataset.ResumeRun(dir, run, 0, 6, true, func(f string, a ...any) { said = append(said, fmt.Sprintf(f, a...)) })
	if err != nil {
		t.Fatal(err)
	}
	res.Lock.Unlock()
	all := strings.Join(said, "\n")
	if _, err := os.Stat(left); !os.IsNotExist(err) || !strings.Contains(all, "removed "+left) {
		t.Errorf("resume: %s stat %v, said %q; want it removed and said", left, err, said)
	}
	if !strings.Contains(all, "checked "+dataset.PartPath(dir, dataset.TableGames, run.Variant, 2)+" and recorded its hashes") || fmt.Sprint(res.Complete) != fmt.Sprint([]dataset.Range{{0, 1}, {2, 3}}) {
		t.Errorf("resume: complete %v, said %q; want part 2 checked and recorded", res.Complete, said)
	}
	rec, err := dataset.ReadCommit(dataset.CommitPath(dir, run.Variant, 2))
	if err != nil || rec.Matches.SHA256 == "" || rec.Positions != (dataset.FileSum{}) {
		t.Errorf("part 2's new commit record %+v (%v): want the matches file's sum and no positions", rec, err)
	}
	if probs, err := verify.Check(dir); err != nil || len(probs) > 0 {
		t.Fatalf("Check after the resume: %v %q", err, probs)
	}
}
