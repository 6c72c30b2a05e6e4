package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/base/progress"
)

// TestProgressJSONOnEveryLongCommand: under --progress json each long
// command's stderr is one JSON object a line, each of the schema's
// version and a kind, a progress line an Event with no field the schema
// lacks and a note its text, and each counter of the run ends with a
// final Event whose done is its total; another format is refused.
func TestProgressJSONOnEveryLongCommand(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "tiny.yaml")
	os.WriteFile(spec, []byte("name: tiny\nseed: 2\ngames: 2\nrandom_opening: 2\npairing: openings\nengine: {sims: 4}\n"+
		"rules: {no_capture_limit: 10}\narms:\n  - {name: standard, variant: standard}\n"), 0o644)
	sp := filepath.Join(dir, "sp")
	for _, args := range [][]string{
		{"selfplay", "--games", "10", "--sims", "4", "--random-opening", "2", "--out", sp},
		{"dataset", "verify", sp},
		{"fit", sp, "--weights", filepath.Join(dir, "w.json")},
		{"match", "--a", "first", "--b", "random", "--games", "4"},
		{"tournament", "--engine", "first", "--engine", "random", "--engine", "sims=2", "--games", "2"},
		{"bench", "--sims", "2"},
		{"tablebase", "build", "--pieces", "2", "--out", filepath.Join(dir, "tb")},
		{"experiment", "run", spec, "--out", filepath.Join(dir, "e")},
		{"pipeline", "--out", filepath.Join(dir, "p"), "--games", "16", "--random-opening", "1", "--sims", "4", "--match-games", "2", "--match-engine", "sims=4"},
		{"train", "--out", filepath.Join(dir, "t"), "--generations", "1", "--games", "10", "--sims", "4", "--match-engine", "sims=4",
			"--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--pool-games", "0"},
	} {
		_, errOut, err := run(t, "", append(args, "--progress", "json")...)
		if err != nil {
			t.Errorf("%s: %v", strings.Join(args, " "), err)
			continue
		}
		finals, open := 0, map[int64]bool{}
		for i, line := range strings.Split(strings.TrimSpace(errOut), "\n") {
			var head struct {
				Version int    `json:"version"`
				Kind    string `json:"kind"`
			}
			if err := json.Unmarshal([]byte(line), &head); err != nil || head.Version != progress.Version {
				t.Fatalf("%s: stderr line %d %q: %v: want a JSON object of version %d", args[0], i+1, line, err, progress.Version)
			}
			var e progress.Event
			var n progress.Note
			var dst any = &e
			switch head.Kind {
			case progress.KindNote:
				dst = &n
			case progress.KindProgress:
			default:
				t.Fatalf("%s: stderr line %d %q: kind %q", args[0], i+1, line, head.Kind)
			}
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(dst); err != nil {
				t.Fatalf("%s: stderr line %d %q is not one %s: %v", args[0], i+1, line, head.Kind, err)
			}
			if head.Kind == progress.KindNote && n.Text == "" {
				t.Errorf("%s: stderr line %d is an empty note", args[0], i+1)
			}
			if head.Kind != progress.KindProgress {
				continue
			}
			open[e.ID] = !e.Final
			if e.Final {
				finals++
				if e.Total > 0 && e.Done != e.Total {
					t.Errorf("%s: final event %q: done is not the total", args[0], line)
				}
			}
		}
		if finals == 0 {
			t.Errorf("%s: no final progress event on stderr:\n%s", args[0], errOut)
		}
		for id, o := range open {
			if o {
				t.Errorf("%s: counter %d has no final event:\n%s", args[0], id, errOut)
			}
		}
	}
	runFails(t, "text or json", "match", "--a", "first", "--b", "random", "--games", "2", "--progress", "xml")
}
