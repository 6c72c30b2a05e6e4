package main

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
)

// failingJSONRuns holds, for every command with --json, arguments that make
// it fail quickly (before any game is played). TestEveryJSONCommandPrintsAnErrorObject
// fails for a command with --json that is missing here, so a new command
// cannot forget the error object.
func failingJSONRuns(t *testing.T) map[string][]string {
	missing := filepath.Join(t.TempDir(), "no-such-dir")
	return map[string][]string{
		"analyze":           {"--fen", "nonsense"},
		"bench":             {"--sims", "0"},
		"dataset inspect":   {missing},
		"dataset verify":    {missing},
		"experiment check":  {missing + ".yaml"},
		"experiment run":    {missing + ".yaml", "--out", filepath.Join(t.TempDir(), "x")},
		"experiment report": {missing},
		"features":          {"--fen", "nonsense"},
		"fit":               {missing},
		"match":             {"--games", "3"},
		"moves":             {"--fen", "nonsense"},
		"replay":            {"a1-a9"},
		"perft":             {"--depth", "-1"},
		"pipeline":          {"--games", "0", "--out", filepath.Join(t.TempDir(), "p")},
		"selfplay":          {"--games", "0", "--out", filepath.Join(t.TempDir(), "s")},
		"stats":             {missing},
		"stats plan":        {"--halfwidth-points", "-1"},
		"tablebase build":   {"--pieces", "1", "--out", filepath.Join(t.TempDir(), "tb")},
		"tablebase probe":   {missing, "--fen", "6/2b3/1r4/6/6/5r r 0 30"},
		"tablebase verify":  {missing},
		"tournament":        {"--games", "3"},
		"train":             {"--generations", "0", "--out", filepath.Join(t.TempDir(), "t")},
	}
}

// TestEveryJSONCommandPrintsAnErrorObject: every command that takes --json
// fails with an error object on stdout (README, "One way to say each
// thing"), not an empty stdout, and with a non-nil error (exit status 1).
// An unknown flag before --json (flags that do not parse) gets one too.
func TestEveryJSONCommandPrintsAnErrorObject(t *testing.T) {
	runs := failingJSONRuns(t)
	var walk func(c *cobra.Command)
	seen := map[string]bool{}
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if c.Flags().Lookup("json") == nil {
			return
		}
		path := strings.TrimPrefix(c.CommandPath(), "surakarta ")
		seen[path] = true
		args, ok := runs[path]
		if !ok {
			t.Errorf("%s has --json but no failing run in failingJSONRuns: add one", path)
			return
		}
		for _, extra := range [][]string{{"--json"}, {"--no-such-flag", "--json"}} {
			full := append(append(strings.Fields(path), args...), extra...)
			out, _, err := run(t, "", full...)
			if err == nil {
				t.Errorf("%s: succeeded, want a failure", strings.Join(full, " "))
				continue
			}
			var j map[string]any
			if jerr := json.Unmarshal([]byte(out), &j); jerr != nil {
				t.Errorf("%s: stdout is not one JSON object (%v): %q", strings.Join(full, " "), jerr, out)
				continue
			}
			if msg, _ := j["error"].(string); msg != err.Error() {
				t.Errorf("%s: error object %v, want error %q", strings.Join(full, " "), j, err)
			}
		}
	}
	walk(newRootCommand())
	for path := range runs {
		if !seen[path] {
			t.Errorf("failingJSONRuns lists %q, which has no --json", path)
		}
	}
}

// TestWithoutJSONAFailurePrintsNothingOnStdout: the error object is for
// --json only; the text form's errors go to stderr (main).
func TestWithoutJSONAFailurePrintsNothingOnStdout(t *testing.T) {
	out, _, err := run(t, "", "stats", filepath.Join(t.TempDir(), "none"))
	if err == nil || out != "" {
		t.Fatalf("stats of a missing directory: err %v, stdout %q", err, out)
	}
}

// TestExitStatus: an interrupted command exits 130 as shells expect,
// whatever its error says (selfplay's, pipeline's and train's name what
// they kept and wrap no context error: they exited 1), any other failure
// 1; an error that is merely a cancelled context without a signal is an
// ordinary failure.
func TestExitStatus(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	if s := exitStatus(ctx, nil); s != 0 {
		t.Errorf("success: %d", s)
	}
	if s := exitStatus(ctx, context.Canceled); s != 1 {
		t.Errorf("cancelled error without an interrupt: %d, want 1", s)
	}
	cancel()
	if s := exitStatus(ctx, errors.New("interrupted: 0 of this run's 400 games are in out")); s != exitInterrupted {
		t.Errorf("a command's own interrupted error after an interrupt: %d, want %d", s, exitInterrupted)
	}
	if s := exitStatus(ctx, context.Canceled); s != exitInterrupted {
		t.Errorf("interrupted: %d, want %d", s, exitInterrupted)
	}
}

// TestEveryCommandHasTheSameMaxNodesDefault: the node budget is declared
// once (mcts/config.go) and no command overrides it (selfplay and pipeline
// once had 1,048,576, match and play 8,388,608).
func TestEveryCommandHasTheSameMaxNodesDefault(t *testing.T) {
	want := strconv.Itoa(mcts.DefaultEngine().MaxNodes)
	var walk func(c *cobra.Command)
	n := 0
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			walk(sub)
		}
		if f := c.Flags().Lookup("max-nodes"); f != nil {
			n++
			if f.DefValue != want {
				t.Errorf("%s --max-nodes defaults to %s, mcts to %s", c.CommandPath(), f.DefValue, want)
			}
		}
	}
	walk(newRootCommand())
	if n < 5 {
		t.Errorf("%d commands have --max-nodes, want analyze, play, engine, selfplay, pipeline at least", n)
	}
	if runspec.SelfPlayEngine().MaxNodes != mcts.DefaultEngine().MaxNodes || runspec.MatchEngine().MaxNodes != mcts.DefaultEngine().MaxNodes {
		t.Errorf("self-play's node budget %d, a match side's %d, mcts's %d", runspec.SelfPlayEngine().MaxNodes, runspec.MatchEngine().MaxNodes, mcts.DefaultEngine().MaxNodes)
	}
}
