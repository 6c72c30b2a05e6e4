package stats

import (
	"fmt"
	"math"
)

// WDL counts the outcomes of games from one side's point of view: a
// match's from A's side (eval/arena writes it in JSON as these keys).
type WDL struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// Add counts o's games in t.
func (t *WDL) Add(o WDL) {
	t.Wins += o.Wins
	t.Draws += o.Draws
	t.Losses += o.Losses
}

// N returns the number of games.
func (t WDL) N() int { return t.Wins + t.Draws + t.Losses }

// Score returns (wins + draws/2)/games, or NaN for no games.
func (t WDL) Score() float64 {
	n := t.N()
	if n == 0 {
		return math.NaN()
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
}

// Variance returns the per-game variance of the score (0, 1/2 or 1) in the
// sample: w + d/4 − s², with w and d the observed win and draw rates and s
// the score. It is NaN for no games.
func (t WDL) Variance() float64 {
	n := float64(t.N())
	if n == 0 {
		return math.NaN()
	}
	w, d := float64(t.Wins)/n, float64(t.Draws)/n
	s := w + d/2
	return math.Max(0, w+d/4-s*s)
}

func (t WDL) check(name string) error {
	if t.Wins < 0 || t.Draws < 0 || t.Losses < 0 {
		return fmt.Errorf("%s: negative count in %d wins, %d draws, %d losses", name, t.Wins, t.Draws, t.Losses)
	}
	if t.N() == 0 {
		return fmt.Errorf("%s: %w", name, ErrNoData)
	}
	return nil
}

// intervalZ checks the counts for a score interval and returns the
// critical value of the confidence level conf.
func (t WDL) intervalZ(conf float64) (float64, error) {
	if err := t.check("score interval"); err != nil {
		return 0, err
	}
	return ZCrit(conf)
}

// ScoreIntervalWald returns the normal-approximation interval s ± z·σ/√n for
// the score, with σ² the trinomial per-game variance (WDL.Variance), clipped
// to [0, 1]. It is the interval chess-engine testers quote; it collapses to
// a point when every game has the same result, so prefer ScoreInterval for
// small or lopsided samples.
func ScoreIntervalWald(t WDL, conf float64) (Interval, error) {
	z, err := t.intervalZ(conf)
	if err != nil {
		return Interval{}, err
	}
	s := t.Score()
	h := z * math.Sqrt(t.Variance()/float64(t.N()))
	return Interval{Lo: clamp01(s - h), Hi: clamp01(s + h)}, nil
}

// ScoreInterval returns the score-test (Wilson-type) confidence interval for
// the expected score μ = P(win) + P(draw)/2 of a three-outcome variable.
//
// It inverts the score test, as Wilson's interval does for a proportion: μ
// is in the interval when n(ŝ − μ)² ≤ z²·V(μ), where V(μ) = w̃ + d̃/4 − μ² is
// the per-game variance at (w̃, d̃, l̃), the trinomial of highest likelihood
// for the observed counts among those with expected score μ. With no draws
// this is exactly the Wilson interval of the wins; with only draws it still
// has a positive width (for 10 draws in 10 games, [0.361, 0.639]). The
// limits are found by bisection to 1e-12. Coverage is checked by simulation
// in the package's tests.
func ScoreInterval(t WDL, conf float64) (Interval, error) {
	z, err := t.intervalZ(conf)
	if err != nil {
		return Interval{}, err
	}
	n := float64(t.N())
	s := t.Score()
	crit := z * z
	// inside reports whether μ is accepted by the score test.
	inside := func(mu float64) bool {
		v := constrainedVariance(t, mu)
		d := s - mu
		return n*d*d <= crit*v
	}
	iv := Interval{Lo: s, Hi: s}
	// V(0) = V(1) = 0, so μ = 0 is outside whenever s > 0 and μ = 1 whenever
	// s < 1: each search brackets exactly one crossing.
	if s > 0 {
		iv.Lo = lastInside(s, 0, inside)
	}
	if s < 1 {
		iv.Hi = lastInside(s, 1, inside)
	}
	iv.Lo, iv.Hi = clamp01(iv.Lo), clamp01(iv.Hi)
	return iv, nil
}

// lastInside bisects between in, which inside accepts, and out, which it
// refuses, until they are 1e-13 apart (at most 200 halvings), and returns
// the last point accepted: the crossing approached from the inside.
func lastInside(in, out float64, inside func(float64) bool) float64 {
	for i := 0; i < 200 && math.Abs(out-in) > 1e-13; i++ {
		mid := (in + out) / 2
		if inside(mid) {
			in = mid
		} else {
			out = mid
		}
	}
	return in
}

// constrainedVariance returns w̃ + d̃/4 − μ² for the trinomial (w̃, d̃, l̃)
// that maximises W·ln w + D·ln d + L·ln l subject to w + d/2 = μ.
//
// With δ = 2μ − 1 the constraint leaves one free parameter l: w = l + δ and
// d = 1 − 2l − δ on l ∈ [max(0, −δ), (1 − δ)/2]. The log-likelihood is
// concave in l, so the maximiser is where its derivative
// W/(l+δ) − 2D/(1−2l−δ) + L/l changes sign, or an end of the range.
func constrainedVariance(t WDL, mu float64) float64 {
	if mu <= 0 || mu >= 1 {
		return 0
	}
	W, D, L := float64(t.Wins), float64(t.Draws), float64(t.Losses)
	delta := 2*mu - 1
	lmin, lmax := math.Max(0, -delta), (1-delta)/2
	deriv := func(l float64) float64 {
		var g float64
		if W > 0 {
			g += W / (l + delta)
		}
		if D > 0 {
			g -= 2 * D / (1 - 2*l - delta)
		}
		if L > 0 {
			g += L / l
		}
		return g
	}
	a, b := lmin, lmax
	for i := 0; i < 200 && b-a > 1e-15; i++ {
		m := (a + b) / 2
		if deriv(m) > 0 {
			a = m
		} else {
			b = m
		}
	}
	l := (a + b) / 2
	w := l + delta
	d := 1 - 2*l - delta
	return math.Max(0, w+d/4-mu*mu)
}

// ScoreSampleSize returns the number of games whose normal-approximation
// score interval has a half-width of at most halfWidth when the win and
// draw rates are w and d: ⌈z²·(w + d/4 − s²)/h²⌉ with s = w + d/2.
func ScoreSampleSize(w, d, halfWidth, conf float64) (int, error) {
	if !(w >= 0 && d >= 0 && w+d <= 1+1e-12) {
		return 0, fmt.Errorf("sample size: win rate %v and draw rate %v: want non-negative rates summing to at most 1", w, d)
	}
	if !(halfWidth > 0 && halfWidth < 0.5) {
		return 0, fmt.Errorf("sample size: half-width %v out of range: want a fraction in (0, 0.5) such as 0.01", halfWidth)
	}
	s := w + d/2
	return normalSampleSize(math.Max(0, w+d/4-s*s), halfWidth, conf)
}
