package legacy

import (
	"github.com/parquet-go/parquet-go"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Version 2 put a run_id column first in every table, stored each policy
// entry's move and made fault optional: its rows are version 1's so
// changed. parquet-go reads an embedded struct's fields as columns in
// place.

// positionRow is a positions row of schema version 1 or 2 after run_id,
// E the version's policy entry.
type positionRow[E any] struct {
	GameID         int64   `parquet:"game_id,delta"`
	Ply            int16   `parquet:"ply,delta"`
	FEN            string  `parquet:"fen"`
	Red            uint64  `parquet:"red"`
	Black          uint64  `parquet:"black"`
	SideToMove     int8    `parquet:"side_to_move"`
	NoCapturePlies int16   `parquet:"no_capture_plies"`
	RedPieces      int8    `parquet:"red_pieces"`
	BlackPieces    int8    `parquet:"black_pieces"`
	LegalMoves     int16   `parquet:"legal_moves"`
	Move           string  `parquet:"move,dict"`
	MoveIndex      int16   `parquet:"move_index"`
	Policy         []E     `parquet:"policy,list"`
	RootValue      float32 `parquet:"root_value"`
	Result         int8    `parquet:"result"`
}

// positionRowV1 is a positions row of schema version 1.
type positionRowV1 positionRow[policyEntryV1]

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

// matchSides are the columns of a matches row of schema version 1 or 2
// between run_id and fault.
type matchSides struct {
	GameID      int64  `parquet:"game_id,delta"`
	Red         string `parquet:"red,dict"`
	Black       string `parquet:"black,dict"`
	RedName     string `parquet:"red_name,dict"`
	BlackName   string `parquet:"black_name,dict"`
	RedTimeMS   int64  `parquet:"red_time_ms"`
	BlackTimeMS int64  `parquet:"black_time_ms"`
	RedNodes    int64  `parquet:"red_nodes"`
	BlackNodes  int64  `parquet:"black_nodes"`
}

type matchRowV1 struct {
	matchSides
	Fault string `parquet:"fault"`
}

type positionRowV2 struct {
	RunID string `parquet:"run_id,dict"`
	positionRow[policyEntryV2]
}

type policyEntryV2 struct {
	policyEntryV1
	Move string `parquet:"move,dict"`
}

type gameRowV2 struct {
	RunID string `parquet:"run_id,dict"`
	gameRowV1
}

type matchRowV2 struct {
	RunID string `parquet:"run_id,dict"`
	matchSides
	Fault string `parquet:"fault,optional"`
}

// Tables are the layouts of one schema version's three tables.
type Tables struct{ Positions, Games, Matches *parquet.Schema }

var (
	v1 = Tables{parquet.SchemaOf(positionRowV1{}), parquet.SchemaOf(gameRowV1{}), parquet.SchemaOf(matchRowV1{})}
	v2 = Tables{parquet.SchemaOf(positionRowV2{}), parquet.SchemaOf(gameRowV2{}), parquet.SchemaOf(matchRowV2{})}
)

// Of returns the layouts of schema version 1 or 2; for another version,
// none (nil schemas).
func Of(version int) Tables {
	switch version {
	case 1:
		return v1
	case 2:
		return v2
	}
	return Tables{}
}

// Outcome returns the outcome column of a game of schema version 1 or 2
// from its winner: Surakarta's, in which Red moves first.
func Outcome(winner string) string {
	switch winner {
	case rules.RedWins.String():
		return game.FirstWins.String()
	case rules.BlackWins.String():
		return game.SecondWins.String()
	}
	return winner
}
