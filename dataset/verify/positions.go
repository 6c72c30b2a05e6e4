package verify

import (
	"context"
	"fmt"
	"math"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
)

// checkPositions checks the rows of a positions part against the replays
// of its games part (list, from gamesPath): one row per searched ply of
// each game, in order, each agreeing with the replayed position. Its error
// is ctx's, once ctx is done.
func checkPositions[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, pf *dataset.File, gamesPath string, run *dataset.Run, list []*replayed[P], rep *Report) error {
	byID := make(map[int64]*replayed[P], len(list))
	for _, r := range list {
		byID[r.row.GameID] = r
	}
	runID := pf.Meta.Run.ID()
	var cur *replayed[P]
	lastGame := int64(-1)
	legal := make([]M, 0, g.MaxMoves())
	policyMoves := pf.Meta.SchemaVersion >= 2 // version 1 stored none
	err := pf.ScanPositions(nil, func(p *dataset.PositionRow) error {
		rep.Positions++
		where := fmt.Sprintf("%s: game %d ply %d", pf.Path, p.GameID, p.Ply)
		checkRowRun(p.RunID, runID, p.Game, run.GameName(), where, rep)
		if p.GameID < lastGame {
			rep.addf("%s: rows out of order (game %d after %d)", where, p.GameID, lastGame)
		}
		if cur == nil || cur.row.GameID != p.GameID {
			if err := ctx.Err(); err != nil {
				return err
			}
			checkRowsEnd(cur, pf.Path, rep)
			cur, lastGame = byID[p.GameID], p.GameID
			if cur == nil {
				rep.addf("%s: row of a game not in %s", where, gamesPath)
				return nil
			}
		}
		if cur != nil && !cur.bad && nextPosition(cur, p, where, gamesPath, rep) {
			checkPosition(g, p, cur, legal, policyMoves, where, rep)
		}
		return nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		rep.addf("%v", err)
	}
	checkRowsEnd(cur, pf.Path, rep)
	for _, r := range list {
		if r.nextPly == int(r.row.OpeningPlies) && r.row.Plies > r.row.OpeningPlies && !r.bad {
			rep.addf("%s: game %d: no position rows", pf.Path, r.row.GameID)
		}
	}
	return nil
}

// nextPosition reports whether p is the next row of game r (its next
// searched ply, within its moves), and advances r past it; otherwise it
// reports the problem and marks r bad.
func nextPosition[P any](r *replayed[P], p *dataset.PositionRow, where, gamesPath string, rep *Report) bool {
	switch {
	case int(p.Ply) != r.nextPly:
		rep.addf("%s: expected ply %d (one row per searched ply, in order)", where, r.nextPly)
	case int(p.Ply) >= len(r.row.Moves):
		rep.addf("%s: row beyond the game's %d moves in %s (are the two files of one part from different runs?)", where, len(r.row.Moves), gamesPath)
	default:
		r.nextPly++
		return true
	}
	r.bad = true
	return false
}

// checkRowsEnd reports a game (nil: none) whose position rows ended
// before its last ply.
func checkRowsEnd[P any](r *replayed[P], posPath string, rep *Report) {
	if r != nil && !r.bad && r.nextPly != int(r.row.Plies) {
		rep.addf("%s: game %d: rows end at ply %d, the game has %d plies", posPath, r.row.GameID, r.nextPly, r.row.Plies)
	}
}

// checkPosition compares a position row with the replayed game.
func checkPosition[G game.Game[P, M], P comparable, M game.Move](g G, p *dataset.PositionRow, r *replayed[P], buf []M, policyMoves bool, where string, rep *Report) {
	pos := &r.positions[p.Ply]
	m, err := g.ParseMove(pos, r.row.Moves[p.Ply])
	if err != nil { // replayGame accepted it; cannot happen
		rep.addf("%s: %v", where, err)
		return
	}
	// The columns the position and the move decide, against the row
	// self-play would write for the replayed position.
	var want dataset.PositionRow
	dataset.FillPositionOf(&want, g, p.GameID, int(p.Ply), pos, m)
	dataset.DecidedDiffs(p, &want, func(name, got, replayed string) {
		rep.addf("%s: %s %s, the replay has %s", where, name, got, replayed)
	})
	moves := g.Moves(pos, buf)
	seen := make(map[M]bool, len(p.Policy))
	played := false
	for i, e := range p.Policy {
		// The entry's move: by Surakarta's action (which files of version
		// 1 alone name it by), by its notation in another game.
		lm, ok := policyMove(g, pos, moves, e)
		if !ok {
			rep.addf("%s: policy lists %s, not a legal move of the position", where, policyName(e))
			continue
		}
		if i > 0 {
			if prev, ok := policyMove(g, pos, moves, p.Policy[i-1]); ok && dataset.PolicyOrder(prev) > dataset.PolicyOrder(lm) {
				rep.addf("%s: policy not in the moves' order (%s after %s)", where, policyName(e), policyName(p.Policy[i-1]))
			}
		}
		switch {
		case seen[lm]:
			rep.addf("%s: policy lists %s twice", where, policyName(e))
		case e.Visits < 0:
			rep.addf("%s: policy gives %s %d visits", where, policyName(e), e.Visits)
		}
		seen[lm] = true
		played = played || lm == m
		if want := g.FormatMove(pos, lm); policyMoves && e.Move != want {
			rep.addf("%s: policy entry of %s has move %q, the position's move is %s", where, policyName(e), e.Move, want)
		}
		if a := dataset.Action(lm); e.Action != a {
			rep.addf("%s: policy entry of %s has action %d, the move's is %d", where, policyName(e), e.Action, a)
		}
	}
	if !played {
		rep.addf("%s: policy does not include the move played %s", where, p.Move)
	}
	if v := float64(p.RootValue); math.IsNaN(v) || v < -1 || v > 1 {
		rep.addf("%s: root_value %v outside [-1, 1]", where, p.RootValue)
	}
	if want := int8(r.outcome.Result.Value(g.ToMove(pos))); p.Result != want {
		rep.addf("%s: result %d, the game (%s) gives the side to move %d", where, p.Result, game.OutcomeText(g, r.outcome), want)
	}
}

// policyMove returns the legal move of pos (moves are its legal moves) a
// policy entry names: by its action where it has one (Surakarta's), else
// by its notation.
func policyMove[G game.Game[P, M], P any, M game.Move](g G, pos *P, moves []M, e dataset.PolicyEntry) (M, bool) {
	for _, lm := range moves {
		if e.Action != 0 && dataset.Action(lm) == e.Action {
			return lm, true
		}
	}
	if e.Action != 0 || e.Move == "" {
		return 0, false
	}
	m, err := g.ParseMove(pos, e.Move)
	return m, err == nil
}

// policyName names a policy entry in a problem: its action and move.
func policyName(e dataset.PolicyEntry) string {
	if e.Action != 0 {
		return fmt.Sprintf("action %d", e.Action)
	}
	return fmt.Sprintf("move %q", e.Move)
}
