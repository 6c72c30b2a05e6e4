package external

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Transcript records every line between the arena and its engines, for an
// engine author to see what was said before a fault. It is safe for
// concurrent use: all of a match's players may share one.
type Transcript struct {
	mu sync.Mutex
	w  io.Writer
}

// NewTranscript returns a transcript written to w.
func NewTranscript(w io.Writer) *Transcript { return &Transcript{w: w} }

// line writes one line: the time, the engine and its process id, the
// direction (> to the engine, < from it) and the text.
func (t *Transcript) line(name string, pid int, dir, text string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintf(t.w, "%s %s[%d] %s %s\n", time.Now().Format("15:04:05.000"), name, pid, dir, text)
}
