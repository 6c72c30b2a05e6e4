package eval_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
)

// hugeModel returns a model file (value and prior heads) that passes every
// check, for the tests to break one number of.
func hugeModel() *eval.ModelFile {
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture] = 1
	return eval.NewModelFile(eval.NewLinear(eval.Logistic, testWeights()), 1, nil, eval.NewPrior(w), nil)
}

// TestEvaluatorFilesRefuseHugeOrNonFiniteNumbers: a weights or model file
// whose numbers are finite but absurd (every weight 1e308, the value the
// issue's analyze played with) or become so for the search (a tiny prior
// temperature) is refused when it is opened, and the error names the file
// and the field. Accepting one would give every position a saturated or NaN
// value without a word.
func TestEvaluatorFilesRefuseHugeOrNonFiniteNumbers(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, v any) string {
		data, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	weights := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights()))
	for i := range weights.Weights {
		weights.Weights[i] = 1e308
	}
	oneHuge := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights()))
	oneHuge.Weights[eval.Material] = -2e6
	valueHuge := hugeModel()
	valueHuge.Value.Weights[eval.Material] = 1e308
	priorHuge := hugeModel()
	priorHuge.Prior.Weights[eval.MoveCapture] = 1e308
	coldPrior := hugeModel()
	coldPrior.Prior.Temperature = 1e-300
	scale := hugeModel()
	scale.ValueScale = 1e308
	for _, tc := range []struct {
		name  string
		file  any
		field string
	}{
		{"weights-1e308.json", weights, "weights[0] (bias)"},
		{"weights-material.json", oneHuge, "weights[2] (material)"},
		{"model-value.json", valueHuge, "value.weights[2] (material)"},
		{"model-prior.json", priorHuge, "prior.weights[0] (capture)"},
		{"model-temperature.json", coldPrior, "prior.weights / prior.temperature[0] (capture)"},
		{"model-scale.json", scale, "value_scale"},
	} {
		path := write(tc.name, tc.file)
		_, err := eval.OpenEvaluator(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: OpenEvaluator error %v, want one naming the file and %s", tc.name, err, tc.field)
		}
		if _, err := eval.LoadEvaluator(path); err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: LoadEvaluator error %v, want one naming %s", tc.name, err, tc.field)
		}
	}
	if _, err := eval.LoadModel(write("m.json", valueHuge)); err == nil || !strings.Contains(err.Error(), "value.weights[2]") {
		t.Errorf("LoadModel: error %v, want one naming value.weights[2]", err)
	}
	if _, err := eval.LoadLinear(write("w.json", weights)); err == nil || !strings.Contains(err.Error(), "weights[0]") {
		t.Errorf("LoadLinear: error %v, want one naming weights[0]", err)
	}
}

// TestWeightsAtTheBoundGiveFiniteValuesAndPriors: the bound MaxWeight is
// what keeps the search's numbers finite, so weights at ±MaxWeight (the
// largest accepted, signs alternating so that terms cancel as badly as
// they can) must give finite values and priors summing to 1 on positions
// from random games.
func TestWeightsAtTheBoundGiveFiniteValuesAndPriors(t *testing.T) {
	f := hugeModel()
	for i := range f.Value.Weights {
		f.Value.Weights[i] = eval.MaxWeight * float64(1-2*(i%2))
	}
	for i := range f.Prior.Weights {
		f.Prior.Weights[i] = eval.MaxWeight * float64(2*(i%2)-1)
	}
	ev, err := f.Evaluator()
	if err != nil {
		t.Fatalf("weights at ±MaxWeight refused: %v", err)
	}
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		f.Value.Model = m
		h, _, err := f.Heads()
		if err != nil {
			t.Fatal(err)
		}
		l := h.(*eval.Linear)
		for _, p := range eval.RandomBoards(11, 300) {
			{
				var x eval.Vector
				eval.ExtractVector(&x, &p)
				if z := l.Score(&x); math.IsNaN(z) || math.IsInf(z, 0) {
					t.Fatalf("%s: score %v at %s", m, z, p)
				}
				moves := p.GenerateMoves(nil)
				if len(moves) == 0 {
					continue
				}
				pri := make([]float32, len(moves))
				ev.Evaluate(&p, moves, pri)
				sum := 0.0
				for _, q := range pri {
					if math.IsNaN(float64(q)) || q < 0 {
						t.Fatalf("prior %v at %s", q, p)
					}
					sum += float64(q)
				}
				if math.Abs(sum-1) > 1e-4 {
					t.Fatalf("priors sum to %v at %s", sum, p)
				}
			}
		}
	}
}

// FuzzReadModel: no input may panic the model reader or its checks, and a
// model that passes them gives a finite value in [-1, 1] and finite priors.
func FuzzReadModel(f *testing.F) {
	good, err := json.Marshal(hugeModel())
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(good))
	f.Add(strings.Replace(string(good), `"value_scale":1`, `"value_scale":1e308`, 1))
	f.Add(strings.Replace(string(good), `"weights":[1,`, `"weights":[1e308,`, 1))
	f.Add(strings.Replace(string(good), `"features":[`, `"temperature":1e-300,"features":[`, 1))
	f.Add(`{"format":"surakarta-model","version":1}`)
	f.Add(`{"value":{"weights":[1e400]}}`)
	f.Add("")
	p := testgames.Position(f, testgames.Middlegame)
	moves := p.GenerateMoves(nil)
	f.Fuzz(func(t *testing.T, s string) {
		mf, err := eval.ReadModel(strings.NewReader(s))
		if err != nil {
			return
		}
		ev, err := mf.Evaluator()
		if err != nil {
			return
		}
		pri := make([]float32, len(moves))
		v, _ := ev.Evaluate(&p, moves, pri)
		if !(v >= -1 && v <= 1) {
			t.Fatalf("value %v out of [-1, 1]", v)
		}
		for _, q := range pri {
			if !(q >= 0 && q <= 1) {
				t.Fatalf("prior %v out of [0, 1]", q)
			}
		}
	})
}

// TestCheckNumbersNamesTheEntry: the error says which entry of which field
// is wrong, by name where the entries have names and by index otherwise.
func TestCheckNumbersNamesTheEntry(t *testing.T) {
	for _, tc := range []struct {
		field  string
		names  []string
		values []float64
		want   string
	}{
		{"weights", []string{"bias", "material"}, []float64{1, math.Inf(1)}, "weights[1] (material) is +Inf"},
		{"table", nil, []float64{0, 0, 3e6}, "table[2] is 3e+06, outside ±1e+06"},
		{"value_scale", nil, []float64{math.NaN()}, "value_scale is NaN"},
	} {
		err := eval.CheckNumbers(tc.field, tc.names, tc.values, eval.MaxWeight)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.field, err, tc.want)
		}
	}
	if err := eval.CheckNumbers("w", nil, []float64{-eval.MaxWeight, 0, eval.MaxWeight}, eval.MaxWeight); err != nil {
		t.Errorf("numbers at the bound refused: %v", err)
	}
}
