package report

import (
	"math"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// agreeingPairs is a comparison of n paired games that all ended alike
// under both arms: no change and no spread at all.
func agreeingPairs(n int64) *gamestats.Comparison {
	zero := stats.Num(0)
	return &gamestats.Comparison{ComparedGroups: gamestats.ComparedGroups{GamesA: n, GamesB: n},
		Rates: map[string]gamestats.RateComparison{"draw_rate": {}},
		Paired: &gamestats.PairedComparison{Pairs: n,
			ScoreDiff: gamestats.PairedFigure{Value: zero, CI: [2]stats.Num{zero, zero}, P: stats.Num(1)},
			Draws:     gamestats.McNemarFigure{P: 1, ExactP: 1}}}
}

// TestAgreeingPairsShowEquivalenceOnlyWithEnoughOfThem: a sample without
// spread has a standard error of 0, and an exact test on it would call six
// agreeing pairs equivalent within ±2 points; the bound of what n agreeing
// pairs exclude allows that claim only from about 150 pairs.
func TestAgreeingPairsShowEquivalenceOnlyWithEnoughOfThem(t *testing.T) {
	for _, c := range []struct {
		pairs int64
		want  bool
	}{{6, false}, {100, false}, {148, false}, {149, true}, {2000, true}} {
		ch := gamestats.Changes(agreeingPairs(c.pairs), 0.02, 0.95)
		for _, name := range []string{gamestats.ChangeScore, gamestats.ChangeDraw} {
			eq := ch[name].Equivalence
			if eq.Equivalent != c.want {
				t.Errorf("%d agreeing pairs, %s: equivalent %v (p %v), want %v", c.pairs, name, eq.Equivalent, eq.P, c.want)
			}
			if want := math.Pow(0.98, float64(c.pairs)); math.Abs(float64(eq.P)-want) > 1e-12 {
				t.Errorf("%d agreeing pairs, %s: p %v, want 0.98^n = %v", c.pairs, name, eq.P, want)
			}
		}
	}
}

// TestReportIntervalsKeepTheSignOfTheirBounds: the report's points (text
// and markdown) come from stats.PointsText: issue 24's score change
// [−0.00048, +0.00148] once printed [+0.0, +0.1], then "+0.1 [-0.048,
// +0.1]" (an estimate equal to its bound); all three at one precision.
func TestReportIntervalsKeepTheSignOfTheirBounds(t *testing.T) {
	e := gamestats.Estimate{Value: 0.001, CI: [2]float64{-0.00048, 0.00148}}
	if got, want := e.PointsText(" pts"), "+0.100 pts [-0.048, +0.148]"; got != want {
		t.Errorf("text: %q, want %q", got, want)
	}
	if got, want := e.PointsText(""), "+0.100 [-0.048, +0.148]"; got != want {
		t.Errorf("markdown: %q, want %q", got, want)
	}
}

// TestNumTextSaysNAForNoNumber: a figure that is no number (NaN, or an
// infinite count of equivalent games) reads "n/a", unit and all, and a
// number its prec decimals and unit.
func TestNumTextSaysNAForNoNumber(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{numText(stats.Num(math.NaN()), 2, ""), "n/a"},
		{numText(100*math.NaN(), 1, "%"), "n/a"},
		{numText(stats.Num(math.Inf(1)), 0, ""), "n/a"},
		{numText(100*math.Inf(-1), 0, "%"), "n/a"},
		{numText(stats.Num(-0.014), 2, ""), "-0.01"},
		{numText(100*0.12345, 1, "%"), "12.3%"},
	} {
		if tc.got != tc.want {
			t.Errorf("numText wrote %q, want %q", tc.got, tc.want)
		}
	}
}
