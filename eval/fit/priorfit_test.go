package fit_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

// knownPrior is the prior the synthetic problem draws its visit shares from.
func knownPrior() [eval.NumMoveFeatures]float64 {
	var w [eval.NumMoveFeatures]float64
	w[eval.MoveCapture] = 1.5
	w[eval.MoveRecapturable] = -1
	w[eval.MoveLandsAttacked] = -0.7
	w[eval.MoveFromAttacked] = 0.5
	w[eval.MoveThreatsOwnDelta] = 0.4
	w[eval.MoveMobilityOwnDelta] = 0.1
	w[eval.MoveLoopsOppDelta] = -0.2
	return w
}

// syntheticPolicySamples gives each position of seeded capture-greedy games visit
// counts proportional to the known prior's probabilities (a million visits
// a position, rounded).
func syntheticPolicySamples(t testing.TB, n int) fit.Samples {
	pr := eval.NewPrior(knownPrior())
	var rows fit.Samples
	var buf [rules.MaxMoves]rules.Move
	var dst [rules.MaxMoves]float32
	_, pos := fit.CaptureGames(t, rules.DefaultRules(), 11, n/10+1)
	if len(pos) < n {
		t.Fatalf("%d positions, want %d", len(pos), n)
	}
	for i, r := range pos[:n] {
		p, err := rules.NewPosition(rules.Bitboard(r.Red), rules.Bitboard(r.Black), rules.Color(r.SideToMove), int(r.NoCapturePlies), 1)
		if err != nil {
			t.Fatal(err)
		}
		moves := p.GenerateMoves(buf[:0])
		pr.Fill(&p, moves, dst[:])
		row := fit.Sample{Red: p.Red(), Black: p.Black(), Side: p.SideToMove(), NoCapture: p.NoCapturePlies(), GameID: int64(i / 40), Ply: i % 40}
		for j, m := range moves {
			if v := int32(math.Round(float64(dst[j]) * 1e6)); v > 0 {
				row.Policy = append(row.Policy, dataset.PolicyEntry{Action: int16(m.Action()), Visits: v})
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// TestFitPriorRecoversKnownPrior fits the prior to visit shares drawn from
// a known prior: the fitted prior must reproduce its probabilities on the
// held-out games, and the weights of the features that no others can stand
// in for must come back.
func TestFitPriorRecoversKnownPrior(t *testing.T) {
	rows := syntheticPolicySamples(t, 4000)
	opt := fit.DefaultPriorFitOptions()
	opt.Lambda = 1e-9
	opt.MaxIterations = 500
	pr, rep, err := fit.FitPrior(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	if kl := rep.TestScore.CrossEntropy - rep.TestScore.Entropy; kl > 1e-4 || kl < -1e-6 {
		t.Errorf("held-out cross-entropy %v exceeds the shares' entropy %v by %v, want under 1e-4", rep.TestScore.CrossEntropy, rep.TestScore.Entropy, kl)
	}
	if rep.UniformTest.CrossEntropy < rep.TestScore.CrossEntropy+0.1 {
		t.Errorf("uniform priors' cross-entropy %v not clearly above the fit's %v", rep.UniformTest.CrossEntropy, rep.TestScore.CrossEntropy)
	}
	want, got := knownPrior(), pr.Weights()
	for _, f := range []int{eval.MoveLandsAttacked, eval.MoveFromAttacked, eval.MoveThreatsOwnDelta, eval.MoveMobilityOwnDelta, eval.MoveLoopsOppDelta, eval.MoveRecapturable} {
		if math.Abs(got[f]-want[f]) > 0.02 {
			t.Errorf("weight of %s: got %.4f, want %.4f", eval.MoveNames()[f], got[f], want[f])
		}
	}
	if rep.Train.Games == 0 || rep.Test.Games == 0 || rep.Train.Positions+rep.Test.Positions != int64(len(rows)) {
		t.Errorf("split %+v / %+v does not account for %d rows", rep.Train, rep.Test, len(rows))
	}
}

// TestFitPriorDoesNotDependOnWorkers checks that the fit's weights are the
// same with one worker and with all.
func TestFitPriorDoesNotDependOnWorkers(t *testing.T) {
	rows := syntheticPolicySamples(t, 600)
	opt := fit.DefaultPriorFitOptions()
	opt.Workers = 1
	a, _, err := fit.FitPrior(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Workers = 0
	b, _, err := fit.FitPrior(context.Background(), rows, opt)
	if err != nil {
		t.Fatal(err)
	}
	if a.Weights() != b.Weights() {
		t.Fatalf("1 worker: %v\nall: %v", a.Weights(), b.Weights())
	}
}

func TestFitPriorRefusesBadPolicies(t *testing.T) {
	p := rules.Start()
	base := fit.Sample{Red: p.Red(), Black: p.Black(), Side: p.SideToMove()}
	tests := []struct {
		name   string
		policy []dataset.PolicyEntry
		want   string
	}{
		{"illegal action", []dataset.PolicyEntry{{Action: 0, Visits: 3}}, "not a legal move"},
		{"negative visits", []dataset.PolicyEntry{{Action: int16(rules.NewMove(6, 12, false).Action()), Visits: -1}}, "visits: want a count"},
		{"empty", nil, "empty policy"},
	}
	for _, tc := range tests {
		row := base
		row.Policy = tc.policy
		_, _, err := fit.FitPrior(context.Background(), fit.Samples{row}, fit.DefaultPriorFitOptions())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
