package selfplay

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/mcts"
)

// journalSync is how often the journals of parts in progress are synced:
// a finished game survives the process being killed as soon as it is
// journaled, and a power loss after at most this long.
const journalSync = time.Second

// record is a finished game on its way to the writers.
type record struct {
	id        int64
	game      dataset.GameRow
	positions []dataset.PositionRow
	result    game.Result
	reason    game.Reason
	// journaled marks a game read back from a journal, not played now.
	journaled bool
}

// item is a game handed to a table writer with the part it belongs to.
type item struct {
	rec  *record
	part part
}

// committed is a table writer's report of a part it finished: written
// and synced but not yet in place, which the committer does for both
// tables' files of the part together (w nil when nothing is written).
type committed struct {
	part  part
	table string
	sum   dataset.FileSum
	w     dataset.Part
}

// play plays the games of pl that pre does not hold (games read back from
// journals, written again with the rest) and writes them all. Every
// finished game is journaled at once, in the order games finish; the two
// table writers write parts in game id order; the committer records each
// part once both tables hold it and drops its journal.
func play[G mcts.Game[P, M], P comparable, M game.Move](parent context.Context, cfg *ConfigOf[G, P, M], run dataset.Run, pl *plan, pre map[int64]*record, oldJournals []string, sum *Summary) error {
	jr := newJournals(cfg.Run.Out, run)
	if err := jr.carryOver(pl, pre, oldJournals); err != nil {
		return err
	}
	start, ok := pl.first()
	if !ok {
		return jr.close() // journals left by a run whose parts were all committed are gone now
	}
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)

	// The reorder window bounds the games held out of order; the
	// dispatcher hands ids out in order, so the smallest id not yet
	// written is always being played and the window never deadlocks.
	window := 4*cfg.Run.Concurrency + 4
	tokens := make(chan struct{}, window)
	jobs := make(chan int64)
	results := make(chan *record, cfg.Run.Concurrency)
	go dispatch(ctx, pl, start, pre, tokens, jobs)
	workerErr := playGames(ctx, cfg, jobs, results, cancel)
	w := startWriters(cfg.Run.Out, run, dataset.FileMeta{Run: run, Shard: cfg.Run.Shard, Shards: cfg.Run.Shards}, window, jr, cancel, sum)
	journalErr := collect(cfg, pl, start, pre, results, tokens, w, jr, cancel, sum)
	writersErr := w.wait()
	sum.InJournal = jr.held()
	if err := jr.close(); journalErr == nil {
		journalErr = err
	}
	// Workers fail alike (a searcher that cannot be made): one of their
	// errors says it, where all of them would print it once a worker.
	var workersErr error
	for _, err := range workerErr {
		if err != nil {
			workersErr = err
			break
		}
	}
	if err := errors.Join(workersErr, writersErr, journalErr); err != nil {
		return err
	}
	if parent.Err() != nil && sum.Skipped+sum.Written < sum.Planned {
		return fmt.Errorf("%w: %w", ErrInterrupted, context.Cause(parent))
	}
	return nil
}

// dispatch hands out the ids of pl from start that pre does not hold, in
// order, each once it holds a token of the reorder window; it closes jobs
// when they are all out or ctx is done.
func dispatch(ctx context.Context, pl *plan, start int64, pre map[int64]*record, tokens chan<- struct{}, jobs chan<- int64) {
	defer close(jobs)
	r := 0
	for id, ok := start, true; ok; id, ok = pl.next(id, &r) {
		if pre[id] != nil {
			continue
		}
		select {
		case tokens <- struct{}{}:
		case <-ctx.Done():
			return
		}
		select {
		case jobs <- id:
		case <-ctx.Done():
			return
		}
	}
}

