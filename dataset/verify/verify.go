package verify

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// MaxProblems is how many problems a Report lists; it counts the rest.
const MaxProblems = 50

// Report is what Verify found.
type Report struct {
	Variants  []string
	Files     int
	Games     int64
	Positions int64
	// Problems lists the first MaxProblems inconsistencies, each naming
	// the file, game and ply; Omitted counts those beyond.
	Problems []string
	Omitted  int
	// Partitions tells, for each variant partition in Variants order,
	// which games it holds.
	Partitions []Coverage
}

// Options are the settings of Verify; the zero value checks the
// rows only.
type Options struct {
	// Progress, if not nil, is called after each part with the games
	// verified so far.
	Progress func(games int64)
	// Complete adds the completeness check: every variant partition must
	// hold exactly the games of its run, ids 0..N-1 with N the run's games
	// (its manifest, else its footers), or the chosen ids of a replay run
	// (Run.GameIDs). Missing and surplus ids are problems.
	Complete bool
	// Games, when positive, is the N the completeness check wants instead
	// of the runs' own; it implies Complete.
	Games int64
	// Shards, when positive, is the run's shard count: a missing game is
	// then reported with the shard that plays it, [i·N/Shards,
	// (i+1)·N/Shards), so that only those shards are rerun.
	Shards int
}

// Coverage describes the games of one variant partition.
type Coverage struct {
	Variant string
	// Games counts the games of the parts that could be read, Ranges their
	// ids, adjacent parts merged.
	Games  int64
	Ranges []dataset.Range
	// RunGames is the run's N and GameIDs a replay run's selection, from
	// the manifest or else the footers.
	RunGames int64
	GameIDs  string
	// Checked reports that the completeness check ran; Want is then the
	// number of games it wanted, Missing and Surplus the ids absent and
	// present beyond them, and MissingShards the shards (of
	// Options.Shards) that play the missing ids. Ids a larger
	// Options.Games expects beyond the run's own count (RunGames) are
	// not Missing (no resume plays them): a problem says the counts differ.
	Checked       bool
	Want          int64
	Missing       []dataset.Range
	Surplus       []dataset.Range
	MissingShards []int
}

// Complete reports whether the completeness check ran and found the
// partition whole.
func (c *Coverage) Complete() bool {
	return c.Checked && len(c.Missing) == 0 && len(c.Surplus) == 0
}

// OK reports whether Verify found no problem.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

func (r *Report) addf(format string, args ...any) {
	if len(r.Problems) < MaxProblems {
		r.Problems = append(r.Problems, fmt.Sprintf(format, args...))
	} else {
		r.Omitted++
	}
}

// Verify checks a dataset against the rules core. For every variant
// partition it checks that each games part has its positions part and
// footers that agree with the partition's manifest and with the rows; it
// replays every game from start_fen and moves and checks that the moves are
// legal and written canonically, that the random opening is the one the
// run's seed gives, that the game ends exactly after its last move with the
// recorded winner, reason, piece counts, captures and majority_winner; that
// there is exactly one position row for every searched ply, in order, whose
// every column agrees with the replayed position, whose policy lists only
// legal moves, each once, in ascending order, including the move played,
// and whose result is
// the game's for the side to move; and that game ids are unique. Damaged
// files are problems too. The error is for a dataset that cannot be read at
// all (no such directory). With opt.Complete or opt.Games it also checks
// that each partition holds every game of its run (see Options).
//
// Verify checks ctx between games: once ctx is done it stops and returns
// the report so far with ctx's error.
func Verify(ctx context.Context, dir string, opt Options) (*Report, error) {
	vs, err := dataset.VariantsOrAll(dir, "")
	if err != nil {
		return nil, err
	}
	rep := &Report{Variants: vs}
	for _, v := range vs {
		cov, err := verifyPartition(ctx, dir, v, rep, opt.Progress)
		if err != nil {
			return rep, err
		}
		if opt.Complete || opt.Games > 0 {
			checkComplete(&cov, opt, rep)
		}
		rep.Partitions = append(rep.Partitions, cov)
	}
	return rep, nil
}

