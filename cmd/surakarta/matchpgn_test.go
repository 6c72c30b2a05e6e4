package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchPGNGivesTheGameClock: a match played on a game clock (--tc)
// records it, and match pgn gives it as every game's TimeControl tag; a
// match without one has no such tag; an Alquerque match's PGN says its
// game and its engines.
func TestMatchPGNGivesTheGameClock(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []string{"10+0.1", "5+1", ""} {
		out := filepath.Join(dir, "m"+tc)
		args := []string{"match", "--a", "first", "--b", "random", "--games", "2", "--out", out, "--quiet", "--game", "surakarta"}
		if tc == "5+1" {
			args[len(args)-1] = "alquerque"
		}
		if tc != "" {
			args = append(args, "--tc", tc)
		}
		runOK(t, args...)
		pgn := runOK(t, "match", "pgn", out)
		want := 0
		if tc != "" {
			want = 2
		}
		if n := strings.Count(pgn, `[TimeControl "`+tc+`"]`); n != want || strings.Count(pgn, "[TimeControl ") != want {
			t.Errorf("--tc %q: %d games of 2 have its TimeControl tag, want %d:\n%s", tc, n, want, pgn)
		}
		if game := args[len(args)-1]; tc == "5+1" && (strings.Count(pgn, `[Game "Alquerque"]`) != 2 || strings.Count(pgn, `[White "first"]`) != 1) {
			t.Errorf("the PGN of an Alquerque match (%s) does not say its game and engines:\n%s", game, pgn)
		}
	}
}
