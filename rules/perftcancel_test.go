package rules

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

// TestPerftUntilCountsAsPerft: the stoppable count, which plays the nodes
// above perftStopDepth as Positions, counts what Perft counts (RULES.md's
// table), and the context versions agree with the plain ones.
func TestPerftUntilCountsAsPerft(t *testing.T) {
	var stop atomic.Bool
	if got := perftUntil(Start(), 6, &stop); got != perftStart[6] {
		t.Errorf("perftUntil(start, 6) = %d, want %d", got, perftStart[6])
	}
	for _, threads := range []int{1, 3} {
		n, err := PerftParallelContext(context.Background(), Start(), 5, threads)
		if err != nil || n != perftStart[5] {
			t.Errorf("PerftParallelContext(start, 5, %d threads) = %d, %v; want %d", threads, n, err, perftStart[5])
		}
	}
}

// TestPerftStopsWithItsContext: a count of hours (depth 9 from the start)
// returns the context's error within a second of the context's end, on one
// thread and on several (perft --depth 9 once ignored Ctrl-C for 90 s).
func TestPerftStopsWithItsContext(t *testing.T) {
	for _, threads := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		start := time.Now()
		n, err := PerftParallelContext(ctx, Start(), 9, threads)
		if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 1100*time.Millisecond {
			t.Errorf("%d threads: %d, %v after %v; want context.Canceled within a second of the cancel", threads, n, err, took)
		}
	}
}
