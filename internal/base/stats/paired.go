package stats

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Paired accumulates paired observations (a, b), such as the first player's
// score in the same opening under two rule variants, as running sums, so
// that shards can be added up and merged. The zero value is empty.
type Paired struct {
	N                   int
	SumA, SumB          float64
	SumAA, SumBB, SumAB float64
}

// Add records one pair.
func (p *Paired) Add(a, b float64) {
	p.N++
	p.SumA += a
	p.SumB += b
	p.SumAA += a * a
	p.SumBB += b * b
	p.SumAB += a * b
}

// Merge adds the pairs of q to p.
func (p *Paired) Merge(q Paired) {
	p.N += q.N
	p.SumA += q.SumA
	p.SumB += q.SumB
	p.SumAA += q.SumAA
	p.SumBB += q.SumBB
	p.SumAB += q.SumAB
}

// PairedResult is the analysis of paired differences a − b.
type PairedResult struct {
	N int
	// MeanA and MeanB are the two means; MeanDiff = MeanA − MeanB.
	MeanA, MeanB, MeanDiff float64
	// SDDiff is the sample standard deviation of the differences and
	// Correlation the Pearson correlation of a and b (NaN when either is
	// constant).
	SDDiff, Correlation float64
	// CI is the paired Student's t interval of the mean difference, with T
	// its statistic (N − 1 degrees of freedom) and P the two-sided p-value.
	// With no spread in the differences, T is ±Inf (or 0 when the mean is
	// 0) and the interval is the single point MeanDiff.
	CI   Interval
	T, P float64
	// UnpairedCI is the interval the same data would give if the two
	// samples were independent (same t critical value, standard error
	// √(s²a/N + s²b/N)). WidthRatio is the paired width over the unpaired
	// one: below 1 the pairing narrows the interval, and 1/WidthRatio² is
	// how many times as many unpaired games would be needed for the same
	// width.
	UnpairedCI Interval
	WidthRatio float64
}

// Analyze returns the paired analysis at the confidence level conf. It needs
// at least two pairs.
func (p Paired) Analyze(conf float64) (PairedResult, error) {
	if p.N == 0 {
		return PairedResult{}, fmt.Errorf("paired analysis: %w", ErrNoData)
	}
	if p.N < 2 {
		return PairedResult{}, fmt.Errorf("paired analysis: %d pair: need at least 2 for a spread", p.N)
	}
	n := float64(p.N)
	tc, err := TCrit(conf, n-1)
	if err != nil {
		return PairedResult{}, err
	}
	r := PairedResult{N: p.N, MeanA: p.SumA / n, MeanB: p.SumB / n}
	r.MeanDiff = r.MeanA - r.MeanB
	// Sample (n−1) variances and covariance from the sums.
	va := math.Max(0, (p.SumAA-p.SumA*p.SumA/n)/(n-1))
	vb := math.Max(0, (p.SumBB-p.SumB*p.SumB/n)/(n-1))
	cov := (p.SumAB - p.SumA*p.SumB/n) / (n - 1)
	vd := math.Max(0, va+vb-2*cov)
	r.SDDiff = math.Sqrt(vd)
	r.Correlation = math.NaN()
	if va > 0 && vb > 0 {
		r.Correlation = cov / math.Sqrt(va*vb)
	}
	se := math.Sqrt(vd / n)
	r.CI = Interval{Lo: r.MeanDiff - tc*se, Hi: r.MeanDiff + tc*se}
	switch {
	case se > 0:
		r.T = r.MeanDiff / se
		r.P = 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Survival(math.Abs(r.T))
	case r.MeanDiff == 0:
		r.T, r.P = 0, 1
	default:
		r.T, r.P = math.Copysign(math.Inf(1), r.MeanDiff), 0
	}
	seU := math.Sqrt(va/n + vb/n)
	r.UnpairedCI = Interval{Lo: r.MeanDiff - tc*seU, Hi: r.MeanDiff + tc*seU}
	r.WidthRatio = math.NaN()
	if seU > 0 {
		r.WidthRatio = se / seU
	}
	return r, nil
}

// McNemarResult is McNemar's test for paired binary outcomes.
type McNemarResult struct {
	// B counts pairs with the event under the first condition only, C under
	// the second only; N is all pairs (concordant ones included).
	B, C, N int
	// Stat is (B − C)²/(B + C), chi-square with one degree of freedom, and P
	// its p-value; ExactP is the two-sided binomial p-value
	// min(1, 2·P(X ≤ min(B, C))) for X ~ Binomial(B + C, 1/2), the one to
	// quote when B + C is below McNemarExactBelow (PValue chooses).
	Stat, P, ExactP float64
	// Diff is (B − C)/N, the difference of the two paired proportions, and
	// CI its Wald interval Diff ± z·√(B + C − (B − C)²/N)/N (Agresti 2007,
	// §8.1.1).
	Diff float64
	CI   Interval
}

// McNemarExactBelow is the number of discordant pairs below which
// McNemar's chi-square approximation is not trusted and the exact binomial
// p-value is the one to quote.
const McNemarExactBelow = 25

// PValue returns the p-value to quote: the exact one below
// McNemarExactBelow discordant pairs, otherwise the chi-square one.
func (r McNemarResult) PValue() float64 {
	if r.B+r.C < McNemarExactBelow {
		return r.ExactP
	}
	return r.P
}

// Method names the test that PValue comes from: "exact McNemar" or
// "McNemar".
func (r McNemarResult) Method() string {
	if r.B+r.C < McNemarExactBelow {
		return "exact McNemar"
	}
	return "McNemar"
}

// McNemar tests whether a binary event (such as a draw) is as frequent under
// two conditions observed on the same pairs: b pairs have it under the first
// condition only, c under the second only, n pairs in all.
func McNemar(b, c, n int, conf float64) (McNemarResult, error) {
	if b < 0 || c < 0 || n < 0 {
		return McNemarResult{}, fmt.Errorf("mcnemar test: negative count (b %d, c %d, n %d)", b, c, n)
	}
	if n == 0 {
		return McNemarResult{}, fmt.Errorf("mcnemar test: %w", ErrNoData)
	}
	if b+c > n {
		return McNemarResult{}, fmt.Errorf("mcnemar test: %d discordant pairs out of %d pairs", b+c, n)
	}
	z, err := ZCrit(conf)
	if err != nil {
		return McNemarResult{}, err
	}
	r := McNemarResult{B: b, C: c, N: n, P: 1, ExactP: 1}
	nf, bf, cf := float64(n), float64(b), float64(c)
	r.Diff = (bf - cf) / nf
	if d := b + c; d > 0 {
		r.Stat = (bf - cf) * (bf - cf) / float64(d)
		r.P = distuv.ChiSquared{K: 1}.Survival(r.Stat)
		tail := distuv.Binomial{N: float64(d), P: 0.5}.CDF(float64(min(b, c)))
		r.ExactP = math.Min(1, 2*tail)
	}
	se := math.Sqrt(math.Max(0, bf+cf-(bf-cf)*(bf-cf)/nf)) / nf
	r.CI = Interval{Lo: math.Max(-1, r.Diff-z*se), Hi: math.Min(1, r.Diff+z*se)}
	return r, nil
}
