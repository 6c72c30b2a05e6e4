package dataset

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/lz4"

	"github.com/surakarta/surakarta/rules"
)

func cloneGames(gs []GameRow) []GameRow {
	out := make([]GameRow, len(gs))
	for i := range gs {
		out[i] = gs[i].Clone()
	}
	return out
}

func clonePositions(ps []PositionRow) []PositionRow {
	out := make([]PositionRow, len(ps))
	for i := range ps {
		out[i] = ps[i].Clone()
	}
	return out
}

func readAll(t *testing.T, dir, variant string, columns []string) ([]GameRow, []PositionRow) {
	t.Helper()
	var games []GameRow
	var pos []PositionRow
	if err := ScanGames(dir, variant, func(g *GameRow) error {
		games = append(games, cloneGames([]GameRow{*g})...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := ScanPositions(dir, variant, columns, func(p *PositionRow) error {
		pos = append(pos, clonePositions([]PositionRow{*p})...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return games, pos
}

func TestScanReturnsTheRowsWritten(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 7, 6, 4)
	g1, p1 := writeSynth(t, dir, run, 0, 2)
	g2, p2 := writeSynth(t, dir, run, 3, 5)
	wantG, wantP := append(g1, g2...), append(p1, p2...)
	gotG, gotP := readAll(t, dir, "standard", nil)
	if !reflect.DeepEqual(gotG, wantG) {
		t.Fatalf("games read back differ:\n got %+v\nwant %+v", gotG[0], wantG[0])
	}
	if len(gotP) != len(wantP) {
		t.Fatalf("read %d positions, wrote %d", len(gotP), len(wantP))
	}
	for i := range wantP {
		if !reflect.DeepEqual(gotP[i], wantP[i]) {
			t.Fatalf("position %d read back differs:\n got %+v\nwant %+v", i, gotP[i], wantP[i])
		}
	}
	// All variants (empty variant) reads the same here.
	allG, _ := readAll(t, dir, "", []string{"game_id"})
	if len(allG) != len(wantG) {
		t.Fatalf("all-variant scan read %d games, want %d", len(allG), len(wantG))
	}
}

// TestCloneSharesNoMemory: a clone keeps its moves and policy when the
// scanner overwrites the row it came from.
func TestCloneSharesNoMemory(t *testing.T) {
	g := GameRow{GameID: 1, Moves: []string{"a1-a2", "a6-a5"}}
	p := PositionRow{GameID: 1, Policy: []PolicyEntry{{Action: 3, Visits: 4, Move: "a1-a2"}}}
	gc, pc := g.Clone(), p.Clone()
	g.Moves[0], p.Policy[0].Visits = "b1-b2", 9
	if !reflect.DeepEqual(gc, GameRow{GameID: 1, Moves: []string{"a1-a2", "a6-a5"}}) {
		t.Errorf("game clone changed with the row: %+v", gc)
	}
	if !reflect.DeepEqual(pc, PositionRow{GameID: 1, Policy: []PolicyEntry{{Action: 3, Visits: 4, Move: "a1-a2"}}}) {
		t.Errorf("position clone changed with the row: %+v", pc)
	}
}

func TestScanPositionsFillsOnlyTheColumnsAsked(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 1, 2, 0)
	_, want := writeSynth(t, dir, run, 0, 1)
	cols := []string{"red", "black", "side_to_move", "no_capture_plies", "result", "root_value", "game_id"}
	_, got := readAll(t, dir, "standard", cols)
	for i := range want {
		w := PositionRow{GameID: want[i].GameID, Red: want[i].Red, Black: want[i].Black, SideToMove: want[i].SideToMove,
			NoCapturePlies: want[i].NoCapturePlies, Result: want[i].Result, RootValue: want[i].RootValue}
		g := got[i]
		g.Policy = nil
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("row %d: got %+v, want %+v", i, g, w)
		}
	}
	_, got = readAll(t, dir, "standard", []string{"policy", "move"})
	for i := range want {
		if !reflect.DeepEqual(got[i].Policy, want[i].Policy) || got[i].Move != want[i].Move || got[i].FEN != "" {
			t.Fatalf("row %d: policy/move projection wrong: %+v", i, got[i])
		}
	}
	err := ScanPositions(dir, "standard", []string{"nope"}, func(*PositionRow) error { return nil })
	if err == nil || !strings.Contains(err.Error(), `no column "nope"`) {
		t.Fatalf("unknown column: got %v", err)
	}
}

func TestScanStopsOnCallbackErrorAndErrStop(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, synthRun(t, rules.DefaultRules(), 1, 3, 0), 0, 2)
	n := 0
	if err := ScanPositions(dir, "standard", nil, func(*PositionRow) error { n++; return ErrStop }); err != nil || n != 1 {
		t.Fatalf("ErrStop: err %v after %d rows, want nil after 1", err, n)
	}
	boom := errors.New("boom")
	if err := ScanGames(dir, "standard", func(*GameRow) error { return boom }); err != boom {
		t.Fatalf("callback error not returned as is: %v", err)
	}
}

func TestVerifyAcceptsAConsistentDataset(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 3, 4, 6)
	writeSynth(t, dir, run, 0, 1)
	writeSynth(t, dir, run, 2, 3)
	mr := rules.DefaultRules()
	mr.Variant = rules.Majority
	writeSynth(t, dir, synthRun(t, mr, 3, 2, 6), 0, 1)
	rep, err := Verify(context.Background(), dir, VerifyOptions{})
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
	run := synthRun(t, r, 11, 3, 2)
	var games []GameRow
	var pos []PositionRow
	for id := int64(0); id < 3; id++ {
		g, p := synthGame(t, r, run.Seed, id, run.RandomOpening)
		games, pos = append(games, g), append(pos, p...)
	}
	// firstOf returns the index of game id's first position row.
	firstOf := func(id int64) int {
		return slices.IndexFunc(pos, func(p PositionRow) bool { return p.GameID == id })
	}
	cases := []struct {
		name   string
		mutate func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow)
		want   string
	}{
		{"changed move in games", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
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
		{"changed result", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			ps[firstOf(2)+1].Result = 1 - ps[firstOf(2)+1].Result
			return gs, ps
		}, "result"},
		{"changed winner", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			if gs[0].Winner == "red" {
				gs[0].Winner = "black"
			} else {
				gs[0].Winner = "red"
			}
			return gs, ps
		}, "winner"},
		{"illegal policy action", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			ps[3].Policy = append(ps[3].Policy, PolicyEntry{Action: 0, Visits: 1})
			return gs, ps
		}, "not a legal move"},
		{"policy misses the move played", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			ps[4].Policy = slices.DeleteFunc(ps[4].Policy, func(e PolicyEntry) bool { return e.Action == ps[4].MoveIndex })
			return gs, ps
		}, "does not include the move played"},
		{"missing position row", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			return gs, slices.Delete(ps, 5, 6)
		}, "expected ply"},
		{"wrong bitboard", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			ps[6].Red ^= 1 << 20
			return gs, ps
		}, "red "},
		{"wrong fen", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			ps[7].FEN = rules.StartFEN
			return gs, ps
		}, "fen"},
		{"wrong opening", func(gs []GameRow, ps []PositionRow) ([]GameRow, []PositionRow) {
			gs[2].OpeningPlies = 0
			return gs, ps
		}, "opening"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			gs, ps := tc.mutate(cloneGames(games), clonePositions(pos))
			if err := ClaimPartition(dir, run); err != nil {
				t.Fatal(err)
			}
			if err := WritePart(dir, FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 2}, gs, ps); err != nil {
				t.Fatal(err)
			}
			rep, err := Verify(context.Background(), dir, VerifyOptions{})
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
	run := synthRun(t, rules.DefaultRules(), 5, 4, 0)
	writeSynth(t, dir, run, 0, 2)
	writeSynth(t, dir, run, 2, 3) // overlaps game 2
	rep, err := Verify(context.Background(), dir, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || !strings.Contains(strings.Join(rep.Problems, "\n"), "duplicate") {
		t.Fatalf("overlapping parts not reported: %v", rep.Problems)
	}
}

