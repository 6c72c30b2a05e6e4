package dataset

import (
	"fmt"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// SchemaVersion numbers the layout of the tables. It is written into every
// file's footer and into the run manifest. Bump it whenever a column is
// added, removed, renamed or retyped, and keep the old layout in legacy.go
// so that datasets written before still read: readers accept every
// version from 1 to SchemaVersion and refuse others. Version 2 added
// run_id to every table, the move of each policy entry, and made a
// match's fault NULL on a clean game.
const SchemaVersion = 2

// The tables of a dataset, as named in its directory layout: self-play
// writes positions and games, a match games and matches.
const (
	TablePositions = "positions"
	TableGames     = "games"
	TableMatches   = "matches"
)

// PositionRow is one row of the positions table: a position of a self-play
// game in which the engine searched and chose a move. docs/DATASET.md
// documents every column; the struct tags are the Parquet column names.
//
// Perspective: Result and RootValue are from the side to move's view
// (+1 good for the side to move); Red and Black are absolute.
type PositionRow struct {
	// RunID identifies the run the row belongs to (Run.ID): with GameID,
	// the key that joins positions to their game across variants and
	// runs. The writer sets it from the file's run.
	RunID string `parquet:"run_id,dict"`
	// GameID is the game's number in its run, 0..N-1.
	GameID int64 `parquet:"game_id,delta"`
	// Ply is the number of moves played before this position (0 = start).
	Ply int16 `parquet:"ply,delta"`
	// FEN is the position in the notation of RULES.md.
	FEN string `parquet:"fen"`
	// Red and Black are the bitboards: bit i set when square i (a1=0 ..
	// f6=35, rank-major) holds a piece of that colour.
	Red   uint64 `parquet:"red"`
	Black uint64 `parquet:"black"`
	// SideToMove is 0 for Red, 1 for Black (rules.Color).
	SideToMove int8 `parquet:"side_to_move"`
	// NoCapturePlies counts consecutive plies without a capture.
	NoCapturePlies int16 `parquet:"no_capture_plies"`
	// RedPieces and BlackPieces count the pieces on the board.
	RedPieces   int8 `parquet:"red_pieces"`
	BlackPieces int8 `parquet:"black_pieces"`
	// LegalMoves is the number of distinct legal moves.
	LegalMoves int16 `parquet:"legal_moves"`
	// Move is the move played, in canonical notation.
	Move string `parquet:"move,dict"`
	// MoveIndex is the dense action index of Move: from*36 + to.
	MoveIndex int16 `parquet:"move_index"`
	// Policy is the search's visit count per root move, the policy target:
	// every move with at least one visit, plus the move played, in
	// ascending action order.
	Policy []PolicyEntry `parquet:"policy,list"`
	// RootValue is the search's value of the position, in [-1, 1], for the
	// side to move.
	RootValue float32 `parquet:"root_value"`
	// Result is the game's final result for the side to move: +1 win,
	// 0 draw, -1 loss (the value target).
	Result int8 `parquet:"result"`
}

// PolicyEntry is one root move of a search with its visit count.
type PolicyEntry struct {
	// Action is the dense action index from*36 + to.
	Action int16 `parquet:"action"`
	// Visits is the number of simulations that went through the move.
	Visits int32 `parquet:"visits"`
	// Move is the move in canonical notation, as the move column writes
	// it (rules.Position.MoveString); "" when read from a dataset of
	// schema version 1, which did not store it.
	Move string `parquet:"move,dict"`
}

// GameRow is one row of the games table: a finished self-play game.
type GameRow struct {
	// RunID identifies the run (Run.ID), as in the positions table; the
	// writer sets it.
	RunID string `parquet:"run_id,dict"`
	// GameID is the game's number in its run, 0..N-1.
	GameID int64 `parquet:"game_id,delta"`
	// Variant is the endgame variant the game was played under.
	Variant string `parquet:"variant,dict"`
	// Rules is the full rules setting, as rules.Rules.String writes it.
	Rules string `parquet:"rules,dict"`
	// Seed is the run's seed; the game's own streams derive from it (see
	// OpeningSeed and SearchSeed).
	Seed uint64 `parquet:"seed"`
	// StartFEN is the position the game started from.
	StartFEN string `parquet:"start_fen,dict"`
	// OpeningPlies is how many of the first Moves were chosen uniformly at
	// random (the random opening) rather than by the search.
	OpeningPlies int16 `parquet:"opening_plies"`
	// Moves is every move of the game from StartFEN, in canonical notation.
	Moves []string `parquet:"moves,list"`
	// Plies is len(Moves).
	Plies int16 `parquet:"plies"`
	// Captures is the number of capture moves.
	Captures int16 `parquet:"captures"`
	// Winner is "red", "black" or "draw".
	Winner string `parquet:"winner,dict"`
	// Reason is why the game ended: capture-all, no-moves,
	// no-capture-limit or repetition.
	Reason string `parquet:"reason,dict"`
	// RedPieces and BlackPieces count the pieces left at the end.
	RedPieces   int8 `parquet:"red_pieces"`
	BlackPieces int8 `parquet:"black_pieces"`
	// MajorityWinner is how the majority variant scores the same final
	// position and reason; it equals Winner in a majority dataset.
	MajorityWinner string `parquet:"majority_winner,dict"`
}

// Row is the set of row types a dataset file holds.
type Row interface {
	PositionRow | GameRow | MatchRow
}

var (
	positionSchema = parquet.SchemaOf(PositionRow{})
	gameSchema     = parquet.SchemaOf(GameRow{})
	matchSchema    = parquet.SchemaOf(MatchRow{})
)

// Schema returns the Parquet schema of a table, TablePositions,
// TableGames or TableMatches; nil for another name.
func Schema(table string) *parquet.Schema { return schemaOf(table, SchemaVersion) }

// schemaOf returns the schema of a table in a schema version (legacy.go
// holds the older ones); nil for another name or version.
func schemaOf(table string, version int) *parquet.Schema {
	if version != SchemaVersion {
		return legacySchema(table, version)
	}
	switch table {
	case TablePositions:
		return positionSchema
	case TableGames:
		return gameSchema
	case TableMatches:
		return matchSchema
	}
	return nil
}

func tableOf[T Row]() string {
	var z T
	switch any(z).(type) {
	case PositionRow:
		return TablePositions
	case MatchRow:
		return TableMatches
	default:
		return TableGames
	}
}

// leafInfo describes one leaf column for schema comparison messages.
type leafInfo struct {
	path string
	desc string
}

func leaves(s *parquet.Schema) []leafInfo {
	var out []leafInfo
	for _, path := range s.Columns() {
		leaf, _ := s.Lookup(path...)
		rep := "required"
		switch {
		case leaf.Node.Repeated():
			rep = "repeated"
		case leaf.Node.Optional():
			rep = "optional"
		}
		out = append(out, leafInfo{
			path: strings.Join(path, "."),
			desc: fmt.Sprintf("%s %v %v (levels %d/%d)", rep, leaf.Node.Type().Kind(), leaf.Node.Type(), leaf.MaxRepetitionLevel, leaf.MaxDefinitionLevel),
		})
	}
	return out
}

// checkSchema compares a file's schema with the table's in the file's
// schema version and describes the first difference. Column order
// matters: the readers address leaves by index.
func checkSchema(table string, version int, got *parquet.Schema) error {
	want := schemaOf(table, version)
	if parquet.EqualNodes(got, want) {
		return nil
	}
	g, w := leaves(got), leaves(want)
	for i := 0; i < len(g) || i < len(w); i++ {
		switch {
		case i >= len(g):
			return fmt.Errorf("schema mismatch: column %s (%s) is missing", w[i].path, w[i].desc)
		case i >= len(w):
			return fmt.Errorf("schema mismatch: unexpected column %s (%s)", g[i].path, g[i].desc)
		case g[i].path != w[i].path:
			return fmt.Errorf("schema mismatch: column %d is %s, want %s", i, g[i].path, w[i].path)
		case g[i].desc != w[i].desc:
			return fmt.Errorf("schema mismatch: column %s is %s, want %s", g[i].path, g[i].desc, w[i].desc)
		}
	}
	return fmt.Errorf("schema mismatch: the %s schema differs in its groups or logical types", table)
}

// leafIndex maps each top-level column name of a table to its leaf column
// indexes (policy and moves have one or two leaves under a list).
func leafIndex(table string) map[string][]int {
	m := map[string][]int{}
	for i, path := range Schema(table).Columns() {
		m[path[0]] = append(m[path[0]], i)
	}
	return m
}

// Columns returns the top-level column names of a table in schema order.
func Columns(table string) []string {
	var out []string
	for _, path := range Schema(table).Columns() {
		if n := len(out); n == 0 || out[n-1] != path[0] {
			out = append(out, path[0])
		}
	}
	return out
}
