package dataset_test

import (
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// arrowLeaf is one leaf column as Apache Arrow's Parquet implementation (an
// independent decoder) reads it: values, and the levels that place them in
// rows.
type arrowLeaf struct {
	ints       []int64
	floats     []float32
	strs       []string
	defs, reps []int16
	maxDef     int16
	logical    schema.LogicalType
}

// rows splits the leaf's entries into rows: row i holds entries [s, e).
func (l *arrowLeaf) rows() [][2]int {
	var out [][2]int
	for i, r := range l.reps {
		if r == 0 {
			out = append(out, [2]int{i, i})
		}
		out[len(out)-1][1] = i + 1
	}
	return out
}

// readArrow reads every leaf column of a file with arrow-go's low-level
// column readers (the pqarrow layer would pull in gRPC through Flight).
func readArrow(t *testing.T, path string) (map[string]*arrowLeaf, *file.Reader) {
	t.Helper()
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatalf("arrow cannot open %s: %v", path, err)
	}
	t.Cleanup(func() { r.Close() })
	sch := r.MetaData().Schema
	leaves := map[string]*arrowLeaf{}
	for j := 0; j < sch.NumColumns(); j++ {
		c := sch.Column(j)
		leaf := &arrowLeaf{maxDef: c.MaxDefinitionLevel(), logical: c.LogicalType()}
		leaves[c.Path()] = leaf
		for g := 0; g < r.NumRowGroups(); g++ {
			cr, err := r.RowGroup(g).Column(j)
			if err != nil {
				t.Fatal(err)
			}
			const batch = 4096
			defs, reps := make([]int16, batch), make([]int16, batch)
			for cr.HasNext() {
				var total int64
				var valuesRead int
				switch cr := cr.(type) {
				case *file.Int64ColumnChunkReader:
					vals := make([]int64, batch)
					total, valuesRead, err = cr.ReadBatch(batch, vals, defs, reps)
					leaf.ints = append(leaf.ints, vals[:valuesRead]...)
				case *file.Int32ColumnChunkReader:
					vals := make([]int32, batch)
					total, valuesRead, err = cr.ReadBatch(batch, vals, defs, reps)
					for _, v := range vals[:valuesRead] {
						leaf.ints = append(leaf.ints, int64(v))
					}
				case *file.Float32ColumnChunkReader:
					vals := make([]float32, batch)
					total, valuesRead, err = cr.ReadBatch(batch, vals, defs, reps)
					leaf.floats = append(leaf.floats, vals[:valuesRead]...)
				case *file.ByteArrayColumnChunkReader:
					vals := make([]parquet.ByteArray, batch)
					total, valuesRead, err = cr.ReadBatch(batch, vals, defs, reps)
					for _, v := range vals[:valuesRead] {
						leaf.strs = append(leaf.strs, string(v))
					}
				default:
					t.Fatalf("column %s: unexpected reader %T", c.Path(), cr)
				}
				if err != nil {
					t.Fatalf("column %s: %v", c.Path(), err)
				}
				leaf.defs = append(leaf.defs, defs[:total]...)
				if c.MaxRepetitionLevel() > 0 {
					leaf.reps = append(leaf.reps, reps[:total]...)
				} else {
					leaf.reps = append(leaf.reps, make([]int16, total)...)
				}
			}
		}
	}
	return leaves, r
}

// wantInt checks that arrow sees a column as an integer of the given width
// and signedness: what DuckDB and pandas will see too.
func wantInt(t *testing.T, leaves map[string]*arrowLeaf, path string, bits int8, signed bool) *arrowLeaf {
	t.Helper()
	l := leaves[path]
	if l == nil {
		t.Fatalf("arrow finds no column %s", path)
	}
	it, ok := l.logical.(interface {
		BitWidth() int8
		IsSigned() bool
	})
	if !ok || it.BitWidth() != bits || it.IsSigned() != signed {
		t.Fatalf("column %s: logical type %v, want Int(%d, signed=%v)", path, l.logical, bits, signed)
	}
	return l
}

