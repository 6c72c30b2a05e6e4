package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/testing/testutil"
)

func TestPlainLinesAreWrittenPeriodicallyAndAtStop(t *testing.T) {
	var buf testutil.Buffer
	r := Start(&buf, Options{Unit: "games", Total: 10, Interval: 20 * time.Millisecond,
		Extra: func(time.Duration) string { return "red 1 black 2 draw 3" }})
	r.Add(4)
	time.Sleep(120 * time.Millisecond)
	r.Add(6)
	r.Stop()
	r.Stop()
	out := buf.String()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 2 {
		t.Fatalf("want periodic lines and a final one, got %q", out)
	}
	if strings.Contains(out, "\r") || strings.Contains(out, "\x1b") {
		t.Fatalf("plain output has terminal escapes: %q", out)
	}
	last := lines[len(lines)-1]
	for _, want := range []string{"games 10/10", "100.0%", "games/s", "done in", "red 1 black 2 draw 3"} {
		if !strings.Contains(last, want) {
			t.Errorf("final line %q lacks %q", last, want)
		}
	}
	if !strings.Contains(lines[0], "games 4/10") || !strings.Contains(lines[0], "ETA") {
		t.Errorf("first line %q: want the count so far and an ETA", lines[0])
	}
}

func TestQuietWritesNothing(t *testing.T) {
	var buf testutil.Buffer
	r := Start(&buf, Options{Quiet: true, Interval: time.Millisecond})
	r.Add(3)
	time.Sleep(10 * time.Millisecond)
	r.Stop()
	if buf.String() != "" || r.Done() != 3 {
		t.Fatalf("quiet reporter wrote %q (done %d)", buf.String(), r.Done())
	}
}

func TestLiveBarRedrawsInPlace(t *testing.T) {
	var buf testutil.Buffer
	live := true
	r := Start(&buf, Options{Unit: "games", Total: 8, Live: &live, LiveInterval: 10 * time.Millisecond})
	r.Add(4)
	time.Sleep(50 * time.Millisecond)
	r.Stop()
	out := buf.String()
	if !strings.HasPrefix(out, "\r") || !strings.HasSuffix(out, "\x1b[K\n") || strings.Count(out, "\n") != 1 {
		t.Fatalf("live output should redraw one line and end it once: %q", out)
	}
	if !strings.Contains(out, "[============            ]") {
		t.Fatalf("half-done bar missing: %q", out)
	}
}

func TestInitialCountsButIsNotARate(t *testing.T) {
	r := Start(&bytes.Buffer{}, Options{Unit: "games", Total: 100, Initial: 90, Quiet: true})
	r.Add(5)
	line := r.Line(10 * time.Second)
	for _, want := range []string{"games 95/100", "0.50 games/s", "ETA 10s"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
}

func TestUnknownTotalShowsElapsedTime(t *testing.T) {
	r := Start(&bytes.Buffer{}, Options{Unit: "files", Quiet: true})
	r.Add(3)
	if line := r.Line(125 * time.Second); !strings.Contains(line, "files 3 |") || !strings.Contains(line, "2m05s") {
		t.Fatalf("line %q", line)
	}
}

// TestFormatRateKeepsThreeSignificantFigures: dataset verify printed
// "858266 games/s"; a rate reads in three figures, with k and M.
func TestFormatRateKeepsThreeSignificantFigures(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0.00", 4.5: "4.50", 12.34: "12.3", 368.2: "368", 999.4: "999", 999.6: "1k", 4687: "4.69k",
		858266: "858k", 999_600: "1M", 2_572_484: "2.57M",
	} {
		if got := formatRate(v); got != want {
			t.Errorf("formatRate(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0s", 59 * time.Second: "59s", 61 * time.Second: "1m01s", 2*time.Hour + 5*time.Minute: "2h05m",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestWatchShowsNothingForShortWorkAndTheCountForLong: work that ends
// before WatchDelay prints nothing; after it, the final line has the count.
func TestWatchShowsNothingForShortWorkAndTheCountForLong(t *testing.T) {
	defer func(d time.Duration) { WatchDelay = d }(WatchDelay)
	var b strings.Builder
	WatchDelay = time.Hour
	Watch(&b, Options{Unit: "sims", Total: 10}, func() int64 { return 5 })()
	if b.Len() != 0 {
		t.Errorf("short work printed %q", b.String())
	}
	WatchDelay = 0
	Watch(&b, Options{Unit: "sims", Total: 10}, func() int64 { return 10 })()
	if !strings.Contains(b.String(), "10") || !strings.Contains(b.String(), "sims") {
		t.Errorf("long work printed %q", b.String())
	}
}
