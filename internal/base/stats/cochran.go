package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Heterogeneity is Cochran's Q test that independent estimates share one
// true value: Q = Σ wᵢ(xᵢ − x̄_w)² with wᵢ = 1/seᵢ² and x̄_w the weighted
// mean, referred to χ² on k − 1 degrees of freedom.
type Heterogeneity struct {
	Q  float64 `json:"q"`
	DF int     `json:"df"`
	P  float64 `json:"p"`
	// Mean is the weighted mean x̄_w.
	Mean float64 `json:"mean"`
}

// CochranQ tests that the estimates x with standard errors se (independent
// samples, each se positive) estimate one value.
func CochranQ(x, se []float64) (Heterogeneity, error) {
	if len(x) != len(se) {
		return Heterogeneity{}, fmt.Errorf("heterogeneity: %d estimates but %d standard errors", len(x), len(se))
	}
	if len(x) < 2 {
		return Heterogeneity{}, fmt.Errorf("heterogeneity of %d estimates: want at least two", len(x))
	}
	var sw, swx float64
	for i := range x {
		if !(se[i] > 0) || math.IsInf(se[i], 0) || math.IsNaN(x[i]) {
			return Heterogeneity{}, fmt.Errorf("heterogeneity: estimate %d is %v with standard error %v: want a finite estimate and a positive finite error", i+1, x[i], se[i])
		}
		w := 1 / (se[i] * se[i])
		sw += w
		swx += w * x[i]
	}
	h := Heterogeneity{Mean: swx / sw, DF: len(x) - 1}
	for i := range x {
		d := x[i] - h.Mean
		h.Q += d * d / (se[i] * se[i])
	}
	h.P = distuv.ChiSquared{K: float64(h.DF)}.Survival(h.Q)
	return h, nil
}
