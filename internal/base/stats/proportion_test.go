package stats

import (
	"errors"
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// Newcombe (1998a), "Two-sided confidence intervals for the single
// proportion: comparison of seven methods", Statistics in Medicine 17,
// 857–872, Table I, method 3 (score interval without continuity
// correction). Values re-computed with scipy 1.10 to 1e-4.
func TestWilsonMatchesNewcombe1998Examples(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{1, 29, 0.0061, 0.1718},
		{29, 29, 0.8830, 1},
	}
	for _, c := range cases {
		iv, err := Wilson(c.k, c.n, 0.95)
		if err != nil {
			t.Fatalf("Wilson(%d, %d): %v", c.k, c.n, err)
		}
		if !near(iv.Lo, c.lo, 5e-5) || !near(iv.Hi, c.hi, 5e-5) {
			t.Errorf("Wilson(%d, %d) = %v, want [%.4f, %.4f]", c.k, c.n, iv, c.lo, c.hi)
		}
	}
}

func TestWilsonExtremesAreExactlyAtTheBounds(t *testing.T) {
	for n := 1; n < 200; n++ {
		iv0, _ := Wilson(0, n, 0.95)
		ivn, _ := Wilson(n, n, 0.95)
		if iv0.Lo != 0 || ivn.Hi != 1 {
			t.Fatalf("n=%d: 0/n starts at %v, n/n ends at %v: want 0 and 1", n, iv0.Lo, ivn.Hi)
		}
		if !(iv0.Hi > 0 && ivn.Lo < 1) {
			t.Fatalf("n=%d: degenerate interval at an extreme: %v %v", n, iv0, ivn)
		}
	}
}

func TestWilsonRejectsBadInput(t *testing.T) {
	if _, err := Wilson(0, 0, 0.95); !errors.Is(err, ErrNoData) {
		t.Errorf("Wilson(0, 0): err %v, want ErrNoData", err)
	}
	for _, c := range []struct {
		k, n int
		conf float64
	}{{-1, 5, 0.95}, {6, 5, 0.95}, {1, -2, 0.95}, {1, 5, 1}, {1, 5, 0}, {1, 5, math.NaN()}} {
		if _, err := Wilson(c.k, c.n, c.conf); err == nil {
			t.Errorf("Wilson(%d, %d, %v): no error", c.k, c.n, c.conf)
		}
	}
}

func FuzzWilsonContainsEstimateWithinUnitInterval(f *testing.F) {
	f.Add(uint32(0), uint32(1), 0.95)
	f.Add(uint32(81), uint32(263), 0.95)
	f.Add(uint32(5), uint32(5), 0.5)
	f.Add(uint32(1), uint32(1000000), 0.999)
	f.Fuzz(func(t *testing.T, k, n uint32, conf float64) {
		iv, err := Wilson(int(k), int(n), conf)
		if err != nil {
			return
		}
		p := float64(k) / float64(n)
		if !(iv.Lo >= 0 && iv.Hi <= 1 && iv.Contains(p)) {
			t.Fatalf("Wilson(%d, %d, %v) = %v: want within [0, 1] containing %v", k, n, conf, iv, p)
		}
	})
}

// Newcombe (1998b), "Interval estimation for the difference between
// independent proportions: comparison of eleven methods", Statistics in
// Medicine 17, 873–890, Table II, method 10 (hybrid score).
func TestTwoProportionNewcombeIntervalMatchesPublishedExamples(t *testing.T) {
	cases := []struct {
		k1, n1, k2, n2 int
		lo, hi         float64
	}{
		{56, 70, 48, 80, 0.0524, 0.3339},
		{9, 10, 3, 10, 0.1705, 0.8090},
		{6, 7, 2, 7, 0.0582, 0.8062},
		{5, 56, 0, 29, -0.0381, 0.1926},
		{0, 10, 0, 20, -0.1611, 0.2775},
		{0, 10, 0, 10, -0.2775, 0.2775},
		{10, 10, 0, 20, 0.6791, 1},
	}
	for _, c := range cases {
		r, err := TwoProportion(c.k1, c.n1, c.k2, c.n2, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.CI.Lo, c.lo, 5e-5) || !near(r.CI.Hi, c.hi, 5e-5) {
			t.Errorf("%d/%d − %d/%d: CI %v, want [%.4f, %.4f]", c.k1, c.n1, c.k2, c.n2, r.CI, c.lo, c.hi)
		}
		if !r.CI.Contains(r.Diff) {
			t.Errorf("%d/%d − %d/%d: CI %v misses the estimate %v", c.k1, c.n1, c.k2, c.n2, r.CI, r.Diff)
		}
	}
}

