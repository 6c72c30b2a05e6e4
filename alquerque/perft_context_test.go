package alquerque_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/surakarta/surakarta/alquerque"
)

// TestPerftContextCountsAsPerft: with a context that is never done, the
// stopping count is Perft's (depth 9: above the depth where it checks).
func TestPerftContextCountsAsPerft(t *testing.T) {
	got, err := alquerque.PerftContext(context.Background(), alquerque.Start(), 9)
	if err != nil || got != alquerque.Perft(alquerque.Start(), 9) {
		t.Fatalf("PerftContext depth 9 = %d, %v; Perft says %d", got, err, alquerque.Perft(alquerque.Start(), 9))
	}
}

// TestPerftContextStopsWithItsContext: a count of minutes (depth 16) ends
// within a second of its context's end, with the context's error; without
// the stop flag it would run on.
func TestPerftContextStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := alquerque.PerftContext(ctx, alquerque.Start(), 16)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("PerftContext depth 16 returned %v, want the context's error", err)
	}
	if d := time.Since(start); d > 1100*time.Millisecond {
		t.Fatalf("PerftContext took %v after its context ended at 100ms", d)
	}
}