// playGames starts cfg.Run.Concurrency workers, each with a player of its
// own, that play the ids of jobs into results, and closes results once
// they are done. Each worker's error (a player it could not make) is in
// the slice returned, to read once results is closed.
func playGames[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, cfg *ConfigOf[G, P, M], jobs <-chan int64, results chan<- *record, cancel context.CancelCauseFunc) []error {
	var workers sync.WaitGroup
	workerErr := make([]error, cfg.Run.Concurrency)
	for w := range cfg.Run.Concurrency {
		workers.Go(func() {
			pl, err := newPlayer(cfg)
			if err != nil {
				workerErr[w] = err
				cancel(err)
				return
			}
			for id := range jobs {
				rec := pl.play(ctx, id)
				if rec == nil {
					continue // abandoned: the run is stopping
				}
				results <- rec
			}
		})
	}
	go func() {
		workers.Wait()
		close(results)
	}()
	return workerErr
}

// writers are a run's two table writers, one goroutine each, and the
// committer, which puts each part in place once both tables hold it.
type writers struct {
	pos, games                 chan item
	commits                    chan committed
	wg                         sync.WaitGroup
	committed                  chan struct{}
	posErr, gameErr, commitErr error
}

// startWriters starts the writers of a run's parts into dir, with room
// for window games each.
func startWriters(dir string, run dataset.Run, meta dataset.FileMeta, window int, jr *journals, cancel context.CancelCauseFunc, sum *Summary) *writers {
	w := &writers{pos: make(chan item, window), games: make(chan item, window), commits: make(chan committed, 2*window), committed: make(chan struct{})}
	w.wg.Add(2)
	go func() {
		defer w.wg.Done()
		w.posErr = writeTable(dir, dataset.TablePositions, meta, w.pos, w.commits, cancel, func(r *record) []dataset.PositionRow { return r.positions })
	}()
	go func() {
		defer w.wg.Done()
		w.gameErr = writeTable(dir, dataset.TableGames, meta, w.games, w.commits, cancel, func(r *record) []dataset.GameRow { return []dataset.GameRow{r.game} })
	}()
	go func() {
		defer close(w.committed)
		w.commitErr = commit(dir, run.Partition(), w.commits, jr, cancel, sum)
	}()
	return w
}

// send hands a game to both table writers.
func (w *writers) send(it item) {
	w.pos <- it
	w.games <- it
}

// wait closes the writers' input, waits for them and the committer, and
// returns their errors.
func (w *writers) wait() error {
	close(w.pos)
	close(w.games)
	w.wg.Wait()
	close(w.commits)
	<-w.committed
	return errors.Join(w.posErr, w.gameErr, w.commitErr)
}

// collect journals each game of results as it arrives and releases games
// to the writers in id order, from start, through the reorder buffer (pre
// the games read back from journals), returning a tokens' place as each
// game played now goes; it syncs the journals every journalSync. It
// returns once results is closed, with the journals' first error.
func collect[G mcts.Game[P, M], P comparable, M game.Move](cfg *ConfigOf[G, P, M], pl *plan, start int64, pre map[int64]*record, results <-chan *record, tokens <-chan struct{}, w *writers, jr *journals, cancel context.CancelCauseFunc, sum *Summary) error {
	pending := maps.Clone(pre)
	if pending == nil {
		pending = map[int64]*record{}
	}
	cur, r := start, 0
	more := true
	release := func() {
		for more {
			rec, ok := pending[cur]
			if !ok {
				return
			}
			delete(pending, cur)
			w.send(item{rec, pl.partOf(cur, r)})
			if rec.journaled {
				sum.Journaled++
			} else {
				<-tokens
				sum.tally(rec)
				if cfg.OnGame != nil {
					cfg.OnGame(GameStats{ID: rec.id, Plies: int(rec.game.Plies), Positions: len(rec.positions), Result: rec.result, Reason: rec.reason})
				}
			}
			cur, more = pl.next(cur, &r)
		}
	}
	var journalErr error
	fail := func(err error) {
		if err != nil && journalErr == nil {
			journalErr = err
			cancel(err)
		}
	}
	tick := time.NewTicker(journalSync)
	defer tick.Stop()
	release()
	for {
		select {
		case rec, ok := <-results:
			if !ok {
				return journalErr
			}
			fail(jr.add(pl.partAt(rec.id), rec))
			pending[rec.id] = rec
			release()
		case <-tick.C:
			fail(jr.sync())
		}
	}
}

