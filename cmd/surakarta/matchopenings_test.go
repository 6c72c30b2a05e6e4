package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

// TestMatchShufflesAnEPDBook: an EPD book is read (hmvc and fmvn give
// the counters) and --shuffle-openings orders it from --seed: seeds that
// order it differently start the first pair from different positions of
// the book, the same seed from the same; without --openings it is refused
// by match and tournament alike.
func TestMatchShufflesAnEPDBook(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.epd")
	lines := "4bb/4b1/4b1/1r4/1b2r1/4r1 b hmvc 3; fmvn 34; id \"a\";\n6/5r/6/6/r4b/rr4 b hmvc 0; fmvn 25;\n" +
		"2bb1b/6/4bb/1r3r/6/4r1 b hmvc 0; fmvn 31;\n6/3b2/4rb/5b/6/4r1 b hmvc 0; fmvn 35;\n"
	if err := os.WriteFile(book, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	runs := 0
	firstFEN := func(seed string) string {
		runs++
		out := filepath.Join(dir, fmt.Sprintf("m%d", runs))
		runOK(t, "match", "--a", "first", "--b", "random", "--games", "2", "--openings", book, "--shuffle-openings", "--seed", seed, "--out", out, "--quiet")
		pgn := runOK(t, "match", "pgn", out, "--game", "0")
		m := regexp.MustCompile(`\[FEN "([^"]+)"\]`).FindStringSubmatch(pgn)
		if m == nil {
			t.Fatalf("game 0 of seed %s has no FEN tag:\n%s", seed, pgn)
		}
		return m[1]
	}
	starts := map[string]bool{}
	for _, seed := range []string{"1", "2", "3", "4", "5", "6"} {
		starts[firstFEN(seed)] = true
	}
	if len(starts) < 2 {
		t.Errorf("six seeds all started from %v: the book is not shuffled by the seed", starts)
	}
	if a, b := firstFEN("7"), firstFEN("7"); a != b {
		t.Errorf("seed 7 started from %s, then %s", a, b)
	}
	inBook := map[string]bool{"4bb/4b1/4b1/1r4/1b2r1/4r1 b 3 34": true, "6/5r/6/6/r4b/rr4 b 0 25": true,
		"2bb1b/6/4bb/1r3r/6/4r1 b 0 31": true, "6/3b2/4rb/5b/6/4r1 b 0 35": true}
	for s := range starts {
		if !inBook[s] {
			t.Errorf("a match started from %s, none of the book's positions", s)
		}
	}
	for _, cmd := range [][]string{
		{"match", "--a", "first", "--b", "random"},
		{"tournament", "--engine", "first", "--engine", "random"},
	} {
		if _, _, err := run(t, "", append(cmd, "--games", "2", "--shuffle-openings", "--quiet")...); err == nil || !strings.Contains(err.Error(), "--openings FILE") {
			t.Errorf("%s --shuffle-openings without a book: %v", cmd[0], err)
		}
	}
}
