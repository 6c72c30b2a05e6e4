package progress

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/testing/testutil"
)

// decodeLine decodes one line of the JSON format strictly: a field the
// schema lacks fails, so that a field added without its declaration here
// (Event, Note) is caught.
func decodeLine(t *testing.T, line string) (Event, Note) {
	t.Helper()
	var kind struct {
		Version int    `json:"version"`
		Kind    string `json:"kind"`
	}
	if err := json.Unmarshal([]byte(line), &kind); err != nil || kind.Version != Version {
		t.Fatalf("line %q: version %d, %v: want one JSON object of version %d", line, kind.Version, err, Version)
	}
	var e Event
	var n Note
	var dst any = &e
	if kind.Kind == KindNote {
		dst = &n
	} else if kind.Kind != KindProgress {
		t.Fatalf("line %q: kind %q, want %s or %s", line, kind.Kind, KindProgress, KindNote)
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		t.Fatalf("line %q is not one %s: %v", line, kind.Kind, err)
	}
	return e, n
}

// TestJSONProgressIsOneEventALine: with the JSON format every line is one
// Event (even where a terminal would get a live bar), the last one final
// with the totals, the command's Extra in its field; a resumed run's
// initial units are counted in done, not in the rate; two reporters have
// two IDs.
func TestJSONProgressIsOneEventALine(t *testing.T) {
	SetFormat(JSON)
	defer SetFormat(Text)
	var buf testutil.Buffer
	live := true
	r := Start(&buf, Options{Unit: "games", Total: 10, Initial: 2, Interval: 20 * time.Millisecond, Live: &live,
		Extra: func(time.Duration) string { return "A 1-0-0" }})
	r.Add(3)
	time.Sleep(100 * time.Millisecond)
	r.Add(5)
	r.Stop()
	other := Start(&buf, Options{Unit: "positions", Interval: time.Hour})
	other.Stop()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) < 3 {
		t.Fatalf("want periodic events and two final ones, got %q", buf.String())
	}
	var last Event
	for i, l := range lines[:len(lines)-1] {
		e, _ := decodeLine(t, l)
		if e.Unit != "games" || e.Total != 10 || e.Initial != 2 || e.Extra != "A 1-0-0" || e.Final != (i == len(lines)-2) {
			t.Errorf("line %d: %+v", i, e)
		}
		last = e
	}
	if last.Done != 10 || last.ETAS == nil || *last.ETAS != 0 || last.Rate <= 0 || last.Rate > 8/last.ElapsedS+1e-9 {
		t.Errorf("final event %+v: want 10 done, ETA 0 and this run's 8 games in the rate", last)
	}
	if e, _ := decodeLine(t, lines[len(lines)-1]); e.ID == last.ID || e.Unit != "positions" || !e.Final || e.ETAS != nil || e.Total != 0 {
		t.Errorf("the second reporter's event %+v: want another ID, an unknown total and no ETA", e)
	}
	if f, err := ParseFormat("json"); err != nil || f != JSON {
		t.Errorf("ParseFormat(json) = %v, %v", f, err)
	}
	if _, err := ParseFormat("xml"); err == nil || !strings.Contains(err.Error(), "text or json") {
		t.Errorf("ParseFormat(xml): %v", err)
	}
}

// TestNoteWriterMakesEveryLineJSON: through a NoteWriter a Reporter's
// events pass as they are and every other line, split across writes or
// left without its newline until Flush, becomes a Note; blank lines are
// dropped.
func TestNoteWriterMakesEveryLineJSON(t *testing.T) {
	SetFormat(JSON)
	defer SetFormat(Text)
	var buf testutil.Buffer
	w := NewNoteWriter(&buf)
	w.Write([]byte("pipeline: self-play "))
	r := Start(w, Options{Unit: "games", Total: 2, Interval: time.Hour})
	w.Write([]byte("\"standard\"\n\n"))
	r.Add(2)
	r.Stop()
	w.Write([]byte("no newline"))
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	var notes []string
	events := 0
	for l := range strings.SplitSeq(strings.TrimSpace(buf.String()), "\n") {
		e, n := decodeLine(t, l)
		if n.Kind == KindNote {
			notes = append(notes, n.Text)
		} else if e.Done != 2 || !e.Final {
			t.Errorf("event %+v: want the final count of 2", e)
		} else {
			events++
		}
	}
	if events != 1 || len(notes) != 2 || notes[0] != `pipeline: self-play "standard"` || notes[1] != "no newline" {
		t.Errorf("%d events and notes %q from %q", events, notes, buf.String())
	}
}
