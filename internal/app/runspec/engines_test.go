package runspec

import (
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/mcts"
)

// TestAlquerqueEngineIsTheStrongestAndItsBaselineTheFormerDefault:
// Alquerque's engine is the strongest engine's settings (value leaves at
// cpuct 0.5, evaluator best, which Alquerque's registry opens as its
// shipped model, as the model was measured), so the presets mean the same
// in both games: baseline on it is Alquerque's former default, mcts's own
// defaults (playouts scored by material at cpuct 1.5).
func TestAlquerqueEngineIsTheStrongestAndItsBaselineTheFormerDefault(t *testing.T) {
	a := AlquerqueEngine()
	if d := StrongestEngine().Diff(a); len(d) != 0 || a.Leaf != mcts.LeafValue || a.CPUCT != 0.5 || a.Evaluator != eval.BestName {
		t.Errorf("AlquerqueEngine differs from the strongest engine in %v (%s)", d, a.Text())
	}
	o, err := eval.OpenAlquerqueEvaluator(a.Evaluator)
	if err != nil || o.Identity != eval.ShippedAlquerqueIdentity() {
		t.Errorf("Alquerque's engine opens %q (%v), want its shipped model %s", o.Identity, err, eval.ShippedAlquerqueModel)
	}
	b, err := WithPreset(a, "baseline")
	if err != nil {
		t.Fatal(err)
	}
	if d := mcts.DefaultEngine().Diff(b); len(d) != 0 {
		t.Errorf("--preset baseline on Alquerque's engine differs from the former default in %v", d)
	}
}