func TestTwoProportionZTest(t *testing.T) {
	// 56/70 vs 48/80: pooled p = 104/150, z = 0.2/√(p(1−p)(1/70+1/80)) =
	// 2.65017, two-sided p = 0.0080451 (scipy 1.10: 2*norm.sf(z)).
	r, err := TwoProportion(56, 70, 48, 80, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Z, 2.65017, 1e-5) || !near(r.P, 0.0080451, 1e-7) {
		t.Errorf("z %v p %v, want 2.65017 and 0.0080451", r.Z, r.P)
	}
	if r.CohensH <= 0 {
		t.Errorf("Cohen's h %v: want positive for p1 > p2", r.CohensH)
	}
	// Identical extreme samples: no evidence of a difference.
	r, _ = TwoProportion(0, 10, 0, 20, 0.95)
	if r.Z != 0 || r.P != 1 {
		t.Errorf("0/10 vs 0/20: z %v p %v, want 0 and 1", r.Z, r.P)
	}
	if _, err := TwoProportion(1, 0, 1, 2, 0.95); err == nil {
		t.Error("empty first sample: no error")
	}
}

func TestProportionSampleSize(t *testing.T) {
	// Wilson half-width at p = 1/2 is (z/2)/√(n + z²): ±0.01 needs
	// n ≥ (z/0.02)² − z² = 9599.8, so 9600 (the Wald rule gives 9604).
	n, err := ProportionSampleSize(0.5, 0.01, 0.95)
	if err != nil || n != 9600 {
		t.Fatalf("ProportionSampleSize(0.5, 0.01) = %d, %v: want 9600", n, err)
	}
	z, _ := ZCrit(0.95)
	for _, p := range []float64{0, 0.03, 0.2, 0.5, 0.9, 1} {
		for _, h := range []float64{0.005, 0.01, 0.025, 0.1} {
			n, err := ProportionSampleSize(p, h, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			if wilsonHalfWidth(p, float64(n), z) > h || (n > 1 && wilsonHalfWidth(p, float64(n-1), z) <= h) {
				t.Errorf("p %v h %v: n = %d is not the smallest sufficient sample", p, h, n)
			}
		}
	}
	if _, err := ProportionSampleSize(0.5, 0, 0.95); err == nil {
		t.Error("half-width 0: no error")
	}
	if _, err := ProportionSampleSize(1.5, 0.01, 0.95); err == nil {
		t.Error("rate 1.5: no error")
	}
	// Two arms at 0.5 each, ±0.02: 1.96²·0.5/0.0004 = 4801.5 → 4802.
	if n, err := DifferenceSampleSize(0.5, 0.5, 0.02, 0.95); err != nil || n != 4802 {
		t.Errorf("DifferenceSampleSize = %d, %v: want 4802", n, err)
	}
}

func FuzzTwoProportionIntervalContainsDifference(f *testing.F) {
	f.Add(uint16(56), uint16(70), uint16(48), uint16(80))
	f.Add(uint16(0), uint16(10), uint16(0), uint16(10))
	f.Add(uint16(10), uint16(10), uint16(0), uint16(20))
	f.Fuzz(func(t *testing.T, k1, n1, k2, n2 uint16) {
		r, err := TwoProportion(int(k1), int(n1), int(k2), int(n2), 0.95)
		if err != nil {
			if n1 > 0 && n2 > 0 && k1 <= n1 && k2 <= n2 {
				t.Fatalf("valid counts refused: %v", err)
			}
			return
		}
		if !(r.CI.Lo >= -1-1e-12 && r.CI.Hi <= 1+1e-12 && r.CI.Lo <= r.Diff+1e-12 && r.Diff <= r.CI.Hi+1e-12) {
			t.Fatalf("%d/%d − %d/%d: CI %v, diff %v", k1, n1, k2, n2, r.CI, r.Diff)
		}
		if !(r.P >= 0 && r.P <= 1) {
			t.Fatalf("p-value %v", r.P)
		}
	})
}
