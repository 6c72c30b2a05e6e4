package stats

import (
	"math"
	"testing"
)

// TestPointsTextKeepsTheSignOfEveryBound: the bounds of issue 24's
// interval, [−0.00048, +0.00148], keep their sign (printed as one decimal
// they read [+0.0, +0.1] and seem to exclude 0), and ordinary values keep
// one decimal.
func TestPointsTextKeepsTheSignOfEveryBound(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{-0.00048, "-0.048"},
		{0.00148, "+0.1"},
		{0.012, "+1.2"},
		{-0.0026, "-0.3"},
		{0.000031, "+0.0031"},
		{-0.0001, "-0.010"},
		{-1e-8, "-0.0"},
		{-1e-9, "+0.0"}, // rounding noise
		{1e-12, "+0.0"},
		{0, "+0.0"},
		{math.Copysign(0, -1), "+0.0"},
		{math.NaN(), "n/a"},
		{math.Inf(-1), "-inf"},
		{math.Inf(1), "+inf"},
	} {
		if got := PointsText(tc.x); got != tc.want {
			t.Errorf("PointsText(%g) = %q, want %q", tc.x, got, tc.want)
		}
	}
}

// TestPointsTextSignMatchesTheValue: over many values near zero the text
// is negative exactly when the value is.
func TestPointsTextSignMatchesTheValue(t *testing.T) {
	for e := -8.9; e < -1; e += 0.1 {
		for _, x := range []float64{math.Pow(10, e), -math.Pow(10, e)} {
			got := PointsText(x)
			if (got[0] == '-') != (x < 0) {
				t.Errorf("PointsText(%g) = %q: sign lost", x, got)
			}
		}
	}
}

// TestPointsIntervalSaysNoSpreadInsteadOfAZeroWidthInterval: a change whose
// pairs all agree has an interval of no width; printing it as [+0.0, +0.0]
// (the pipeline's summary did) would claim a certainty no sample gives.
// An interval is written at one precision: report.md printed "+0.1 pts
// [-0.048, +0.1]", an estimate equal to its bound in mixed precision.
func TestPointsIntervalSaysNoSpreadInsteadOfAZeroWidthInterval(t *testing.T) {
	for _, c := range []struct {
		v, lo, hi float64
		unit      string
		want      string
	}{
		{0, 0, 0, "", "+0.0 (no spread)"},
		{0.012, 0.012, 0.012, " pts", "+1.2 pts (no spread)"},
		{0.012, -0.003, 0.027, " pts", "+1.2 pts [-0.3, +2.7]"},
		{0.0005, -0.00048, 0.00148, "", "+0.050 [-0.048, +0.148]"},
		{0.001, -0.00048, 0.00148, " pts", "+0.100 pts [-0.048, +0.148]"}, // was "+0.1 pts [-0.048, +0.1]"
		{-0.00001, -1e-8, 0.02, "", "-0.0010 [-0.0000, +2.0000]"},
		{0.5, math.Inf(-1), math.Inf(1), "", "+50.0 [n/a, n/a]"},
	} {
		if got := PointsInterval(c.v, c.lo, c.hi, c.unit); got != c.want {
			t.Errorf("PointsInterval(%v, %v, %v, %q) = %q, want %q", c.v, c.lo, c.hi, c.unit, got, c.want)
		}
	}
}
