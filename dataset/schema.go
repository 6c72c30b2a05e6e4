package dataset

import (
	"fmt"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/surakarta/surakarta/dataset/legacy"
)

// SchemaVersion numbers the layout of the tables. It is written into every
// file's footer and into the run manifest. Bump it whenever a column is
// added, removed, renamed or retyped, and keep the old layout in dataset/legacy
// so that datasets written before still read: readers accept every
// version from 1 to SchemaVersion and refuse others. Version 2 added
// run_id to every table, the move of each policy entry, and made a
// match's fault NULL on a clean game. Version 3 names the game: a game
// column in the positions and games tables and a footer key, partitions
// TABLE/game=G/variant=V/, the games' winner by the order of play
// (outcome: first, second or draw), and Surakarta's own columns
// (bitboards, piece counts, the dense action index, majority_winner)
// NULL in the rows of a game that has no such column.
const SchemaVersion = 3

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
//
// Every game fills the columns from RunID to Result but Surakarta's own
// (Red, Black, RedPieces, BlackPieces, MoveIndex and the policy entries'
// Action), which a game without them leaves zero: the file stores NULL
// there (those columns are optional, and none is ever zero in a
// Surakarta row: a searched position has pieces of both sides, and no
// move goes from a1 to a1).
type PositionRow struct {
	// RunID identifies the run the row belongs to (Run.ID): with GameID,
	// the key that joins positions to their game across variants and
	// runs. The writer sets it from the file's run.
	RunID string `parquet:"run_id,dict"`
	// Game names the game the row's position belongs to (game.Game's
	// Name, e.g. "surakarta"); "surakarta" in datasets of schema versions
	// 1 and 2, which did not store it. The writer sets it from the file's
	// run.
	Game string `parquet:"game,dict"`
	// GameID is the game's number in its run, 0..N-1.
	GameID int64 `parquet:"game_id,delta"`
	// Ply is the number of moves played before this position (0 = start).
	Ply int16 `parquet:"ply,delta"`
	// FEN is the position in the game's text form (game.Game's
	// FormatPosition): Surakarta's FEN of RULES.md, Alquerque's position
	// text of RULES-ALQUERQUE.md.
	FEN string `parquet:"fen"`
	// Red and Black are Surakarta's bitboards: bit i set when square i
	// (a1=0 .. f6=35, rank-major) holds a piece of that colour.
	Red   uint64 `parquet:"red,optional"`
	Black uint64 `parquet:"black,optional"`
	// SideToMove is 0 for the first player (Surakarta's Red), 1 for the
	// second (game.Player).
	SideToMove int8 `parquet:"side_to_move"`
	// NoCapturePlies counts consecutive plies without a capture.
	NoCapturePlies int16 `parquet:"no_capture_plies"`
	// RedPieces and BlackPieces count Surakarta's pieces on the board.
	RedPieces   int8 `parquet:"red_pieces,optional"`
	BlackPieces int8 `parquet:"black_pieces,optional"`
	// LegalMoves is the number of distinct legal moves.
	LegalMoves int16 `parquet:"legal_moves"`
	// Move is the move played, in the game's canonical notation.
	Move string `parquet:"move,dict"`
	// MoveIndex is Surakarta's dense action index of Move: from*36 + to.
	MoveIndex int16 `parquet:"move_index,optional"`
	// Policy is the search's visit count per root move, the policy target:
	// every move with at least one visit, plus the move played, in the
	// order of the moves' 16-bit codes (for Surakarta, ascending action
	// order).
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
	// Action is Surakarta's dense action index from*36 + to; NULL (read
	// as 0) for another game.
	Action int16 `parquet:"action,optional"`
	// Visits is the number of simulations that went through the move.
	Visits int32 `parquet:"visits"`
	// Move is the move in canonical notation, as the move column writes
	// it (game.Game's FormatMove); "" when read from a dataset of schema
	// version 1, which did not store it.
	Move string `parquet:"move,dict"`
}

