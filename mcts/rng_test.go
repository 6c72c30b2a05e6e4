package mcts

import (
	"math"
	"testing"
)

func TestRNGIsSeeded(t *testing.T) {
	a, b, c := NewRNG(1), NewRNG(1), NewRNG(2)
	same, diff := true, false
	for range 100 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		same = same && x == y
		diff = diff || x != z
	}
	if !same || !diff {
		t.Errorf("same seed same stream: %v; different seeds differ: %v", same, diff)
	}
	zero := NewRNG(0)
	if zero.Uint64() == 0 && zero.Uint64() == 0 {
		t.Error("seed 0 gives a stuck stream")
	}
}

// TestRNGKnownAnswer pins the stream: splitmix64 from 0 gives
// 0xe220a8397b1dcdaf first (the reference sequence of Vigna's splitmix64.c),
// so any change to seeding or the generator shows up here.
func TestRNGKnownAnswer(t *testing.T) {
	if _, out := splitmix64(0); out != 0xe220a8397b1dcdaf {
		t.Errorf("splitmix64(0) = %#x, want 0xe220a8397b1dcdaf", out)
	}
	r := NewRNG(0)
	got := [3]uint64{r.Uint64(), r.Uint64(), r.Uint64()}
	r2 := RNG{s: [4]uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec}}
	want := [3]uint64{r2.Uint64(), r2.Uint64(), r2.Uint64()}
	if got != want {
		t.Errorf("NewRNG(0) stream %x, want %x (state from splitmix64)", got, want)
	}
}

func TestIntnIsUniform(t *testing.T) {
	r := NewRNG(5)
	const n, draws = 7, 70000
	var counts [n]int
	for range draws {
		counts[r.Intn(n)]++
	}
	// Chi-square with 6 degrees of freedom: 22.5 is the 0.999 quantile.
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - draws/n
		chi += d * d / (draws / n)
	}
	if chi > 22.5 {
		t.Errorf("chi-square %.1f over %v", chi, counts)
	}
	for range 1000 {
		if x := r.Intn(1); x != 0 {
			t.Fatalf("Intn(1) = %d", x)
		}
	}
}

func TestFloat64Range(t *testing.T) {
	r := NewRNG(9)
	sum := 0.0
	for range 100000 {
		x := r.Float64()
		if x < 0 || x >= 1 {
			t.Fatalf("Float64 = %v out of [0, 1)", x)
		}
		sum += x
	}
	if m := sum / 100000; math.Abs(m-0.5) > 0.005 {
		t.Errorf("mean %v, want 0.5", m)
	}
}

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
