package progress

import (
	"io"
	"sync"
	"time"
)

// WatchDelay is how long work runs before Watch shows a line: a search or
// count that ends sooner prints nothing. Tests set it to 0.
var WatchDelay = 2 * time.Second

// Watch shows the count poll returns on w as a progress line once the work
// has lasted WatchDelay, until the returned stop is called; stop prints
// the final line if one was shown. It is for work that counts on its own
// (a search's simulations) rather than calling Add.
func Watch(w io.Writer, o Options, poll func() int64) (stop func()) {
	if o.Quiet {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	delay := WatchDelay
	wg.Go(func() {
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
		rep := Start(w, o)
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
	})
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			wg.Wait()
		})
	}
}
