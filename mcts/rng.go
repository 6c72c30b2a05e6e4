package mcts

import (
	"math"

	"github.com/surakarta/surakarta/internal/base/rng"
)

// RNG is the searcher's generator: rng.Xoshiro (xoshiro256** seeded
// through splitmix64, so every seed, including 0, gives a good stream), with
// the deviates of root noise. The zero RNG is not seeded; use NewRNG or
// Seed. An RNG is a value: copying it forks an identical stream. It is not
// safe for concurrent use.
type RNG struct{ rng.Xoshiro }

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG { return RNG{rng.NewXoshiro(seed)} }

// NormFloat64 returns a standard normal deviate (Marsaglia's polar method).
func (r *RNG) NormFloat64() float64 {
	for {
		u := 2*r.Float64() - 1
		v := 2*r.Float64() - 1
		s := u*u + v*v
		if s > 0 && s < 1 {
			return u * math.Sqrt(-2*math.Log(s)/s)
		}
	}
}

// Gamma returns a Gamma(shape, 1) deviate by Marsaglia and Tsang's method;
// shapes below 1 use the boost Gamma(a) = Gamma(a+1)·U^(1/a). It panics if
// shape is not positive.
func (r *RNG) Gamma(shape float64) float64 {
	if !(shape > 0) || math.IsInf(shape, 1) {
		panic("mcts: Gamma shape must be positive and finite")
	}
	boost := 1.0
	if shape < 1 {
		// U in (0, 1]: a zero would make the deviate 0 and the boost exact 0,
		// which is legal but loses the draw; 1-U avoids log(0) below.
		boost = math.Pow(1-r.Float64(), 1/shape)
		shape++
	}
	d := shape - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		var x, v float64
		for {
			x = r.NormFloat64()
			v = 1 + c*x
			if v > 0 {
				break
			}
		}
		v = v * v * v
		u := 1 - r.Float64()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < 0.5*x*x+d*(1-v+math.Log(v)) {
			return d * v * boost
		}
	}
}

// Dirichlet fills dst with a draw from the symmetric Dirichlet distribution
// of concentration alpha per component: non-negative values summing to 1.
// It panics if alpha is not positive.
func (r *RNG) Dirichlet(dst []float64, alpha float64) {
	if len(dst) == 0 {
		return
	}
	sum := 0.0
	for i := range dst {
		dst[i] = r.Gamma(alpha)
		sum += dst[i]
	}
	if sum <= 0 || math.IsInf(sum, 0) {
		// Every gamma deviate underflowed (tiny alpha): put all the mass on
		// one component, the limit of the distribution as alpha -> 0.
		for i := range dst {
			dst[i] = 0
		}
		dst[r.IntN(len(dst))] = 1
		return
	}
	for i := range dst {
		dst[i] /= sum
	}
}
