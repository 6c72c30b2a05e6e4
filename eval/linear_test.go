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
	"github.com/surakarta/surakarta/mcts"
)

var _ mcts.Evaluator = (*eval.Linear)(nil)

func testWeights() eval.Vector {
	var w eval.Vector
	for i := range w {
		w[i] = 0.01 * float64(i-7)
	}
	w[eval.Material] = 0.4
	return w
}

func TestWeightsRoundTrip(t *testing.T) {
	for _, m := range []eval.Model{eval.Ridge, eval.Logistic} {
		l := eval.NewLinear(m, testWeights())
		f := eval.NewWeightsFile(l)
		f.Variant, f.Lambda = "majority", 0.5
		f.Dataset = eval.Provenance{Dir: "data", Seed: 9, Rows: 100, Games: 3, Revision: "abc"}
		dir := t.TempDir()
		path := filepath.Join(dir, "w.json")
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
		g, l2, err := eval.LoadWeights(path)
		if err != nil {
			t.Fatal(err)
		}
		if l2.Weights() != l.Weights() || l2.Model() != m || g.Variant != "majority" || g.Dataset.Revision != "abc" || g.Dataset.Seed != 9 {
			t.Fatalf("%s: loaded %+v, saved %+v", m, g, f)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Fatalf("save left %d files in the directory, want only w.json", len(entries))
		}
	}
}

// TestLoadRefusesOtherFeatureSets: weights fitted for another feature set
// would silently score garbage, so loading must fail and say why.
func TestLoadRefusesOtherFeatureSets(t *testing.T) {
	base := func() *eval.WeightsFile { return eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights())) }
	tests := []struct {
		name string
		mod  func(*eval.WeightsFile)
		want string
	}{
		{"version", func(f *eval.WeightsFile) { f.FeatureSetVersion = eval.FeatureSetVersion + 1 }, "feature set version"},
		{"renamed", func(f *eval.WeightsFile) { f.Features[4] = "pawns" }, `"pawns"`},
		{"short", func(f *eval.WeightsFile) { f.Features = f.Features[:3]; f.Weights = f.Weights[:3] }, "3 feature names"},
		{"model", func(f *eval.WeightsFile) { f.Model = "tree" }, "model"},
		{"format", func(f *eval.WeightsFile) { f.Format = "other" }, "not a weights file"},
	}
	for _, tc := range tests {
		f := base()
		tc.mod(f)
		path := filepath.Join(t.TempDir(), "w.json")
		if err := f.Save(path); err != nil {
			t.Fatal(err)
		}
		_, err := eval.LoadLinear(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error mentioning %s", tc.name, err, tc.want)
		}
	}
	path := filepath.Join(t.TempDir(), "w.json")
	os.WriteFile(path, []byte(`{"format":"surakarta-eval-weights","wieghts":[1]}`), 0o644)
	if _, err := eval.LoadLinear(path); err == nil || !strings.Contains(err.Error(), "wieghts") {
		t.Errorf("misspelt field: got %v", err)
	}
	if _, err := eval.LoadLinear(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("missing file loaded")
	}
}

func TestSaveIntoMissingDirectoryFails(t *testing.T) {
	f := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights()))
	if err := f.Save(filepath.Join(t.TempDir(), "no", "such", "w.json")); err == nil {
		t.Fatal("Save into a missing directory succeeded")
	}
}

// TestLinearLinks pins the two links: ridge clamps the score to [-1, 1],
// logistic maps it to 2σ(z) - 1.
func TestLinearLinks(t *testing.T) {
	p := testgames.Position(t, "6/6/6/6/r5/1b2b1 r 0 1")
	var x eval.Vector
	eval.ExtractVector(&x, &p)
	for _, tc := range []struct {
		scale float64
		model eval.Model
	}{{1, eval.Ridge}, {40, eval.Ridge}, {-40, eval.Ridge}, {1, eval.Logistic}, {3, eval.Logistic}} {
		w := testWeights()
		for i := range w {
			w[i] *= tc.scale
		}
		l := eval.NewLinear(tc.model, w)
		z := 0.0
		for i := range w {
			z += w[i] * x[i]
		}
		want := math.Max(-1, math.Min(1, z))
		if tc.model == eval.Logistic {
			want = 2/(1+math.Exp(-z)) - 1
		}
		got, priors := l.Evaluate(&p, nil, nil)
		if math.Abs(float64(got)-want) > 1e-6 || priors {
			t.Errorf("%s scale %v: Evaluate = %v, %v; want %v, false", tc.model, tc.scale, got, priors, want)
		}
	}
}

func TestLinearEvaluateDoesNotAllocate(t *testing.T) {
	l := eval.NewLinear(eval.Logistic, testWeights())
	p := testgames.Position(t, testgames.Middlegame)
	if n := testing.AllocsPerRun(100, func() { l.Evaluate(&p, nil, nil) }); n != 0 {
		t.Fatalf("Evaluate allocates %v times per call", n)
	}
}

// FuzzReadWeights: no input may panic the reader or the checks, and weights
// that pass them give finite values in [-1, 1].
func FuzzReadWeights(f *testing.F) {
	good := eval.NewWeightsFile(eval.NewLinear(eval.Logistic, testWeights()))
	path := filepath.Join(f.TempDir(), "w.json")
	if err := good.Save(path); err != nil {
		f.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	f.Add(string(data))
	f.Add(strings.Replace(string(data), `"ridge"`, `"logistic"`, 1))
	f.Add(`{"format":"surakarta-eval-weights","feature_set_version":1}`)
	f.Add(`{"weights":[1e400]}`)
	huge := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, testWeights()))
	for i := range huge.Weights {
		huge.Weights[i] = 1e308 * float64(1-2*(i%2))
	}
	hugeJSON, _ := json.Marshal(huge)
	f.Add(string(hugeJSON))
	f.Add(`[]`)
	f.Add("")
	p := testgames.Position(f, testgames.Middlegame)
	f.Fuzz(func(t *testing.T, s string) {
		wf, err := eval.ReadWeights(strings.NewReader(s))
		if err != nil {
			return
		}
		l, err := wf.Linear()
		if err != nil {
			return
		}
		if v, _ := l.Evaluate(&p, nil, nil); !(v >= -1 && v <= 1) {
			t.Fatalf("value %v out of [-1, 1]", v)
		}
	})
}
