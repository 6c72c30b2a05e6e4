package main

import (
	"math"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/internal/stats"
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

// TestEloOfAnEvenScoreIsPlusZero: an even match (Elo -0 by the formula)
// reads "+0.0", not "-0.0", in the text report.
func TestEloOfAnEvenScoreIsPlusZero(t *testing.T) {
	for _, x := range []float64{0, math.Copysign(0, -1)} {
		if got := eloString(stats.Num(x)); got != "+0.0" {
			t.Errorf("eloString(%v) = %q, want +0.0", x, got)
		}
	}
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
