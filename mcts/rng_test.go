package mcts

import (
	"math"
	"testing"
)

// TestGammaMoments: a Gamma(k, 1) deviate has mean k and variance k.
func TestGammaMoments(t *testing.T) {
	r := NewRNG(11)
	for _, k := range []float64{0.05, 0.3, 1, 2.5, 10} {
		const n = 200000
		sum, sq := 0.0, 0.0
		for range n {
			x := r.Gamma(k)
			if x < 0 || math.IsNaN(x) {
				t.Fatalf("Gamma(%v) = %v", k, x)
			}
			sum += x
			sq += x * x
		}
		mean := sum / n
		v := sq/n - mean*mean
		// Standard error of the mean is sqrt(k/n); allow 5 of them.
		if math.Abs(mean-k) > 5*math.Sqrt(k/n) {
			t.Errorf("Gamma(%v) mean %v", k, mean)
		}
		if math.Abs(v-k)/k > 0.05 {
			t.Errorf("Gamma(%v) variance %v", k, v)
		}
	}
}

func TestDirichletSumsToOne(t *testing.T) {
	r := NewRNG(13)
	for _, alpha := range []float64{1e-300, 0.03, 0.3, 3} {
		dst := make([]float64, 25)
		for range 100 {
			r.Dirichlet(dst, alpha)
			sum := 0.0
			for _, x := range dst {
				if x < 0 || math.IsNaN(x) {
					t.Fatalf("alpha %v: component %v", alpha, x)
				}
				sum += x
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("alpha %v: sum %v", alpha, sum)
			}
		}
	}
	// Mean of each component is 1/n.
	dst := make([]float64, 4)
	var mean [4]float64
	for range 20000 {
		r.Dirichlet(dst, 0.5)
		for i, x := range dst {
			mean[i] += x / 20000
		}
	}
	for i, m := range mean {
		if math.Abs(m-0.25) > 0.01 {
			t.Errorf("component %d mean %v, want 0.25", i, m)
		}
	}
}
