package dataset

import (
	"fmt"
	"slices"
	"unsafe"

	"github.com/surakarta/surakarta/dataset/legacy"
)

// The tables' columns, declared once each: its name, and how the readers
// fill a batch of rows from its values. The row structs' parquet tags give
// the writers the same names in the same order (init checks it), the
// readers' projection (ScanPositions' columns) and decoding come from these
// tables, verify compares the columns a position decides through them, and
// docs/DATASET.md's tables are checked against them by a test.

// Positions-table column names, for readers that choose columns.
const (
	ColRunID          = "run_id"
	ColGame           = "game"
	ColGameID         = "game_id"
	ColPly            = "ply"
	ColFEN            = "fen"
	ColRed            = "red"
	ColBlack          = "black"
	ColSideToMove     = "side_to_move"
	ColNoCapturePlies = "no_capture_plies"
	ColRedPieces      = "red_pieces"
	ColBlackPieces    = "black_pieces"
	ColLegalMoves     = "legal_moves"
	ColMove           = "move"
	ColMoveIndex      = "move_index"
	ColPolicy         = "policy"
	ColRootValue      = "root_value"
	ColResult         = "result"
)

// column is one top-level column of a table of rows R. fill sets the
// column in each row of a batch from the column's leaf cursors (two for
// policy: action and visits). equal, where set, compares the column of two
// rows, and show prints it, for the columns a position alone decides
// (verify's comparison with FillPosition).
type column[R any] struct {
	name  string
	fill  func(rows []R, c []*cursor, strs interner) error
	equal func(a, b *R) bool
	show  func(r *R) string
	// absent, where set, fills the column when the file has no such
	// column (schema version 1 had no run_id, versions 1 and 2 no game),
	// from the file (its run's id, its game) or from the row's columns
	// filled before it.
	absent func(rows []R, f *File)
}

// fromFile declares a string column that readers of files from before it
// existed fill from the file: value(f).
func fromFile[R any](name string, get func(*R) *string, value func(f *File) string) column[R] {
	c := shared(name, get)
	c.absent = func(rows []R, f *File) {
		v := value(f)
		for i := range rows {
			*get(&rows[i]) = v
		}
	}
	return c
}

// runIDColumn declares a table's run_id column, stored in the field get
// returns, which readers of files from before it existed fill from the
// footer's run (Run.ID).
func runIDColumn[R any](get func(*R) *string) column[R] {
	return fromFile(ColRunID, get, func(f *File) string { return f.runID })
}

// gameColumn declares a table's game column, which readers of files from
// before it existed (Surakarta's alone) fill from the footer's game:
// DefaultGame.
func gameColumn[R any](get func(*R) *string) column[R] {
	return fromFile(ColGame, get, func(f *File) string { return f.Meta.GameName() })
}

// outcomeColumn is the games' outcome, which readers of files from before
// it existed (Surakarta's alone) read from the winner column before it:
// Red moved first.
func outcomeColumn() column[GameRow] {
	c := shared("outcome", func(r *GameRow) *string { return &r.Outcome })
	c.absent = func(rows []GameRow, _ *File) {
		for i := range rows {
			rows[i].Outcome = legacy.Outcome(rows[i].Winner)
		}
	}
	return c
}

// scalar declares a column of one value per row, stored in the field of
// R that get returns: an int64, uint64, int16, int8, float32 or string
// (copied; see shared for strings that repeat).
func scalar[R any, T comparable](name string, get func(*R) *T) column[R] {
	return scalarOf(name, get, false)
}

// shared declares a string column whose values repeat (moves, winners,
// rules): they are interned instead of copied.
func shared[R any](name string, get func(*R) *string) column[R] { return scalarOf(name, get, true) }

// Kinds of scalar fields, from their Go type.
const (
	kindInt64 = iota
	kindUint64
	kindInt16
	kindInt8
	kindFloat32
	kindString
	kindShared
)

