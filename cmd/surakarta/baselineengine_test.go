package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselinesServeTheProtocol: engine --preset random and --preset first
// speak the protocol as external engines, and a match that plays them
// through it (setting each game's seed) plays the very games of the
// built-in sides random and first; Alquerque's baseline says its game; the
// flags that set a search are refused beside a baseline.
func TestBaselinesServeTheProtocol(t *testing.T) {
	dir := t.TempDir()
	games := func(a, b, out string) string {
		runOK(t, "match", "--a", a, "--b", b, "--games", "4", "--out", filepath.Join(dir, out), "--quiet")
		var moves []string
		for _, l := range strings.Split(runOK(t, "match", "pgn", filepath.Join(dir, out)), "\n") {
			if !strings.HasPrefix(l, "[") {
				moves = append(moves, l)
			}
		}
		return strings.Join(moves, "\n")
	}
	for _, baseline := range []string{"random", "first"} {
		other := map[string]string{"random": "first", "first": "random"}[baseline]
		served := games("engine:"+childCommand(t, "engine --preset "+baseline), other, "served-"+baseline)
		builtin := games(baseline, other, "builtin-"+baseline)
		if served != builtin || !strings.Contains(builtin, "1. ") {
			t.Errorf("--preset %s through the protocol played\n%s\nthe built-in %s\n%s", baseline, served, baseline, builtin)
		}
	}
	out, _, err := run(t, "identify\nnewgame\nposition startpos\ngo sims 1\nquit\n", "engine", "--preset", "first", "--game", "alquerque")
	if err != nil || !strings.Contains(out, "id game alquerque") || !strings.Contains(out, "option seed default 1") || !strings.Contains(out, "bestmove ") ||
		strings.Contains(out, "\ninfo\n") {
		t.Errorf("the Alquerque baseline (%v), with no empty info line:\n%s", err, out)
	}
	out, _, err = run(t, "setoption seed x\nsetoption sims 4\nquit\n", "engine", "--preset", "random")
	if err != nil || strings.Count(out, "error ") != 2 {
		t.Errorf("a bad seed and an option a baseline lacks (%v): want two error lines, got\n%s", err, out)
	}
	for _, flag := range [][]string{{"--sims", "4"}, {"--threads", "2"}, {"--leaf", "value"}} {
		runFails(t, "plays without a search, so "+flag[0]+" sets nothing", append([]string{"engine", "--preset", "random"}, flag...)...)
	}
}