func TestArrowReaderSeesTheSameRows(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 21, 3, 2)
	games, pos := testgames.WriteSynth(t, dir, run, 0, 2)

	lv, r := readArrow(t, dataset.PartPath(dir, dataset.TablePositions, "standard", 0))
	if int(r.NumRows()) != len(pos) {
		t.Fatalf("arrow counts %d rows, wrote %d", r.NumRows(), len(pos))
	}
	kv := r.MetaData().KeyValueMetadata()
	for key, want := range map[string]string{dataset.KeyTable: dataset.TablePositions, dataset.KeySeed: "21", dataset.KeyRules: run.Rules, dataset.KeyFirstGame: "0", dataset.KeyLastGame: "2"} {
		if got := kv.FindValue(key); got == nil || *got != want {
			t.Errorf("footer %s: arrow reads %v, want %q", key, got, want)
		}
	}
	// The integer columns' widths and signs, as DuckDB and pandas will see
	// them too.
	for _, c := range []struct {
		path   string
		bits   int8
		signed bool
	}{
		{"game_id", 64, true}, {"ply", 16, true}, {"red", 64, false}, {"black", 64, false},
		{"side_to_move", 8, true}, {"no_capture_plies", 16, true}, {"red_pieces", 8, true}, {"black_pieces", 8, true},
		{"legal_moves", 16, true}, {"move_index", 16, true}, {"result", 8, true},
		{"policy.list.element.action", 16, true}, {"policy.list.element.visits", 32, true},
	} {
		wantInt(t, lv, c.path, c.bits, c.signed)
	}
	actions, visits, policyMove := lv["policy.list.element.action"], lv["policy.list.element.visits"], lv["policy.list.element.move"]
	prow := actions.rows()
	if len(prow) != len(pos) {
		t.Fatalf("arrow finds %d policy lists for %d rows", len(prow), len(pos))
	}
	for i, w := range pos {
		got := dataset.PositionRow{
			RunID:          lv["run_id"].strs[i],
			Game:           lv["game"].strs[i],
			GameID:         lv["game_id"].ints[i],
			Ply:            int16(lv["ply"].ints[i]),
			FEN:            lv["fen"].strs[i],
			Red:            uint64(lv["red"].ints[i]),
			Black:          uint64(lv["black"].ints[i]),
			SideToMove:     int8(lv["side_to_move"].ints[i]),
			NoCapturePlies: int16(lv["no_capture_plies"].ints[i]),
			RedPieces:      int8(lv["red_pieces"].ints[i]),
			BlackPieces:    int8(lv["black_pieces"].ints[i]),
			LegalMoves:     int16(lv["legal_moves"].ints[i]),
			Move:           lv["move"].strs[i],
			MoveIndex:      int16(lv["move_index"].ints[i]),
			RootValue:      lv["root_value"].floats[i],
			Result:         int8(lv["result"].ints[i]),
		}
		for e := prow[i][0]; e < prow[i][1]; e++ {
			if actions.defs[e] == actions.maxDef {
				got.Policy = append(got.Policy, dataset.PolicyEntry{int16(actions.ints[e]), int32(visits.ints[e]), policyMove.strs[e]})
			}
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("row %d: arrow reads\n%+v\nwrote\n%+v", i, got, w)
		}
	}

	gl, _ := readArrow(t, dataset.PartPath(dir, dataset.TableGames, "standard", 0))
	seed := wantInt(t, gl, "seed", 64, false)
	// Surakarta's own columns are optional, yet none of its values is
	// NULL: a side left with no pieces has 0 there, not NULL.
	for _, c := range []string{"red_pieces", "black_pieces", "majority_winner"} {
		for i, d := range gl[c].defs {
			if d != gl[c].maxDef {
				t.Fatalf("games column %s is NULL in row %d of a Surakarta game", c, i)
			}
		}
	}
	moves := gl["moves.list.element"]
	mrow := moves.rows()
	for i, w := range games {
		got := dataset.GameRow{
			RunID:          gl["run_id"].strs[i],
			Game:           gl["game"].strs[i],
			GameID:         gl["game_id"].ints[i],
			Variant:        gl["variant"].strs[i],
			Rules:          gl["rules"].strs[i],
			Seed:           uint64(seed.ints[i]),
			StartFEN:       gl["start_fen"].strs[i],
			OpeningPlies:   int16(gl["opening_plies"].ints[i]),
			Plies:          int16(gl["plies"].ints[i]),
			Captures:       int16(gl["captures"].ints[i]),
			Winner:         gl["winner"].strs[i],
			Outcome:        gl["outcome"].strs[i],
			Reason:         gl["reason"].strs[i],
			RedPieces:      int8(gl["red_pieces"].ints[i]),
			BlackPieces:    int8(gl["black_pieces"].ints[i]),
			MajorityWinner: gl["majority_winner"].strs[i],
		}
		for e := mrow[i][0]; e < mrow[i][1]; e++ {
			if moves.defs[e] == moves.maxDef {
				got.Moves = append(got.Moves, moves.strs[e])
			}
		}
		if !reflect.DeepEqual(got, w) {
			t.Fatalf("game %d: arrow reads\n%+v\nwrote\n%+v", i, got, w)
		}
	}
}

// TestACleanGamesFaultIsNull: a match's fault is NULL in the file when the
// rules ended the game (so that DuckDB's fault IS NULL finds the clean
// games; it was ”), the text when a fault did, and both read back in Go
// as "" and the text.
func TestACleanGamesFaultIsNull(t *testing.T) {
	dir := t.TempDir()
	run := testgames.SynthRun(t, rules.DefaultRules(), 3, 2, 0)
	rows := []dataset.MatchRow{{GameID: 0, Red: "a", Black: "b"}, {GameID: 1, Red: "b", Black: "a", Fault: "the engine closed its output"}}
	if _, err := dataset.WriteRows(dir, dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: 1}, rows); err != nil {
		t.Fatal(err)
	}
	lv, _ := readArrow(t, dataset.PartPath(dir, dataset.TableMatches, run.Variant, 0))
	f := lv["fault"]
	if f == nil || len(f.defs) != 2 || f.defs[0] != 0 || f.defs[1] != f.maxDef || f.maxDef != 1 {
		t.Fatalf("fault column %+v: want NULL for the clean game and a value for the faulted one", f)
	}
	var got []dataset.MatchRow
	if err := dataset.ScanMatches(dir, run.Variant, func(m *dataset.MatchRow) error { got = append(got, *m); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Fault != "" || got[1].Fault != rows[1].Fault || got[0].RunID != run.ID() || got[1].RunID != run.ID() {
		t.Fatalf("read back %+v", got)
	}
}
