package stats

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"
)

// ExactTableLimit is the most tables Homogeneity enumerates for the exact
// test when some expected count is below 5; above it only the chi-square
// p-value is given (Exact is false). With every expected count at least 5
// the exact test is computed only when it takes at most exactCheapLimit
// tables.
// Enumeration is cheap exactly when it matters: a small expected count
// means a small row or column, and the number of tables is bounded by the
// product of (min(column total, smaller row total) + 1) over all but one
// column.
const ExactTableLimit = 5_000_000

const exactCheapLimit = 100_000

// HomogeneityResult is the outcome of a test that two rows of counts over
// the same C categories come from one distribution.
type HomogeneityResult struct {
	// Chi2 is Pearson's statistic Σ(O−E)²/E, DF its degrees of freedom
	// (non-empty columns − 1) and P its asymptotic chi-square p-value.
	Chi2 float64
	DF   int
	P    float64
	// MinExpected is the smallest expected count under homogeneity; the
	// chi-square approximation is trusted when it is at least 5.
	MinExpected float64
	// Exact reports whether ExactP was computed: the Fisher–Freeman–Halton
	// p-value, the probability under the multivariate hypergeometric
	// distribution (margins fixed) of all tables no more probable than the
	// one observed (with a relative tolerance of 1e-7, as R's fisher.test).
	Exact  bool
	ExactP float64
	// CramersV is the effect size √(χ²/n) for a two-row table (0: no
	// association, 1: the row decides the column).
	CramersV float64
	// N is the number of observations.
	N int
}

// PValue returns the p-value to quote: the exact one when it was computed
// and some expected count is below 5, otherwise the chi-square one.
func (r HomogeneityResult) PValue() float64 {
	if r.Exact && r.MinExpected < 5 {
		return r.ExactP
	}
	return r.P
}

// Method names the test that PValue comes from.
func (r HomogeneityResult) Method() string {
	if r.Exact && r.MinExpected < 5 {
		return "Fisher-Freeman-Halton exact"
	}
	return "Pearson chi-square"
}

// Homogeneity tests whether the rows a and b (counts over the same
// categories, e.g. red wins, draws, black wins under two variants) come from
// the same distribution. Columns empty in both rows are dropped; with fewer
// than two non-empty columns the rows cannot differ and the result has
// DF 0 and p-values 1. An empty row is an error.
func Homogeneity(a, b []int) (HomogeneityResult, error) {
	if len(a) != len(b) {
		return HomogeneityResult{}, fmt.Errorf("homogeneity test: rows of %d and %d categories: want the same", len(a), len(b))
	}
	var ra, rb int
	var cols []int // totals of non-empty columns
	var xa []int   // first-row counts of those columns
	for j := range a {
		if a[j] < 0 || b[j] < 0 {
			return HomogeneityResult{}, fmt.Errorf("homogeneity test: negative count in column %d", j)
		}
		ra += a[j]
		rb += b[j]
		if a[j]+b[j] > 0 {
			cols = append(cols, a[j]+b[j])
			xa = append(xa, a[j])
		}
	}
	if ra == 0 || rb == 0 {
		return HomogeneityResult{}, fmt.Errorf("homogeneity test: %w in one row (%d and %d observations)", ErrNoData, ra, rb)
	}
	n := ra + rb
	r := HomogeneityResult{N: n, P: 1, ExactP: 1, MinExpected: math.Inf(1)}
	if len(cols) < 2 {
		for _, c := range cols {
			r.MinExpected = math.Min(r.MinExpected, float64(c)*float64(min(ra, rb))/float64(n))
		}
		r.Exact = true
		return r, nil
	}
	r.DF = len(cols) - 1
	for j, c := range cols {
		for i, row := range [2]int{ra, rb} {
			e := float64(row) * float64(c) / float64(n)
			o := float64(xa[j])
			if i == 1 {
				o = float64(c - xa[j])
			}
			r.Chi2 += (o - e) * (o - e) / e
			r.MinExpected = math.Min(r.MinExpected, e)
		}
	}
	r.P = distuv.ChiSquared{K: float64(r.DF)}.Survival(r.Chi2)
	r.CramersV = math.Sqrt(r.Chi2 / float64(n))
	// The exact test matters when an expected count is small; otherwise it
	// is computed only when cheap (it then agrees with the chi-square).
	limit := exactCheapLimit
	if r.MinExpected < 5 {
		limit = ExactTableLimit
	}
	if p, ok := exact2xC(cols, xa, ra, limit); ok {
		r.Exact, r.ExactP = true, p
	}
	return r, nil
}

