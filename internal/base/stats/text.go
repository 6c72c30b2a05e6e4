package stats

import (
	"fmt"
	"math"
)

// PointsText writes a fraction as signed percentage points, as every report
// of the program does: one decimal ("+1.2", "-0.3"), except that a nonzero
// value one decimal would show as zero gets two significant digits
// ("-0.048", "+0.0031"), down to 0.0001 points, and below that keeps its
// sign ("-0.0"): an interval's bound never loses its sign, so [−0.00048,
// +0.00148] reads [-0.048, +0.1], not [+0.0, +0.1], which would seem to
// exclude 0. Zero, and rounding noise within ±1e-9 of it, is "+0.0"; ±Inf
// "+inf"/"-inf", NaN "n/a".
func PointsText(x float64) string {
	return pointsAt(x, pointsDecimals(x))
}

// pointsDecimals is how many decimals PointsText gives x: one, or for a
// nonzero value one decimal would show as zero two significant digits,
// if four decimals hold them (below that one decimal, and the sign).
func pointsDecimals(x float64) int {
	a := math.Abs(100 * x)
	if math.Abs(x) <= 1e-9 || a >= 0.05 || math.IsNaN(a) || math.IsInf(a, 0) {
		return 1
	}
	if d := int(math.Ceil(-math.Log10(a))) + 1; d <= 4 {
		return d
	}
	return 1
}

// pointsAt writes x in signed percentage points with d decimals, as
// PointsText does (zero within ±1e-9 unsigned, non-finite values in words).
func pointsAt(x float64, d int) string {
	v := 100 * x
	if s, ok := nonFiniteText(v); ok {
		return s
	}
	if math.Abs(x) <= 1e-9 {
		v = 0
	}
	return fmt.Sprintf("%+.*f", d, v)
}

// nonFiniteText writes a figure that is no finite number as PointsText and
// EloText do: NaN "n/a" (no games), ±Inf "+inf"/"-inf"; ok is false for a
// finite x.
func nonFiniteText(x float64) (s string, ok bool) {
	switch {
	case math.IsNaN(x):
		return "n/a", true
	case math.IsInf(x, 1):
		return "+inf", true
	case math.IsInf(x, -1):
		return "-inf", true
	}
	return "", false
}

// PText writes a p-value as every report of the program does: three
// decimals ("0.564"), four below 0.001 ("0.0004"), "< 0.0001" below that,
// "n/a" for NaN.
func PText(p float64) string {
	switch {
	case math.IsNaN(p):
		return "n/a"
	case p < 1e-4:
		return "< 0.0001"
	case p < 0.001:
		return fmt.Sprintf("%.4f", p)
	}
	return fmt.Sprintf("%.3f", p)
}

// PointsInterval writes a fraction and its interval as signed percentage
// points, "+1.2 [-0.3, +2.7]", with unit (e.g. " pts", or "") after the
// value, all three at one precision: the most decimals PointsText gives
// any of them, so that a bound near zero keeps its sign without the
// others rounding past it ("+0.100 [-0.048, +0.148]", where PointsText
// alone gives "+0.1 [-0.048, +0.1]": an estimate equal to its bound). An
// interval of no width (every pair agrees) is said so, "+0.0 (no
// spread)", rather than printed as [+0.0, +0.0], which would claim a
// certainty the sample cannot give. Infinite bounds read "n/a".
func PointsInterval(v, lo, hi float64, unit string) string {
	if hi-lo < 1e-12 && !math.IsNaN(lo) {
		return PointsText(v) + unit + " (no spread)"
	}
	d := max(pointsDecimals(v), pointsDecimals(lo), pointsDecimals(hi))
	bound := func(x float64) string {
		if math.IsInf(x, 0) {
			return "n/a"
		}
		return pointsAt(x, d)
	}
	return fmt.Sprintf("%s%s [%s, %s]", pointsAt(v, d), unit, bound(lo), bound(hi))
}
