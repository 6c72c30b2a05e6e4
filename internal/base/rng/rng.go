package rng

import "math/bits"

// golden is SplitMix64's increment, 2⁶⁴ divided by the golden ratio.
const golden = 0x9e3779b97f4a7c15

// SplitMix64 returns the SplitMix64 output for state x: the state advanced
// by the golden-ratio increment and passed through the finaliser of
// Steele, Lea and Flood (2014). It is a bijection of uint64.
func SplitMix64(x uint64) uint64 {
	z := x + golden
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// SplitMix is a SplitMix64 stream: small, fast and fully specified.
type SplitMix struct{ state uint64 }

// NewSplitMix returns the stream that starts from seed: its first output
// is SplitMix64(seed).
func NewSplitMix(seed uint64) SplitMix { return SplitMix{seed} }

// Uint64 returns the next 64 random bits.
func (s *SplitMix) Uint64() uint64 {
	out := SplitMix64(s.state)
	s.state += golden
	return out
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
func (s *SplitMix) IntN(n int) int {
	if n <= 0 {
		panic("rng: SplitMix.IntN with n <= 0")
	}
	for {
		if v, ok := bounded(s.Uint64(), uint64(n)); ok {
			return v
		}
	}
}

// Xoshiro is the xoshiro256** generator of Blackman and Vigna (2018), its
// state seeded with the first four outputs of the SplitMix64 stream of the
// seed, so every seed, including 0, gives a good stream. The zero Xoshiro
// is not seeded; use NewXoshiro or Seed.
type Xoshiro struct {
	s [4]uint64
}

// NewXoshiro returns a generator seeded with seed.
func NewXoshiro(seed uint64) Xoshiro {
	var r Xoshiro
	r.Seed(seed)
	return r
}

// Seed resets r to the stream of seed.
func (r *Xoshiro) Seed(seed uint64) {
	sm := NewSplitMix(seed)
	for i := range r.s {
		r.s[i] = sm.Uint64()
	}
}

// Uint64 returns 64 uniformly random bits.
func (r *Xoshiro) Uint64() uint64 {
	s := &r.s
	out := bits.RotateLeft64(s[1]*5, 7) * 9
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return out
}

// IntN returns a uniform integer in [0, n). It panics if n <= 0.
func (r *Xoshiro) IntN(n int) int {
	if n <= 0 {
		panic("rng: Xoshiro.IntN with n <= 0")
	}
	for {
		if v, ok := bounded(r.Uint64(), uint64(n)); ok {
			return v
		}
	}
}

// Float64 returns a uniform float64 in [0, 1): the top 53 bits of Uint64.
func (r *Xoshiro) Float64() float64 {
	return float64(r.Uint64()>>11) * (1.0 / (1 << 53))
}

// bounded is one step of Lemire's multiply-and-reject method: the high
// word of x·n, a value in [0, n), and whether to keep it. The draws it
// refuses, those whose low word is below 2⁶⁴ mod n, are the few that would
// bias the result; the caller draws a new x. Only a low word below n can be
// refused, so the division is rarely computed.
func bounded(x, n uint64) (int, bool) {
	hi, lo := bits.Mul64(x, n)
	return int(hi), lo >= n || lo >= -n%n
}
