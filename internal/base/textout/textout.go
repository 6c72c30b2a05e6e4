package textout

import (
	"fmt"
	"io"
)

// Writer writes to W until a write fails; Err is the first error, after
// which every write is refused with it.
type Writer struct {
	W   io.Writer
	Err error
}

// Write passes b on to W, or returns the first error if a write failed.
func (e *Writer) Write(b []byte) (int, error) {
	if e.Err != nil {
		return 0, e.Err
	}
	n, err := e.W.Write(b)
	e.Err = err
	return n, err
}

// Printf writes as fmt.Fprintf does; its error stays in Err.
func (e *Writer) Printf(format string, args ...any) { fmt.Fprintf(e, format, args...) }

// Flush flushes f (a tabwriter.Writer writing to e), keeping its error in
// Err unless an earlier one is there.
func (e *Writer) Flush(f interface{ Flush() error }) {
	if err := f.Flush(); e.Err == nil {
		e.Err = err
	}
}
