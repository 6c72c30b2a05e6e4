package pipeline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// findingsDir is docs/findings from this package's directory.
var findingsDir = filepath.Join("..", "docs", "findings")

// TestReferencesAreTheFindingsReports: every figure the summary quotes
// from docs/findings is the stratified advantage of the arm its report.json
// holds, of an engine with the reference's settings (the shipped pattern
// model by its identity, value leaves, cpuct 0.5, best play after every
// 2-ply opening, tables exactly when the reference has them) played by the
// reference's players.
func TestReferencesAreTheFindingsReports(t *testing.T) {
	for _, ref := range References {
		var rep report.Report
		if err := atomicfile.ReadJSON(filepath.Join(findingsDir, ref.Report), &rep); err != nil {
			t.Fatalf("%s: %v", ref.Report, err)
		}
		var arm *report.ArmInfo
		for i := range rep.Arms {
			if rep.Arms[i].Name == ref.Arm {
				arm = &rep.Arms[i]
			}
		}
		if arm == nil || arm.Openings == nil || arm.Openings.Stratified == nil {
			t.Fatalf("%s has no arm %s with a stratified advantage", ref.Report, ref.Arm)
		}
		if got := arm.Openings.Stratified.Advantage; got != ref.Advantage {
			t.Errorf("%s %s: advantage %v, the reference says %v", ref.Report, ref.Arm, got, ref.Advantage)
		}
		if arm.Sims != ref.Sims || arm.Openings.Games != ref.Games || arm.Variant != "standard" || arm.RandomOpening != 2 || arm.Openings.Openings != 256 {
			t.Errorf("%s %s: %d sims, %d games, variant %s, %d opening plies (%d openings); the reference says %d sims, %d games from every 2-ply opening",
				ref.Report, ref.Arm, arm.Sims, arm.Openings.Games, arm.Variant, arm.RandomOpening, arm.Openings.Openings, ref.Sims, ref.Games)
		}
		players := arm.Players
		if players == "" { // reports written before the key record one shared searcher's games
			players = selfplay.PlayersShared
		}
		if players != ref.Players {
			t.Errorf("%s %s: played by %s players, the reference says %s", ref.Report, ref.Arm, players, ref.Players)
		}
		if !strings.Contains(arm.Regime, "no root noise, no temperature") || rep.Spec == nil || rep.Spec.Opening != "enumerated" {
			t.Errorf("%s %s: regime %q, not best play after enumerated openings", ref.Report, ref.Arm, arm.Regime)
		}
		e := rep.Spec.Engine
		leaf, _ := e.Get("leaf")
		cpuct, _ := e.Get("cpuct")
		if leaf != mcts.LeafValue.String() || cpuct != "0.5" {
			t.Errorf("%s: engine leaf %q cpuct %q, want value leaves at cpuct 0.5", ref.Report, leaf, cpuct)
		}
		if tb, _ := e.Get("tablebase"); (tb != "") != (ref.Tables > 0) {
			t.Errorf("%s: tables %q in play, the reference says %d pieces", ref.Report, tb, ref.Tables)
		}
		name, _ := e.Get("evaluator")
		if base, ok := strings.CutSuffix(filepath.Base(name), ".json"); ok && strings.HasPrefix(name, "models/") {
			name = base // the file the specs named until it was built into the binary, by its name there
		}
		o, err := eval.OpenEvaluator(name)
		if err != nil || o.Identity != ref.Identity || name != ref.Model {
			t.Errorf("%s: evaluator %s is %q (%v), the reference says %s (%s)", ref.Report, name, o.Identity, err, ref.Model, ref.Identity)
		}
	}
}

// TestThePipelinesEngineHasAFindingsFigure: the default engine of the
// pipeline (runspec.PipelineEngine, its evaluator by the identity a run
// records) from every 2-ply opening is an engine docs/findings measured
// with either players, so that the summary can say whether a run agrees
// with it; a figure of one players never stands for the other's.
func TestThePipelinesEngineHasAFindingsFigure(t *testing.T) {
	e := runspec.PipelineEngine()
	o, err := eval.OpenEvaluator(e.Evaluator)
	if err != nil {
		t.Fatal(err)
	}
	e.Evaluator = o.Identity
	for _, players := range []string{selfplay.PlayersIndependent, selfplay.PlayersShared} {
		ref := referenceFor(e, players, dataset.OpeningEnumerated, 2)
		if ref == nil || ref.Sims != e.Sims || ref.Players != players {
			t.Fatalf("no findings figure for the pipeline's engine %s played by %s players", e.Describe(), players)
		}
		for _, r := range newStrength(e, "", players, dataset.OpeningEnumerated, 2, nil).Ladder {
			if r.Players != players {
				t.Errorf("a run of %s players is shown %s %s, a figure of %s players", players, r.Report, r.Arm, r.Players)
			}
		}
	}
	if referenceFor(e, selfplay.PlayersIndependent, dataset.OpeningRandom, 2) != nil || referenceFor(e, selfplay.PlayersIndependent, dataset.OpeningEnumerated, 1) != nil {
		t.Error("a findings figure of every 2-ply opening matched other openings")
	}
	e.Tablebase = "tables"
	if referenceFor(e, selfplay.PlayersIndependent, dataset.OpeningEnumerated, 2) != nil {
		t.Error("a findings figure without tables matched an engine with tables")
	}
}