func TestOpenRefusesASchemaMismatch(t *testing.T) {
	type otherRow struct {
		GameID int64   `parquet:"game_id"`
		Ply    int16   `parquet:"ply"`
		Result float64 `parquet:"result"`
	}
	dir := filepath.Join(t.TempDir(), "positions", "variant=standard")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "part-0000000000.parquet")
	meta := FileMeta{Run: synthRun(t, rules.DefaultRules(), 1, 1, 0), Table: TablePositions, Shards: 1}
	var opts []parquet.WriterOption
	for _, kv := range meta.keyValues() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	if err := parquet.WriteFile(path, []otherRow{{1, 2, 0.5}}, opts...); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), "schema mismatch") || !strings.Contains(err.Error(), path) {
		t.Fatalf("foreign schema: got %v, want a schema mismatch naming the file", err)
	}

	// A PositionRow file whose result column has another type.
	path2 := filepath.Join(dir, "part-0000000001.parquet")
	// (Its int8 written as a 32-bit integer: the physical type is the same,
	// only the logical type differs.)
	retyped := parquet.StructTag(`parquet:"result,int(32)"`, "Result")
	if err := parquet.WriteFile(path2, []PositionRow{{Result: 1}}, append(opts, retyped)...); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path2)
	if err == nil || !strings.Contains(err.Error(), "column result") {
		t.Fatalf("retyped column: got %v, want it named", err)
	}
}

