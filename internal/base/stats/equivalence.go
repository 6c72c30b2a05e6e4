package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Equivalence is the two one-sided tests (TOST; Schuirmann 1987, "A
// comparison of the two one-sided tests procedure and the power approach
// for assessing the equivalence of average bioavailability", Journal of
// Pharmacokinetics and Biopharmaceutics 15) of whether a difference lies
// within ±Margin. It is the test behind a claim of "no change": a difference
// whose interval contains 0 is merely not detected; it is shown to be
// smaller than the margin only when both one-sided tests reject.
type Equivalence struct {
	// Margin is the equivalence margin (positive, in the difference's units).
	Margin float64
	// PLower tests H0: diff ≤ −Margin and PUpper H0: diff ≥ +Margin; P is
	// the larger, the TOST p-value. The difference is within ±Margin at
	// level α when P < α, which is the same as its two-sided 1 − 2α
	// interval lying inside (−Margin, +Margin).
	PLower, PUpper, P float64
}

// Equivalent reports whether the test shows equivalence at level alpha
// (0.05: the 90% interval lies inside ±Margin).
func (e Equivalence) Equivalent(alpha float64) bool { return e.P < alpha }

// TOST tests whether a difference diff, estimated with standard error se,
// lies within ±margin. The statistics are normal when df is +Inf (or 0,
// meaning the same) and Student's t with df degrees of freedom otherwise
// (a paired t interval has n − 1). With se 0 the test is exact: P is 0
// when |diff| < margin and 1 otherwise.
func TOST(diff, se, margin, df float64) (Equivalence, error) {
	switch {
	case math.IsNaN(diff) || math.IsInf(diff, 0):
		return Equivalence{}, fmt.Errorf("equivalence test: difference %v: want a finite number", diff)
	case !(se >= 0) || math.IsInf(se, 0):
		return Equivalence{}, fmt.Errorf("equivalence test: standard error %v: want a finite number ≥ 0", se)
	case !(margin > 0) || math.IsInf(margin, 0):
		return Equivalence{}, fmt.Errorf("equivalence test: margin %v: want a positive number", margin)
	case df < 0 || math.IsNaN(df):
		return Equivalence{}, fmt.Errorf("equivalence test: %v degrees of freedom: want a positive number or +Inf", df)
	}
	e := Equivalence{Margin: margin}
	if se == 0 {
		e.PLower, e.PUpper = 1, 1
		if diff > -margin {
			e.PLower = 0
		}
		if diff < margin {
			e.PUpper = 0
		}
		e.P = math.Max(e.PLower, e.PUpper)
		return e, nil
	}
	survival := distuv.UnitNormal.Survival
	if df > 0 && !math.IsInf(df, 1) {
		survival = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Survival
	}
	e.PLower = survival((diff + margin) / se)
	e.PUpper = survival((margin - diff) / se)
	e.P = math.Max(e.PLower, e.PUpper)
	return e, nil
}
