package stats

import (
	"math"
	"testing"
)

// Known answers from the standard normal and t tables: Φ(1.5) = 0.933193,
// Φ(2.5) = 0.993790, and the 0.95 quantile of t with 10 degrees of freedom
// is 1.812461.
func TestTOSTMatchesNormalAndTTables(t *testing.T) {
	e, err := TOST(0.5, 1, 2, math.Inf(1))
	if err != nil {
		t.Fatal(err)
	}
	// H0 diff ≤ −2: z = 2.5; H0 diff ≥ 2: z = 1.5.
	if !near(e.PLower, 1-0.993790, 1e-6) || !near(e.PUpper, 1-0.933193, 1e-6) || e.P != e.PUpper {
		t.Errorf("normal TOST %+v: want p lower 0.006210, upper 0.066807, P the upper", e)
	}
	if e.Equivalent(0.05) || !e.Equivalent(0.10) {
		t.Errorf("p %.4f: equivalent at 0.10 but not at 0.05", e.P)
	}
	e, _ = TOST(0, 1, 1.812461, 10)
	if !near(e.P, 0.05, 1e-6) || !near(e.PLower, e.PUpper, 1e-12) {
		t.Errorf("t TOST at the 0.95 quantile: %+v, want both p 0.05", e)
	}
	if n, _ := TOST(0, 1, 1.812461, 0); !near(n.P, 1-NormalCDF(1.812461), 1e-12) {
		t.Errorf("df 0 should mean normal: p %v", n.P)
	}
}

// TOST at α rejects exactly when the 1 − 2α interval lies inside the margin.
func TestTOSTAgreesWithTheNinetyPercentInterval(t *testing.T) {
	z, _ := ZCrit(0.90)
	for _, d := range []float64{-0.03, -0.01, 0, 0.004, 0.02} {
		for _, se := range []float64{0.002, 0.01, 0.02} {
			e, err := TOST(d, se, 0.025, math.Inf(1))
			if err != nil {
				t.Fatal(err)
			}
			inside := d-z*se > -0.025 && d+z*se < 0.025
			if e.Equivalent(0.05) != inside {
				t.Errorf("diff %v se %v: TOST p %.4f but 90%% interval inside the margin is %v", d, se, e.P, inside)
			}
		}
	}
}

func TestTOSTWithoutSpreadIsExact(t *testing.T) {
	if e, _ := TOST(0.01, 0, 0.02, math.Inf(1)); e.P != 0 {
		t.Errorf("a sure difference inside the margin: p %v, want 0", e.P)
	}
	if e, _ := TOST(0.02, 0, 0.02, math.Inf(1)); e.P != 1 {
		t.Errorf("a sure difference on the margin: p %v, want 1", e.P)
	}
}

func TestTOSTRejectsBadInput(t *testing.T) {
	for _, c := range []struct{ d, se, m, df float64 }{
		{math.NaN(), 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, 0}, {0, 1, -1, 0}, {0, 1, 1, -2}, {0, math.Inf(1), 1, 0},
	} {
		if _, err := TOST(c.d, c.se, c.m, c.df); err == nil {
			t.Errorf("TOST(%v, %v, %v, %v): want an error", c.d, c.se, c.m, c.df)
		}
	}
}
