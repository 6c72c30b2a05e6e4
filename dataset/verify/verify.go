package verify

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/setting"
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
	// MatchRows counts the matches rows checked: a match's record holds
	// its games with one matches row each, and no positions.
	MatchRows int64
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
		r.Problems = append(r.Problems, setting.Sprintf(format, args...))
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
			rep.addf("variant %s: a replay of the games %s holds the games %s: rerun it with %s", cov.Variant, cov.GameIDs, held, setting.Key("resume"))
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
	// plays them (only a larger games setting does).
	if run := cov.RunGames; opt.Games > 0 && run > 0 && n > run {
		cov.Missing = slices.DeleteFunc(cov.Missing, func(r dataset.Range) bool { return r.First >= run })
		for i := range cov.Missing {
			cov.Missing[i].Last = min(cov.Missing[i].Last, run-1)
		}
		rep.addf("variant %s: expected %d games, the run has %d (its manifest's %s): give %s, or extend the run with %s",
			cov.Variant, n, run, setting.Key("games"), setting.Set("expect_games", run), setting.Line{setting.Set("games", n), setting.Key("resume")})
	}
	if len(cov.Missing) > 0 {
		var again any
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
			again = setting.Errorf(": rerun shard(s) %s of %d with %s", strings.Join(shards, ", "), opt.Shards, setting.Key("resume"))
		} else {
			again = setting.Errorf(": rerun the shards that play them with %s (give the run's shard count to name them)", setting.Key("resume"))
		}
		rep.addf("variant %s: holds %d of the run's %d games (ids %s); missing %s%v", cov.Variant, cov.Games, n, held, dataset.FormatRanges(cov.Missing, ", "), again)
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
