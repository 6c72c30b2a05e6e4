package fit_test

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

// TestFitPatternsRecoversAKnownModel fits soft targets σ(z) made by a
// known pattern evaluator (the targets are the model's own probabilities,
// Blend 1), with a tiny penalty: the known model is the optimum, so the
// fit's scores on its training rows must come back close to the known
// ones (the weights themselves are not unique: the patterns overlap).
func TestFitPatternsRecoversAKnownModel(t *testing.T) {
	var hand [eval.NumPhaseBands]eval.Vector
	var pat [eval.NumPhaseBands][]float64
	rng := rand.New(rand.NewPCG(9, 9))
	for b := range eval.NumPhaseBands {
		hand[b][eval.Material] = 0.4
		hand[b][eval.AttacksOwn] = 0.3
		pat[b] = make([]float64, eval.NumPatternSlots())
		// A few weights on the families with few slots, which the rows
		// see often enough to pin down.
		for i := range 300 {
			pat[b][i] = 0.5 * rng.NormFloat64()
		}
	}
	truth, err := eval.NewPatterns(hand, pat)
	if err != nil {
		t.Fatal(err)
	}
	_, pos := fit.CaptureGames(t, rules.DefaultRules(), 21, 300)
	rows := fit.ToRows(pos)
	for i := range rows {
		r := &rows[i]
		r.RootValue = math.Tanh(truth.ScoreBoards(r.Red, r.Black, r.Side, r.NoCapture) / 2)
	}
	opt := fit.PatternFitOptions{FitOptions: fit.DefaultFitOptions(), PatternLambda: 1e-6}
	opt.Blend, opt.Lambda, opt.Workers, opt.MaxIterations = 1, 1e-6, 2, 150
	res, err := fit.FitPatterns(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	var se, s, ss, n float64
	for _, r := range rows {
		if fit.InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			continue
		}
		z := truth.ScoreBoards(r.Red, r.Black, r.Side, r.NoCapture)
		d := res.Model.ScoreBoards(r.Red, r.Black, r.Side, r.NoCapture) - z
		se, s, ss, n = se+d*d, s+z, ss+z*z, n+1
	}
	rmse, spread := math.Sqrt(se/n), math.Sqrt(ss/n-(s/n)*(s/n))
	t.Logf("training rows' RMS score error %.4f (the known scores spread %.4f), %d iterations, %s, %d training rows", rmse, spread, res.Report.Iterations, res.Report.Status, res.Report.Train.Positions)
	if rmse > 0.05*spread {
		t.Fatalf("scores %.3f (RMS) from the known model's, want within 5%% of their spread %.3f", rmse, spread)
	}
}
