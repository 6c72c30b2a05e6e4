package testutil

import (
	"bytes"
	"strings"
	"sync"
)

// Buffer is a bytes.Buffer that one goroutine may write while another
// reads it: a reporter's lines, a child process's stderr, a run's log.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	// OnText and Do: once what was written contains OnText, every write
	// calls Do (a context's cancel: an interrupt at a chosen line of a
	// run's log). Unset, nothing is called.
	OnText string
	Do     func()
}

// Write appends p and, once the text is there, calls Do.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n, err := b.b.Write(p)
	if b.Do != nil && strings.Contains(b.b.String(), b.OnText) {
		b.Do()
	}
	return n, err
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
