package verify

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
)

// replayPart replays every game of a games part by g's rules (the game
// contract: one replay for every game) and checks each row of it and of
// its positions part against the replay. Its error is ctx's, once ctx is
// done.
func replayPart[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, gf, pf *dataset.File, run *dataset.Run, variant string, rep *Report) error {
	list, ok, err := replayGames(ctx, g, gf, run, variant, rep)
	if !ok || err != nil {
		return err
	}
	return checkPositions(ctx, g, pf, gf.Path, run, list, rep)
}

// replayGames replays the games of a games part in order, checking each
// row's run, game and id; ok is false when the part could not be read
// (reported). Its error is ctx's, once ctx is done.
func replayGames[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, gf *dataset.File, run *dataset.Run, variant string, rep *Report) (list []*replayed[P], ok bool, _ error) {
	expectID := gf.Meta.FirstGame
	runID := gf.Meta.Run.ID()
	err := gf.ScanGames(func(row *dataset.GameRow) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := &replayed[P]{row: row.Clone()}
		where := fmt.Sprintf("%s: game %d", gf.Path, row.GameID)
		checkGameKeys(row, runID, run, expectID, where, rep)
		expectID = row.GameID + 1
		r.positions, r.outcome, r.bad = replayGame(g, &r.row, run, variant, where, rep)
		r.nextPly = int(row.OpeningPlies)
		list = append(list, r)
		return nil
	})
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	if err != nil {
		rep.addf("%v", err)
		return nil, false, nil
	}
	rep.Games += int64(len(list))
	if int64(len(list)) != gf.Meta.LastGame-gf.Meta.FirstGame+1 {
		rep.addf("%s: footer says games %d..%d, the file holds %d games", gf.Path, gf.Meta.FirstGame, gf.Meta.LastGame, len(list))
	}
	return list, true, nil
}

// checkRowRun reports a row whose run id or game is not its footer's run's.
func checkRowRun(rowRun, runID, rowGame, game, where string, rep *Report) {
	if rowRun != runID {
		rep.addf("%s: run_id %q, the footer's run has %q", where, rowRun, runID)
	}
	if rowGame != game {
		rep.addf("%s: game %q, the footer's run has %q", where, rowGame, game)
	}
}

// replayGame plays a game row's moves by g's rules and checks its columns;
// it returns the positions before each move plus the final one.
func replayGame[G game.Game[P, M], P comparable, M game.Move](g G, row *dataset.GameRow, run *dataset.Run, variant, where string, rep *Report) ([]P, game.Outcome, bool) {
	bad := func(format string, args ...any) ([]P, game.Outcome, bool) {
		rep.addf(where+": "+format, args...)
		return nil, game.Outcome{}, true
	}
	checkGameRun(g, row, run, variant, where, rep)
	start, err := g.ParsePosition(row.StartFEN)
	if err != nil {
		return bad("start_fen: %v", err)
	}
	line, err := game.NewLine(g, start)
	if err != nil {
		return bad("start_fen: %v", err)
	}
	if int(row.Plies) != len(row.Moves) {
		rep.addf("%s: plies %d but %d moves", where, row.Plies, len(row.Moves))
	}
	if row.OpeningPlies < 0 || int(row.OpeningPlies) > len(row.Moves) || int(row.OpeningPlies) > run.RandomOpening {
		return bad("opening_plies %d out of range (moves %d, run's random opening %d)", row.OpeningPlies, len(row.Moves), run.RandomOpening)
	}
	opening, err := seedOpening(g, start, row, run, where, rep)
	if err != nil {
		return bad("opening: %v", err)
	}
	positions, captures, err := replayMoves(g, line, row.Moves, opening, where, rep)
	if err != nil {
		return bad("%v", err)
	}
	out := line.Outcome()
	if !out.IsTerminal() {
		return bad("the game is not over after its %d moves", len(row.Moves))
	}
	checkGameEnd(g, row, start, line.Moves(), out, captures, where, rep)
	return positions, out, false
}