// TestOpenRefusesLZ4Chunks checks the guard against parquet-go's LZ4
// decoder, which loops forever on a damaged block (found by
// FuzzOpenAndScan): dataset files are zstd, and Open refuses LZ4 before
// decoding a page.
func TestOpenRefusesLZ4Chunks(t *testing.T) {
	_, p := synthGame(t, rules.DefaultRules(), 1, 0, 0)
	dir := filepath.Join(t.TempDir(), "positions", "variant=standard")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "part-0000000000.parquet")
	meta := FileMeta{Run: synthRun(t, rules.DefaultRules(), 1, 1, 0), Table: TablePositions, Shards: 1}
	opts := []parquet.WriterOption{parquet.Compression(&lz4.Codec{})}
	for _, kv := range meta.keyValues() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	if err := parquet.WriteFile(path, p, opts...); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path)
	if err == nil || !strings.Contains(err.Error(), "compression") {
		t.Fatalf("LZ4 file: got %v, want a refusal naming the compression", err)
	}
}

func TestOpenRefusesNonParquetWithoutPanic(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.parquet")
	run := synthRun(t, rules.DefaultRules(), 1, 1, 0)
	g, p := synthGame(t, rules.DefaultRules(), 1, 0, 0)
	d2 := t.TempDir()
	if err := WritePart(d2, FileMeta{Run: run, Shards: 1}, []GameRow{g}, p); err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(PartPath(d2, TablePositions, "standard", 0))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(good, valid, 0o644)
	inputs := map[string][]byte{
		"empty":     nil,
		"text":      []byte("game_id,ply\n1,2\n"),
		"magic":     []byte("PAR1PAR1"),
		"badfooter": append(append([]byte("PAR1"), bytes.Repeat([]byte{0xff}, 64)...), []byte("\x10\x00\x00\x00PAR1")...),
		"truncated": valid[:len(valid)/2],
		"nofooter":  valid[:len(valid)-8],
	}
	for name, b := range inputs {
		path := filepath.Join(dir, name+".parquet")
		os.WriteFile(path, b, 0o644)
		f, err := Open(path)
		if err == nil {
			f.Close()
			t.Errorf("%s: Open accepted a broken file", name)
		} else if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
	f, err := Open(good)
	if err != nil {
		t.Fatalf("the intact copy: %v", err)
	}
	f.Close()
}

// FuzzOpenAndScan feeds arbitrary bytes to Open and a full scan: every
// input must give rows or an error, never a panic or a hang (parquet-go's
// LZ4 decoder loops forever on damaged blocks; Open refuses that codec).
func FuzzOpenAndScan(f *testing.F) {
	d := f.TempDir()
	run := synthRun(f, rules.DefaultRules(), 1, 1, 0)
	g, p := synthGame(f, rules.DefaultRules(), 1, 0, 0)
	// Small seeds keep the fuzzer fast: two position rows, two moves.
	p = p[:2]
	g.Moves = g.Moves[:2]
	if err := WritePart(d, FileMeta{Run: run, Shards: 1}, []GameRow{g}, p); err != nil {
		f.Fatal(err)
	}
	for _, table := range []string{TablePositions, TableGames} {
		b, err := os.ReadFile(PartPath(d, table, "standard", 0))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)*3/4])
		mid := slices.Clone(b)
		for i := len(mid) / 3; i < len(mid)/3+16; i++ {
			mid[i] ^= 0x5a
		}
		f.Add(mid)
	}
	f.Add([]byte("PAR1"))
	dir := f.TempDir()
	path := filepath.Join(dir, "x.parquet")
	f.Fuzz(func(t *testing.T, b []byte) {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		done := make(chan bool)
		go func() {
			defer close(done)
			file, err := Open(path)
			if err != nil {
				return
			}
			defer file.Close()
			if file.Meta.Table == TablePositions {
				file.ScanPositions(nil, func(*PositionRow) error { return nil })
			} else {
				file.ScanGames(func(*GameRow) error { return nil })
			}
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("Open and scan of a %d-byte input did not finish in 20 s", len(b))
		}
	})
}

