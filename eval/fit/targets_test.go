package fit_test

import (
	"context"
	"math"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

func tdTargets(t *testing.T, rows fit.RowSlice, lambda float64) []float64 {
	t.Helper()
	var out []float64
	err := fit.TDSource{Src: rows, Lambda: lambda}.Scan(context.Background(), func(r *fit.Row) error {
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
	rows := fit.RowSlice{
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
