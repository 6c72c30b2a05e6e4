package stats

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// Agresti (2007), An Introduction to Categorical Data Analysis, 2nd ed.,
// Table 2.5: party identification by gender (Democrat, Independent,
// Republican). The book gives X² = 30.1 with df = 2; scipy 1.10's
// chi2_contingency gives 30.070149 and P = 2.9536e-7.
func TestHomogeneityMatchesAgrestiPartyIdentification(t *testing.T) {
	r, err := Homogeneity([]int{762, 327, 468}, []int{484, 239, 477})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Chi2, 30.070149, 1e-5) || r.DF != 2 || !near(r.P, 2.9536e-7, 1e-10) {
		t.Errorf("got X² %v df %d P %v, want 30.070149, 2, 2.9536e-7", r.Chi2, r.DF, r.P)
	}
	if r.MinExpected < 5 || r.Method() != "Pearson chi-square" {
		t.Errorf("large table: min expected %v, method %q", r.MinExpected, r.Method())
	}
	if !near(r.CramersV, math.Sqrt(30.070149/2757), 1e-6) {
		t.Errorf("Cramér's V %v", r.CramersV)
	}
}

// Fisher's lady tasting tea (Fisher 1935, The Design of Experiments): the
// 2×2 table [[3,1],[1,3]] has two-sided exact p = 0.4857 (34/70), which the
// Fisher–Freeman–Halton test reduces to for two columns.
func TestHomogeneityExactMatchesFisherTeaTasting(t *testing.T) {
	r, err := Homogeneity([]int{3, 1}, []int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact || !near(r.ExactP, 34.0/70, 1e-12) {
		t.Errorf("tea tasting exact p %v (exact %v), want 34/70", r.ExactP, r.Exact)
	}
	if r.Method() != "Fisher-Freeman-Halton exact" || r.PValue() != r.ExactP {
		t.Errorf("small counts: method %q", r.Method())
	}
}

// Values from an independent Python enumeration with exact integer
// binomials (relative tolerance 1e-7 as in R's fisher.test).
func TestHomogeneityExactMatchesIndependentEnumeration(t *testing.T) {
	cases := []struct {
		a, b []int
		p    float64
	}{
		{[]int{3, 1, 0}, []int{0, 2, 4}, 0.03333333333333333},
		{[]int{5, 2, 1}, []int{1, 3, 6}, 0.05297317062022944},
		{[]int{10, 4, 1}, []int{6, 9, 8}, 0.035640725149880495},
		{[]int{0, 5, 0}, []int{2, 0, 3}, 0.007936507936507936},
		{[]int{12, 30, 8}, []int{25, 18, 3}, 0.007478929499840066},
	}
	for _, c := range cases {
		r, err := Homogeneity(c.a, c.b)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact || !near(r.ExactP, c.p, 1e-12) {
			t.Errorf("%v/%v: exact p %v, want %v", c.a, c.b, r.ExactP, c.p)
		}
	}
}

// bigExact computes the Fisher–Freeman–Halton p-value with exact rational
// arithmetic over every first row, for small tables.
func bigExact(a, b []int) float64 {
	cols := make([]int, len(a))
	r1 := 0
	for j := range a {
		cols[j] = a[j] + b[j]
		r1 += a[j]
	}
	prob := func(x []int) *big.Int {
		v := big.NewInt(1)
		for j, c := range cols {
			v.Mul(v, new(big.Int).Binomial(int64(c), int64(x[j])))
		}
		return v
	}
	obs := prob(a)
	total, tail := new(big.Int), new(big.Int)
	x := make([]int, len(cols))
	var walk func(j int)
	walk = func(j int) {
		if j == len(cols) {
			s := 0
			for _, v := range x {
				s += v
			}
			if s != r1 {
				return
			}
			p := prob(x)
			total.Add(total, p)
			// p ≤ obs·(1 + 1e-7), compared as 1e7·p ≤ (1e7+1)·obs.
			if new(big.Int).Mul(p, big.NewInt(1e7)).Cmp(new(big.Int).Mul(obs, big.NewInt(1e7+1))) <= 0 {
				tail.Add(tail, p)
			}
			return
		}
		for v := 0; v <= cols[j]; v++ {
			x[j] = v
			walk(j + 1)
		}
	}
	walk(0)
	f, _ := new(big.Rat).SetFrac(tail, total).Float64()
	return f
}

func TestHomogeneityExactAgreesWithRationalArithmeticOnRandomTables(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	for i := 0; i < 200; i++ {
		ncol := 2 + r.IntN(3)
		a, b := make([]int, ncol), make([]int, ncol)
		sa, sb := 0, 0
		for j := range a {
			a[j], b[j] = r.IntN(7), r.IntN(7)
			sa += a[j]
			sb += b[j]
		}
		if sa == 0 || sb == 0 {
			continue
		}
		res, err := Homogeneity(a, b)
		if err != nil {
			t.Fatal(err)
		}
		want := bigExact(a, b)
		if !res.Exact || !near(res.ExactP, want, 1e-9) {
			t.Fatalf("%v/%v: exact p %v, rational %v", a, b, res.ExactP, want)
		}
		if !(res.P >= 0 && res.P <= 1 && res.ExactP > 0 && res.ExactP <= 1) {
			t.Fatalf("%v/%v: p-values out of range: %v %v", a, b, res.P, res.ExactP)
		}
	}
}

func TestHomogeneityEdgeCases(t *testing.T) {
	// Both rows all draws: nothing can differ.
	r, err := Homogeneity([]int{0, 10, 0}, []int{0, 7, 0})
	if err != nil {
		t.Fatal(err)
	}
	if r.DF != 0 || r.P != 1 || r.ExactP != 1 || r.Chi2 != 0 {
		t.Errorf("all draws: %+v, want df 0 and p 1", r)
	}
	// An empty column is dropped from the degrees of freedom.
	r, _ = Homogeneity([]int{5, 0, 5}, []int{2, 0, 8})
	if r.DF != 1 {
		t.Errorf("one empty column: df %d, want 1", r.DF)
	}
	if _, err := Homogeneity([]int{0, 0, 0}, []int{1, 2, 3}); !errors.Is(err, ErrNoData) {
		t.Errorf("empty row: err %v, want ErrNoData", err)
	}
	if _, err := Homogeneity([]int{1, 2}, []int{1, 2, 3}); err == nil {
		t.Error("ragged rows: no error")
	}
	if _, err := Homogeneity([]int{1, -2, 3}, []int{1, 2, 3}); err == nil {
		t.Error("negative count: no error")
	}
}

func TestHomogeneityExactStaysCheapWithOneRareCategory(t *testing.T) {
	// 100,000 games per arm with only a handful of draws: enumeration is
	// bounded by the rare column, not the sample size.
	r, err := Homogeneity([]int{60000, 3, 39997}, []int{59000, 1, 40999})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.MinExpected >= 5 || r.PValue() != r.ExactP {
		t.Errorf("rare draws: exact %v, min expected %v", r.Exact, r.MinExpected)
	}
	if math.Abs(r.ExactP-r.P) > 0.05 {
		t.Errorf("exact %v and chi-square %v p-values far apart on a large table", r.ExactP, r.P)
	}
}

func BenchmarkHomogeneityExactRareColumn(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Homogeneity([]int{60000, 3, 39997}, []int{59000, 1, 40999}); err != nil {
			b.Fatal(err)
		}
	}
}