func TestCompleteAndCleanupAfterAnInterruptedRun(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 2, 10, 0)
	writeSynth(t, dir, run, 0, 1)
	writeSynth(t, dir, run, 2, 3)
	// An interrupted part: positions renamed, games still temporary.
	games, pos := synthGame(t, rules.DefaultRules(), 2, 4, 0)
	meta := FileMeta{Run: run, Shards: 1, FirstGame: 4, LastGame: 4}
	pw, _ := Create[PositionRow](dir, meta)
	pw.Write(pos)
	if err := pw.Commit(); err != nil {
		t.Fatal(err)
	}
	gw, _ := Create[GameRow](dir, meta)
	gw.Write([]GameRow{games})
	// A temporary file of another shard's range must survive the cleanup.
	other := filepath.Join(PartitionDir(dir, TableGames, "standard"), ".part-0000000008.parquet.tmp-1")
	os.WriteFile(other, []byte("x"), 0o644)

	got, err := Complete(dir, "standard")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Range{{0, 1}, {2, 3}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Complete = %v, want %v", got, want)
	}
	removed, err := Cleanup(dir, "standard", 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(removed) != 2 {
		t.Fatalf("Cleanup removed %v, want the games temp file and the lone positions part", removed)
	}
	if _, err := os.Stat(other); err != nil {
		t.Fatalf("Cleanup removed another shard's file: %v", err)
	}
	// The part can now be written again.
	gw2, err := Create[GameRow](dir, meta)
	if err != nil {
		t.Fatalf("re-creating the cleaned part: %v", err)
	}
	gw2.Abort()
}

func TestClaimPartitionRefusesADifferentRun(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 2, 10, 0)
	if err := ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := ClaimPartition(dir, run); err != nil {
		t.Fatalf("same settings refused: %v", err)
	}
	other := run
	other.Seed = 3
	err := ClaimPartition(dir, other)
	if err == nil || !strings.Contains(err.Error(), "seed") {
		t.Fatalf("different seed: got %v", err)
	}
	// The other variant is a separate partition.
	mr := rules.DefaultRules()
	mr.Variant = rules.Majority
	if err := ClaimPartition(dir, synthRun(t, mr, 3, 10, 0)); err != nil {
		t.Fatalf("majority partition beside standard: %v", err)
	}
	// Without a manifest, the footers decide.
	os.Remove(ManifestPath(dir, "standard"))
	writeSynth(t, dir, run, 0, 0)
	os.Remove(ManifestPath(dir, "standard"))
	if err := ClaimPartition(dir, other); err == nil {
		t.Fatal("a partition without manifest accepted a run that differs from its files")
	}
}

