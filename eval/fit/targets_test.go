package fit_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

func tdTargets(t *testing.T, rows fit.Samples, lambda float64) []float64 {
	t.Helper()
	var out []float64
	err := fit.TDSource{Src: rows, Lambda: lambda}.Scan(context.Background(), fit.WithTargets, func(r *fit.Sample) error {
		out = append(out, r.RootValue)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTDTargets checks the λ-returns of two games worked out by hand: λ = 1
// gives the results, λ = 0 the next position's root value seen from the
// side to move, λ = ½ the mix, and games do not leak into each other.
func TestTDTargets(t *testing.T) {
	rows := fit.Samples{
		{GameID: 0, RootValue: 0.1, Result: 1},
		{GameID: 0, RootValue: -0.4, Result: -1},
		{GameID: 0, RootValue: 0.8, Result: 1},
		{GameID: 1, RootValue: 0.2, Result: 0},
		{GameID: 1, RootValue: 0.3, Result: 0},
	}
	tests := []struct {
		lambda float64
		want   []float64
	}{
		{1, []float64{1, -1, 1, 0, 0}},
		{0, []float64{0.4, -0.8, 1, -0.3, 0}},
		// g2 = 1; g1 = -(0.5·0.8) - 0.5·1 = -0.9; g0 = -(0.5·-0.4) - 0.5·-0.9 = 0.65.
		{0.5, []float64{0.65, -0.9, 1, -0.15, 0}},
	}
	for _, tc := range tests {
		got := tdTargets(t, rows, tc.lambda)
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Fatalf("λ %v: targets %v, want %v", tc.lambda, got, tc.want)
			}
		}
	}
}

// TestSpreadScaleMatchesResultSpread checks that the scale makes the
// score's spread equal the results': doubling the weights halves it.
func TestSpreadScaleMatchesResultSpread(t *testing.T) {
	_, pos := fit.CaptureGames(t, rules.DefaultRules(), 3, 60)
	rows := fit.ToRows(pos)
	l := eval.NewLinear(eval.Ridge, eval.Vector{eval.Material: 0.1})
	s1, err := fit.SpreadScale(context.Background(), rows, l, 1, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	l2 := eval.NewLinear(eval.Ridge, eval.Vector{eval.Material: 0.2})
	s2, err := fit.SpreadScale(context.Background(), rows, l2, 1, 0.2)
	if err != nil {
		t.Fatal(err)
	}
	if !(s1 > 0) || math.Abs(s1-2*s2) > 1e-9 {
		t.Fatalf("scales %v and %v: want the second half the first", s1, s2)
	}
}

// TestTDSourceKeepsEachSamplesPolicyAndMoves: TDSource holds a game's
// samples until its end, so it must copy the slices the source reuses;
// every sample it yields keeps its own policy and legal moves.
func TestTDSourceKeepsEachSamplesPolicyAndMoves(t *testing.T) {
	_, pos := fit.CaptureGames(t, rules.DefaultRules(), 3, 4)
	samples := fit.ToRows(pos)
	for i := range samples {
		s := &samples[i]
		s.Ply = i
		s.Policy = []dataset.PolicyEntry{{Action: int16(i), Visits: int32(i + 1)}}
	}
	i := 0
	err := fit.TDSource{Src: samples, Lambda: 0.5}.Scan(context.Background(), fit.WithPolicy, func(s *fit.Sample) error {
		p, err := rules.NewPosition(s.Red, s.Black, s.Side, s.NoCapture, 1)
		if err != nil {
			t.Fatal(err)
		}
		if want := p.GenerateMoves(nil); !slices.Equal(s.Moves, want) || s.Pos != p {
			t.Fatalf("sample %d: moves %v, want its position's %v", i, s.Moves, want)
		}
		if s.Ply != i || len(s.Policy) != 1 || s.Policy[0].Visits != int32(i+1) {
			t.Fatalf("sample %d: ply %d policy %v, want its own", i, s.Ply, s.Policy)
		}
		i++
		return nil
	})
	if err != nil || i != len(samples) {
		t.Fatalf("%d of %d samples (%v)", i, len(samples), err)
	}
}
