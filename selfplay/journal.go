package selfplay

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"sync"

	"github.com/surakarta/surakarta/dataset"
)

// journals keeps one dataset.Journal per part in progress. The collector
// adds games and syncs, the committer removes a committed part's journal.
// A nil *journals (a run that writes nothing) does nothing.
type journals struct {
	dir  string
	run  dataset.Run
	mu   sync.Mutex
	open map[part]*dataset.Journal
	// games counts the games in each open journal.
	games map[part]int64
}

func newJournals(dir string, run dataset.Run) *journals {
	if dir == "" {
		return nil
	}
	return &journals{dir: dir, run: run, open: map[part]*dataset.Journal{}, games: map[part]int64{}}
}

// add journals a finished game of part p.
func (j *journals) add(p part, r *record) error {
	if j == nil {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	jl := j.open[p]
	if jl == nil {
		var err error
		if jl, err = dataset.CreateJournal(j.dir, j.run, p.first, p.last); err != nil {
			return err
		}
		j.open[p] = jl
	}
	if err := jl.Append(&dataset.JournalGame{Game: r.game, Positions: r.positions}); err != nil {
		return err
	}
	j.games[p]++
	return nil
}

// held counts the games in the journals still open: those a stopped run
// leaves for the next resume, which writes them without playing them
// again. Games waiting in the reorder buffer for an earlier one are among
// them: the run has not counted them as played.
func (j *journals) held() int64 {
	if j == nil {
		return 0
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	var n int64
	for p := range j.open {
		n += j.games[p]
	}
	return n
}

// sync makes every journaled game durable.
func (j *journals) sync() error {
	return j.each(func(_ part, jl *dataset.Journal) error { return jl.Sync() })
}

// remove drops the journal of a part that is now committed.
func (j *journals) remove(p part) error {
	if j == nil {
		return nil
	}
	j.mu.Lock()
	jl := j.open[p]
	delete(j.open, p)
	delete(j.games, p)
	j.mu.Unlock()
	if jl == nil {
		return nil
	}
	jl.Close()
	return os.Remove(jl.Path())
}

// close syncs and closes the journals of parts still in progress, which
// stay for the next resume.
func (j *journals) close() error {
	return j.each(func(p part, jl *dataset.Journal) error {
		delete(j.open, p)
		return jl.Close()
	})
}

// each calls f on every open journal, holding the lock, and returns all
// their errors.
func (j *journals) each(f func(part, *dataset.Journal) error) error {
	if j == nil {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	var errs []error
	for p, jl := range j.open {
		errs = append(errs, f(p, jl))
	}
	return errors.Join(errs...)
}

// carryOver writes the games read back from earlier journals into this
// run's journals, syncs them and only then removes the earlier journals,
// so that a kill at any moment keeps every game in one journal or another.
func (j *journals) carryOver(pl *plan, pre map[int64]*record, old []string) error {
	if j == nil {
		return nil
	}
	ids := make([]int64, 0, len(pre))
	for id := range pre {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if err := j.add(pl.partAt(id), pre[id]); err != nil {
			return err
		}
	}
	if err := j.sync(); err != nil {
		return err
	}
	for _, p := range old {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}
