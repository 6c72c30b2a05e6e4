package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestGamesAtOnceIsConcurrencyEverywhere: the games a command plays at once
// have one visible spelling, --concurrency, on every command that plays
// games; --workers survives only as the hidden deprecated alias setting the
// same value.
func TestGamesAtOnceIsConcurrencyEverywhere(t *testing.T) {
	players := map[string]bool{"selfplay": false, "pipeline": false, "train": false, "experiment run": false, "match": false}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		name := c.CommandPath()[len("surakarta"):]
		if len(name) > 0 {
			name = name[1:]
		}
		if w := c.Flags().Lookup("workers"); w != nil && !w.Hidden {
			t.Errorf("%s: --workers is visible; the spelling is --concurrency (games) or --threads (one computation)", c.CommandPath())
		}
		if _, ok := players[name]; ok {
			conc := c.Flags().Lookup("concurrency")
			w := c.Flags().Lookup("workers")
			switch {
			case conc == nil:
				t.Errorf("%s has no --concurrency", c.CommandPath())
			case w == nil || w.Value != conc.Value:
				t.Errorf("%s: --workers is not an alias of --concurrency", c.CommandPath())
			default:
				players[name] = true
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCommand())
	for name, seen := range players {
		if !seen {
			t.Errorf("command %q not checked", name)
		}
	}
}

// TestWorkersStillWorksWithANote: a script that says --workers keeps
// working and is told the new spelling on stderr.
func TestWorkersStillWorksWithANote(t *testing.T) {
	_, stderr, err := run(t, "", tinySelfplay(t.TempDir(), "--workers", "1")...)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, stderr, "surakarta: --workers is deprecated: use --concurrency")
}

// TestNoFlagStatesItsDefaultTwice: help appends "(default X)" to a flag
// with a non-zero default, so a usage string that gives its own default
// reads it twice.
func TestNoFlagStatesItsDefaultTwice(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if strings.Contains(f.Usage, "(default") && f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" {
				t.Errorf("%s --%s: usage %q states its default, and help adds (default %s)", c.CommandPath(), f.Name, f.Usage, f.DefValue)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCommand())
}

// TestMatchSideRefusesASeedItWouldIgnore: seed=S in --a or --b used to be
// accepted and ignored (the arena seeds every game from --seed), so two
// "different" seeds played the same games.
func TestMatchSideRefusesASeedItWouldIgnore(t *testing.T) {
	for _, side := range []string{"--a", "--b"} {
		_, _, err := run(t, "", "match", side, "sims=8,seed=5", "--games", "2", "--quiet")
		if err == nil || !strings.Contains(err.Error(), "no seed of its own") || !strings.Contains(err.Error(), "--seed") {
			t.Errorf("match %s sims=8,seed=5: %v, want a refusal pointing at --seed", side, err)
		}
	}
}

// TestRecordsHoldEngineSettingsAsObjects: the weights file fit writes and
// the ladder train writes carry the engine setting as a JSON object, not
// as a string of JSON (issue 15).
func TestRecordsHoldEngineSettingsAsObjects(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if _, _, err := run(t, "", "selfplay", "--games", "10", "--sims", "8", "--random-opening", "2", "--out", data, "--quiet"); err != nil {
		t.Fatal(err)
	}
	weights := filepath.Join(dir, "w.json")
	if _, _, err := run(t, "", "fit", data, "--weights", weights, "--quiet"); err != nil {
		t.Fatal(err)
	}
	var w struct {
		Dataset struct {
			Engine json.RawMessage `json:"engine"`
		} `json:"dataset"`
	}
	readJSONFile(t, weights, &w)
	mustBeObject(t, "weights file dataset.engine", w.Dataset.Engine)

	tr := filepath.Join(dir, "train")
	if _, _, err := run(t, "", "train", "--out", tr, "--generations", "1", "--games", "10", "--sims", "8",
		"--match-engine", "sims=8", "--gate-games", "2", "--anchor-games", "0", "--strength-games", "0", "--pool-games", "0", "--quiet"); err != nil {
		t.Fatal(err)
	}
	var l struct {
		Settings struct {
			SelfPlay json.RawMessage `json:"selfplay_engine"`
			Match    json.RawMessage `json:"match_engine"`
		} `json:"settings"`
	}
	readJSONFile(t, filepath.Join(tr, "ladder.json"), &l)
	mustBeObject(t, "ladder settings.selfplay_engine", l.Settings.SelfPlay)
	mustBeObject(t, "ladder settings.match_engine", l.Settings.Match)
}

func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func mustBeObject(t *testing.T, what string, raw json.RawMessage) {
	t.Helper()
	if len(raw) == 0 || raw[0] != '{' {
		t.Errorf("%s is %s, want a JSON object", what, raw)
	}
}

// TestConcurrencyIsBoundedAlikeEverywhere: every command that plays games
// refuses an absurd --concurrency before any work, in the same words
// (pipeline, train and experiment run used to fail later with "workers N"
// or accept up to 4096).
func TestConcurrencyIsBoundedAlikeEverywhere(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"selfplay", "--games", "2", "--out", filepath.Join(dir, "s")},
		{"pipeline", "--games", "2", "--out", filepath.Join(dir, "p")},
		{"train", "--out", filepath.Join(dir, "t")},
		{"experiment", "run", "../../experiments/specs/variants.yaml", "--out", filepath.Join(dir, "e")},
		{"match", "--games", "2"},
	} {
		for _, n := range []string{"100000", "-1"} {
			_, _, err := run(t, "", append(args, "--concurrency", n, "--quiet")...)
			if err == nil || !strings.HasPrefix(err.Error(), "--concurrency "+n+": ") {
				t.Errorf("%s --concurrency %s: %v, want the --concurrency refusal", args[0], n, err)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused runs left %d entries in %s", len(entries), dir)
	}
}