func TestInspectCountsRowsAndRanges(t *testing.T) {
	dir := t.TempDir()
	run := synthRun(t, rules.DefaultRules(), 2, 4, 0)
	_, p1 := writeSynth(t, dir, run, 0, 1)
	_, p2 := writeSynth(t, dir, run, 2, 3)
	in, err := Inspect(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Partitions) != 2 {
		t.Fatalf("partitions: %+v", in.Partitions)
	}
	for _, p := range in.Partitions {
		want := int64(4)
		if p.Table == TablePositions {
			want = int64(len(p1) + len(p2))
		}
		if p.Rows != want || p.Games != 4 || !reflect.DeepEqual(p.Ranges, []Range{{0, 3}}) {
			t.Errorf("%s: rows %d games %d ranges %v", p.Table, p.Rows, p.Games, p.Ranges)
		}
	}
	if in.Manifests["standard"] != run {
		t.Errorf("manifest %+v, want %+v", in.Manifests["standard"], run)
	}
}

// TestSplitMix64MatchesTheReference checks the first outputs of the
// SplitMix64 generator seeded with 0 against the values of Vigna's
// reference C implementation (splitmix64.c).
func TestSplitMix64MatchesTheReference(t *testing.T) {
	s := NewStream(0)
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := s.Uint64(); got != w {
			t.Fatalf("output %d: %#x, want %#x", i, got, w)
		}
	}
	if SplitMix64(0) != want[0] {
		t.Fatal("SplitMix64(0) differs from the stream's first output")
	}
}

func TestStreamIntNIsInRangeAndCoversIt(t *testing.T) {
	s := NewStream(42)
	for _, n := range []int{1, 2, 3, 7, 192} {
		seen := make([]int, n)
		for range 200 * n {
			v := s.IntN(n)
			if v < 0 || v >= n {
				t.Fatalf("IntN(%d) = %d", n, v)
			}
			seen[v]++
		}
		for v, c := range seen {
			if c < 100 {
				t.Fatalf("IntN(%d): %d drawn %d times in %d, not uniform", n, v, c, 200*n)
			}
		}
	}
}

// Paired variant runs pair the search too: the same game id gets the same
// opening and the same search stream under both variants (issue 12).
func TestOpeningAndSearchSeedsIgnoreTheVariant(t *testing.T) {
	std, maj := rules.DefaultRules(), rules.DefaultRules()
	maj.Variant = rules.Majority
	g1, _ := rules.NewGame(std, rules.Start())
	g2, _ := rules.NewGame(maj, rules.Start())
	PlayRandomOpening(g1, 9, 3, 8)
	PlayRandomOpening(g2, 9, 3, 8)
	if !slices.Equal(g1.Moves(), g2.Moves()) || len(g1.Moves()) != 8 {
		t.Fatalf("openings differ between variants: %v vs %v", g1.Moves(), g2.Moves())
	}
	if OpeningSeed(9, 3) == OpeningSeed(9, 4) || OpeningSeed(9, 3) == OpeningSeed(10, 3) {
		t.Fatal("opening seeds collide across games or seeds")
	}
	if SearchSeed(9, 3) == SearchSeed(9, 4) || SearchSeed(9, 3) == OpeningSeed(9, 3) {
		t.Fatal("search seeds collide across games or with the opening stream")
	}
	// Standard-variant games of earlier runs keep their search stream.
	if SearchSeed(9, 3) != SplitMix64(OpeningSeed(9, 3)^0xd1b54a32d192ed03) {
		t.Fatal("the search seed formula changed for standard games")
	}
}
