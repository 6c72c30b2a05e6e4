package verify

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

func TestVerifyAcceptsAConsistentDataset(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 3, 4, 6)
	testgames.WriteSynth(t, dir, run, 0, 1)
	testgames.WriteSynth(t, dir, run, 2, 3)
	mr := rules.DefaultRules()
	mr.Variant = rules.Majority
	testgames.WriteSynth(t, dir, testgames.SynthRun(t, mr, 3, 2, 6), 0, 1)
	rep, err := Verify(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() || rep.Games != 6 || rep.Files != 6 || len(rep.Variants) != 2 {
		t.Fatalf("verify of a clean dataset: %+v", rep)
	}
}

// TestVerifyCatchesCorruption writes one deliberately damaged part per case
// and checks that Verify names the problem.
func TestVerifyCatchesCorruption(t *testing.T) {
	r := rules.DefaultRules()
	run := testgames.SynthRun(t, r, 11, 3, 2)
	var games []dataset.GameRow
	var pos []dataset.PositionRow
	for id := int64(0); id < 3; id++ {
		g, p := testgames.SynthGame(t, r, run.Seed, id, run.RandomOpening)
		games, pos = append(games, g), append(pos, p...)
	}
	// firstOf returns the index of game id's first position row.
	firstOf := func(id int64) int {
		return slices.IndexFunc(pos, func(p dataset.PositionRow) bool { return p.GameID == id })
	}
	cases := []struct {
		name   string
		mutate func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow)
		want   string
	}{
		{"changed move in games", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			m := gs[1].Moves
			i := len(m) / 2
			p, _ := rules.ParseFEN(ps[firstOf(1)+i-int(gs[1].OpeningPlies)].FEN)
			var buf [rules.MaxMoves]rules.Move
			for _, lm := range p.GenerateMoves(buf[:0]) {
				if s := p.MoveString(lm); s != m[i] {
					m[i] = s
					break
				}
			}
			return gs, ps
		}, "game 1"},
		{"changed result", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			ps[firstOf(2)+1].Result = 1 - ps[firstOf(2)+1].Result
			return gs, ps
		}, "result"},
		{"changed winner", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			if gs[0].Winner == "red" {
				gs[0].Winner = "black"
			} else {
				gs[0].Winner = "red"
			}
			return gs, ps
		}, "winner"},
		{"illegal policy action", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			ps[3].Policy = append(ps[3].Policy, dataset.PolicyEntry{Action: 0, Visits: 1})
			return gs, ps
		}, "not a legal move"},
		{"policy misses the move played", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			ps[4].Policy = slices.DeleteFunc(ps[4].Policy, func(e dataset.PolicyEntry) bool { return e.Action == ps[4].MoveIndex })
			return gs, ps
		}, "does not include the move played"},
		{"missing position row", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			return gs, slices.Delete(ps, 5, 6)
		}, "expected ply"},
		{"wrong bitboard", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			ps[6].Red ^= 1 << 20
			return gs, ps
		}, "red "},
		{"wrong fen", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			ps[7].FEN = rules.StartFEN
			return gs, ps
		}, "fen"},
		{"wrong opening", func(gs []dataset.GameRow, ps []dataset.PositionRow) ([]dataset.GameRow, []dataset.PositionRow) {
			gs[2].OpeningPlies = 0
			return gs, ps
		}, "opening"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			gs, ps := tc.mutate(testgames.Clone(games), testgames.Clone(pos))
			if err := dataset.ClaimPartition(dir, run); err != nil {
				t.Fatal(err)
			}
			if err := dataset.WritePart(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 2}, gs, ps); err != nil {
				t.Fatal(err)
			}
			rep, err := Verify(context.Background(), dir, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() {
				t.Fatalf("verify accepted a dataset with a %s", tc.name)
			}
			all := strings.Join(rep.Problems, "\n")
			if !strings.Contains(all, tc.want) || !strings.Contains(all, "part-0000000000.parquet") {
				t.Fatalf("problems do not name %q and the file:\n%s", tc.want, all)
			}
		})
	}
}

func TestVerifyCatchesDuplicateGameIDs(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 5, 4, 0)
	testgames.WriteSynth(t, dir, run, 0, 2)
	testgames.WriteSynth(t, dir, run, 2, 3) // overlaps game 2
	rep, err := Verify(context.Background(), dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || !strings.Contains(strings.Join(rep.Problems, "\n"), "duplicate") {
		t.Fatalf("overlapping parts not reported: %v", rep.Problems)
	}
}

func TestInspectCountsRowsAndRanges(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 2, 4, 0)
	_, p1 := testgames.WriteSynth(t, dir, run, 0, 1)
	_, p2 := testgames.WriteSynth(t, dir, run, 2, 3)
	in, err := Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Partitions) != 2 {
		t.Fatalf("partitions: %+v", in.Partitions)
	}
	for _, p := range in.Partitions {
		want := int64(4)
		if p.Table == dataset.TablePositions {
			want = int64(len(p1) + len(p2))
		}
		if p.Rows != want || p.Games != 4 || !reflect.DeepEqual(p.Ranges, []dataset.Range{{First: 0, Last: 3}}) {
			t.Errorf("%s: rows %d games %d ranges %v", p.Table, p.Rows, p.Games, p.Ranges)
		}
	}
	if in.Manifests["standard"] != run {
		t.Errorf("manifest %+v, want %+v", in.Manifests["standard"], run)
	}
}
