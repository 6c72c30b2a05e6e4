package selfplay

import (
	"fmt"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/dataset"
)

// resumeState is what a run found in its directory before playing.
type resumeState struct {
	lock *dataset.GamesLock
	// todo are the planned games not yet in sound committed parts.
	todo []dataset.Range
	// journaled holds the games of todo that journals of an interrupted
	// run kept, oldJournals those journals.
	journaled   map[int64]*record
	oldJournals []string
}

// prepare takes the lock of the run's game range, claims the partition
// (with Resume, a run of more games extends it) and, without Resume,
// refuses a directory that holds any of the run's games. With Resume it
// removes what an interrupted run left, checks the parts it keeps
// (dataset.CheckParts: footers, hashes, ranges, run identity) and removes
// the damaged ones, saying so through logf, and reads the games the
// journals kept.
func prepare(cfg *Config, run dataset.Run, planned []dataset.Range, sum *Summary, logf func(string, ...any)) (st *resumeState, err error) {
	lo, hi := planned[0].First, planned[len(planned)-1].Last+1
	lock, err := dataset.LockGames(cfg.Run.Out, run.Variant, lo, hi)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			lock.Unlock()
		}
	}()
	if err := dataset.ClaimRun(cfg.Run.Out, run, cfg.Run.Resume); err != nil {
		if have, ok, _ := dataset.ReadManifest(cfg.Run.Out, run.Variant); ok && formerDefault(run, have) != "" {
			return nil, fmt.Errorf("%w%s", err, formerDefault(run, have))
		}
		return nil, err
	}
	st = &resumeState{lock: lock, journaled: map[int64]*record{}}
	if !cfg.Run.Resume {
		complete, err := dataset.Complete(cfg.Run.Out, run.Variant)
		if err != nil {
			return nil, err
		}
		left, err := dataset.Leftovers(cfg.Run.Out, run.Variant, lo, hi)
		if err != nil {
			return nil, err
		}
		js, err := dataset.ReadJournals(cfg.Run.Out, run, lo, hi)
		if err != nil {
			return nil, err
		}
		if n := overlap(planned, complete); n > 0 || len(left)+len(js.Paths) > 0 {
			return nil, fmt.Errorf("%s already holds %d of this run's %d games and %d files of an interrupted run: resume the run (selfplay --resume) or write to another directory",
				cfg.Run.Out, n, sum.Planned, len(left)+len(js.Paths))
		}
		st.todo = planned
		return st, nil
	}
	// Files this program did not write may be the user's: a resume names
	// them and leaves them to the user rather than removing them.
	foreign, err := dataset.Unexpected(cfg.Run.Out, run.Variant)
	if err != nil {
		return nil, err
	}
	if len(foreign) > 0 {
		return nil, fmt.Errorf("%s holds %s not written by surakarta, which readers would read as rows: %s; move them out of the dataset (or delete them), then resume again",
			cfg.Run.Out, filesWord(len(foreign)), strings.Join(foreign, ", "))
	}
	removed, err := dataset.Cleanup(cfg.Run.Out, run.Variant, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, p := range removed {
		logf("removed %s, left by an interrupted run", p)
	}
	strays, busy, err := dataset.CleanupStrays(cfg.Run.Out, run.Variant, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, p := range strays {
		logf("removed %s, a part missing a table outside this run's games %d..%d", p, lo, hi-1)
	}
	for _, p := range busy {
		logf("left %s: a running writer holds its games", p)
	}
	rep, err := dataset.CheckParts(cfg.Run.Out, run, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, r := range rep.Removed {
		logf("removed %s; its games are played again", r)
	}
	for _, p := range rep.Recorded {
		logf("checked %s and recorded its hashes", p)
	}
	complete, err := dataset.Complete(cfg.Run.Out, run.Variant)
	if err != nil {
		return nil, err
	}
	sum.Skipped = overlap(planned, complete)
	st.todo = subtract(planned, complete)
	js, err := dataset.ReadJournals(cfg.Run.Out, run, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, n := range js.Notes {
		logf("%s", n)
	}
	st.oldJournals = js.Paths
	for _, rg := range st.todo {
		for id, g := range js.Games {
			if id >= rg.First && id <= rg.Last {
				st.journaled[id] = &record{id: id, game: g.Game, positions: g.Positions, journaled: true}
				sum.keep(g.Game.Winner)
			}
		}
	}
	if err := keepResults(cfg.Run.Out, run.Variant, planned, complete, sum); err != nil {
		return nil, err
	}
	// Else the command says there is nothing to play. A finished run grown
	// by more games was not interrupted: only journals say one was.
	switch {
	case len(st.todo) > 0 && len(st.journaled) > 0:
		logf("resuming: %d of %d games already complete, %d more kept by the journals of an interrupted run", sum.Skipped, sum.Planned, len(st.journaled))
	case len(st.todo) > 0:
		logf("resuming: %d of %d games already complete", sum.Skipped, sum.Planned)
	}
	return st, nil
}

// filesWord is "1 file" or "N files".
func filesWord(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}

// keepResults counts the results of the run's games already complete in
// dir (the planned ids that complete covers), from the games table, so
// that a resume's results are the whole run's.
func keepResults(dir, variant string, planned, complete []dataset.Range, sum *Summary) error {
	kept := subtract(planned, subtract(planned, complete)) // sorted, disjoint
	if len(kept) == 0 {
		return nil
	}
	return dataset.ScanGames(dir, variant, func(g *dataset.GameRow) error {
		i := sort.Search(len(kept), func(i int) bool { return kept[i].Last >= g.GameID })
		if i < len(kept) && kept[i].First <= g.GameID {
			sum.keep(g.Winner)
		}
		return nil
	})
}
