package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
)

// TestMatchFromGivenOpenings: --fen starts every pair from one position,
// --openings FILE pairs from a book in turn, each in both colours, with no
// random plies unless asked; bad books are refused naming the line, and the
// start is in the match's settings, so --resume refuses another book.
func TestMatchFromGivenOpenings(t *testing.T) {
	dir := t.TempDir()
	fen := "6/2b3/1r4/6/6/5r b 0 30"
	out, _, err := run(t, "", "match", "--a", "sims=4,leaf=value", "--b", "sims=4,leaf=value", "--fen", fen, "--games", "2", "--quiet")
	if err != nil || !strings.Contains(out, "1 pair, from "+fen+", 0 plies of random opening") {
		t.Fatalf("--fen (%v):\n%s", err, out)
	}
	book := filepath.Join(dir, "book.txt")
	os.WriteFile(book, []byte("# book\nbbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 0 1\n"+fen+"\n"), 0o644)
	m := filepath.Join(dir, "m")
	args := []string{"match", "--a", "sims=4,leaf=value", "--b", "sims=4,leaf=value", "--openings", book, "--games", "4", "--out", m, "--quiet", "--json"}
	js, _, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Openings string `json:"start"`
		Random   int    `json:"random_opening"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil || !strings.HasPrefix(rep.Openings, "2 openings, sha256 ") || rep.Random != 0 {
		t.Errorf("JSON openings %q, random_opening %d (%v)", rep.Openings, rep.Random, err)
	}
	starts := map[int64]string{}
	if err := dataset.ScanGames(m, "", func(g *dataset.GameRow) error { starts[g.GameID] = g.StartFEN; return nil }); err != nil {
		t.Fatal(err)
	}
	want := []string{"bbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 0 1", "bbbbbb/bbbbbb/6/1r4/r1rrrr/rrrrrr b 0 1", fen, fen}
	for i, w := range want {
		if starts[int64(i)] != w {
			t.Errorf("game %d started from %q, want %q", i, starts[int64(i)], w)
		}
	}
	os.WriteFile(book, []byte(fen+"\n"), 0o644)
	if _, _, err := run(t, "", append(args, "--resume")...); err == nil || !strings.Contains(err.Error(), "start") {
		t.Errorf("resume with another book: %v, want a refusal naming the openings", err)
	}
	os.WriteFile(book, []byte(fen+"\nnot a fen\n"), 0o644)
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--openings", book}, "--openings: " + book + ":2: "},
		{[]string{"--openings", filepath.Join(dir, "none.txt")}, "--openings: open "},
		{[]string{"--fen", "6/6/6/6/6/5r b 0 30"}, "--fen: FEN \"6/6/6/6/6/5r b 0 30\": the game is already over"},
		{[]string{"--fen", fen, "--openings", book}, "--fen and --openings both"},
	} {
		runFails(t, tc.want, append([]string{"match", "--games", "2", "--quiet"}, tc.flags...)...)
	}
}