// seedOpening returns the opening the run's seed gives the game of row
// (none when the run plays none), reporting an opening_plies that is not
// its length.
func seedOpening[G game.Game[P, M], P comparable, M game.Move](g G, start P, row *dataset.GameRow, run *dataset.Run, where string, rep *Report) ([]M, error) {
	if run.RandomOpening == 0 {
		return nil, nil
	}
	ol, _ := game.NewLine(g, start)
	n, err := dataset.PlayOpeningOf(ol, run.Opening, run.Seed, row.GameID, run.RandomOpening)
	if err != nil {
		return nil, err
	}
	if n != int(row.OpeningPlies) {
		rep.addf("%s: opening_plies %d, the seed's opening has %d", where, row.OpeningPlies, n)
	}
	return ol.Moves()[:min(n, len(row.Moves))], nil
}

// replayMoves plays a game's moves (in notation) on line, which starts at
// its start position, checking each against the rules, the seed's opening
// and the canonical notation; it returns the positions before each move
// and the final one, and the captures. Its error names the ply that
// cannot be played.
func replayMoves[G game.Game[P, M], P comparable, M game.Move](g G, line *game.Line[G, P, M], moves []string, opening []M, where string, rep *Report) ([]P, int, error) {
	positions := make([]P, 0, len(moves)+1)
	captures := 0
	for i, s := range moves {
		p := line.Position()
		positions = append(positions, p)
		if line.IsTerminal() {
			return nil, 0, fmt.Errorf("ply %d: move %s after the game ended (%s)", i, s, game.OutcomeText(g, line.Outcome()))
		}
		m, err := g.ParseMove(&p, s)
		if err != nil {
			return nil, 0, fmt.Errorf("ply %d: move %s: %v", i, s, err)
		}
		if i < len(opening) && m != opening[i] {
			return nil, 0, fmt.Errorf("ply %d: opening move %s, the seed's opening plays %s", i, s, g.FormatMove(&p, opening[i]))
		}
		if c := g.FormatMove(&p, m); c != s {
			rep.addf("%s: ply %d: move %s is not canonical (%s)", where, i, s, c)
		}
		// A capture is what makes a move irreversible in both games.
		if _, irreversible := g.Apply(&p, m); irreversible {
			captures++
		}
		if err := line.Play(m); err != nil {
			return nil, 0, fmt.Errorf("ply %d: move %s: %v", i, s, err)
		}
	}
	return append(positions, line.Position()), captures, nil
}

// checkGameEnd compares how a games row says its game ended (winner,
// reason, outcome, captures, and Surakarta's own columns) with the
// replay's end.
func checkGameEnd[G game.Game[P, M], P comparable, M game.Move](g G, row *dataset.GameRow, start P, moves []M, out game.Outcome, captures int, where string, rep *Report) {
	if winner, reason := dataset.WinnerName(g, out.Result), g.ReasonName(out.Reason); row.Winner != winner || row.Reason != reason {
		rep.addf("%s: winner %s (%s), the replay ends %s (%s)", where, row.Winner, row.Reason, winner, reason)
	}
	if row.Outcome != out.Result.String() {
		rep.addf("%s: outcome %s, the replay ends %s", where, row.Outcome, out.Result)
	}
	if int(row.Captures) != captures {
		rep.addf("%s: captures %d, the replay has %d", where, row.Captures, captures)
	}
	// Surakarta's own columns, against the row self-play would write (zero
	// for another game).
	var want dataset.GameRow
	dataset.FillGameOf(&want, g, row.GameID, row.Seed, int(row.OpeningPlies), start, moves, out)
	if row.RedPieces != want.RedPieces || row.BlackPieces != want.BlackPieces {
		rep.addf("%s: pieces %d/%d, the replay ends with %d/%d", where, row.RedPieces, row.BlackPieces, want.RedPieces, want.BlackPieces)
	}
	if row.MajorityWinner != want.MajorityWinner {
		rep.addf("%s: majority_winner %q, majority scores the end %q", where, row.MajorityWinner, want.MajorityWinner)
	}
}

// replayed is a game of the part being verified.
type replayed[P any] struct {
	row       dataset.GameRow
	positions []P // before each move, then the final one
	outcome   game.Outcome
	bad       bool // replay failed: its position rows are not checked
	nextPly   int
}
