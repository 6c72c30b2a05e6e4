package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// ErrNoData is returned when a statistic is asked of an empty sample.
var ErrNoData = errors.New("no observations: the sample is empty")

// Interval is the closed interval [Lo, Hi].
type Interval struct {
	Lo, Hi float64
}

// Width returns Hi − Lo.
func (iv Interval) Width() float64 { return iv.Hi - iv.Lo }

// HalfWidth returns (Hi − Lo)/2.
func (iv Interval) HalfWidth() float64 { return (iv.Hi - iv.Lo) / 2 }

// Contains reports whether Lo ≤ x ≤ Hi.
func (iv Interval) Contains(x float64) bool { return iv.Lo <= x && x <= iv.Hi }

// String formats the interval as [lo, hi] with four decimals.
func (iv Interval) String() string { return fmt.Sprintf("[%.4f, %.4f]", iv.Lo, iv.Hi) }

// ZCrit returns the two-sided standard normal critical value for the
// confidence level conf: the (1+conf)/2 quantile (1.959964 for 0.95).
func ZCrit(conf float64) (float64, error) {
	if err := checkConf(conf); err != nil {
		return 0, err
	}
	return distuv.UnitNormal.Quantile((1 + conf) / 2), nil
}

// TCrit returns the two-sided Student's t critical value with df degrees of
// freedom for the confidence level conf.
func TCrit(conf, df float64) (float64, error) {
	if err := checkConf(conf); err != nil {
		return 0, err
	}
	if !(df > 0) {
		return 0, fmt.Errorf("t critical value with %v degrees of freedom: need at least one", df)
	}
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile((1 + conf) / 2), nil
}

func checkConf(conf float64) error {
	if !(conf > 0 && conf < 1) {
		return fmt.Errorf("confidence level %v out of range: want a fraction in (0, 1) such as 0.95", conf)
	}
	return nil
}

func checkCount(name string, k, n int) error {
	if n < 0 {
		return fmt.Errorf("%s: negative number of trials %d", name, n)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", name, ErrNoData)
	}
	if k < 0 || k > n {
		return fmt.Errorf("%s: %d successes out of %d trials: want 0..%d", name, k, n, n)
	}
	return nil
}

// twoSidedNormalP returns the two-sided p-value of a standard normal statistic.
func twoSidedNormalP(z float64) float64 {
	if math.IsNaN(z) {
		return 1
	}
	return 2 * distuv.UnitNormal.Survival(math.Abs(z))
}

func clamp01(x float64) float64 {
	return math.Min(1, math.Max(0, x))
}

// NormalCDF returns the standard normal distribution function Φ(x).
func NormalCDF(x float64) float64 { return distuv.UnitNormal.CDF(x) }
