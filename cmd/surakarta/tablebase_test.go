package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

func TestTablebaseBuildProbeVerify(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	out, _, err := run(t, "", "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet")
	if err != nil || !strings.Contains(out, "3 balances built, 0 kept") {
		t.Fatalf("build: %q, %v", out, err)
	}
	out, _, err = run(t, "", "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet")
	if err != nil || !strings.Contains(out, "0 balances built, 3 kept") {
		t.Fatalf("build again keeps every balance: %q, %v", out, err)
	}
	// Red b4 takes Black's only piece on c5 round the top-left loop.
	out, _, err = run(t, "", "tablebase", "probe", dir, "--fen", "6/2b3/1r4/6/6/5r r 0 30", "--json")
	var p struct {
		Result string
		Plies  int
		Best   string
	}
	if err != nil || json.Unmarshal([]byte(out), &p) != nil || p.Result != "win" || p.Plies != 1 || p.Best != "b4xc5[top-left]" {
		t.Fatalf("probe: %q, %v", out, err)
	}
	out, _, err = run(t, "", "tablebase", "verify", dir, "--quiet")
	if err != nil || !strings.Contains(out, "3 files") || !strings.Contains(out, "sound") {
		t.Fatalf("verify: %q, %v", out, err)
	}
}

func TestTablebaseProbeErrorsAreObjectsWithJSON(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	if _, _, err := run(t, "", "tablebase", "build", "--pieces", "3", "--out", dir, "--quiet"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ fen, variant, want string }{
		{"6/2b3/1r4/6/6/4rr r 0 30", "standard", "hold positions of up to 3"},
		{"6/2b3/1r4/6/6/5r r 0 30", "majority", "no tables for variant=majority"},
		{"6/2b3/1r4/6/6/5r r 50 30", "standard", "already over"},
	} {
		out, _, err := run(t, "", "tablebase", "probe", dir, "--fen", tc.fen, "--variant", tc.variant, "--json")
		var e struct{ Error string }
		if err == nil || json.Unmarshal([]byte(out), &e) != nil || !strings.Contains(e.Error, tc.want) {
			t.Errorf("probe %s (%s): %q, %v; want an error object saying %q", tc.fen, tc.variant, out, err, tc.want)
		}
	}
	os.WriteFile(filepath.Join(dir, "standard-2v1.sktb"), []byte("garbage"), 0o644)
	if _, _, err := run(t, "", "tablebase", "verify", dir, "--quiet"); err == nil || !strings.Contains(err.Error(), "standard-2v1.sktb") {
		t.Fatalf("verify of a garbage file: %v", err)
	}
}

// TestTablebaseBuildRefusesSettingsBeforeItsProgressLine: pieces out of
// range (above MaxPieces too, whose balances BuildWork cannot count) and a
// table without a no-capture limit are refused with the error alone,
// before the progress line starts, not with a panic or a line of 0
// positions.
func TestTablebaseBuildRefusesSettingsBeforeItsProgressLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tb")
	for _, tc := range []refusal{
		{[]string{"tablebase", "build", "--out", dir, "--pieces", "1"}, "--pieces 1: want 2..8"},
		{[]string{"tablebase", "build", "--out", dir, "--pieces", "99"}, "--pieces 99: want 2..8"},
		{[]string{"tablebase", "build", "--out", dir, "--no-capture-limit", "0"}, "tables need the no-capture limit"},
	} {
		_, errOut, err := run(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || errOut != "" {
			t.Errorf("%v: %v; stderr %q; want %q and nothing before it", tc.args, err, errOut, tc.want)
		}
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a refused build created its directory")
	}
}

// TestTablebaseIsSurakartasAlone: the endgame tables are Surakarta's, and
// the tablebase commands and engine --tablebase say so for Alquerque
// instead of failing on a flag they do not know; the tables' library
// error names the tables, and the command names its flag.
func TestTablebaseIsSurakartasAlone(t *testing.T) {
	for _, sub := range []string{"build", "probe", "verify"} {
		runFails(t, "--game alquerque: endgame tables are Surakarta's alone (alquerque has none)", "tablebase", sub, "--game", "alquerque")
	}
	runFails(t, "--tablebase: alquerque has no endgame tables", "engine", "--game", "alquerque", "--tablebase", t.TempDir())
	missing := filepath.Join(t.TempDir(), "none")
	_, err := tablebase.OpenOracle(missing, rules.DefaultRules())
	if err == nil || !strings.HasPrefix(err.Error(), "endgame tables "+missing+": ") {
		t.Errorf("the library's error: %v, want it to name the tables, not a flag", err)
	}
	runFails(t, "--tablebase "+missing+": ", "analyze", "--tablebase", missing, "--sims", "1", "--quiet")
}
