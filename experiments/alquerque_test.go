package experiments

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/spec"
)

// TestSelfPlayerPlaysAnAlquerqueExperiment: a spec with game: alquerque
// plays Alquerque's self-play (selfplay.RunOf) in every arm, from every
// opening of its plies (Alquerque's openings, not Surakarta's), records
// the game in spec.json, and reports White as the first player.
func TestSelfPlayerPlaysAnAlquerqueExperiment(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real self-play games")
	}
	spec := `
name: alq
game: alquerque
seed: 3
games: 10
random_opening: 2
opening: enumerated
pairing: openings
engine: {sims: 8, evaluator: material}
arms:
  - {name: standard, variant: standard}
  - {name: majority, variant: majority}
`
	s := mustSpec(t, spec)
	out := t.TempDir()
	r, err := Run(context.Background(), s, &SelfPlayer{PartGames: 4}, RunOptions{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Arms {
		if a.Stats.Games != 10 || a.Stats.FirstPlayer != "white" {
			t.Fatalf("arm %s: %d games, first player %q: want 10 games, White first", a.Name, a.Stats.Games, a.Stats.FirstPlayer)
		}
		if a.Openings == nil || a.Openings.Openings != 5 {
			t.Fatalf("arm %s: openings %+v, want Alquerque's 5 openings of 2 plies", a.Name, a.Openings)
		}
	}
	if pc := r.Comparisons[0].Paired; pc == nil || pc.Pairs != 10 || pc.Mismatched != 0 {
		t.Errorf("Alquerque arms with one seed must pair on every opening: %+v", pc)
	}
	b, err := os.ReadFile(filepath.Join(out, SpecFile))
	if err != nil || !strings.Contains(string(b), `"game": "alquerque"`) {
		t.Errorf("spec.json does not record the game: %s %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(out, ArmsDir, "standard", "games", "game=alquerque", "variant=standard")); err != nil {
		t.Errorf("the arm's games are not Alquerque's partition: %v", err)
	}
}

// TestSpecRefusesAnUnknownGameAndAlquerqueTables: the game key names a
// game this program plays, endgame tables are Surakarta's, and so is
// Surakarta's shipped model, while the default evaluator (best) is
// Alquerque's own.
func TestSpecRefusesAnUnknownGameAndAlquerqueTables(t *testing.T) {
	base := "name: g\nseed: 1\ngames: 5\nrandom_opening: 2\npairing: openings\narms:\n  - {name: a, variant: standard}\n"
	if _, err := spec.Parse([]byte("game: chess\n"+base), false); err == nil || !strings.Contains(err.Error(), `game "chess": want surakarta (the default) or alquerque`) {
		t.Errorf("game chess: %v", err)
	}
	s := mustSpec(t, "game: alquerque\nengine: {sims: 4, evaluator: material, tablebase: tables}\n"+base)
	runs, err := ArmRuns(s, t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	if err := runs[0].Check(); err == nil || !strings.Contains(err.Error(), "endgame tables are Surakarta's") {
		t.Errorf("Alquerque arm with tables: %v", err)
	}
	s = mustSpec(t, "game: alquerque\nengine: {sims: 4, evaluator: "+eval.ShippedModel+"}\n"+base)
	if runs, _ = ArmRuns(s, t.TempDir(), ""); runs[0].Check() == nil {
		t.Errorf("an Alquerque arm playing Surakarta's shipped model passed its check")
	}
	s = mustSpec(t, "game: alquerque\nengine: {sims: 4}\n"+base)
	if runs, _ = ArmRuns(s, t.TempDir(), ""); runs[0].Check() != nil {
		t.Errorf("an Alquerque arm playing the default evaluator (best: Alquerque's shipped model): %v", runs[0].Check())
	}
}

// TestAlquerqueProgressLineNamesWhiteAndBlack: experiment run's progress
// line counts an Alquerque arm's results by its players' names, white and
// black, not Surakarta's red and black.
func TestAlquerqueProgressLineNamesWhiteAndBlack(t *testing.T) {
	s := mustSpec(t, "name: alq\ngame: alquerque\nseed: 3\ngames: 2\nrandom_opening: 2\npairing: openings\nengine: {sims: 4, evaluator: material}\narms:\n  - {name: standard, variant: standard}\n")
	var b strings.Builder
	if _, err := Run(context.Background(), s, ProgressPlayer(&b, false), RunOptions{Out: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if line := b.String(); !strings.Contains(line, "positions/s | white ") || strings.Contains(line, "| red ") {
		t.Errorf("the progress line does not count white and black:\n%s", line)
	}
}
