package dataset

import (
	"github.com/parquet-go/parquet-go"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// The layouts of earlier schema versions, frozen: readers open files of
// these versions with them, so that datasets written before a schema change
// still read, verify and fit. Never edit a layout here; a new version adds
// its predecessor's layout instead.
//
// Version 1 lacked run_id (readers fill it from the file's footer, Run.ID)
// and the policy entries' move (read as ""), and wrote a clean game's fault
// as '' instead of NULL.
//
// Versions 1 and 2 held Surakarta alone: they lacked the game column
// (read as "surakarta") and the games' outcome (read from winner: red is
// first, black second), and their Surakarta columns were required.

type positionRowV1 struct {
	GameID         int64           `parquet:"game_id,delta"`
	Ply            int16           `parquet:"ply,delta"`
	FEN            string          `parquet:"fen"`
	Red            uint64          `parquet:"red"`
	Black          uint64          `parquet:"black"`
	SideToMove     int8            `parquet:"side_to_move"`
	NoCapturePlies int16           `parquet:"no_capture_plies"`
	RedPieces      int8            `parquet:"red_pieces"`
	BlackPieces    int8            `parquet:"black_pieces"`
	LegalMoves     int16           `parquet:"legal_moves"`
	Move           string          `parquet:"move,dict"`
	MoveIndex      int16           `parquet:"move_index"`
	Policy         []policyEntryV1 `parquet:"policy,list"`
	RootValue      float32         `parquet:"root_value"`
	Result         int8            `parquet:"result"`
}

type policyEntryV1 struct {
	Action int16 `parquet:"action"`
	Visits int32 `parquet:"visits"`
}

type gameRowV1 struct {
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
	Reason         string   `parquet:"reason,dict"`
	RedPieces      int8     `parquet:"red_pieces"`
	BlackPieces    int8     `parquet:"black_pieces"`
	MajorityWinner string   `parquet:"majority_winner,dict"`
}

type matchRowV1 struct {
	GameID      int64  `parquet:"game_id,delta"`
	Red         string `parquet:"red,dict"`
	Black       string `parquet:"black,dict"`
	RedName     string `parquet:"red_name,dict"`
	BlackName   string `parquet:"black_name,dict"`
	RedTimeMS   int64  `parquet:"red_time_ms"`
	BlackTimeMS int64  `parquet:"black_time_ms"`
	RedNodes    int64  `parquet:"red_nodes"`
	BlackNodes  int64  `parquet:"black_nodes"`
	Fault       string `parquet:"fault"`
}

type positionRowV2 struct {
	RunID          string          `parquet:"run_id,dict"`
	GameID         int64           `parquet:"game_id,delta"`
	Ply            int16           `parquet:"ply,delta"`
	FEN            string          `parquet:"fen"`
	Red            uint64          `parquet:"red"`
	Black          uint64          `parquet:"black"`
	SideToMove     int8            `parquet:"side_to_move"`
	NoCapturePlies int16           `parquet:"no_capture_plies"`
	RedPieces      int8            `parquet:"red_pieces"`
	BlackPieces    int8            `parquet:"black_pieces"`
	LegalMoves     int16           `parquet:"legal_moves"`
	Move           string          `parquet:"move,dict"`
	MoveIndex      int16           `parquet:"move_index"`
	Policy         []policyEntryV2 `parquet:"policy,list"`
	RootValue      float32         `parquet:"root_value"`
	Result         int8            `parquet:"result"`
}

type policyEntryV2 struct {
	Action int16  `parquet:"action"`
	Visits int32  `parquet:"visits"`
	Move   string `parquet:"move,dict"`
}

type gameRowV2 struct {
	RunID          string   `parquet:"run_id,dict"`
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
	Reason         string   `parquet:"reason,dict"`
	RedPieces      int8     `parquet:"red_pieces"`
	BlackPieces    int8     `parquet:"black_pieces"`
	MajorityWinner string   `parquet:"majority_winner,dict"`
}

type matchRowV2 struct {
	RunID       string `parquet:"run_id,dict"`
	GameID      int64  `parquet:"game_id,delta"`
	Red         string `parquet:"red,dict"`
	Black       string `parquet:"black,dict"`
	RedName     string `parquet:"red_name,dict"`
	BlackName   string `parquet:"black_name,dict"`
	RedTimeMS   int64  `parquet:"red_time_ms"`
	BlackTimeMS int64  `parquet:"black_time_ms"`
	RedNodes    int64  `parquet:"red_nodes"`
	BlackNodes  int64  `parquet:"black_nodes"`
	Fault       string `parquet:"fault,optional"`
}

var v2Schemas = map[string]*parquet.Schema{
	TablePositions: parquet.SchemaOf(positionRowV2{}),
	TableGames:     parquet.SchemaOf(gameRowV2{}),
	TableMatches:   parquet.SchemaOf(matchRowV2{}),
}

var v1Schemas = map[string]*parquet.Schema{
	TablePositions: parquet.SchemaOf(positionRowV1{}),
	TableGames:     parquet.SchemaOf(gameRowV1{}),
	TableMatches:   parquet.SchemaOf(matchRowV1{}),
}

// legacySchema returns a table's schema in an earlier version; nil for
// another version or name.
func legacySchema(table string, version int) *parquet.Schema {
	switch version {
	case 1:
		return v1Schemas[table]
	case 2:
		return v2Schemas[table]
	}
	return nil
}

// legacyOutcome returns the outcome column of a game of schema version 1
// or 2 from its winner: Surakarta's, in which Red moves first.
func legacyOutcome(winner string) string {
	switch winner {
	case rules.RedWins.String():
		return game.FirstWins.String()
	case rules.BlackWins.String():
		return game.SecondWins.String()
	}
	return winner
}
