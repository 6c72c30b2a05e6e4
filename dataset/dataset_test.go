package dataset_test

import (
	"bytes"
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
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

func readAll(t *testing.T, dir, variant string, columns []string) ([]dataset.GameRow, []dataset.PositionRow) {
	t.Helper()
	var games []dataset.GameRow
	var pos []dataset.PositionRow
	if err := dataset.ScanGames(dir, variant, func(g *dataset.GameRow) error {
		games = append(games, testgames.Clone([]dataset.GameRow{*g})...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if err := dataset.ScanPositions(dir, variant, columns, func(p *dataset.PositionRow) error {
		pos = append(pos, testgames.Clone([]dataset.PositionRow{*p})...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return games, pos
}

func TestScanReturnsTheRowsWritten(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 7, 6, 4)
	g1, p1 := testgames.WriteSynth(t, dir, run, 0, 2)
	g2, p2 := testgames.WriteSynth(t, dir, run, 3, 5)
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
	g := dataset.GameRow{GameID: 1, Moves: []string{"a1-a2", "a6-a5"}}
	p := dataset.PositionRow{GameID: 1, Policy: []dataset.PolicyEntry{{Action: 3, Visits: 4, Move: "a1-a2"}}}
	gc, pc := g.Clone(), p.Clone()
	g.Moves[0], p.Policy[0].Visits = "b1-b2", 9
	if !reflect.DeepEqual(gc, dataset.GameRow{GameID: 1, Moves: []string{"a1-a2", "a6-a5"}}) {
		t.Errorf("game clone changed with the row: %+v", gc)
	}
	if !reflect.DeepEqual(pc, dataset.PositionRow{GameID: 1, Policy: []dataset.PolicyEntry{{Action: 3, Visits: 4, Move: "a1-a2"}}}) {
		t.Errorf("position clone changed with the row: %+v", pc)
	}
}

func TestScanPositionsFillsOnlyTheColumnsAsked(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 1, 2, 0)
	_, want := testgames.WriteSynth(t, dir, run, 0, 1)
	cols := []string{"red", "black", "side_to_move", "no_capture_plies", "result", "root_value", "game_id"}
	_, got := readAll(t, dir, "standard", cols)
	for i := range want {
		w := dataset.PositionRow{GameID: want[i].GameID, Red: want[i].Red, Black: want[i].Black, SideToMove: want[i].SideToMove,
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
	err := dataset.ScanPositions(dir, "standard", []string{"nope"}, func(*dataset.PositionRow) error { return nil })
	if err == nil || !strings.Contains(err.Error(), `no column "nope"`) {
		t.Fatalf("unknown column: got %v", err)
	}
}

func TestScanStopsOnCallbackErrorAndErrStop(t *testing.T) {
	dir := t.TempDir()
	testgames.WriteSynth(t, dir, testgames.SynthRun(t, rules.DefaultRules(), 1, 3, 0), 0, 2)
	n := 0
	if err := dataset.ScanPositions(dir, "standard", nil, func(*dataset.PositionRow) error { n++; return dataset.ErrStop }); err != nil || n != 1 {
		t.Fatalf("ErrStop: err %v after %d rows, want nil after 1", err, n)
	}
	boom := errors.New("boom")
	if err := dataset.ScanGames(dir, "standard", func(*dataset.GameRow) error { return boom }); err != boom {
		t.Fatalf("callback error not returned as is: %v", err)
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
	meta := dataset.FileMeta{Run: testgames.SynthRun(t, rules.DefaultRules(), 1, 1, 0), Table: dataset.TablePositions, Shards: 1}
	var opts []parquet.WriterOption
	for _, kv := range meta.KeyValues() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	if err := parquet.WriteFile(path, []otherRow{{1, 2, 0.5}}, opts...); err != nil {
		t.Fatal(err)
	}
	_, err := dataset.Open(path)
	if err == nil || !strings.Contains(err.Error(), "schema mismatch") || !strings.Contains(err.Error(), path) {
		t.Fatalf("foreign schema: got %v, want a schema mismatch naming the file", err)
	}

	// A PositionRow file whose result column has another type.
	path2 := filepath.Join(dir, "part-0000000001.parquet")
	// (Its int8 written as a 32-bit integer: the physical type is the same,
	// only the logical type differs.)
	retyped := parquet.StructTag(`parquet:"result,int(32)"`, "Result")
	if err := parquet.WriteFile(path2, []dataset.PositionRow{{Result: 1}}, append(opts, retyped)...); err != nil {
		t.Fatal(err)
	}
	_, err = dataset.Open(path2)
	if err == nil || !strings.Contains(err.Error(), "column result") {
		t.Fatalf("retyped column: got %v, want it named", err)
	}
}

// TestOpenRefusesLZ4Chunks checks the guard against parquet-go's LZ4
// decoder, which loops forever on a damaged block (found by
// FuzzOpenAndScan): dataset files are zstd, and Open refuses LZ4 before
// decoding a page.
func TestOpenRefusesLZ4Chunks(t *testing.T) {
	_, p := testgames.SynthGame(t, rules.DefaultRules(), 1, 0, 0)
	dir := filepath.Join(t.TempDir(), "positions", "variant=standard")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "part-0000000000.parquet")
	meta := dataset.FileMeta{Run: testgames.SynthRun(t, rules.DefaultRules(), 1, 1, 0), Table: dataset.TablePositions, Shards: 1}
	opts := []parquet.WriterOption{parquet.Compression(&lz4.Codec{})}
	for _, kv := range meta.KeyValues() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	if err := parquet.WriteFile(path, p, opts...); err != nil {
		t.Fatal(err)
	}
	_, err := dataset.Open(path)
	if err == nil || !strings.Contains(err.Error(), "compression") {
		t.Fatalf("LZ4 file: got %v, want a refusal naming the compression", err)
	}
}

func TestOpenRefusesNonParquetWithoutPanic(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.parquet")
	run := testgames.SynthRun(t, rules.DefaultRules(), 1, 1, 0)
	g, p := testgames.SynthGame(t, rules.DefaultRules(), 1, 0, 0)
	d2 := t.TempDir()
	if err := dataset.WritePart(d2, dataset.FileMeta{Run: run, Shards: 1}, []dataset.GameRow{g}, p); err != nil {
		t.Fatal(err)
	}
	valid, err := os.ReadFile(dataset.PartPath(d2, dataset.TablePositions, "standard", 0))
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
		f, err := dataset.Open(path)
		if err == nil {
			f.Close()
			t.Errorf("%s: Open accepted a broken file", name)
		} else if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
	f, err := dataset.Open(good)
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
	run := testgames.SynthRun(f, rules.DefaultRules(), 1, 1, 0)
	g, p := testgames.SynthGame(f, rules.DefaultRules(), 1, 0, 0)
	// Small seeds keep the fuzzer fast: two position rows, two moves.
	p = p[:2]
	g.Moves = g.Moves[:2]
	if err := dataset.WritePart(d, dataset.FileMeta{Run: run, Shards: 1}, []dataset.GameRow{g}, p); err != nil {
		f.Fatal(err)
	}
	for _, table := range []string{dataset.TablePositions, dataset.TableGames} {
		b, err := os.ReadFile(dataset.PartPath(d, table, "standard", 0))
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
			file, err := dataset.Open(path)
			if err != nil {
				return
			}
			defer file.Close()
			if file.Meta.Table == dataset.TablePositions {
				file.ScanPositions(nil, func(*dataset.PositionRow) error { return nil })
			} else {
				file.ScanGames(func(*dataset.GameRow) error { return nil })
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
	run := testgames.SynthRun(t, rules.DefaultRules(), 2, 10, 0)
	testgames.WriteSynth(t, dir, run, 0, 1)
	testgames.WriteSynth(t, dir, run, 2, 3)
	// An interrupted part: positions renamed, games still temporary.
	games, pos := testgames.SynthGame(t, rules.DefaultRules(), 2, 4, 0)
	meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: 4, LastGame: 4}
	pw, _ := dataset.Create[dataset.PositionRow](dir, meta)
	pw.Write(pos)
	if err := pw.Commit(); err != nil {
		t.Fatal(err)
	}
	gw, _ := dataset.Create[dataset.GameRow](dir, meta)
	gw.Write([]dataset.GameRow{games})
	// A temporary file of another shard's range must survive the cleanup.
	other := filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, "standard"), ".part-0000000008.parquet.tmp-1")
	os.WriteFile(other, []byte("x"), 0o644)

	got, err := dataset.Complete(dir, "standard")
	if err != nil {
		t.Fatal(err)
	}
	if want := []dataset.Range{{0, 1}, {2, 3}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Complete = %v, want %v", got, want)
	}
	removed, err := dataset.Cleanup(dir, "standard", 0, 5)
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
	gw2, err := dataset.Create[dataset.GameRow](dir, meta)
	if err != nil {
		t.Fatalf("re-creating the cleaned part: %v", err)
	}
	gw2.Abort()
}

func TestClaimPartitionRefusesADifferentRun(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 2, 10, 0)
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatalf("same settings refused: %v", err)
	}
	other := run
	other.Seed = 3
	err := dataset.ClaimPartition(dir, other)
	if err == nil || !strings.Contains(err.Error(), "seed") {
		t.Fatalf("different seed: got %v", err)
	}
	// The other variant is a separate partition.
	mr := rules.DefaultRules()
	mr.Variant = rules.Majority
	if err := dataset.ClaimPartition(dir, testgames.SynthRun(t, mr, 3, 10, 0)); err != nil {
		t.Fatalf("majority partition beside standard: %v", err)
	}
	// Without a manifest, the footers decide.
	os.Remove(dataset.ManifestPath(dir, "standard"))
	testgames.WriteSynth(t, dir, run, 0, 0)
	os.Remove(dataset.ManifestPath(dir, "standard"))
	if err := dataset.ClaimPartition(dir, other); err == nil {
		t.Fatal("a partition without manifest accepted a run that differs from its files")
	}
}

// TestSplitMix64MatchesTheReference checks the first outputs of the
// SplitMix64 generator seeded with 0 against the values of Vigna's
// reference C implementation (splitmix64.c).
func TestSplitMix64MatchesTheReference(t *testing.T) {
	s := dataset.NewStream(0)
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := s.Uint64(); got != w {
			t.Fatalf("output %d: %#x, want %#x", i, got, w)
		}
	}
	if dataset.SplitMix64(0) != want[0] {
		t.Fatal("SplitMix64(0) differs from the stream's first output")
	}
}

func TestStreamIntNIsInRangeAndCoversIt(t *testing.T) {
	s := dataset.NewStream(42)
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
	dataset.PlayRandomOpening(g1, 9, 3, 8)
	dataset.PlayRandomOpening(g2, 9, 3, 8)
	if !slices.Equal(g1.Moves(), g2.Moves()) || len(g1.Moves()) != 8 {
		t.Fatalf("openings differ between variants: %v vs %v", g1.Moves(), g2.Moves())
	}
	if dataset.OpeningSeed(9, 3) == dataset.OpeningSeed(9, 4) || dataset.OpeningSeed(9, 3) == dataset.OpeningSeed(10, 3) {
		t.Fatal("opening seeds collide across games or seeds")
	}
	if dataset.SearchSeed(9, 3) == dataset.SearchSeed(9, 4) || dataset.SearchSeed(9, 3) == dataset.OpeningSeed(9, 3) {
		t.Fatal("search seeds collide across games or with the opening stream")
	}
	// Standard-variant games of earlier runs keep their search stream.
	if dataset.SearchSeed(9, 3) != dataset.SplitMix64(dataset.OpeningSeed(9, 3)^0xd1b54a32d192ed03) {
		t.Fatal("the search seed formula changed for standard games")
	}
}
