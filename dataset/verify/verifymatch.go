package verify

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
)

// replayTables replays a part of g's game and checks its rows: a
// self-play part against its positions (replayPart), a match's against
// its matches rows (replayMatchPart). Its error is ctx's, once ctx is
// done.
func replayTables[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, gf, of *dataset.File, run *dataset.Run, variant string, rep *Report) error {
	if of.Meta.Table == dataset.TableMatches {
		return replayMatchPart(ctx, g, gf, of, run, variant, rep)
	}
	return replayPart(ctx, g, gf, of, run, variant, rep)
}

// checkGameKeys checks the keys of a games row of a part: its run_id and
// game, the footer's run's, and its id, expect (a part's ids are
// contiguous and ascending).
func checkGameKeys(row *dataset.GameRow, runID string, run *dataset.Run, expect int64, where string, rep *Report) {
	checkRowRun(row.RunID, runID, row.Game, run.GameName(), where, rep)
	if row.GameID != expect {
		rep.addf("%s: game id %d where %d was expected (ids of a part are contiguous and ascending)", where, row.GameID, expect)
	}
}

// checkGameRun checks the columns of a games row that its run decides:
// the rules, the variant (the partition's), the seed.
func checkGameRun[G game.Game[P, M], P any, M game.Move](g G, row *dataset.GameRow, run *dataset.Run, variant, where string, rep *Report) {
	if row.Rules != run.Rules {
		rep.addf("%s: rules %q, the run's are %q", where, row.Rules, run.Rules)
	}
	if key := dataset.Key(row.Game, row.Variant); key != variant || dataset.RulesVariant(g.String()) != row.Variant {
		rep.addf("%s: variant %q (rules %q) in partition %s", where, row.Variant, row.Rules, dataset.PartitionName(variant))
	}
	if row.Seed != run.Seed {
		rep.addf("%s: seed %d, the run's is %d", where, row.Seed, run.Seed)
	}
}

// replayMatchPart replays every game of a match's games part by g's rules
// and checks each row of it and of its matches part: one matches row a
// game, the engines' sides and names as a match plays them (A the first
// player in a pair's first game), and every games column as the match
// wrote it (replayMatchGame). Its error is ctx's, once ctx is done.
func replayMatchPart[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, gf, mf *dataset.File, run *dataset.Run, variant string, rep *Report) error {
	runID := gf.Meta.Run.ID()
	matches := map[int64]dataset.MatchRow{}
	var names [2]string // engine A's and B's, from the first row
	err := mf.ScanMatches(func(m *dataset.MatchRow) error {
		where := fmt.Sprintf("%s: game %d", mf.Path, m.GameID)
		if _, twice := matches[m.GameID]; twice {
			rep.addf("%s: a second matches row of the game", where)
		}
		checkMatchRow(m, runID, &names, where, rep)
		rep.MatchRows++
		matches[m.GameID] = *m
		return nil
	})
	if err != nil {
		rep.addf("%v", err)
		return nil
	}
	expectID, n := gf.Meta.FirstGame, int64(0)
	err = gf.ScanGames(func(row *dataset.GameRow) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		n++
		where := fmt.Sprintf("%s: game %d", gf.Path, row.GameID)
		checkGameKeys(row, runID, run, expectID, where, rep)
		expectID = row.GameID + 1
		m, ok := matches[row.GameID]
		if !ok {
			rep.addf("%s: no matches row in %s", where, mf.Path)
			return nil
		}
		delete(matches, row.GameID)
		replayMatchGame(g, row, &m, run, variant, where, rep)
		return nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		rep.addf("%v", err)
		return nil
	}
	rep.Games += n
	if n != gf.Meta.LastGame-gf.Meta.FirstGame+1 {
		rep.addf("%s: footer says games %d..%d, the file holds %d games", gf.Path, gf.Meta.FirstGame, gf.Meta.LastGame, n)
	}
	for _, id := range slices.Sorted(func(yield func(int64) bool) {
		for id := range matches {
			if !yield(id) {
				return
			}
		}
	}) {
		rep.addf("%s: game %d: a matches row of a game not in %s", mf.Path, id, gf.Path)
	}
	return nil
}

// checkMatchRow checks a matches row: its run_id, the engines on each side
// (game i of a pair has engine A as the first player when i is even, the
// second when odd), their names the same in every game (names holds
// them, set by the first row), times and nodes not negative.
func checkMatchRow(m *dataset.MatchRow, runID string, names *[2]string, where string, rep *Report) {
	if m.RunID != runID {
		rep.addf("%s: run_id %q, the footer's run has %q", where, m.RunID, runID)
	}
	first, second := "a", "b"
	nameA, nameB := m.RedName, m.BlackName
	if m.GameID%2 == 1 {
		first, second = second, first
		nameA, nameB = nameB, nameA
	}
	if m.Red != first || m.Black != second {
		rep.addf("%s: sides red %q and black %q, the match has engine %s first in this game", where, m.Red, m.Black, first)
	}
	if *names == [2]string{} {
		*names = [2]string{nameA, nameB}
	} else if nameA != names[0] || nameB != names[1] {
		rep.addf("%s: engines %q (a) and %q (b), the match's are %q and %q", where, nameA, nameB, names[0], names[1])
	}
	if m.RedTimeMS < 0 || m.BlackTimeMS < 0 || m.RedNodes < 0 || m.BlackNodes < 0 {
		rep.addf("%s: times %d and %d ms, nodes %d and %d: none may be negative", where, m.RedTimeMS, m.BlackTimeMS, m.RedNodes, m.BlackNodes)
	}
}

