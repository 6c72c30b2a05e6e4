package testutil

import (
	"fmt"
	"sync"
	"testing"
)

// TestBufferKeepsConcurrentWritesAndCallsDoOnItsText: writes from several
// goroutines all arrive, and Do is called only once the text is there.
func TestBufferKeepsConcurrentWritesAndCallsDoOnItsText(t *testing.T) {
	calls := 0
	b := &Buffer{OnText: "stage two", Do: func() { calls++ }}
	fmt.Fprint(b, "stage one\n")
	if calls != 0 {
		t.Fatalf("Do called %d times before its text", calls)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			fmt.Fprintf(b, "line %d\n", i)
		})
	}
	wg.Wait()
	fmt.Fprint(b, "stage two\n")
	if calls != 1 {
		t.Fatalf("Do called %d times after one write of its text, want 1", calls)
	}
	if n := len(b.String()); n != len("stage one\n")+8*len("line 0\n")+len("stage two\n") {
		t.Fatalf("buffer holds %d bytes: writes were lost", n)
	}
}
