package eval_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
)

// TestModelRoundTrip saves a model and loads it as an evaluator: the value
// is the value head's and the priors are the prior head's.
func TestModelRoundTrip(t *testing.T) {
	lin := eval.NewLinear(eval.Ridge, testWeights())
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture], w[eval.MoveLandsAttacked] = 1.2, -0.5
	pr := eval.NewPrior(w)
	path := filepath.Join(t.TempDir(), "model.json")
	f := eval.NewModelFile(lin, 1.5, nil, pr, nil)
	f.Provenance.Generation = 3
	if err := f.Save(path); err != nil {
		t.Fatal(err)
	}
	ev, err := eval.LoadEvaluator(path)
	if err != nil {
		t.Fatal(err)
	}
	p := testgames.Position(t, testgames.Middlegame)
	moves := p.GenerateMoves(nil)
	got, want := make([]float32, len(moves)), make([]float32, len(moves))
	v, has := ev.Evaluate(&p, moves, got)
	pr.Fill(&p, moves, want)
	if !has || v != float32(lin.Value(&p)) {
		t.Fatalf("value %v (priors %v), want %v with priors", v, has, lin.Value(&p))
	}
	for j := range got {
		if got[j] != want[j] {
			t.Fatalf("prior of %s: %v, want %v", moves[j], got[j], want[j])
		}
	}
	mf, err := eval.LoadModel(path)
	if err != nil || mf.Provenance.Generation != 3 || mf.ValueScale != 1.5 {
		t.Fatalf("LoadModel: %+v, %v", mf, err)
	}
}

// TestLoadEvaluatorRefusesMismatchedModels checks the errors of a model
// whose prior is for other move features and of a file of neither format.
func TestLoadEvaluatorRefusesMismatchedModels(t *testing.T) {
	dir := t.TempDir()
	f := eval.NewModelFile(eval.NewLinear(eval.Ridge, testWeights()), 1, nil, eval.NewPrior([eval.NumMoveFeatures]float64{}), nil)
	f.Prior.Features[0] = "renamed"
	bad := filepath.Join(dir, "bad.json")
	if err := f.Save(bad); err != nil {
		t.Fatal(err)
	}
	if _, err := eval.LoadEvaluator(bad); err == nil || !strings.Contains(err.Error(), `"renamed"`) {
		t.Errorf("renamed move feature: error %v", err)
	}
	other := filepath.Join(dir, "other.json")
	os.WriteFile(other, []byte(`{"format":"something"}`), 0o644)
	if _, err := eval.LoadEvaluator(other); err == nil || !strings.Contains(err.Error(), "want a model file") {
		t.Errorf("other format: error %v", err)
	}
}

// TestModelPriorTemperature checks that a prior head's temperature divides
// its weights for the search, and that a bad one is refused.
func TestModelPriorTemperature(t *testing.T) {
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture], w[eval.MoveThreatsOppDelta] = 2, -1
	f := eval.NewModelFile(eval.NewLinear(eval.Ridge, testWeights()), 1, nil, eval.NewPrior(w), nil)
	f.Prior.Temperature = 2
	_, pr, err := f.Heads()
	if err != nil {
		t.Fatal(err)
	}
	if got := pr.Weights(); got[eval.MoveCapture] != 1 || got[eval.MoveThreatsOppDelta] != -0.5 {
		t.Fatalf("temperature 2: weights %v, want the fitted ones halved", got)
	}
	f.Prior.Temperature = -1
	if _, _, err := f.Heads(); err == nil || !strings.Contains(err.Error(), "temperature") {
		t.Fatalf("temperature -1: error %v", err)
	}
}
