package dataset

import (
	"fmt"
	"slices"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// FillPositionOf sets the columns of row that the position itself decides,
// for any game through its contract: game_id, ply, fen (the game's
// position text), side_to_move, no_capture_plies (where the position
// counts it), legal_moves, move (m's notation; m is the legal move played
// from p) and Surakarta's own columns (fillSurakarta), zero for another
// game. Game, Policy, RootValue and Result are left to the writer and the
// caller.
func FillPositionOf[G game.Game[P, M], P any, M game.Move](row *PositionRow, g G, gameID int64, ply int, p *P, m M) {
	row.GameID = gameID
	row.Ply = int16(ply)
	row.FEN = g.FormatPosition(p)
	row.SideToMove = int8(g.ToMove(p))
	row.NoCapturePlies = 0
	if c, ok := any(p).(interface{ NoCapturePlies() int }); ok {
		row.NoCapturePlies = int16(c.NoCapturePlies())
	}
	if c, ok := any(p).(interface{ CountMoves() int }); ok {
		row.LegalMoves = int16(c.CountMoves())
	} else {
		row.LegalMoves = int16(len(g.Moves(p, make([]M, 0, g.MaxMoves()))))
	}
	row.Move = g.FormatMove(p, m)
	row.Red, row.Black, row.RedPieces, row.BlackPieces, row.MoveIndex = 0, 0, 0, 0, 0
	if sp, ok := any(p).(*rules.Position); ok {
		fillSurakarta(row, sp, rules.Move(m))
	}
}

// fillSurakarta sets Surakarta's own columns of a position row: the
// bitboards, the piece counts and the dense action index of m.
func fillSurakarta(row *PositionRow, p *rules.Position, m rules.Move) {
	row.Red = uint64(p.Red())
	row.Black = uint64(p.Black())
	row.RedPieces = int8(p.Count(rules.Red))
	row.BlackPieces = int8(p.Count(rules.Black))
	row.MoveIndex = int16(m.Action())
}

// FillPosition is FillPositionOf for Surakarta (whose position columns do
// not depend on the rules' settings).
func FillPosition(row *PositionRow, gameID int64, ply int, p *rules.Position, m rules.Move) {
	FillPositionOf(row, rules.Rules{}, gameID, ply, p, m)
}

// Action returns a policy entry's action for m: Surakarta's dense action
// index, 0 (NULL in the file) for another game's move.
func Action[M game.Move](m M) int16 {
	var zero M // boxed without allocating, as m might not be
	if _, ok := any(zero).(rules.Move); ok {
		return int16(rules.Move(m).Action())
	}
	return 0
}

// SetResultsOf sets the result column of a finished game's position rows:
// the outcome's value for each row's side to move.
func SetResultsOf(rows []PositionRow, out game.Outcome) {
	first, second := int8(out.Result.Value(game.First)), int8(out.Result.Value(game.Second))
	for i := range rows {
		if rows[i].SideToMove == int8(game.First) {
			rows[i].Result = first
		} else {
			rows[i].Result = second
		}
	}
}

// SetResults is SetResultsOf for a Surakarta outcome.
func SetResults(rows []PositionRow, out rules.Outcome) { SetResultsOf(rows, out.Game()) }

// FillGameOf sets every column of row from a finished game of g: its id,
// the run's seed, how many opening plies were random, the position it
// started from, its moves and its outcome; Surakarta's own columns
// (fillSurakartaGame) are zero for another game. row.Moves is reused.
func FillGameOf[G game.Game[P, M], P any, M game.Move](row *GameRow, g G, gameID int64, seed uint64, openingPlies int, start P, moves []M, out game.Outcome) {
	row.GameID = gameID
	row.Rules = g.String()
	row.Variant = RulesVariant(row.Rules)
	row.Seed = seed
	row.StartFEN = g.FormatPosition(&start)
	row.OpeningPlies = int16(openingPlies)
	row.Moves = row.Moves[:0]
	p := start
	captures := 0
	for _, m := range moves {
		row.Moves = append(row.Moves, g.FormatMove(&p, m))
		// A capture is what makes a move irreversible in both games.
		if _, irreversible := g.Apply(&p, m); irreversible {
			captures++
		}
	}
	row.Plies = int16(len(row.Moves))
	row.Captures = int16(captures)
	row.Winner = WinnerName(g, out.Result)
	row.Outcome = out.Result.String()
	row.Reason = g.ReasonName(out.Reason)
	row.RedPieces, row.BlackPieces, row.MajorityWinner = 0, 0, ""
	if sp, ok := any(&p).(*rules.Position); ok {
		if r, ok := any(g).(rules.Rules); ok {
			fillSurakartaGame(row, r, sp, out)
		}
	}
}

// FillFaultOf sets the columns of a games row of g's game that a fault
// decides, for a game a player's fault ended (a match's engine that
// crashed, timed out or moved illegally), won by result (game.FirstWins
// or game.SecondWins) for reason, the fault's: winner, outcome, reason,
// and Surakarta's majority_winner, which the fault decides under both
// variants. The other columns are FillGameOf's.
func FillFaultOf[G game.Game[P, M], P any, M game.Move](row *GameRow, g G, result game.Result, reason string) {
	row.Winner, row.Outcome, row.Reason = WinnerName(g, result), result.String(), reason
	if row.MajorityWinner != "" { // Surakarta's column
		row.MajorityWinner = row.Winner
	}
}

// fillSurakartaGame sets Surakarta's own columns of a games row: the
// pieces left and how the majority variant scores the ending.
func fillSurakartaGame(row *GameRow, r rules.Rules, final *rules.Position, out game.Outcome) {
	row.RedPieces = int8(final.Count(rules.Red))
	row.BlackPieces = int8(final.Count(rules.Black))
	o := rules.Outcome{Result: rules.Result(out.Result), Reason: rules.Reason(out.Reason)}
	row.MajorityWinner = rules.MajorityWinner(r, final, o).String()
}

// WinnerName names a result by the game's names for its players: "red",
// "black", "white" or "draw" ("ongoing" for a game not over).
func WinnerName[G game.Game[P, M], P any, M game.Move](g G, r game.Result) string {
	switch r {
	case game.FirstWins, game.SecondWins:
		return g.PlayerName(game.Player(r - game.FirstWins))
	}
	return r.String()
}

// RulesVariant returns the variant a rules string names
// ("variant=V,..."; both games' rules strings), or "" when it names none.
func RulesVariant(s string) string {
	pairs, _ := splitRules(s)
	for _, kv := range pairs {
		if kv[0] == "variant" {
			return kv[1]
		}
	}
	return ""
}

// FillGame is FillGameOf for a finished Surakarta game g.
func FillGame(row *GameRow, gameID int64, seed uint64, openingPlies int, g *rules.Game) {
	FillGameOf(row, g.Rules(), gameID, seed, openingPlies, g.Start(), g.Moves(), g.Outcome().Game())
}

// Clone returns a copy of g that shares no memory with it: ScanGames hands
// its callback a row it reuses, so a row kept past the callback is cloned.
func (g *GameRow) Clone() GameRow {
	c := *g
	c.Moves = slices.Clone(g.Moves)
	return c
}

// Clone returns a copy of p that shares no memory with it, as
// GameRow.Clone does for ScanPositions' reused row.
func (p *PositionRow) Clone() PositionRow {
	c := *p
	c.Policy = slices.Clone(p.Policy)
	return c
}

// Position rebuilds the Surakarta position a row holds from the columns
// FillPosition wrote (the bitboards, side_to_move and no_capture_plies),
// checked as rules.NewPosition checks a position; the error names the
// row's game and ply.
func (p *PositionRow) Position() (rules.Position, error) {
	pos, err := rules.NewPosition(rules.Bitboard(p.Red), rules.Bitboard(p.Black), rules.Color(p.SideToMove), int(p.NoCapturePlies), 1)
	if err != nil {
		return pos, fmt.Errorf("game %d ply %d: %w", p.GameID, p.Ply, err)
	}
	return pos, nil
}

// PolicyOrder is the order of a policy's entries, as self-play writes them
// and verify checks them: by Surakarta's dense action (the order of every
// Surakarta dataset), by the move's code in another game.
func PolicyOrder[M game.Move](m M) int {
	if a := Action(m); a != 0 {
		return int(a)
	}
	return int(m)
}
