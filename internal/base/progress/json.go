package progress

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Format is how Reporters write: Text (a live bar on a terminal, plain
// lines otherwise) or JSON (one Event object a line, for a scheduler or a
// dashboard).
type Format uint32

// The formats, as the --progress flag names them (FormatNames).
const (
	Text Format = iota
	JSON
)

// FormatNames are the formats' names, in Format order.
var FormatNames = [...]string{Text: "text", JSON: "json"}

// Version is the version of the JSON lines' schema (Event, Note): a
// field removed or whose meaning changes makes it 2; a field added keeps
// it.
const Version = 1

// The kinds of JSON line: KindProgress an Event, KindNote a Note.
const (
	KindProgress = "progress"
	KindNote     = "note"
)

// format is the format of every Reporter started from now on; reporters
// counts them, each Event's ID.
var (
	format    atomic.Uint32
	reporters atomic.Int64
)

// SetFormat sets the format of every Reporter started from now on (the
// CLI's --progress flag: a choice for the whole process, as the flag is).
func SetFormat(f Format) { format.Store(uint32(f)) }

// CurrentFormat returns the format SetFormat set last (Text by default).
func CurrentFormat() Format { return Format(format.Load()) }

// ParseFormat reads a format's name.
func ParseFormat(s string) (Format, error) {
	for f, name := range FormatNames {
		if s == name {
			return Format(f), nil
		}
	}
	return Text, fmt.Errorf("progress format %q: want text or json", s)
}

// Event is one line of JSON progress, the same for every command: what is
// counted and how far it is. Its fields are defined here once; the CLI's
// help (surakarta --help, docs/CLI.md) lists them.
type Event struct {
	// Version is the schema's (Version); Kind is KindProgress.
	Version int    `json:"version"`
	Kind    string `json:"kind"`
	// ID numbers the reporters of one process from 1: a job that counts
	// several things (pipeline's self-play, verification and matches)
	// gives each its own ID, and its last Event is Final.
	ID int64 `json:"id"`
	// Unit names what is counted, plural: "games", "positions", "sims".
	Unit string `json:"unit"`
	// Done counts the units done, Initial (those done before this run:
	// a resumed run's) included; Total is the units expected in all, 0
	// when unknown.
	Done    int64 `json:"done"`
	Total   int64 `json:"total"`
	Initial int64 `json:"initial"`
	// ElapsedS is the seconds since the work began; Rate this run's units
	// a second; ETAS the seconds left at that rate, null when unknown.
	ElapsedS float64  `json:"elapsed_s"`
	Rate     float64  `json:"rate"`
	ETAS     *float64 `json:"eta_s"`
	// Final is true on the reporter's last line, written when its work
	// ends.
	Final bool `json:"final"`
	// Extra holds the command's own fields as its text line gives them
	// (a match's tally and score, self-play's positions a second), "" for
	// none.
	Extra string `json:"extra"`
}

// Note is any other line a command writes on stderr under the JSON format
// (a stage begins, a warning, the error it failed with), kept as its text.
type Note struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"` // KindNote
	Text    string `json:"text"`
}

// Event returns the progress after elapsed time as an Event.
func (r *Reporter) Event(elapsed time.Duration, final bool) Event {
	done := r.done.Load()
	e := Event{Version: Version, Kind: KindProgress, ID: r.id, Unit: r.o.Unit, Done: done, Total: r.o.Total,
		Initial: r.o.Initial, ElapsedS: elapsed.Seconds(), Final: final}
	if e.ElapsedS > 0 {
		e.Rate = float64(done-r.o.Initial) / e.ElapsedS
	}
	if left := r.o.Total - done; r.o.Total > 0 && (left <= 0 || e.Rate > 0) {
		eta := max(float64(left), 0) / max(e.Rate, 1e-300)
		e.ETAS = &eta
	}
	if r.o.Extra != nil {
		e.Extra = r.o.Extra(elapsed)
	}
	return e
}

// jsonLine is v as one line of JSON with its newline.
func jsonLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil { // an Event and a Note always marshal; say so rather than panic
		b = fmt.Appendf(nil, `{"version":%d,"kind":%q,"text":%q}`, Version, KindNote, err.Error())
	}
	return append(b, '\n')
}

// eventPrefix starts every line a Reporter writes under the JSON format.
var eventPrefix = fmt.Appendf(nil, `{"version":%d,"kind":%q,`, Version, KindProgress)

// NoteWriter is a command's stderr under the JSON format: it passes the
// Reporters' Event lines through and writes every other line as a Note,
// so that each line of stderr is one JSON object. Safe for concurrent use.
type NoteWriter struct {
	mu      sync.Mutex
	w       io.Writer
	partial []byte // a line not yet ended
}

// NewNoteWriter returns a NoteWriter writing to w.
func NewNoteWriter(w io.Writer) *NoteWriter { return &NoteWriter{w: w} }

// Write writes p's complete lines, keeping a last line without its newline
// for the next Write or Flush.
func (n *NoteWriter) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.partial = append(n.partial, p...)
	for {
		i := bytes.IndexByte(n.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := n.partial[:i]
		if err := n.writeLine(line); err != nil {
			return len(p), err
		}
		n.partial = n.partial[i+1:]
	}
}

// Flush writes a last line that has no newline.
func (n *NoteWriter) Flush() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.partial) == 0 {
		return nil
	}
	err := n.writeLine(n.partial)
	n.partial = n.partial[:0]
	return err
}

// writeLine writes one line: an Event as it is, anything else as a Note
// (a blank line is left out; a terminal's carriage returns too).
func (n *NoteWriter) writeLine(line []byte) error {
	if bytes.HasPrefix(line, eventPrefix) {
		_, err := n.w.Write(append(line, '\n'))
		return err
	}
	text := string(bytes.TrimSpace(bytes.ReplaceAll(line, []byte("\r"), nil)))
	if text == "" {
		return nil
	}
	_, err := n.w.Write(jsonLine(Note{Version: Version, Kind: KindNote, Text: text}))
	return err
}