// checkComplete compares the ids a partition holds with those its run
// should hold, filling cov's check fields and reporting the differences.
func checkComplete(cov *Coverage, opt Options, rep *Report) {
	cov.Checked = true
	held := dataset.FormatRanges(cov.Ranges, ", ")
	if held == "" {
		held = "none"
	}
	if opt.Games <= 0 && cov.GameIDs != "" {
		// A replay run: it should hold exactly the ids it chose.
		if got := dataset.FormatRanges(cov.Ranges, ","); got != cov.GameIDs {
			rep.addf("variant %s: a replay of the games %s holds the games %s: rerun it with --resume", cov.Variant, cov.GameIDs, held)
			cov.Missing = []dataset.Range{} // not whole; the ids are in the message
		}
		cov.Want = cov.Games
		return
	}
	n := opt.Games
	if n <= 0 {
		n = cov.RunGames
	}
	cov.Want = n
	if n <= 0 {
		rep.addf("variant %s: no run manifest or footer gives the run's number of games: give it", cov.Variant)
		cov.Missing = []dataset.Range{}
		return
	}
	next := int64(0)
	for _, r := range cov.Ranges {
		if r.First > next {
			cov.Missing = append(cov.Missing, dataset.Range{First: next, Last: min(r.First, n) - 1})
		}
		if r.Last >= n {
			cov.Surplus = append(cov.Surplus, dataset.Range{First: max(r.First, n), Last: r.Last})
		}
		next = max(next, r.Last+1)
	}
	if next < n {
		cov.Missing = append(cov.Missing, dataset.Range{First: next, Last: n - 1})
	}
	cov.Missing = slices.DeleteFunc(cov.Missing, func(r dataset.Range) bool { return r.Last < r.First })
	// Games beyond the run's own count are not missing from it: no resume
	// plays them (only a larger --games does).
	if run := cov.RunGames; opt.Games > 0 && run > 0 && n > run {
		cov.Missing = slices.DeleteFunc(cov.Missing, func(r dataset.Range) bool { return r.First >= run })
		for i := range cov.Missing {
			cov.Missing[i].Last = min(cov.Missing[i].Last, run-1)
		}
		rep.addf("variant %s: expected %d games, the run has %d (its manifest's --games): give --expect-games %d, or extend the run with --games %d --resume",
			cov.Variant, n, run, run, n)
	}
	if len(cov.Missing) > 0 {
		msg := fmt.Sprintf("variant %s: holds %d of the run's %d games (ids %s); missing %s", cov.Variant, cov.Games, n, held, dataset.FormatRanges(cov.Missing, ", "))
		if opt.Shards > 0 {
			for i := range opt.Shards {
				lo, hi := dataset.ShardRange(n, i, opt.Shards)
				for _, m := range cov.Missing {
					if m.First < hi && m.Last >= lo {
						cov.MissingShards = append(cov.MissingShards, i)
						break
					}
				}
			}
			shards := make([]string, len(cov.MissingShards))
			for i, s := range cov.MissingShards {
				shards[i] = strconv.Itoa(s)
			}
			msg += fmt.Sprintf(": rerun shard(s) %s of %d with --resume", strings.Join(shards, ", "), opt.Shards)
		} else {
			msg += ": rerun the shards that play them with --resume (give the run's shard count to name them)"
		}
		rep.addf("%s", msg)
	}
	if len(cov.Surplus) > 0 {
		rep.addf("variant %s: ids %s lie beyond the run's %d games (0..%d): is %d the run's number of games?",
			cov.Variant, dataset.FormatRanges(cov.Surplus, ", "), n, n-1, n)
	}
}

func verifyPartition(ctx context.Context, dir, variant string, rep *Report, progress func(int64)) (cov Coverage, _ error) {
	cov.Variant = variant
	run, haveRun, err := dataset.ReadManifest(dir, variant)
	if err != nil {
		rep.addf("%v", err)
	}
	defer func() {
		// Read at the end: the footers give the run when there is no
		// manifest.
		cov.RunGames, cov.GameIDs = run.Games, run.GameIDs
	}()
	ps, err := dataset.ReadLayout(dir, variant)
	if err != nil {
		rep.addf("%v", err)
		return cov, nil
	}
	for _, t := range append(ps.Games.Temps, ps.Other.Temps...) {
		rep.addf("%s: temporary file of an unfinished write (a run was interrupted: resume it, or delete the file)", t.Path)
	}
	for _, j := range ps.Games.Journals {
		rep.addf("%s: journal of a part in progress (a run was interrupted: resume it to write its games)", j.Path)
	}
	checkLayout(ps, dir, variant, false, rep.addf)
	lastID := int64(-1)
	for _, p := range ps.Complete() {
		gp := p.Games
		ids, okPart, err := verifyPart(ctx, gp.Path, p.Other.Path, variant, &run, &haveRun, rep)
		if err != nil {
			return cov, err
		}
		if okPart {
			if ids.First <= lastID {
				rep.addf("%s: game ids %d..%d overlap an earlier part (up to %d): duplicate games", gp.Path, ids.First, ids.Last, lastID)
			}
			lastID = max(lastID, ids.Last)
			cov.Games += ids.Len()
			if n := len(cov.Ranges); n > 0 && cov.Ranges[n-1].Last+1 == ids.First {
				cov.Ranges[n-1].Last = ids.Last
			} else {
				cov.Ranges = append(cov.Ranges, ids)
			}
		}
		if progress != nil {
			progress(rep.Games)
		}
	}
	return cov, nil
}

