package dataset

import (
	"slices"

	"github.com/surakarta/surakarta/rules"
)

// FillPosition sets the columns of row that the position itself decides:
// game_id, ply, fen, the bitboards, side_to_move, no_capture_plies, the
// piece counts, legal_moves, and move and move_index for m, the legal move
// played from p. Policy, RootValue and Result are left to the caller.
func FillPosition(row *PositionRow, gameID int64, ply int, p *rules.Position, m rules.Move) {
	row.GameID = gameID
	row.Ply = int16(ply)
	row.FEN = p.FEN()
	row.Red = uint64(p.Red())
	row.Black = uint64(p.Black())
	row.SideToMove = int8(p.SideToMove())
	row.NoCapturePlies = int16(p.NoCapturePlies())
	row.RedPieces = int8(p.Count(rules.Red))
	row.BlackPieces = int8(p.Count(rules.Black))
	row.LegalMoves = int16(p.CountMoves())
	row.Move = p.MoveString(m)
	row.MoveIndex = int16(m.Action())
}

// SetResults sets the result column of a finished game's position rows:
// the outcome's return for each row's side to move.
func SetResults(rows []PositionRow, out rules.Outcome) {
	red, black := int8(out.Return(rules.Red)), int8(out.Return(rules.Black))
	for i := range rows {
		if rows[i].SideToMove == int8(rules.Red) {
			rows[i].Result = red
		} else {
			rows[i].Result = black
		}
	}
}

// FillGame sets every column of row from a finished game g: its id, the
// run's seed, and how many opening plies were random. row.Moves is reused.
func FillGame(row *GameRow, gameID int64, seed uint64, openingPlies int, g *rules.Game) {
	r := g.Rules()
	start := g.Start()
	row.GameID = gameID
	row.Variant = r.Variant.String()
	row.Rules = r.String()
	row.Seed = seed
	row.StartFEN = start.FEN()
	row.OpeningPlies = int16(openingPlies)
	row.Moves = row.Moves[:0]
	p := start
	captures := 0
	for _, m := range g.Moves() {
		row.Moves = append(row.Moves, p.MoveString(m))
		if m.IsCapture() {
			captures++
		}
		p = p.Apply(m)
	}
	row.Plies = int16(len(row.Moves))
	row.Captures = int16(captures)
	out := g.Outcome()
	row.Winner = out.Result.String()
	row.Reason = out.Reason.String()
	final := g.Position()
	row.RedPieces = int8(final.Count(rules.Red))
	row.BlackPieces = int8(final.Count(rules.Black))
	row.MajorityWinner = rules.MajorityWinner(r, &final, out).String()
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
