package experiments

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// randomPlayer plays random games into an arm's dataset in parts of
// partSize games, skipping parts already complete; with failAfter > 0 it
// fails after writing that many parts (an interrupted run).
type randomPlayer struct {
	t         *testing.T
	partSize  int64
	failAfter int
	written   int
}

var errInterrupted = errors.New("interrupted")

func (p *randomPlayer) PlayArm(ctx context.Context, a ArmRun) error {
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: a.Rules.Variant.String(), Rules: a.Rules.String(),
		Engine: setting.JSON(spec.MustJSON(a.Engine)), Seed: a.Run.Seed, Games: a.Run.Games, RandomOpening: a.Run.RandomOpening}
	if err := dataset.ClaimPartition(a.Run.Out, run); err != nil {
		return err
	}
	done, err := dataset.Complete(a.Run.Out, run.Variant)
	if err != nil {
		return err
	}
	have := map[int64]bool{}
	for _, r := range done {
		have[r.First] = true
	}
	for first := int64(0); first < a.Run.Games; first += p.partSize {
		if have[first] {
			continue
		}
		if p.failAfter > 0 && p.written == p.failAfter {
			return errInterrupted
		}
		last := min(first+p.partSize, a.Run.Games) - 1
		all := testgames.Rows(p.t, a.Rules, a.Run.Seed, last+1, a.Run.RandomOpening, true)
		meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: first, LastGame: last}
		if err := dataset.WritePart(a.Run.Out, meta, all[first:], nil); err != nil {
			return err
		}
		p.written++
	}
	return nil
}

const runSpec = `
name: tiny
seed: 4
games: 24
random_opening: 2
pairing: openings
engine: {sims: 8}
rules: {no_capture_limit: 12}
arms:
  - {name: standard, variant: standard}
  - {name: majority, variant: majority}
  - {name: standard-16, variant: standard, engine: {sims: 16}}
compare:
  - [standard, majority]
  - [standard, standard-16]
`

func TestRunPlaysEveryArmResumesAndReports(t *testing.T) {
	s := mustSpec(t, runSpec)
	out := filepath.Join(t.TempDir(), "exp")
	ctx := context.Background()
	// First attempt stops after three parts (arm standard complete, arm
	// majority half done).
	_, err := Run(ctx, s, &randomPlayer{t: t, partSize: 8, failAfter: 4}, RunOptions{Out: out})
	if !errors.Is(err, errInterrupted) {
		t.Fatalf("interrupted run: err %v", err)
	}
	// The unfinished run reports what it has: a partial arm, and an arm not
	// started left out of the comparisons and the ladder.
	part, err := WriteExperimentReport(ctx, out, "")
	if err != nil {
		t.Fatalf("report of an unfinished run: %v", err)
	}
	if len(part.Arms) != 2 || len(part.Comparisons) != 1 || len(part.Ladders) != 0 ||
		!strings.Contains(part.Description, "majority has 8 of 24 games") || !strings.Contains(part.Description, "standard-16 has no games yet") {
		t.Errorf("unfinished report: %d arms, %d comparisons, %d ladders, description %q", len(part.Arms), len(part.Comparisons), len(part.Ladders), part.Description)
	}
	// The same command resumes and finishes.
	var log strings.Builder
	r, err := Run(ctx, s, &randomPlayer{t: t, partSize: 8}, RunOptions{Out: out, Command: "surakarta experiment run tiny.yaml --out exp", Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "standard: 24 games already complete") {
		t.Errorf("log does not show the finished arm skipped:\n%s", log.String())
	}
	for _, a := range r.Arms {
		if a.Stats.Games != 24 {
			t.Errorf("arm %s: %d games, want 24 (no duplicates, no gaps)", a.Name, a.Stats.Games)
		}
	}
	if len(r.Comparisons) != 2 || r.Comparisons[0].Paired == nil || r.Comparisons[0].Paired.Pairs != 24 {
		t.Errorf("comparisons: %+v", r.Comparisons)
	}
	if len(r.Ladders) != 1 {
		t.Errorf("standard at 8 and 16 sims is a ladder: %+v", r.Ladders)
	}
	for _, f := range []string{"report.md", "report.json", "spec.json", report.OutcomesPlot, report.LengthsPlot, report.LadderPlot} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s: %v", f, err)
		}
	}
	// Every arm's ids are unique.
	for _, a := range s.Arms {
		seen := map[int64]bool{}
		gamestats.ScanGames(ctx, ArmDir(out, a.Name), a.Variant, func(g *gamestats.Game) error {
			if seen[g.ID] {
				t.Errorf("arm %s: game %d twice", a.Name, g.ID)
			}
			seen[g.ID] = true
			return nil
		})
	}
	// A third run finds everything done and only rewrites the report.
	if _, err := Run(ctx, s, &randomPlayer{t: t, partSize: 8, failAfter: -1}, RunOptions{Out: out}); err != nil {
		t.Fatal(err)
	}
}

