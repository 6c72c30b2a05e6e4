package stats

import (
	"math"
	"testing"
)

// Worked by hand: x 0, 1, 2 and y 0, 1, 3 with unit errors give the
// ordinary least-squares line y = −1/6 + 1.5x, residuals 1/6, −1/3, 1/6,
// χ² 1/6 on 1 df (p = 2(1 − Φ(√(1/6))) = 0.683091) and slope error 1/√2.
func TestFitLineMatchesAHandComputedFit(t *testing.T) {
	f, err := FitLine([]float64{0, 1, 2}, []float64{0, 1, 3}, []float64{1, 1, 1}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(f.Slope, 1.5, 1e-12) || !near(f.Intercept, -1.0/6, 1e-12) || !near(f.SlopeSE, 1/math.Sqrt2, 1e-12) {
		t.Errorf("fit %+v: want slope 1.5, intercept −1/6, slope SE 0.7071", f)
	}
	if !near(f.Chi2, 1.0/6, 1e-12) || f.DF != 1 || !near(f.LackOfFitP, 0.683091, 1e-6) || f.Scale != 1 {
		t.Errorf("lack of fit χ² %v df %d p %v scale %v: want 1/6, 1, 0.683091, 1", f.Chi2, f.DF, f.LackOfFitP, f.Scale)
	}
	if !near(f.CI.Hi-f.Slope, 1.959964/math.Sqrt2, 1e-6) {
		t.Errorf("interval %v: want ±1.96·0.7071 around 1.5", f.CI)
	}
}

// A hump (0, 10, 0 with unit errors) has slope 0 but χ² 600/9 on 1 df:
// the slope's error is scaled by √(600/9) and the interval uses t with
// 1 df (12.7062): ±12.7062·(1/√2)·8.16497 = ±73.36.
func TestFitLineWidensTheSlopeIntervalWhenTheLineDoesNotFit(t *testing.T) {
	f, err := FitLine([]float64{0, 1, 2}, []float64{0, 10, 0}, []float64{1, 1, 1}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(f.Slope, 0, 1e-12) || !near(f.Chi2, 600.0/9, 1e-9) || !(f.LackOfFitP < 1e-10) {
		t.Errorf("fit %+v: want slope 0, χ² 66.67, lack-of-fit p tiny", f)
	}
	if !near(f.Scale, math.Sqrt(600.0/9), 1e-12) || !near(f.CI.Hi, 12.706205*8.164966/math.Sqrt2, 1e-3) {
		t.Errorf("scale %v interval %v: want 8.165 and ±73.36", f.Scale, f.CI)
	}
}

func TestFitLineWeightsPreciseRungs(t *testing.T) {
	// The middle point is 10 times more precise: the line passes near it.
	f, err := FitLine([]float64{0, 1, 2}, []float64{0, 2, 2}, []float64{1, 0.1, 1}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Intercept + f.Slope; math.Abs(got-2) > 0.05 {
		t.Errorf("line at x=1 is %v: want about 2, the precise point", got)
	}
	two, _ := FitLine([]float64{1, 2}, []float64{3, 5}, []float64{1, 1}, 0.95)
	if two.DF != 0 || !math.IsNaN(two.LackOfFitP) || !near(two.Slope, 2, 1e-12) || !near(two.SlopeSE, math.Sqrt2, 1e-12) {
		t.Errorf("two points %+v: want slope 2, SE √2, no lack-of-fit test", two)
	}
}

func TestFitLineRejectsBadInput(t *testing.T) {
	for name, c := range map[string][3][]float64{
		"one point":      {{1}, {1}, {1}},
		"counts differ":  {{1, 2}, {1}, {1, 1}},
		"zero error":     {{1, 2}, {1, 2}, {1, 0}},
		"same x":         {{1, 1}, {1, 2}, {1, 1}},
		"infinite error": {{1, 2}, {1, 2}, {1, math.Inf(1)}},
	} {
		if _, err := FitLine(c[0], c[1], c[2], 0.95); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
	if _, err := FitLine([]float64{1, 2}, []float64{1, 2}, []float64{1, 1}, 1.5); err == nil {
		t.Error("confidence 1.5: want an error")
	}
}

func TestCochranQOfKnownEstimates(t *testing.T) {
	// Three estimates 1, 2, 4 with errors 1: weighted mean 7/3,
	// Q = (16 + 1 + 25)/9 = 42/9 on 2 df, p = exp(-Q/2) (χ² on 2 df).
	h, err := CochranQ([]float64{1, 2, 4}, []float64{1, 1, 1})
	if err != nil {
		t.Fatal(err)
	}
	if !near(h.Mean, 7.0/3, 1e-12) || !near(h.Q, 42.0/9, 1e-12) || h.DF != 2 || !near(h.P, math.Exp(-21.0/9), 1e-9) {
		t.Errorf("CochranQ = %+v", h)
	}
	// Equal estimates: Q = 0, p = 1.
	if h, _ := CochranQ([]float64{3, 3}, []float64{1, 2}); h.Q != 0 || !near(h.P, 1, 1e-12) {
		t.Errorf("equal estimates %+v", h)
	}
	if _, err := CochranQ([]float64{1, 2}, []float64{1, 0}); err == nil {
		t.Error("a zero standard error was accepted")
	}
	if _, err := CochranQ([]float64{1}, []float64{1}); err == nil {
		t.Error("one estimate was accepted")
	}
}