func scalarOf[R any, T comparable](name string, get func(*R) *T, intern bool) column[R] {
	var zero R
	var kind int
	switch any(*get(&zero)).(type) {
	case int64:
		kind = kindInt64
	case uint64:
		kind = kindUint64
	case int16:
		kind = kindInt16
	case int8:
		kind = kindInt8
	case float32:
		kind = kindFloat32
	case string:
		kind = kindString
		if intern {
			kind = kindShared
		}
	default:
		panic(fmt.Sprintf("dataset: column %s: unsupported field type %T", name, *get(&zero)))
	}
	// The field's offset in R, from get, so that the fill loop stores
	// straight into each row: the scans' inner loop, where a call per
	// value would cost a sixth of a scan.
	off := uintptr(unsafe.Pointer(get(&zero))) - uintptr(unsafe.Pointer(&zero))
	size := unsafe.Sizeof(zero)
	return column[R]{
		name: name,
		fill: func(rows []R, c []*cursor, strs interner) error {
			cur, base := c[0], unsafe.Pointer(unsafe.SliceData(rows))
			for i := range rows {
				v, err := cur.next()
				if err != nil {
					return err
				}
				p := unsafe.Add(base, uintptr(i)*size+off)
				switch kind {
				case kindInt64:
					*(*int64)(p) = v.Int64()
				case kindUint64:
					*(*uint64)(p) = uint64(v.Int64())
				case kindInt16:
					*(*int16)(p) = int16(v.Int32())
				case kindInt8:
					*(*int8)(p) = int8(v.Int32())
				case kindFloat32:
					*(*float32)(p) = v.Float()
				case kindString:
					*(*string)(p) = string(v.ByteArray())
				case kindShared:
					*(*string)(p) = strs.get(v.ByteArray())
				}
			}
			return nil
		},
		equal: func(a, b *R) bool { return *get(a) == *get(b) },
		show:  func(r *R) string { return fmt.Sprint(*get(r)) },
	}
}

// policyColumn is the policy list: (action, visits, move) triples from
// three leaves, or (action, visits) pairs from the two of schema version 1,
// whose moves read as "".
func policyColumn() column[PositionRow] {
	return column[PositionRow]{
		name: ColPolicy,
		fill: func(rows []PositionRow, c []*cursor, strs interner) error {
			ca, cv := c[0], c[1]
			var cm *cursor
			if len(c) > 2 {
				cm = c[2]
			}
			for i := range rows {
				out := rows[i].Policy[:0]
				for more := true; more; { // a list has at least one value
					a, err := ca.next()
					if err != nil {
						return err
					}
					v, err := cv.next()
					if err != nil {
						return err
					}
					var move string
					if cm != nil {
						mv, err := cm.next()
						if err != nil {
							return err
						}
						if mv.DefinitionLevel() == cm.maxDef {
							move = strs.get(mv.ByteArray())
						}
					}
					// The entry is there when its visits are: an
					// action is NULL in another game's rows.
					if v.DefinitionLevel() == cv.maxDef {
						out = append(out, PolicyEntry{Action: int16(a.Int32()), Visits: v.Int32(), Move: move})
					}
					if more, err = ca.continues(); err != nil {
						return err
					}
				}
				rows[i].Policy = out
			}
			return nil
		},
	}
}

// movesColumn is the games' moves list of interned strings.
func movesColumn() column[GameRow] {
	return column[GameRow]{
		name: "moves",
		fill: func(rows []GameRow, c []*cursor, strs interner) error {
			cm := c[0]
			for i := range rows {
				out := rows[i].Moves[:0]
				for more := true; more; { // a list has at least one value
					m, err := cm.next()
					if err != nil {
						return err
					}
					if m.DefinitionLevel() == cm.maxDef {
						out = append(out, strs.get(m.ByteArray()))
					}
					if more, err = cm.continues(); err != nil {
						return err
					}
				}
				rows[i].Moves = out
			}
			return nil
		},
	}
}

