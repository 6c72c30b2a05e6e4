package main

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// complete returns the candidates cobra's completion gives for args (the
// last one being typed).
func complete(t *testing.T, args ...string) []string {
	t.Helper()
	out, _, err := run(t, "", append([]string{"__complete"}, args...)...)
	if err != nil {
		t.Fatalf("__complete %v: %v", args, err)
	}
	var vals []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(line, ":") { // the last line is the directive
			vals = append(vals, line)
		}
	}
	return vals
}

// TestShellCompletionCompletesFlagValues: the enumerated flags complete
// their values on every command that has them (--game the games, --human
// the players of --game's game), --eval the built-in evaluator and JSON
// files, --by the fields not yet in the list, replay's moves in --game's
// notation, and the dataset arguments complete directories.
func TestShellCompletionCompletesFlagValues(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("w.json", nil, 0o644)
	os.WriteFile("notes.txt", nil, 0o644)
	os.Mkdir("models", 0o755)
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"selfplay", "--variant", ""}, []string{"standard", "majority"}},
		{[]string{"replay", "--variant", "m"}, []string{"majority"}},
		{[]string{"match", "--no-moves", ""}, []string{"loss", "draw"}},
		{[]string{"analyze", "--leaf", ""}, []string{"playout", "value"}},
		{[]string{"play", "--human", ""}, []string{"red", "black", "none"}},
		{[]string{"play", "--game", "alquerque", "--human", ""}, []string{"white", "black", "none"}},
		{[]string{"analyze", "--game", ""}, []string{"surakarta", "alquerque"}},
		{[]string{"selfplay", "--game", "a"}, []string{"alquerque"}},
		{[]string{"replay", "--game", "alquerque", "c2-c3", "c4x"}, []string{"c4xc2"}},
		{[]string{"replay", "--game", "alquerque", "--fen", "5/5/5/1bb2/wb3 w 0 1", "a1xc1x"}, []string{"a1xc1xa3", "a1xc1xc3xa1"}},
		{[]string{"fit", "data", "--model", ""}, []string{"ridge", "logistic"}},
		{[]string{"pipeline", "--model", "l"}, []string{"logistic"}},
		{[]string{"analyze", "--eval", ""}, []string{"alquerque-v1", "best", "material", "patterns-v2", "trained-patterns", "models/", "w.json"}},
		{[]string{"analyze", "--game", "alquerque", "--eval", "a"}, []string{"alquerque-v1"}},
		{[]string{"analyze", "--eval", "b"}, []string{"best"}},
		{[]string{"fit", "data", "--weights", ""}, []string{"models/", "w.json"}},
		{[]string{"stats", "d", "--by", "variant,re"}, []string{"variant,reason"}},
		{[]string{"pipeline", "--match-engine", "sims=4,le"}, []string{"sims=4,leaf="}},
		{[]string{"pipeline", "--match-engine", "sims=4,leaf="}, []string{"sims=4,leaf=playout", "sims=4,leaf=value"}},
		{[]string{"pipeline", "--match-engine", "solver="}, []string{"solver=true", "solver=false"}},
		{[]string{"selfplay", "--evaluator", "w"}, []string{"w.json"}},
		{[]string{"match", "--go", "m"}, []string{"movetime"}},
		{[]string{"match", "--engines", ""}, []string{"models/", "w.json"}},
		{[]string{"replay", "b2-b3", "e5-e4", "b3-b"}, []string{"b3-b2", "b3-b4"}},
		{[]string{"replay", "--fen", mateInOneFEN, "b4x"}, []string{"b4xc5[top-left]"}},
	} {
		if got := complete(t, tc.args...); !slices.Equal(got, tc.want) {
			t.Errorf("%v: completes %q, want %q", tc.args, got, tc.want)
		}
	}
	out, _, err := run(t, "", "__complete", "stats", "")
	if err != nil || !strings.HasSuffix(strings.TrimSpace(out), ":16") { // ShellCompDirectiveFilterDirs
		t.Errorf("stats DIR does not complete directories: %v %q", err, out)
	}
}
