package fit_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

// TestFitModelHeads fits both heads on a window of two datasets and checks
// what the model file records: the spread scale applied to the fitted
// weights, the prior and its report, both datasets' provenance; and that
// NoPrior leaves the prior out and TDLambda 1 is the plain fit.
func TestFitModelHeads(t *testing.T) {
	r := rules.DefaultRules()
	base := t.TempDir()
	var data []fit.DatasetSource
	for i, seed := range []uint64{5, 6} {
		games, pos := fit.CaptureGames(t, r, seed, 40)
		dir := filepath.Join(base, string(rune('a'+i)))
		fit.WriteDataset(t, dir, r, seed, games, pos)
		data = append(data, fit.DatasetSource{Dir: dir, Variant: r.Variant.String()})
	}
	opt := fit.ModelFitOptions{Value: fit.DefaultFitOptions(), TDLambda: 0.5, SpreadScale: true, Prior: fit.DefaultPriorFitOptions()}
	mf, err := fit.FitModel(context.Background(), data, opt)
	if err != nil {
		t.Fatal(err)
	}
	if mf.Prior == nil || mf.Prior.Report == nil || len(mf.Provenance.Datasets) != 2 || !(mf.ValueScale > 0) {
		t.Fatalf("model %+v: want a prior with its report, two datasets and a scale", mf)
	}
	if mf.Value.Blend != 1 {
		t.Errorf("TD(0.5) fit records blend %v, want 1 (the λ-returns are the target)", mf.Value.Blend)
	}
	// The scale multiplies the weights the same fit gives unscaled.
	opt.SpreadScale = false
	plain, err := fit.FitModel(context.Background(), data, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range plain.Value.Weights {
		if math.Abs(w*mf.ValueScale-mf.Value.Weights[i]) > 1e-9*math.Max(1, math.Abs(w)) {
			t.Fatalf("weight %s: %v scaled by %v is not %v", plain.Value.Features[i], w, mf.ValueScale, mf.Value.Weights[i])
		}
	}
	opt.NoPrior, opt.TDLambda = true, 1
	vo, err := fit.FitModel(context.Background(), data, opt)
	if err != nil {
		t.Fatal(err)
	}
	if vo.Prior != nil || vo.Value.Blend != 0 {
		t.Fatalf("NoPrior, TDLambda 1: prior %v, blend %v; want none and 0", vo.Prior, vo.Value.Blend)
	}
	if _, err := vo.Evaluator(); err != nil {
		t.Fatal(err)
	}
}
