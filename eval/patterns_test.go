package eval_test

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// randomPatterns returns a pattern evaluator with every weight drawn at
// random (red_to_move's 0), so that every slot and band matters.
func randomPatterns(t testing.TB, seed uint64) *eval.Patterns {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 8))
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	for b := range eval.NumPhaseBands {
		for i := range hand[b] {
			if i != eval.RedToMove {
				hand[b][i] = 0.1 * rng.NormFloat64()
			}
		}
		pat[b] = make([]float64, eval.NumPatternSlots())
		for i := range pat[b] {
			pat[b][i] = 0.3 * rng.NormFloat64()
		}
	}
	e, err := eval.NewPatterns(hand, pat)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestPatternsEvaluateSymmetricImagesBitIdentically maps positions of
// random games by every board symmetry (colours swapped where the map
// swaps them) and requires the very same value: the evaluator is
// colour-blind and mirror-blind by construction.
func TestPatternsEvaluateSymmetricImagesBitIdentically(t *testing.T) {
	e := randomPatterns(t, 1)
	for _, p := range gamePositions(3, 3000) {
		want := e.Value(&p)
		for _, sym := range rules.Symmetries {
			q := sym.Position(&p)
			if got := e.Value(&q); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("%s image of %s: value %v, the position's %v", sym, p.FEN(), got, want)
			}
		}
	}
}

// TestPatternsReadTheirPhaseBand checks that each band's weights apply to
// its positions alone: a bias in one band moves only that band's scores.
func TestPatternsReadTheirPhaseBand(t *testing.T) {
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	for b := range eval.NumPhaseBands {
		hand[b][eval.Bias] = float64(b + 1)
		pat[b] = make([]float64, eval.NumPatternSlots())
	}
	e, err := eval.NewPatterns(hand, pat)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range gamePositions(5, 500) {
		n := p.Red().Count() + p.Black().Count()
		if got, want := e.Score(&p), float64(eval.PhaseBand(n)+1); got != want {
			t.Fatalf("%s (%d pieces): score %v, want the bias of band %d, %v", p.FEN(), n, got, eval.PhaseBand(n), want)
		}
	}
	for n, want := range map[int]int{24: 0, 19: 0, 18: 1, 13: 1, 12: 2, 8: 2, 7: 3, 2: 3} {
		if got := eval.PhaseBand(n); got != want {
			t.Errorf("PhaseBand(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestNewPatternsRefusesColourAndBadWeights(t *testing.T) {
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	for b := range pat {
		pat[b] = make([]float64, eval.NumPatternSlots())
	}
	hand[2][eval.RedToMove] = 0.1
	if _, err := eval.NewPatterns(hand, pat); err == nil || !strings.Contains(err.Error(), "red_to_move") {
		t.Errorf("a red_to_move weight: err %v, want it refused", err)
	}
	hand[2][eval.RedToMove] = 0
	pat[1][7] = math.NaN()
	if _, err := eval.NewPatterns(hand, pat); err == nil {
		t.Error("a NaN pattern weight was accepted")
	}
	pat[1] = pat[1][:10]
	if _, err := eval.NewPatterns(hand, pat); err == nil {
		t.Error("a short band was accepted")
	}
}

// TestPatternModelRoundTrip saves a pattern model with a prior and loads
// it through the registry: values and priors come back exactly.
func TestPatternModelRoundTrip(t *testing.T) {
	e := randomPatterns(t, 2)
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture] = 1
	pr := eval.NewPrior(w)
	path := filepath.Join(t.TempDir(), "model.json")
	if err := eval.NewPatternModelFile(e, 1, nil, pr, nil).Save(path); err != nil {
		t.Fatal(err)
	}
	o, err := eval.OpenEvaluator(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range gamePositions(4, 300) {
		moves := p.GenerateMoves(nil)
		got := make([]float32, len(moves))
		v, has := o.Evaluator.Evaluate(&p, moves, got)
		if want := float32(e.Value(&p)); !has || v != want {
			t.Fatalf("%s: value %v (priors %v), want %v with priors", p.FEN(), v, has, want)
		}
	}
}

// TestVersion1ModelFilesStillOpen opens the shipped trained model, a
// version 1 file with a linear value head.
func TestVersion1ModelFilesStillOpen(t *testing.T) {
	path := filepath.Join("..", "experiments", "specs", "models", "trained-colour-blind.json")
	mf, err := eval.LoadModel(path)
	if err != nil {
		t.Fatal(err)
	}
	if mf.Version != 1 || mf.Value == nil || mf.Patterns != nil {
		t.Fatalf("version %d, linear head %v, pattern head %v: want a version 1 linear model", mf.Version, mf.Value != nil, mf.Patterns != nil)
	}
	if _, err := eval.OpenEvaluator(path); err != nil {
		t.Fatal(err)
	}
}
