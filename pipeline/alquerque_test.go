package pipeline

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// tinyAlquerque is tinyConfig for Alquerque: its material evaluator, every
// 1-ply opening (4) twice a variant.
func tinyAlquerque(out string) Config {
	c := tinyConfig(out)
	c.Game, c.Evaluator = AlquerqueGame, eval.Opened{}
	c.AlquerqueEvaluator = eval.OpenedAlquerque{Evaluator: eval.AlquerqueMaterial{}, Identity: mcts.MaterialName}
	c.Opening, c.Run.RandomOpening, c.MatchModel, c.Players = dataset.OpeningEnumerated, 1, "", selfplay.PlayersIndependent
	return c
}

// TestAlquerqueRunsTheWholeJob runs the pipeline for Alquerque: both
// variants' games in the game=alquerque partitions, verified, an
// Alquerque model fitted into weights.json that plays the match, the
// report and summary keyed by the partitions and naming White, the
// strength block with Alquerque's figures of docs/findings; a resumed run
// skips every stage and gives the same figures.
func TestAlquerqueRunsTheWholeJob(t *testing.T) {
	dir := t.TempDir()
	s, err := Run(context.Background(), tinyAlquerque(dir))
	if err != nil {
		t.Fatal(err)
	}
	keys, err := dataset.Variants(filepath.Join(dir, DataDir))
	if err != nil {
		t.Fatal(err)
	}
	if want := "alquerque/majority alquerque/standard"; strings.Join(keys, " ") != want {
		t.Errorf("the data holds partitions %v, want %s", keys, want)
	}
	if len(s.Variants) != 2 || s.Variants[0].Variant != "alquerque/standard" || s.Variants[0].Games != 8 || s.Verified.Games != 16 {
		t.Fatalf("summary's variants %+v, verified %d games: want alquerque/standard and alquerque/majority, 8 games each", s.Variants, s.Verified.Games)
	}
	if s.Variants[0].FirstPlayer != "white" || s.Variants[0].StratifiedAdvantage == nil {
		t.Errorf("standard: first player %q, stratified advantage %v: want white's, stratified over the 4 openings", s.Variants[0].FirstPlayer, s.Variants[0].StratifiedAdvantage)
	}
	if _, err := eval.OpenAlquerqueEvaluator(filepath.Join(dir, WeightsFile)); err != nil {
		t.Errorf("weights.json is not an Alquerque model: %v", err)
	}
	if s.Fit == nil || s.Fit.Model != string(eval.Logistic) || s.Match == nil || s.Match.Games != 4 || s.ModelMatch != nil {
		t.Errorf("fit %+v, match %+v, model match %+v: want a logistic fit and one match of 4 games", s.Fit, s.Match, s.ModelMatch)
	}
	if len(s.Strength.Ladder) != len(AlquerqueReferences) || s.Strength.Findings != nil {
		t.Errorf("strength: ladder %v, findings %v: want Alquerque's references and none at 8 simulations", s.Strength.Ladder, s.Strength.Findings)
	}
	var b bytes.Buffer
	if err := s.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"white-draw-black", "alquerque/standard", "first player's advantage over every opening alike (stratified by opening), standard:", "material without tables -11.3 at 100"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the summary does not say %q:\n%s", want, b.String())
		}
	}
	c := tinyAlquerque(dir)
	c.Run.Resume = true
	again, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range statuses(again) {
		if st != Skipped && name != "report" {
			t.Errorf("resumed finished run: stage %s %s, want skipped", name, st)
		}
	}
	if figures(again) != figures(s) {
		t.Errorf("resumed run's figures differ:\n%s\nwant\n%s", figures(again), figures(s))
	}
}

// TestAlquerqueReferencesAreTheFindingsReports checks every
// AlquerqueReferences figure against the report it names: the arm's
// stratified advantage, simulations, games, openings (every 6-ply one),
// players and engine (material, value leaves, cpuct 0.5).
func TestAlquerqueReferencesAreTheFindingsReports(t *testing.T) {
	for _, ref := range AlquerqueReferences {
		arm := findingsArm(t, ref)
		if got := arm.Openings.Stratified.Advantage; got != ref.Advantage {
			t.Errorf("%s %s: advantage %v, the reference says %v", ref.Report, ref.Arm, got, ref.Advantage)
		}
		identity, name := arm.Evaluator, arm.Evaluator
		if base, ok := strings.CutSuffix(filepath.Base(name), ".json"); ok && strings.HasPrefix(name, "models/") {
			name = base // the file the spec named until it was built into the binary, by its name there
		}
		if o, err := eval.OpenAlquerqueEvaluator(name); err == nil {
			identity = o.Identity
		}
		if arm.Sims != ref.Sims || arm.Openings.Games != ref.Games || arm.Variant != "alquerque/standard" || arm.RandomOpening != alquerqueReferencePlies ||
			arm.Openings.Openings != 107 || arm.Players != ref.Players || identity != "" && identity != ref.Identity {
			t.Errorf("%s %s: %d sims, %d games, %s, %d plies (%d openings), %s players, evaluator %q; the reference says %d sims, %d games, every 6-ply opening, %s players, %s",
				ref.Report, ref.Arm, arm.Sims, arm.Openings.Games, arm.Variant, arm.RandomOpening, arm.Openings.Openings, arm.Players, arm.Evaluator, ref.Sims, ref.Games, ref.Players, ref.Identity)
		}
	}
}

// findingsArm returns the arm of docs/findings' report ref names, with its
// stratified advantage.
func findingsArm(t *testing.T, ref Reference) *report.ArmInfo {
	t.Helper()
	var rep report.Report
	if err := atomicfile.ReadJSON(filepath.Join(findingsDir, ref.Report), &rep); err != nil {
		t.Fatalf("%s: %v", ref.Report, err)
	}
	for i := range rep.Arms {
		if a := &rep.Arms[i]; a.Name == ref.Arm && a.Openings != nil && a.Openings.Stratified != nil {
			return a
		}
	}
	t.Fatalf("%s has no arm %s with a stratified advantage", ref.Report, ref.Arm)
	return nil
}

// TestAlquerqueSummaryNamesItsShippedModel: a run of Alquerque's default
// engine names its evaluator as Alquerque's shipped model, not by its
// hash, and never as Surakarta's.
func TestAlquerqueSummaryNamesItsShippedModel(t *testing.T) {
	c := tinyAlquerque(t.TempDir())
	c.AlquerqueEvaluator.Identity = eval.ShippedAlquerqueIdentity()
	p := &runner{cfg: c}
	if got, want := p.evaluatorWords(), "Alquerque's shipped pattern model ("+eval.ShippedAlquerqueModel+")"; got != want {
		t.Errorf("evaluator words %q, want %q", got, want)
	}
}
