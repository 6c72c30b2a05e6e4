package textout

import (
	"errors"
	"strings"
	"testing"
	"text/tabwriter"
)

// failAfter fails every write after the first n bytes.
type failAfter struct {
	n   int
	got strings.Builder
}

var errFull = errors.New("disk full")

func (f *failAfter) Write(b []byte) (int, error) {
	if f.got.Len()+len(b) > f.n {
		return 0, errFull
	}
	return f.got.Write(b)
}

func TestWriterKeepsTheFirstErrorAndWritesNothingAfterIt(t *testing.T) {
	f := &failAfter{n: 6}
	w := &Writer{W: f}
	w.Printf("%s\n", "first")
	w.Printf("second\n")
	f.n = 1000 // a later write that would succeed must still be refused
	w.Printf("third\n")
	if !errors.Is(w.Err, errFull) {
		t.Fatalf("Err = %v, want the first write's error", w.Err)
	}
	if got := f.got.String(); got != "first\n" {
		t.Fatalf("wrote %q after the failed write, want only %q", got, "first\n")
	}
}

func TestFlushKeepsTheTableAndItsError(t *testing.T) {
	var b strings.Builder
	w := &Writer{W: &b}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	w.Printf("title\n")
	tw.Write([]byte("a\tbb\nccc\td\n"))
	w.Flush(tw)
	if w.Err != nil || b.String() != "title\na    bb\nccc  d\n" {
		t.Fatalf("wrote %q (err %v), want the title and the aligned table", b.String(), w.Err)
	}
	f := &failAfter{n: 0}
	w = &Writer{W: f}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	tw.Write([]byte("a\tb\n"))
	w.Flush(tw)
	if !errors.Is(w.Err, errFull) {
		t.Fatalf("Err = %v after a failed flush, want its error", w.Err)
	}
}