// replayMatchGame replays a match's game by g's rules: from its start, the
// pair's random opening (the run's seed with the pair's index, game_id/2,
// as the arena draws it), then every move legal and written canonically,
// ending as the rules end it after the last move, or, where its matches
// row m gives a fault, not ended by the rules and won by one side; and
// checks every column against the row the match writes for those moves.
func replayMatchGame[G game.Game[P, M], P comparable, M game.Move](g G, row *dataset.GameRow, m *dataset.MatchRow, run *dataset.Run, variant, where string, rep *Report) {
	checkGameRun(g, row, run, variant, where, rep)
	start, err := g.ParsePosition(row.StartFEN)
	if err != nil {
		rep.addf("%s: start_fen: %v", where, err)
		return
	}
	line, err := game.NewLine(g, start)
	if err != nil {
		rep.addf("%s: start_fen: %v", where, err)
		return
	}
	var opening []M
	if run.RandomOpening > 0 {
		ol, _ := game.NewLine(g, start)
		n, err := dataset.PlayOpeningOf(ol, run.Opening, run.Seed, row.GameID/2, run.RandomOpening)
		if err != nil {
			rep.addf("%s: opening: %v", where, err)
			return
		}
		if n != int(row.OpeningPlies) {
			rep.addf("%s: opening_plies %d, the pair's opening has %d", where, row.OpeningPlies, n)
		}
		opening = ol.Moves()[:min(n, len(row.Moves))]
	}
	for i, s := range row.Moves {
		p := line.Position()
		if line.IsTerminal() {
			rep.addf("%s: ply %d: move %s after the game ended (%s)", where, i, s, game.OutcomeText(g, line.Outcome()))
			return
		}
		mv, err := g.ParseMove(&p, s)
		if err != nil {
			rep.addf("%s: ply %d: move %s: %v", where, i, s, err)
			return
		}
		if i < len(opening) && mv != opening[i] {
			rep.addf("%s: ply %d: opening move %s, the pair's opening plays %s", where, i, s, g.FormatMove(&p, opening[i]))
			return
		}
		if err := line.Play(mv); err != nil {
			rep.addf("%s: ply %d: move %s: %v", where, i, s, err)
			return
		}
	}
	out := line.Outcome()
	var want dataset.GameRow
	dataset.FillGameOf(&want, g, row.GameID, run.Seed, int(row.OpeningPlies), start, line.Moves(), out)
	switch {
	case m.Fault == "" && !out.IsTerminal():
		rep.addf("%s: the game is not over after its %d moves, and no fault (matches row) ended it", where, len(row.Moves))
		return
	case m.Fault != "" && out.IsTerminal():
		rep.addf("%s: the fault %q ended the game, yet the rules end it after its moves (%s)", where, m.Fault, game.OutcomeText(g, out))
		return
	case m.Fault != "":
		won := map[string]game.Result{game.FirstWins.String(): game.FirstWins, game.SecondWins.String(): game.SecondWins}[row.Outcome]
		if won == game.Ongoing {
			rep.addf("%s: outcome %q of a game a fault ended: want first or second, the side that did not fault", where, row.Outcome)
			return
		}
		dataset.FillFaultOf(&want, g, won, row.Reason)
	}
	for _, c := range [...]struct{ name, got, want string }{
		{"moves", strings.Join(row.Moves, " "), strings.Join(want.Moves, " ")},
		{"plies", strconv.Itoa(int(row.Plies)), strconv.Itoa(int(want.Plies))},
		{"captures", strconv.Itoa(int(row.Captures)), strconv.Itoa(int(want.Captures))},
		{"winner", row.Winner, want.Winner},
		{"outcome", row.Outcome, want.Outcome},
		{"reason", row.Reason, want.Reason},
		{"red_pieces", strconv.Itoa(int(row.RedPieces)), strconv.Itoa(int(want.RedPieces))},
		{"black_pieces", strconv.Itoa(int(row.BlackPieces)), strconv.Itoa(int(want.BlackPieces))},
		{"majority_winner", row.MajorityWinner, want.MajorityWinner},
	} {
		if c.got != c.want {
			rep.addf("%s: %s %q, the replay has %q", where, c.name, c.got, c.want)
		}
	}
}
