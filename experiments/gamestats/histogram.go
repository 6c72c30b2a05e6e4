package gamestats

import (
	"math"
)

// Histogram counts non-negative integer observations exactly: Counts[v] is
// how many equal v. Game lengths are bounded (25 × the no-capture limit) and
// captures by 23, so exact counts stay small and any quantile of any number
// of games, merged from any number of shards, is exact.
type Histogram struct {
	Counts []int64
}

// Add records the value v (negative values count as 0).
func (h *Histogram) Add(v int) {
	v = max(v, 0)
	if v >= len(h.Counts) {
		h.Counts = append(h.Counts, make([]int64, v+1-len(h.Counts))...)
	}
	h.Counts[v]++
}

// Merge adds the counts of o.
func (h *Histogram) Merge(o Histogram) {
	if len(o.Counts) > len(h.Counts) {
		h.Counts = append(h.Counts, make([]int64, len(o.Counts)-len(h.Counts))...)
	}
	for v, c := range o.Counts {
		h.Counts[v] += c
	}
}

// N returns the number of observations.
func (h *Histogram) N() int64 {
	var n int64
	for _, c := range h.Counts {
		n += c
	}
	return n
}

// Mean returns the mean, or NaN when empty.
func (h *Histogram) Mean() float64 {
	var n, s float64
	for v, c := range h.Counts {
		n += float64(c)
		s += float64(c) * float64(v)
	}
	if n == 0 {
		return math.NaN()
	}
	return s / n
}

// SD returns the sample standard deviation, or NaN with fewer than two
// observations.
func (h *Histogram) SD() float64 {
	n := float64(h.N())
	if n < 2 {
		return math.NaN()
	}
	m := h.Mean()
	var ss float64
	for v, c := range h.Counts {
		d := float64(v) - m
		ss += float64(c) * d * d
	}
	return math.Sqrt(ss / (n - 1))
}

// Min and Max return the smallest and largest observation (0 when empty).
func (h *Histogram) Min() int {
	for v, c := range h.Counts {
		if c > 0 {
			return v
		}
	}
	return 0
}

// Max returns the largest observation (0 when empty).
func (h *Histogram) Max() int {
	for v := len(h.Counts) - 1; v >= 0; v-- {
		if h.Counts[v] > 0 {
			return v
		}
	}
	return 0
}

// Quantile returns the p-quantile by linear interpolation between order
// statistics (Hyndman and Fan's type 7, the default of R and NumPy): with
// the sorted observations x₀ ≤ … ≤ xₙ₋₁ and h = (n−1)p, it is
// x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋). NaN when empty.
func (h *Histogram) Quantile(p float64) float64 {
	n := h.N()
	if n == 0 {
		return math.NaN()
	}
	p = math.Min(1, math.Max(0, p))
	pos := float64(n-1) * p
	lo := int64(math.Floor(pos))
	frac := pos - float64(lo)
	a := h.orderStat(lo)
	if frac == 0 {
		return float64(a)
	}
	b := h.orderStat(lo + 1)
	return float64(a) + frac*float64(b-a)
}

// orderStat returns the k-th smallest observation (0-based).
func (h *Histogram) orderStat(k int64) int {
	var seen int64
	for v, c := range h.Counts {
		seen += c
		if seen > k {
			return v
		}
	}
	return len(h.Counts) - 1
}

// Bin is one bar of a binned histogram: Count observations in [Lo, Hi).
type Bin struct {
	Lo    int   `json:"lo"`
	Hi    int   `json:"hi"`
	Count int64 `json:"count"`
}

// Bins groups the counts into bins of the given width from 0 up to the
// largest observation.
func (h *Histogram) Bins(width int) []Bin {
	if width < 1 {
		width = 1
	}
	top := h.Max()
	var out []Bin
	for lo := 0; lo <= top; lo += width {
		b := Bin{Lo: lo, Hi: lo + width}
		for v := lo; v < lo+width && v < len(h.Counts); v++ {
			b.Count += h.Counts[v]
		}
		out = append(out, b)
	}
	return out
}