func TestRunRefusesAnotherExperimentInTheSameDirectory(t *testing.T) {
	s := mustSpec(t, runSpec)
	out := t.TempDir()
	if _, err := Run(context.Background(), s, &randomPlayer{t: t, partSize: 24}, RunOptions{Out: out}); err != nil {
		t.Fatal(err)
	}
	other := *s
	other.Seed = 5
	_, err := Run(context.Background(), &other, &randomPlayer{t: t, partSize: 24}, RunOptions{Out: out})
	if err == nil || !strings.Contains(err.Error(), "seed was 4, the spec has 5") {
		t.Errorf("changed spec: err %v", err)
	}
	// Workers do not change the games: allowed.
	more := *s
	more.Workers = 3
	if _, err := Run(context.Background(), &more, &randomPlayer{t: t, partSize: 24}, RunOptions{Out: out}); err != nil {
		t.Errorf("changing only workers: %v", err)
	}
}

func TestRunStopsOnCancelledContext(t *testing.T) {
	s := mustSpec(t, runSpec)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, s, &randomPlayer{t: t, partSize: 24}, RunOptions{Out: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "resume") {
		t.Errorf("cancelled: err %v, want a message about resuming", err)
	}
}

func TestSelfPlayerPlaysASmallPairedExperiment(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real self-play games")
	}
	spec := `
name: real
seed: 11
games: 6
random_opening: 2
pairing: openings
engine: {sims: 4}
rules: {no_capture_limit: 10}
arms:
  - {name: standard, variant: standard}
  - {name: majority, variant: majority}
`
	s := mustSpec(t, spec)
	p := &SelfPlayer{PartGames: 4}
	r, err := Run(context.Background(), s, p, RunOptions{Out: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if r.Arms[0].Stats.Games != 6 || r.Arms[1].Stats.Games != 6 {
		t.Fatalf("games %d and %d, want 6 each", r.Arms[0].Stats.Games, r.Arms[1].Stats.Games)
	}
	pc := r.Comparisons[0].Paired
	if pc == nil || pc.Pairs != 6 || pc.Mismatched != 0 {
		t.Errorf("self-play arms with one seed must pair on every opening: %+v", pc)
	}
	// A study plays best moves unless the spec asks for noise or
	// temperature.
	a := ArmRun{Engine: s.ArmEngine(0), Rules: mustRules(t, s, 0)}
	c, err := a.EngineConfig()
	if err != nil || c.Sims != 4 || c.NoiseWeight != 0 || c.TemperaturePlies != 0 {
		t.Errorf("engine config %+v %v: want 4 sims, no noise, no temperature", c, err)
	}
	if got := r.Arms[0].Regime; !strings.HasPrefix(got, "best play") {
		t.Errorf("regime %q: want best play", got)
	}
}

func mustRules(t *testing.T, s *spec.Spec, i int) rules.Rules {
	t.Helper()
	r, err := s.ArmRules(i)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSpecFilesStayInsideTheSpecsFolder: a spec travels, so a file it names
// must be its own. An evaluator that climbs out of the spec's folder
// ("../../../../../etc/passwd") or is absolute is refused before anything
// is opened, naming the arm and the field; one inside resolves there; a
// name eval's registry opens without a file (material, best, an embedded
// model) is no file and stays as written.
func TestSpecFilesStayInsideTheSpecsFolder(t *testing.T) {
	specDir := filepath.Join(t.TempDir(), "specs")
	for _, tc := range []struct {
		evaluator string
		want      string // "" for accepted
	}{
		{"../../../../../etc/passwd", "inside it"},
		{"/etc/passwd", "inside it"},
		{"models/../../x.json", "inside it"},
		{"models/m.json", ""},
		{"./m.json", ""},
		{"material", ""},
		{"best", ""},
		{"trained-patterns", ""},
	} {
		s := mustSpec(t, "name: x\ngames: 2\npairing: none\nengine: {sims: 5, evaluator: '"+tc.evaluator+"'}\narms: [{name: a, variant: standard}]\n")
		runs, err := ArmRuns(s, t.TempDir(), specDir)
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "arm a") || !strings.Contains(err.Error(), "evaluator") {
				t.Errorf("evaluator %s: error %v, want a refusal naming arm a, the evaluator and %q", tc.evaluator, err, tc.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("evaluator %s: %v", tc.evaluator, err)
			continue
		}
		got, _ := runs[0].Engine.Get("evaluator")
		want := filepath.Join(specDir, tc.evaluator)
		if eval.IsBuiltin(tc.evaluator) {
			want = tc.evaluator
		}
		if got != want {
			t.Errorf("evaluator %s resolved to %s, want %s", tc.evaluator, got, want)
		}
	}
}

// TestStoppingRuleExtendsTheLadderUntilTheBudget: the random player plays
// the same games at every rung (its games depend on the seed only), so no
// step can show agreement from 24 identical pairs (the no-spread bound,
// 0.99^24, is far above 0.05) and the rule must add rungs at 32 and 64
// simulations, then stop with the budget spent; the report says so and a
// second run plays nothing more.
func TestStoppingRuleExtendsTheLadderUntilTheBudget(t *testing.T) {
	text := strings.Replace(runSpec, "compare:\n  - [standard, majority]\n  - [standard, standard-16]\n",
		"ladder: [standard, standard-16]\nextend: {max_sims: 64}\nconvergence_margin: 0.01\ncompare:\n  - [standard, standard-16]\n", 1)
	s := mustSpec(t, text)
	out := t.TempDir()
	r, err := Run(context.Background(), s, &randomPlayer{t: t, partSize: 24}, RunOptions{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	for _, arm := range []string{"extend-sims32", "extend-sims64"} {
		if _, err := os.Stat(ArmDir(out, arm)); err != nil {
			t.Errorf("rung %s not played: %v", arm, err)
		}
	}
	if _, err := os.Stat(ArmDir(out, "extend-sims128")); err == nil {
		t.Error("a rung beyond max_sims was played")
	}
	if len(r.Ladders) != 1 || len(r.Ladders[0].Points) != 4 || r.Ladders[0].Stopping == nil || !r.Ladders[0].Stopping.BudgetSpent ||
		!strings.Contains(r.Ladders[0].Stopping.Verdict, "budget spent") || r.Ladders[0].Ends == nil || r.Ladders[0].Ends.To != "extend-sims64" {
		t.Fatalf("ladder %+v", r.Ladders)
	}
	// A pairing-aware trend over four rungs of identical games: no change.
	if tr := r.Ladders[0].Trend; tr == nil || tr.Games != 24 || float64(tr.Advantage.Value) != 0 {
		t.Errorf("paired trend %+v", tr)
	}
	again, err := WriteExperimentReport(context.Background(), out, "")
	if err != nil || len(again.Arms) != 5 {
		t.Fatalf("report again: %v, %d arms", err, len(again.Arms))
	}
	if _, err := spec.Parse([]byte(strings.Replace(text, "max_sims: 64", "max_sims: 8", 1)), false); err == nil {
		t.Error("a budget below the top rung was accepted")
	}
}
