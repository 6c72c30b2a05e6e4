package verify

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// TestVerifyCompleteNamesMissingShards: a run of 9 games in 3 shards whose
// shard 1 (games 3..5) never ran verifies row by row, but the completeness
// check reports the gap and the shard to rerun.
func TestVerifyCompleteNamesMissingShards(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 3, 9, 2)
	testgames.WriteSynth(t, dir, run, 0, 2)
	testgames.WriteSynth(t, dir, run, 6, 8)
	ctx := context.Background()

	rep, err := Verify(ctx, dir, Options{})
	if err != nil || !rep.OK() {
		t.Fatalf("rows alone should verify: %v %v", err, rep.Problems)
	}
	if c := rep.Partitions[0]; c.Checked || c.Games != 6 || c.RunGames != 9 || !slices.Equal(c.Ranges, []dataset.Range{{First: 0, Last: 2}, {First: 6, Last: 8}}) {
		t.Fatalf("coverage without the check: %+v", c)
	}

	rep, err = Verify(ctx, dir, Options{Complete: true, Shards: 3})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Partitions[0]
	if rep.OK() || c.Complete() || !slices.Equal(c.Missing, []dataset.Range{{First: 3, Last: 5}}) || !slices.Equal(c.MissingShards, []int{1}) || c.Want != 9 {
		t.Fatalf("completeness of a run without shard 1: %+v %v", c, rep.Problems)
	}
	if !strings.Contains(rep.Problems[0], "missing 3..5: rerun shard(s) 1 of 3 with resume") {
		t.Errorf("problem %q does not name the shard to rerun", rep.Problems[0])
	}

	// An explicit N smaller than the run's finds surplus ids.
	rep, _ = Verify(ctx, dir, Options{Games: 7})
	c = rep.Partitions[0]
	if !c.Checked || !slices.Equal(c.Surplus, []dataset.Range{{First: 7, Last: 8}}) || !slices.Equal(c.Missing, []dataset.Range{{First: 3, Last: 5}}) {
		t.Fatalf("--games 7: %+v", c)
	}

	testgames.WriteSynth(t, dir, run, 3, 5)
	rep, err = Verify(ctx, dir, Options{Complete: true, Shards: 3})
	if err != nil || !rep.OK() || !rep.Partitions[0].Complete() {
		t.Fatalf("after the missing shard: %v %+v %v", err, rep.Partitions, rep.Problems)
	}
}

// TestVerifyExpectingMoreGamesThanTheRunSaysSo: --expect-games 10 on a
// complete 9-game run is not "missing 9..9: rerun with --resume" (no
// resume plays a game beyond the run's count) but "expected 10, the run
// has 9"; games missing inside the run are still named for a resume.
func TestVerifyExpectingMoreGamesThanTheRunSaysSo(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 3, 9, 2)
	testgames.WriteSynth(t, dir, run, 0, 2)
	testgames.WriteSynth(t, dir, run, 6, 8)
	rep, err := Verify(context.Background(), dir, Options{Games: 10})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Partitions[0]
	text := strings.Join(rep.Problems, "\n")
	if rep.OK() || !slices.Equal(c.Missing, []dataset.Range{{First: 3, Last: 5}}) || c.Want != 10 ||
		!strings.Contains(text, "expected 10 games, the run has 9") || strings.Contains(text, "9..9") {
		t.Fatalf("--expect-games 10 on a 9-game run missing 3..5: missing %v, problems:\n%s", c.Missing, text)
	}
}

// TestVerifyCompleteReplayWantsItsChosenIDs: a replay run (game ids 1,4-5)
// is complete with exactly those ids.
func TestVerifyCompleteReplayWantsItsChosenIDs(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 3, 9, 0)
	run.GameIDs = "1,4-5"
	testgames.WriteSynth(t, dir, run, 1, 1)
	testgames.WriteSynth(t, dir, run, 4, 4)
	rep, err := Verify(context.Background(), dir, Options{Complete: true})
	if err != nil || rep.OK() || !strings.Contains(rep.Problems[0], "replay of the games 1,4-5 holds the games 1..1, 4..4") {
		t.Fatalf("replay lacking game 5: %v %v", err, rep.Problems)
	}
	testgames.WriteSynth(t, dir, run, 5, 5)
	rep, err = Verify(context.Background(), dir, Options{Complete: true})
	if err != nil || !rep.OK() || !rep.Partitions[0].Complete() {
		t.Fatalf("whole replay: %v %v", err, rep.Problems)
	}
}

// TestVerifyStopsOnCancel: a cancelled context stops Verify before it
// replays a game, with the context's error.
func TestVerifyStopsOnCancel(t *testing.T) {
	dir := t.TempDir()
	testgames.WriteSynth(t, dir, testgames.SynthRun(t, rules.DefaultRules(), 3, 4, 2), 0, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Verify(ctx, dir, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	if rep == nil || rep.Games != 0 {
		t.Fatalf("report %+v: no game should have been replayed", rep)
	}
}

// TestVerifyChecksThePolicysMoves: a policy entry whose move is not the
// notation of its action in the position (here the notation of another
// move) is a problem that names the entry; a sound dataset has none.
func TestVerifyChecksThePolicysMoves(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 5, 2, 0)
	g, p := testgames.SynthGame(t, rules.DefaultRules(), run.Seed, 0, run.RandomOpening)
	p[3].Policy[0].Move = "a1-a2"
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WritePart(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 0}, []dataset.GameRow{g}, p); err != nil {
		t.Fatal(err)
	}
	rep, err := Verify(context.Background(), dir, Options{})
	if err != nil || rep.OK() || !strings.Contains(strings.Join(rep.Problems, "\n"), `game 0 ply 3: policy entry of action`) || !strings.Contains(rep.Problems[0], `has move "a1-a2"`) {
		t.Fatalf("a policy entry with another move's notation: %v %v", err, rep.Problems)
	}
}