// GameRow is one row of the games table: a finished self-play game. As in
// PositionRow, RedPieces, BlackPieces and MajorityWinner are Surakarta's
// own columns, NULL in another game's rows (gameWire writes them).
type GameRow struct {
	// RunID identifies the run (Run.ID), as in the positions table; the
	// writer sets it.
	RunID string `parquet:"run_id,dict"`
	// Game names the game, as in the positions table; the writer sets it.
	Game string `parquet:"game,dict"`
	// GameID is the game's number in its run, 0..N-1.
	GameID int64 `parquet:"game_id,delta"`
	// Variant is the endgame variant the game was played under.
	Variant string `parquet:"variant,dict"`
	// Rules is the full rules setting, as the game's rules string
	// (game.Game's String) writes it.
	Rules string `parquet:"rules,dict"`
	// Seed is the run's seed; the game's own streams derive from it (see
	// OpeningSeed and SearchSeed).
	Seed uint64 `parquet:"seed"`
	// StartFEN is the position the game started from, in the game's text
	// form.
	StartFEN string `parquet:"start_fen,dict"`
	// OpeningPlies is how many of the first Moves were chosen uniformly at
	// random (the random opening) rather than by the search.
	OpeningPlies int16 `parquet:"opening_plies"`
	// Moves is every move of the game from StartFEN, in the game's
	// canonical notation.
	Moves []string `parquet:"moves,list"`
	// Plies is len(Moves).
	Plies int16 `parquet:"plies"`
	// Captures is the number of capture moves.
	Captures int16 `parquet:"captures"`
	// Winner is the winner by the game's name for the player
	// (game.Game's PlayerName: "red" or "black" in Surakarta, "white" or
	// "black" in Alquerque) or "draw".
	Winner string `parquet:"winner,dict"`
	// Outcome is the winner by the order of play, the same in every game:
	// "first", "second" or "draw" (game.Result's String).
	Outcome string `parquet:"outcome,dict"`
	// Reason is why the game ended: capture-all, no-moves,
	// no-capture-limit or repetition.
	Reason string `parquet:"reason,dict"`
	// RedPieces and BlackPieces count Surakarta's pieces left at the end
	// (0 when a side lost them all).
	RedPieces   int8 `parquet:"red_pieces,optional"`
	BlackPieces int8 `parquet:"black_pieces,optional"`
	// MajorityWinner is how Surakarta's majority variant scores the same
	// final position and reason; it equals Winner in a majority dataset.
	MajorityWinner string `parquet:"majority_winner,dict,optional"`
}

// gameWire is a GameRow as the games table stores it: Surakarta's piece
// counts through pointers, so that a Surakarta game's 0 (a side that lost
// every piece) is written as 0 and another game's row writes NULL (a
// value field of an optional column writes its zero as NULL). Its columns
// are GameRow's, in order (TestGameWireHasGameRowsColumns); the writer
// fills it (fromRow).
type gameWire struct {
	RunID          string   `parquet:"run_id,dict"`
	Game           string   `parquet:"game,dict"`
	GameID         int64    `parquet:"game_id,delta"`
	Variant        string   `parquet:"variant,dict"`
	Rules          string   `parquet:"rules,dict"`
	Seed           uint64   `parquet:"seed"`
	StartFEN       string   `parquet:"start_fen,dict"`
	OpeningPlies   int16    `parquet:"opening_plies"`
	Moves          []string `parquet:"moves,list"`
	Plies          int16    `parquet:"plies"`
	Captures       int16    `parquet:"captures"`
	Winner         string   `parquet:"winner,dict"`
	Outcome        string   `parquet:"outcome,dict"`
	Reason         string   `parquet:"reason,dict"`
	RedPieces      *int8    `parquet:"red_pieces,optional"`
	BlackPieces    *int8    `parquet:"black_pieces,optional"`
	MajorityWinner string   `parquet:"majority_winner,dict,optional"`
}

// fromRow sets w from r, pointing the piece counts at r's when own (the
// game has those columns) and leaving them NULL otherwise.
func (w *gameWire) fromRow(r *GameRow, own bool) {
	*w = gameWire{r.RunID, r.Game, r.GameID, r.Variant, r.Rules, r.Seed, r.StartFEN, r.OpeningPlies, r.Moves,
		r.Plies, r.Captures, r.Winner, r.Outcome, r.Reason, nil, nil, r.MajorityWinner}
	if own {
		w.RedPieces, w.BlackPieces = &r.RedPieces, &r.BlackPieces
	}
}

// Row is the set of row types a dataset file holds.
type Row interface {
	PositionRow | GameRow | MatchRow
}

var (
	positionSchema = parquet.SchemaOf(PositionRow{})
	gameSchema     = parquet.SchemaOf(gameWire{})
	matchSchema    = parquet.SchemaOf(MatchRow{})
)

// Schema returns the Parquet schema of a table, TablePositions,
// TableGames or TableMatches; nil for another name.
func Schema(table string) *parquet.Schema { return schemaOf(table, SchemaVersion) }

// schemaOf returns the schema of a table in a schema version (package
// legacy holds the older ones); nil for another name or version.
func schemaOf(table string, version int) *parquet.Schema {
	t := legacy.Tables{Positions: positionSchema, Games: gameSchema, Matches: matchSchema}
	if version != SchemaVersion {
		t = legacy.Of(version)
	}
	switch table {
	case TablePositions:
		return t.Positions
	case TableGames:
		return t.Games
	case TableMatches:
		return t.Matches
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
