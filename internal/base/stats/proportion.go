package stats

import (
	"fmt"
	"math"
)

// Wilson returns the Wilson score interval for k successes in n trials at the
// confidence level conf (Wilson 1927; method 3 of Newcombe 1998a). Unlike
// the Wald interval it never leaves [0, 1] and keeps a sensible width at 0
// or n successes: for 0/20 it is [0, 0.1611].
func Wilson(k, n int, conf float64) (Interval, error) {
	if err := checkCount("wilson interval", k, n); err != nil {
		return Interval{}, err
	}
	z, err := ZCrit(conf)
	if err != nil {
		return Interval{}, err
	}
	return wilsonZ(k, n, z), nil
}

func wilsonZ(k, n int, z float64) Interval {
	nf := float64(n)
	p := float64(k) / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	iv := Interval{Lo: clamp01(center - half), Hi: clamp01(center + half)}
	// At the extremes the formula gives the bound exactly in real arithmetic;
	// pin it so that 0/n starts at 0 and n/n ends at 1 despite rounding.
	if k == 0 {
		iv.Lo = 0
	}
	if k == n {
		iv.Hi = 1
	}
	return iv
}

// wilsonHalfWidth returns the half-width of the Wilson interval for an
// observed rate p in n trials with critical value z.
func wilsonHalfWidth(p float64, n float64, z float64) float64 {
	z2 := z * z
	return z / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
}

// TwoProportions compares two independent proportions k1/n1 and k2/n2.
type TwoProportions struct {
	P1, P2 float64
	// Diff is P1 − P2, and CI its interval by Newcombe's hybrid score method
	// (method 10 of Newcombe 1998b), built from the two Wilson intervals.
	Diff float64
	CI   Interval
	// Z is the pooled two-proportion z statistic and P its two-sided
	// p-value. When the pooled proportion is 0 or 1 the samples agree
	// exactly: Z is 0 and P is 1.
	Z, P float64
	// CohensH is the effect size 2·asin√P1 − 2·asin√P2 (Cohen 1988: 0.2
	// small, 0.5 medium, 0.8 large).
	CohensH float64
}

// TwoProportion tests whether k1/n1 and k2/n2 differ and gives the
// difference with its interval at the confidence level conf.
func TwoProportion(k1, n1, k2, n2 int, conf float64) (TwoProportions, error) {
	if err := checkCount("two proportions, first sample", k1, n1); err != nil {
		return TwoProportions{}, err
	}
	if err := checkCount("two proportions, second sample", k2, n2); err != nil {
		return TwoProportions{}, err
	}
	z, err := ZCrit(conf)
	if err != nil {
		return TwoProportions{}, err
	}
	var r TwoProportions
	r.P1 = float64(k1) / float64(n1)
	r.P2 = float64(k2) / float64(n2)
	r.Diff = r.P1 - r.P2
	w1, w2 := wilsonZ(k1, n1, z), wilsonZ(k2, n2, z)
	r.CI = Interval{
		Lo: r.Diff - math.Sqrt(sq(r.P1-w1.Lo)+sq(w2.Hi-r.P2)),
		Hi: r.Diff + math.Sqrt(sq(w1.Hi-r.P1)+sq(r.P2-w2.Lo)),
	}
	pool := float64(k1+k2) / float64(n1+n2)
	se := math.Sqrt(pool * (1 - pool) * (1/float64(n1) + 1/float64(n2)))
	if se > 0 {
		r.Z = r.Diff / se
		r.P = twoSidedNormalP(r.Z)
	} else {
		r.Z, r.P = 0, 1
	}
	r.CohensH = 2*math.Asin(math.Sqrt(r.P1)) - 2*math.Asin(math.Sqrt(r.P2))
	return r, nil
}

func sq(x float64) float64 { return x * x }

// ProportionSampleSize returns the smallest number of trials whose Wilson
// interval at an observed rate p has a half-width of at most halfWidth at
// the confidence level conf. For p = 0.5, ±0.01 at 95% it is 9600 (the
// normal-approximation rule z²p(1−p)/h² gives 9604).
func ProportionSampleSize(p, halfWidth, conf float64) (int, error) {
	if !(p >= 0 && p <= 1) {
		return 0, fmt.Errorf("sample size: rate %v out of range: want 0..1", p)
	}
	if !(halfWidth > 0 && halfWidth < 0.5) {
		return 0, fmt.Errorf("sample size: half-width %v out of range: want a fraction in (0, 0.5) such as 0.01", halfWidth)
	}
	z, err := ZCrit(conf)
	if err != nil {
		return 0, err
	}
	return smallestN(func(n float64) float64 { return wilsonHalfWidth(p, n, z) }, halfWidth)
}

// smallestN returns the smallest n ≥ 1 with hw(n) ≤ target for a half-width
// function that decreases in n.
func smallestN(hw func(n float64) float64, target float64) (int, error) {
	hi := 1.0
	for hw(hi) > target {
		hi *= 2
		if hi > 1<<50 {
			return 0, fmt.Errorf("sample size: no feasible number of games reaches half-width %v", target)
		}
	}
	lo := hi / 2 // hw(lo) > target unless hi == 1
	if hi == 1 {
		return 1, nil
	}
	for hi-lo > 1 {
		mid := math.Floor((lo + hi) / 2)
		if hw(mid) <= target {
			hi = mid
		} else {
			lo = mid
		}
	}
	return int(hi), nil
}

// DifferenceSampleSize returns the number of trials per arm (two
// independent arms of equal size) that makes the normal-approximation
// interval of p1 − p2 no wider than ±halfWidth: z²(p1(1−p1)+p2(1−p2))/h².
func DifferenceSampleSize(p1, p2, halfWidth, conf float64) (int, error) {
	if !(p1 >= 0 && p1 <= 1 && p2 >= 0 && p2 <= 1) {
		return 0, fmt.Errorf("sample size: rates %v and %v: want 0..1", p1, p2)
	}
	if !(halfWidth > 0 && halfWidth < 1) {
		return 0, fmt.Errorf("sample size: half-width %v out of range: want a fraction in (0, 1) such as 0.02", halfWidth)
	}
	return normalSampleSize(p1*(1-p1)+p2*(1-p2), halfWidth, conf)
}

// normalSampleSize returns the normal-approximation number of trials
// ⌈z²v/h²⌉, at least 1, for a per-trial variance v and a half-width h at
// the confidence level conf. The 1e-9 keeps a quotient that rounding puts
// just above a whole number from counting one trial more.
func normalSampleSize(v, halfWidth, conf float64) (int, error) {
	z, err := ZCrit(conf)
	if err != nil {
		return 0, err
	}
	return int(math.Max(1, math.Ceil(z*z*v/(halfWidth*halfWidth)-1e-9))), nil
}
