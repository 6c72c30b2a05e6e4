package experiments

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/experiments/spec"
)

// TestSpecOpeningsAndConcurrency checks the spec's opening keys: an
// enumerated opening needs games in multiples of its openings, arms of
// other opening plies cannot pair, the old key workers is read as
// concurrency with a note.
func TestSpecOpeningsAndConcurrency(t *testing.T) {
	base := "name: t\nseed: 1\nengine: {sims: 8}\n"
	for _, c := range []struct{ spec, want string }{
		{"games: 100\nrandom_opening: 2\nopening: enumerated\npairing: none\narms: [{name: a, variant: standard}]\n", "multiple of the 256 openings"},
		{"games: 10\nrandom_opening: 2\nopening: shuffled\npairing: none\narms: [{name: a, variant: standard}]\n", `opening "shuffled"`},
		{"games: 10\nrandom_opening: 2\npairing: openings\narms: [{name: a, variant: standard}, {name: b, variant: standard, random_opening: 3}]\n", "cannot pair"},
		{"games: 10\nrandom_opening: 2\npairing: none\nworkers: 2\nconcurrency: 3\narms: [{name: a, variant: standard}]\n", "keep concurrency only"},
	} {
		if _, err := spec.Parse([]byte(base+c.spec), false); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("spec %q: error %v, want one saying %q", c.spec, err, c.want)
		}
	}
	s := mustSpec(t, base+"games: 512\nrandom_opening: 2\nopening: enumerated\npairing: openings\nworkers: 2\narms: [{name: a, variant: standard}, {name: b, variant: majority}]\n")
	if s.Concurrency != 2 || s.Workers != 0 || len(s.Notes) != 1 || !strings.Contains(s.Notes[0], "deprecated") {
		t.Errorf("workers read as concurrency %d (workers %d), notes %q", s.Concurrency, s.Workers, s.Notes)
	}
	runs, err := ArmRuns(s, t.TempDir(), "")
	if err != nil || runs[1].Opening != dataset.OpeningEnumerated || runs[1].Run.RandomOpening != 2 || runs[1].Run.Concurrency != 2 {
		t.Errorf("arm run %+v, %v", runs[1], err)
	}
	k := mustSpec(t, base+"games: 10\nrandom_opening: 2\npairing: none\narms: [{name: k2, variant: standard}, {name: k3, variant: standard, random_opening: 3}]\n")
	if k.ArmOpening(0) != 2 || k.ArmOpening(1) != 3 || len(k.Comparisons()) != 1 {
		t.Errorf("arm openings %d, %d; comparisons %v", k.ArmOpening(0), k.ArmOpening(1), k.Comparisons())
	}
}

// TestAnExperimentGrowsButRefusesOtherChanges: the same spec with more
// games per arm is accepted for a directory (and recorded), any other
// change still refused.
func TestAnExperimentGrowsButRefusesOtherChanges(t *testing.T) {
	dir := t.TempDir()
	s := mustSpec(t, "name: t\nseed: 1\ngames: 4\nrandom_opening: 2\npairing: none\nengine: {sims: 8}\narms: [{name: a, variant: standard}]\n")
	if err := claimExperiment(dir, s); err != nil {
		t.Fatal(err)
	}
	grown := *s
	grown.Games = 8
	if err := claimExperiment(dir, &grown); err != nil {
		t.Fatalf("growing the arms: %v", err)
	}
	if err := claimExperiment(dir, s); err == nil {
		t.Fatal("shrinking the arms back was accepted")
	}
	other := grown
	other.Seed = 2
	if err := claimExperiment(dir, &other); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Fatalf("another seed: %v, want a refusal naming it", err)
	}
}

// TestGamesPerArmGrowsAndNeverShrinksAnExperiment: given games are checked
// (at least 1, and not fewer than the experiment holds: a resume grows
// arms); not given, a directory holding the experiment with another number
// continues its own, else the spec's number is played.
func TestGamesPerArmGrowsAndNeverShrinksAnExperiment(t *testing.T) {
	dir := t.TempDir()
	s := mustSpec(t, "name: t\nseed: 1\ngames: 4\nrandom_opening: 2\npairing: none\nengine: {sims: 8}\narms: [{name: a, variant: standard}]\n")
	if n, resumed, err := GamesPerArm(dir, s, 0, false); n != 4 || resumed || err != nil {
		t.Errorf("a new experiment: %d %v %v", n, resumed, err)
	}
	grown := *s
	grown.Games = 8
	if err := claimExperiment(dir, &grown); err != nil {
		t.Fatal(err)
	}
	if n, resumed, err := GamesPerArm(dir, s, 0, false); n != 8 || !resumed || err != nil {
		t.Errorf("a resume of 8 games an arm with the spec's 4: %d %v %v", n, resumed, err)
	}
	if n, _, err := GamesPerArm(dir, s, 16, true); n != 16 || err != nil {
		t.Errorf("growing to 16: %d %v", n, err)
	}
	if _, _, err := GamesPerArm(dir, s, 6, true); err == nil || !strings.HasPrefix(err.Error(), "games=6: "+dir+" holds an experiment of 8 games per arm") ||
		!strings.HasSuffix(err.Error(), "give games=8 or more, or another out") {
		t.Errorf("shrinking to 6: %v", err)
	}
	if _, _, err := GamesPerArm(dir, s, 0, true); err == nil || !strings.HasPrefix(err.Error(), "games=0: want 1..") {
		t.Errorf("0 games: %v", err)
	}
}