// verifyPart checks one games part and its positions part and returns the
// game id range they hold. Its error is ctx's, once ctx is done.
func verifyPart(ctx context.Context, gamesPath, posPath, variant string, run *dataset.Run, haveRun *bool, rep *Report) (dataset.Range, bool, error) {
	gf, err := dataset.Open(gamesPath)
	if err != nil {
		rep.addf("%v", err)
		return dataset.Range{}, false, nil
	}
	defer gf.Close()
	pf, err := dataset.Open(posPath)
	if err != nil {
		rep.addf("%v", err)
		return dataset.Range{}, false, nil
	}
	defer pf.Close()
	rep.Files += 2
	for _, f := range []*dataset.File{gf, pf} {
		m := f.Meta
		if !*haveRun {
			*run, *haveRun = m.Run, true
		}
		if d := m.Run.Diff(*run); d != "" {
			rep.addf("%s: footer disagrees with the partition's run (%s)", f.Path, d)
		}
		checkFooterVariant(f.Path, m.Run, variant, rep.addf)
	}
	if gf.Meta.FirstGame != pf.Meta.FirstGame || gf.Meta.LastGame != pf.Meta.LastGame {
		rep.addf("%s: footer game range %d..%d differs from its games part's %d..%d",
			posPath, pf.Meta.FirstGame, pf.Meta.LastGame, gf.Meta.FirstGame, gf.Meta.LastGame)
	}
	rng := dataset.Range{First: gf.Meta.FirstGame, Last: gf.Meta.LastGame}
	switch name := run.GameName(); name {
	case dataset.DefaultGame:
		r, err := rules.ParseRules(run.Rules)
		if err != nil {
			rep.addf("%s: footer rules %q: %v", gamesPath, run.Rules, err)
			return dataset.Range{}, false, nil
		}
		return rng, true, replayTables(ctx, r, gf, pf, run, variant, rep)
	case alquerque.Rules{}.Name():
		r, err := alquerque.ParseRules(run.Rules)
		if err != nil {
			rep.addf("%s: footer rules %q: %v", gamesPath, run.Rules, err)
			return dataset.Range{}, false, nil
		}
		return rng, true, replayTables(ctx, r, gf, pf, run, variant, rep)
	default:
		rep.addf("%s: footer names the game %q: this program replays %s and %s", gamesPath, name, dataset.DefaultGame, alquerque.Rules{}.Name())
		return dataset.Range{}, false, nil
	}
}