// positionColumns are the positions table's columns in schema order.
var positionColumns = []column[PositionRow]{
	runIDColumn(func(r *PositionRow) *string { return &r.RunID }),
	gameColumn(func(r *PositionRow) *string { return &r.Game }),
	scalar(ColGameID, func(r *PositionRow) *int64 { return &r.GameID }),
	scalar(ColPly, func(r *PositionRow) *int16 { return &r.Ply }),
	scalar(ColFEN, func(r *PositionRow) *string { return &r.FEN }),
	scalar(ColRed, func(r *PositionRow) *uint64 { return &r.Red }),
	scalar(ColBlack, func(r *PositionRow) *uint64 { return &r.Black }),
	scalar(ColSideToMove, func(r *PositionRow) *int8 { return &r.SideToMove }),
	scalar(ColNoCapturePlies, func(r *PositionRow) *int16 { return &r.NoCapturePlies }),
	scalar(ColRedPieces, func(r *PositionRow) *int8 { return &r.RedPieces }),
	scalar(ColBlackPieces, func(r *PositionRow) *int8 { return &r.BlackPieces }),
	scalar(ColLegalMoves, func(r *PositionRow) *int16 { return &r.LegalMoves }),
	shared(ColMove, func(r *PositionRow) *string { return &r.Move }),
	scalar(ColMoveIndex, func(r *PositionRow) *int16 { return &r.MoveIndex }),
	policyColumn(),
	scalar(ColRootValue, func(r *PositionRow) *float32 { return &r.RootValue }),
	scalar(ColResult, func(r *PositionRow) *int8 { return &r.Result }),
}

// decidedColumns are the columns FillPosition sets: those the position and
// the move played decide, which verify compares with the replay.
var decidedColumns = func() []*column[PositionRow] {
	var out []*column[PositionRow]
	for _, n := range []string{ColGameID, ColPly, ColFEN, ColRed, ColBlack, ColSideToMove, ColNoCapturePlies,
		ColRedPieces, ColBlackPieces, ColLegalMoves, ColMove, ColMoveIndex} {
		out = append(out, columnByName(positionColumns, n))
	}
	return out
}()

// DecidedDiffs calls f, in schema order, with the name and both values'
// text of each column FillPosition sets (decidedColumns: those the
// position and the move decide) in which got differs from want: verify
// compares a row with the one the replayed position gives.
func DecidedDiffs(got, want *PositionRow, f func(name, got, want string)) {
	for _, c := range decidedColumns {
		if !c.equal(got, want) {
			f(c.name, c.show(got), c.show(want))
		}
	}
}

// gameColumns are the games table's columns in schema order.
var gameColumns = []column[GameRow]{
	runIDColumn(func(r *GameRow) *string { return &r.RunID }),
	gameColumn(func(r *GameRow) *string { return &r.Game }),
	scalar("game_id", func(r *GameRow) *int64 { return &r.GameID }),
	shared("variant", func(r *GameRow) *string { return &r.Variant }),
	shared("rules", func(r *GameRow) *string { return &r.Rules }),
	scalar("seed", func(r *GameRow) *uint64 { return &r.Seed }),
	shared("start_fen", func(r *GameRow) *string { return &r.StartFEN }),
	scalar("opening_plies", func(r *GameRow) *int16 { return &r.OpeningPlies }),
	movesColumn(),
	scalar("plies", func(r *GameRow) *int16 { return &r.Plies }),
	scalar("captures", func(r *GameRow) *int16 { return &r.Captures }),
	shared("winner", func(r *GameRow) *string { return &r.Winner }),
	outcomeColumn(),
	shared("reason", func(r *GameRow) *string { return &r.Reason }),
	scalar("red_pieces", func(r *GameRow) *int8 { return &r.RedPieces }),
	scalar("black_pieces", func(r *GameRow) *int8 { return &r.BlackPieces }),
	shared("majority_winner", func(r *GameRow) *string { return &r.MajorityWinner }),
}

// tableColumns returns the column names of a column table.
func tableColumns[R any](cols []column[R]) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.name
	}
	return out
}

// columnByName returns the column of cols named name.
func columnByName[R any](cols []column[R], name string) *column[R] {
	for i := range cols {
		if cols[i].name == name {
			return &cols[i]
		}
	}
	return nil
}

func init() {
	// The row structs' tags are what the writers write: they must name
	// the columns of the tables above, in order.
	for _, t := range []struct {
		table string
		names []string
	}{{TablePositions, tableColumns(positionColumns)}, {TableGames, tableColumns(gameColumns)}} {
		if got := Columns(t.table); !slices.Equal(got, t.names) {
			panic(fmt.Sprintf("dataset: the %s row struct's columns %v differ from its column table %v", t.table, got, t.names))
		}
	}
}
