package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// Options configure a Reporter.
type Options struct {
	// Unit names what is counted, plural: "games".
	Unit string
	// Total is the number of units expected in all, Initial included;
	// 0 when unknown (no bar, no ETA).
	Total int64
	// Initial counts units already done before this run (a resumed run's
	// complete games): shown in the count, left out of the rates.
	Initial int64
	// Quiet silences the reporter.
	Quiet bool
	// Interval is the period of plain lines (default 5 s); a live bar is
	// redrawn every LiveInterval (default 200 ms).
	Interval, LiveInterval time.Duration
	// Live forces the live bar (true) or plain lines (false); nil decides
	// by whether the writer is a terminal.
	Live *bool
	// Extra, if set, returns more fields for the line, given the time
	// since Start: e.g. "812 positions/s, red 10 black 8 draw 2". It is
	// called from the reporter's goroutine.
	Extra func(elapsed time.Duration) string
}

// Reporter prints progress until Stop. Its methods are safe for concurrent
// use.
type Reporter struct {
	w       io.Writer
	o       Options
	live    bool
	width   int
	done    atomic.Int64
	start   time.Time
	stop    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once
	mu      sync.Mutex // serialises writes
	lastLen int
	json    bool  // one Event a line (SetFormat JSON)
	id      int64 // the Event's ID
}

// fder is what *os.File offers to tell whether it is a terminal.
type fder interface{ Fd() uintptr }

// Start returns a running Reporter writing to w.
func Start(w io.Writer, o Options) *Reporter {
	if o.Interval <= 0 {
		o.Interval = 5 * time.Second
	}
	if o.LiveInterval <= 0 {
		o.LiveInterval = 200 * time.Millisecond
	}
	if o.Unit == "" {
		o.Unit = "items"
	}
	r := &Reporter{w: w, o: o, start: time.Now(), stop: make(chan struct{}), width: 80}
	r.done.Store(o.Initial)
	if r.json = CurrentFormat() == JSON; r.json {
		r.id = reporters.Add(1) // lines, never a bar
	} else if o.Live != nil {
		r.live = *o.Live
	} else if f, ok := w.(fder); ok && term.IsTerminal(int(f.Fd())) {
		r.live = true
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 20 {
			r.width = cols
		}
	}
	if !o.Quiet {
		r.wg.Go(r.loop)
	}
	return r
}

// Add counts n more units done.
func (r *Reporter) Add(n int64) { r.done.Add(n) }

// Done returns the units done so far, Initial included.
func (r *Reporter) Done() int64 { return r.done.Load() }

// Stop ends the reporting and prints the final line (on a terminal, it
// replaces the bar and ends it with a newline). Calling Stop again does
// nothing.
func (r *Reporter) Stop() {
	r.once.Do(func() {
		close(r.stop)
		r.wg.Wait()
		if !r.o.Quiet {
			r.print(true)
		}
	})
}

func (r *Reporter) loop() {
	period := r.o.Interval
	if r.live {
		period = r.o.LiveInterval
	}
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
			r.print(false)
		}
	}
}

func (r *Reporter) print(final bool) {
	if r.json {
		line := jsonLine(r.Event(time.Since(r.start), final))
		r.mu.Lock()
		defer r.mu.Unlock()
		r.w.Write(line)
		return
	}
	line := r.Line(time.Since(r.start))
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.live {
		fmt.Fprintln(r.w, line)
		return
	}
	if len(line) > r.width-1 {
		line = line[:r.width-1]
	}
	// \r returns to the line start; \x1b[K clears what a longer line left.
	fmt.Fprint(r.w, "\r"+line+"\x1b[K")
	if final {
		fmt.Fprintln(r.w)
	}
}

// Line formats the progress after elapsed time: count, bar and percentage
// (when Total is known, on a terminal), rate, ETA and the Extra fields.
func (r *Reporter) Line(elapsed time.Duration) string {
	done := r.done.Load()
	var b strings.Builder
	if r.o.Total > 0 {
		fmt.Fprintf(&b, "%s %d/%d", r.o.Unit, done, r.o.Total)
		frac := float64(done) / float64(r.o.Total)
		if r.live {
			const barWidth = 24
			n := int(frac * barWidth)
			n = max(0, min(barWidth, n))
			b.WriteString(" [" + strings.Repeat("=", n) + strings.Repeat(" ", barWidth-n) + "]")
		}
		fmt.Fprintf(&b, " %.1f%%", 100*frac)
	} else {
		fmt.Fprintf(&b, "%s %d", r.o.Unit, done)
	}
	secs := elapsed.Seconds()
	new := done - r.o.Initial
	rate := 0.0
	if secs > 0 {
		rate = float64(new) / secs
	}
	fmt.Fprintf(&b, " | %s %s/s", formatRate(rate), r.o.Unit)
	if r.o.Total > 0 {
		switch left := r.o.Total - done; {
		case left <= 0:
			fmt.Fprintf(&b, " | done in %s", formatDuration(elapsed))
		case rate > 0:
			fmt.Fprintf(&b, " | ETA %s", formatDuration(time.Duration(float64(left)/rate*float64(time.Second))))
		default:
			b.WriteString(" | ETA ?")
		}
	} else {
		fmt.Fprintf(&b, " | %s", formatDuration(elapsed))
	}
	if r.o.Extra != nil {
		if s := r.o.Extra(elapsed); s != "" {
			b.WriteString(" | " + s)
		}
	}
	return b.String()
}

// formatRate prints a rate with three significant figures, thousands and
// millions as k and M: "858k", not "858266" (dataset verify's games/s).
func formatRate(v float64) string {
	switch {
	case v >= 999.5e3:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 999.5:
		return fmt.Sprintf("%.3gk", v/1e3)
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	default:
		return fmt.Sprintf("%.2f", v)
	}
}

// FormatRate is formatRate for callers' Extra fields.
func FormatRate(v float64) string { return formatRate(v) }

// formatDuration prints whole seconds: "42s", "3m07s", "2h05m".
func formatDuration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	default:
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	}
}
