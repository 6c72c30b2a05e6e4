package main

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// progressDelay is how long work runs before watchProgress shows a line: a
// search or count that ends sooner prints nothing. Tests set it to 0.
var progressDelay = 2 * time.Second

// watchProgress shows the count poll returns on w as a progress line (see
// package progress) once the work has lasted progressDelay, until the
// returned stop is called; stop prints the final line if one was shown.
func watchProgress(w io.Writer, o progress.Options, poll func() int64) (stop func()) {
	if o.Quiet {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	delay := progressDelay
	go func() {
		defer wg.Done()
		if delay > 0 {
			wait := time.NewTimer(delay)
			defer wait.Stop()
			select {
			case <-done:
				return
			case <-wait.C:
			}
		}
		o.Initial = poll()
		rep := progress.Start(w, o)
		last := o.Initial
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				rep.Add(poll() - last)
				rep.Stop()
				return
			case <-tick.C:
				n := poll()
				rep.Add(n - last)
				last = n
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			wg.Wait()
		})
	}
}

// searchWithProgress is s.SearchContext with the simulations shown on w
// while a long search runs (analyze, and the engine's moves and hints in
// play).
func searchWithProgress(ctx context.Context, w io.Writer, s *mcts.Searcher, g *rules.Game, threads int, quiet bool) (mcts.Result, error) {
	stop := watchProgress(w, progress.Options{Unit: "sims", Total: int64(s.Config().Sims), Quiet: quiet},
		func() int64 { return int64(s.SimsDone()) })
	r, err := s.SearchContext(ctx, g, threads)
	stop()
	return r, err
}
