package selfplay

import (
	"errors"
	"fmt"
	"sort"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
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

// prepare takes the run's games and its partition (dataset.ResumeRun:
// with Resume, a run of more games extends it) and, without Resume,
// refuses a directory that holds any of the run's games. With Resume
// dataset.ResumeRun has removed what an interrupted run left and the
// damaged parts, saying so through logf; prepare keeps the games the
// journals kept and counts the results of those already complete.
func prepare(rs *runspec.Settings, run dataset.Run, planned []dataset.Range, sum *Summary, logf func(string, ...any)) (st *resumeState, err error) {
	lo, hi := planned[0].First, planned[len(planned)-1].Last+1
	res, err := dataset.ResumeRun(rs.Out, run, lo, hi, rs.Resume, logf)
	if mm := (*dataset.RunMismatchError)(nil); errors.As(err, &mm) {
		if have, ok, _ := dataset.ReadManifest(rs.Out, run.Partition()); ok && formerDefault(run, have) != "" {
			return nil, fmt.Errorf("%w%s", err, formerDefault(run, have))
		}
	}
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			res.Lock.Unlock()
		}
	}()
	st = &resumeState{lock: res.Lock, journaled: map[int64]*record{}}
	complete, js := res.Complete, res.Journals
	if !rs.Resume {
		if n := overlap(planned, complete); n > 0 || len(res.Leftovers)+len(js.Paths) > 0 {
			return nil, setting.Errorf("%s already holds %d of this run's %d games and %d files of an interrupted run: resume the run (%s) or write to another directory",
				rs.Out, n, sum.Planned, len(res.Leftovers)+len(js.Paths), setting.Key("resume"))
		}
		st.todo = planned
		return st, nil
	}
	sum.Skipped = overlap(planned, complete)
	st.todo = subtract(planned, complete)
	st.oldJournals = js.Paths
	for _, rg := range st.todo {
		for id, g := range js.Games {
			if id >= rg.First && id <= rg.Last {
				st.journaled[id] = &record{id: id, game: g.Game, positions: g.Positions, journaled: true}
				sum.keep(g.Game.Outcome)
			}
		}
	}
	if err := keepResults(rs.Out, run.Partition(), planned, complete, sum); err != nil {
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
			sum.keep(g.Outcome)
		}
		return nil
	})
}