// keep counts the result of a game a resume kept, by its outcome column
// ("first", "second" or "draw").
func (s *Summary) keep(outcome string) {
	switch outcome {
	case game.FirstWins.String():
		s.KeptRed++
	case game.SecondWins.String():
		s.KeptBlack++
	default:
		s.KeptDraw++
	}
}

// tally counts a game played in this run.
func (s *Summary) tally(r *record) {
	s.Played++
	s.Positions += int64(len(r.positions))
	switch r.result {
	case game.FirstWins:
		s.Red++
	case game.SecondWins:
		s.Black++
	default:
		s.Draw++
	}
}

// writeTable writes the items of one table into part files and reports
// each part it finishes, for the committer to put in place. On an error it
// cancels the run and drains its input. With dir empty it writes nothing
// and reports every complete part.
func writeTable[T dataset.Row](dir, table string, meta dataset.FileMeta, in <-chan item, out chan<- committed, cancel context.CancelCauseFunc, rows func(*record) []T) error {
	var w *dataset.Writer[T]
	var err error
	for it := range in {
		if err != nil {
			continue
		}
		if dir != "" {
			if w == nil {
				m := meta
				m.FirstGame, m.LastGame = it.part.first, it.part.last
				if w, err = dataset.Create[T](dir, m); err != nil {
					cancel(err)
					continue
				}
			}
			if err = w.Write(rows(it.rec)); err != nil {
				w.Abort()
				w = nil
				cancel(err)
				continue
			}
		}
		if it.rec.id == it.part.last {
			c := committed{part: it.part, table: table}
			if w != nil {
				err = w.Finish()
				c.sum, c.w = w.Sum(), w
				w = nil
				if err != nil {
					cancel(err)
					continue
				}
			}
			out <- c
		}
	}
	if w != nil {
		w.Abort() // the part in progress when the run stopped
	}
	return err
}

// commit puts each part's two files in place together once both tables
// have finished it (variant is the partition's key, dataset.Key) (dataset.CommitTogether: a failed write leaves neither),
// writes its commit record, then drops the part's journal, and counts the
// part. Parts it cannot commit, after an error or because the other
// table's writer stopped, are discarded.
func commit(dir, variant string, in <-chan committed, jr *journals, cancel context.CancelCauseFunc, sum *Summary) error {
	half := map[part]committed{}
	var err error
	defer func() {
		for _, c := range half {
			if c.w != nil {
				c.w.Abort()
			}
		}
	}()
	for c := range in {
		other, ok := half[c.part]
		if !ok {
			half[c.part] = c
			continue
		}
		delete(half, c.part)
		if err != nil {
			for _, h := range []committed{c, other} {
				if h.w != nil {
					h.w.Abort()
				}
			}
			continue
		}
		if dir != "" {
			if err = dataset.CommitTogether(c.w, other.w); err != nil {
				cancel(err)
				continue
			}
			rec := dataset.CommitRecord{FirstGame: c.part.first, LastGame: c.part.last}
			for _, s := range []committed{c, other} {
				if s.table == dataset.TableGames {
					rec.Games = s.sum
				} else {
					rec.Positions = s.sum
				}
			}
			if err = dataset.WriteCommit(dir, variant, rec); err != nil {
				cancel(err)
				continue
			}
			if err = jr.remove(c.part); err != nil {
				cancel(err)
				continue
			}
		}
		sum.Parts++
		sum.Written += c.part.last - c.part.first + 1
	}
	return err
}