// exact2xC returns the Fisher–Freeman–Halton p-value of a two-row table
// with column totals cols, first-row counts x and first-row total r1, or
// false when more than limit tables would be enumerated.
func exact2xC(cols, x []int, r1, limit int) (float64, bool) {
	c, obs, r1, n := smallerRowByColumn(cols, x, r1)
	// An upper bound on the tables: give up before allocating anything.
	bound := 1.0
	for _, cj := range c[:len(c)-1] {
		bound *= float64(min(cj, r1) + 1)
	}
	if bound > float64(limit) && limit < ExactTableLimit {
		return 0, false
	}
	lchoose := logChoose(n)
	logDen := lchoose(n, r1)
	logObs := -logDen
	for j := range c {
		logObs += lchoose(c[j], obs[j])
	}
	threshold := logObs + 1e-7 // relative tolerance on the probability
	return sumTables(c, r1, limit, lchoose, logDen, threshold)
}

// smallerRowByColumn returns the table's column totals c and the counts
// obs of its smaller row (fewer tables to enumerate), whose total is r1,
// in increasing order of column total, so that the largest column, whose
// count the row total determines, comes last; n is the table's total.
func smallerRowByColumn(cols, x []int, r1 int) (c, obs []int, r, n int) {
	for _, col := range cols {
		n += col
	}
	if 2*r1 > n {
		flipped := make([]int, len(x))
		for j := range x {
			flipped[j] = cols[j] - x[j]
		}
		x, r1 = flipped, n-r1
	}
	idx := make([]int, len(cols))
	for j := range idx {
		idx[j] = j
	}
	sort.Slice(idx, func(i, k int) bool { return cols[idx[i]] < cols[idx[k]] })
	c = make([]int, len(cols))
	obs = make([]int, len(cols))
	for j, k := range idx {
		c[j], obs[j] = cols[k], x[k]
	}
	return c, obs, r1, n
}

// logChoose returns log(a choose b) for a ≤ n: from a table of log
// factorials when n is small enough, else from Lgamma.
func logChoose(n int) func(a, b int) float64 {
	lfact := func(k int) float64 { v, _ := math.Lgamma(float64(k) + 1); return v }
	if n <= 1<<20 { // a table of log factorials beats Lgamma in the loop
		lf := make([]float64, n+1)
		for i := 2; i <= n; i++ {
			lf[i] = lf[i-1] + math.Log(float64(i))
		}
		lfact = func(k int) float64 { return lf[k] }
	}
	return func(a, b int) float64 { return lfact(a) - lfact(b) - lfact(a-b) }
}

// sumTables enumerates the tables with column totals c and first-row
// total r1 and sums the probabilities (log-probability logP of a table
// less logDen) of those no more likely than threshold; false when more
// than limit tables would be enumerated.
func sumTables(c []int, r1, limit int, lchoose func(a, b int) float64, logDen, threshold float64) (float64, bool) {
	// suffix[j] is the capacity of columns j.. (for pruning).
	suffix := make([]int, len(c)+1)
	for j := len(c) - 1; j >= 0; j-- {
		suffix[j] = suffix[j+1] + c[j]
	}
	var (
		pSum   float64
		tables int
		walk   func(j, left int, logP float64) bool
	)
	last := len(c) - 1
	walk = func(j, left int, logP float64) bool {
		if j == last {
			tables++
			if tables > limit {
				return false
			}
			lp := logP + lchoose(c[j], left) - logDen
			if lp <= threshold {
				pSum += math.Exp(lp)
			}
			return true
		}
		lo := max(0, left-suffix[j+1])
		hi := min(c[j], left)
		for v := lo; v <= hi; v++ {
			if !walk(j+1, left-v, logP+lchoose(c[j], v)) {
				return false
			}
		}
		return true
	}
	if !walk(0, r1, 0) {
		return 0, false
	}
	return math.Min(1, pSum), true
}