// replayPart replays every game of a games part by g's rules (the game
// contract: one replay for every game) and checks each row of it and of
// its positions part against the replay. Its error is ctx's, once ctx is
// done.
func replayPart[G game.Game[P, M], P comparable, M game.Move](ctx context.Context, g G, gf, pf *dataset.File, run *dataset.Run, variant string, rep *Report) error {
	gamesPath, posPath := gf.Path, pf.Path
	var list []*replayed[P]
	expectID := gf.Meta.FirstGame
	runID := gf.Meta.Run.ID()
	err := gf.ScanGames(func(row *dataset.GameRow) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		r := &replayed[P]{row: row.Clone()}
		where := fmt.Sprintf("%s: game %d", gamesPath, row.GameID)
		checkGameKeys(row, runID, run, expectID, where, rep)
		expectID = row.GameID + 1
		r.positions, r.outcome, r.bad = replayGame(g, &r.row, run, variant, where, rep)
		r.nextPly = int(row.OpeningPlies)
		list = append(list, r)
		return nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		rep.addf("%v", err)
		return nil
	}
	rep.Games += int64(len(list))
	if int64(len(list)) != gf.Meta.LastGame-gf.Meta.FirstGame+1 {
		rep.addf("%s: footer says games %d..%d, the file holds %d games", gamesPath, gf.Meta.FirstGame, gf.Meta.LastGame, len(list))
	}
	byID := make(map[int64]*replayed[P], len(list))
	for _, r := range list {
		byID[r.row.GameID] = r
	}

	// Check the position rows against the replays.
	var cur *replayed[P]
	lastGame := int64(-1)
	legal := make([]M, 0, g.MaxMoves())
	policyMoves := pf.Meta.SchemaVersion >= 2 // version 1 stored none
	err = pf.ScanPositions(nil, func(p *dataset.PositionRow) error {
		rep.Positions++
		where := fmt.Sprintf("%s: game %d ply %d", posPath, p.GameID, p.Ply)
		if p.RunID != runID {
			rep.addf("%s: run_id %q, the footer's run has %q", where, p.RunID, runID)
		}
		if p.Game != run.GameName() {
			rep.addf("%s: game %q, the footer's run has %q", where, p.Game, run.GameName())
		}
		if p.GameID < lastGame {
			rep.addf("%s: rows out of order (game %d after %d)", where, p.GameID, lastGame)
		}
		if cur == nil || cur.row.GameID != p.GameID {
			if err := ctx.Err(); err != nil {
				return err
			}
			if cur != nil && !cur.bad && cur.nextPly != int(cur.row.Plies) {
				rep.addf("%s: game %d: rows end at ply %d, the game has %d plies", posPath, cur.row.GameID, cur.nextPly, cur.row.Plies)
			}
			cur = byID[p.GameID]
			lastGame = p.GameID
			if cur == nil {
				rep.addf("%s: row of a game not in %s", where, gamesPath)
				return nil
			}
		}
		if cur == nil || cur.bad {
			return nil
		}
		if int(p.Ply) != cur.nextPly {
			rep.addf("%s: expected ply %d (one row per searched ply, in order)", where, cur.nextPly)
			cur.bad = true
			return nil
		}
		if int(p.Ply) >= len(cur.row.Moves) {
			rep.addf("%s: row beyond the game's %d moves in %s (are the two files of one part from different runs?)", where, len(cur.row.Moves), gamesPath)
			cur.bad = true
			return nil
		}
		cur.nextPly++
		checkPosition(g, p, cur, legal, policyMoves, where, rep)
		return nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		rep.addf("%v", err)
	}
	if cur != nil && !cur.bad && cur.nextPly != int(cur.row.Plies) {
		rep.addf("%s: game %d: rows end at ply %d, the game has %d plies", posPath, cur.row.GameID, cur.nextPly, cur.row.Plies)
	}
	for _, r := range list {
		if r.nextPly == int(r.row.OpeningPlies) && r.row.Plies > r.row.OpeningPlies && !r.bad {
			rep.addf("%s: game %d: no position rows", posPath, r.row.GameID)
		}
	}
	return nil
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
	var opening []M
	if run.RandomOpening > 0 {
		ol, _ := game.NewLine(g, start)
		n, err := dataset.PlayOpeningOf(ol, run.Opening, run.Seed, row.GameID, run.RandomOpening)
		if err != nil {
			return bad("opening: %v", err)
		}
		if n != int(row.OpeningPlies) {
			rep.addf("%s: opening_plies %d, the seed's opening has %d", where, row.OpeningPlies, n)
		}
		opening = ol.Moves()[:min(n, len(row.Moves))]
	}
	positions := make([]P, 0, len(row.Moves)+1)
	captures := 0
	for i, s := range row.Moves {
		p := line.Position()
		positions = append(positions, p)
		if line.IsTerminal() {
			return bad("ply %d: move %s after the game ended (%s)", i, s, game.OutcomeText(g, line.Outcome()))
		}
		m, err := g.ParseMove(&p, s)
		if err != nil {
			return bad("ply %d: move %s: %v", i, s, err)
		}
		if i < len(opening) && m != opening[i] {
			return bad("ply %d: opening move %s, the seed's opening plays %s", i, s, g.FormatMove(&p, opening[i]))
		}
		if c := g.FormatMove(&p, m); c != s {
			rep.addf("%s: ply %d: move %s is not canonical (%s)", where, i, s, c)
		}
		// A capture is what makes a move irreversible in both games.
		if _, irreversible := g.Apply(&p, m); irreversible {
			captures++
		}
		if err := line.Play(m); err != nil {
			return bad("ply %d: move %s: %v", i, s, err)
		}
	}
	final := line.Position()
	positions = append(positions, final)
	out := line.Outcome()
	if !out.IsTerminal() {
		return bad("the game is not over after its %d moves", len(row.Moves))
	}
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
	dataset.FillGameOf(&want, g, row.GameID, row.Seed, int(row.OpeningPlies), start, line.Moves(), out)
	if row.RedPieces != want.RedPieces || row.BlackPieces != want.BlackPieces {
		rep.addf("%s: pieces %d/%d, the replay ends with %d/%d", where, row.RedPieces, row.BlackPieces, want.RedPieces, want.BlackPieces)
	}
	if row.MajorityWinner != want.MajorityWinner {
		rep.addf("%s: majority_winner %q, majority scores the end %q", where, row.MajorityWinner, want.MajorityWinner)
	}
	return positions, out, false
}

// replayed is a game of the part being verified.
type replayed[P any] struct {
	row       dataset.GameRow
	positions []P // before each move, then the final one
	outcome   game.Outcome
	bad       bool // replay failed: its position rows are not checked
	nextPly   int
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
