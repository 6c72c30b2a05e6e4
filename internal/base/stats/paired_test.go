package stats

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// Student (1908) / Cushny and Peebles: R's sleep data, extra hours of sleep
// under two drugs on the same ten patients. R's
// t.test(extra ~ group, data = sleep, paired = TRUE) (and scipy 1.10's
// ttest_rel) give t = 4.0621 (group 2 − group 1), df = 9, p = 0.002833,
// 95% CI [0.7001142, 2.4598858].
func TestPairedMatchesStudentSleepData(t *testing.T) {
	g1 := []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
	g2 := []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}
	var p Paired
	for i := range g1 {
		p.Add(g2[i], g1[i])
	}
	r, err := p.Analyze(0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.MeanDiff, 1.58, 1e-12) || !near(r.T, 4.062128, 1e-6) || !near(r.P, 0.00283289, 1e-8) {
		t.Errorf("mean %v t %v p %v, want 1.58, 4.062128, 0.00283289", r.MeanDiff, r.T, r.P)
	}
	if !near(r.CI.Lo, 0.7001142, 1e-7) || !near(r.CI.Hi, 2.4598858, 1e-7) {
		t.Errorf("CI %v, want [0.7001142, 2.4598858]", r.CI)
	}
	// The two drugs' effects are strongly correlated across patients, so
	// pairing narrows the interval.
	if !(r.WidthRatio < 0.5 && r.Correlation > 0.7) {
		t.Errorf("width ratio %v correlation %v: want a much narrower paired interval", r.WidthRatio, r.Correlation)
	}
	if !(r.UnpairedCI.Lo < r.CI.Lo && r.UnpairedCI.Hi > r.CI.Hi) {
		t.Errorf("unpaired %v should contain paired %v", r.UnpairedCI, r.CI)
	}
}

func TestPairedMergeEqualsWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var whole, a, b Paired
	for i := range 1000 {
		x, y := float64(r.IntN(3))/2, float64(r.IntN(3))/2
		whole.Add(x, y)
		if i%3 == 0 {
			a.Add(x, y)
		} else {
			b.Add(x, y)
		}
	}
	a.Merge(b)
	if a != whole {
		t.Errorf("merged %+v != whole %+v", a, whole)
	}
}

func TestPairedEdgeCases(t *testing.T) {
	var p Paired
	if _, err := p.Analyze(0.95); !errors.Is(err, ErrNoData) {
		t.Errorf("no pairs: err %v", err)
	}
	p.Add(1, 0)
	if _, err := p.Analyze(0.95); err == nil {
		t.Error("one pair: no error")
	}
	// Constant differences: zero spread, infinite t, point interval.
	p.Add(1, 0)
	p.Add(1, 0)
	r, err := p.Analyze(0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(r.T, 1) || r.P != 0 || r.CI.Width() != 0 || r.MeanDiff != 1 {
		t.Errorf("constant differences: %+v", r)
	}
	// Identical columns: no difference at all.
	var q Paired
	q.Add(0.5, 0.5)
	q.Add(1, 1)
	r, _ = q.Analyze(0.95)
	if r.T != 0 || r.P != 1 || r.MeanDiff != 0 {
		t.Errorf("identical pairs: %+v", r)
	}
}

// Agresti (2007), Table 8.1: approval of the Prime Minister in two surveys
// of the same 1600 people: 794 approve both times, 150 approve first only,
// 86 second only, 570 neither. The book: z = (86 − 150)/√236 = −4.17 (z² =
// 17.36), difference of proportions 0.59 − 0.55 = 0.04 with 95% CI
// (0.02, 0.06); scipy 1.10's binomtest(86, 236) gives p = 3.7159e-5.
func TestMcNemarMatchesAgrestiApprovalRatings(t *testing.T) {
	r, err := McNemar(150, 86, 1600, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Stat, 64.0*64/236, 1e-12) || !near(r.P, 3.0993e-5, 1e-8) {
		t.Errorf("stat %v p %v, want 17.356 and 3.0993e-5", r.Stat, r.P)
	}
	if !near(r.ExactP, 3.7159e-5, 1e-8) {
		t.Errorf("exact p %v, want 3.7159e-5", r.ExactP)
	}
	if !near(r.Diff, 0.04, 1e-12) || !near(r.CI.Lo, 0.0213, 1e-4) || !near(r.CI.Hi, 0.0587, 1e-4) {
		t.Errorf("diff %v CI %v, want 0.04 in (0.02, 0.06)", r.Diff, r.CI)
	}
}

func TestMcNemarEdgeCases(t *testing.T) {
	r, err := McNemar(0, 0, 10, 0.95)
	if err != nil || r.P != 1 || r.ExactP != 1 || r.Diff != 0 {
		t.Errorf("no discordant pairs: %+v %v", r, err)
	}
	// Tiny sample: 5 against 0 discordant gives exact p = 2/32.
	r, _ = McNemar(5, 0, 5, 0.95)
	if !near(r.ExactP, 2.0/32, 1e-12) {
		t.Errorf("5 vs 0: exact p %v, want 0.0625", r.ExactP)
	}
	if _, err := McNemar(0, 0, 0, 0.95); !errors.Is(err, ErrNoData) {
		t.Errorf("no pairs: %v", err)
	}
	if _, err := McNemar(6, 5, 10, 0.95); err == nil {
		t.Error("more discordant pairs than pairs: no error")
	}
}

// TestMcNemarQuotesOneP: below McNemarExactBelow discordant pairs the p to
// quote is the exact one (issue 24's 1 vs 2 pairs: the chi-square p 0.564
// in the summary, exact 1.000 in the answer, for the same change); above,
// the chi-square one.
func TestMcNemarQuotesOneP(t *testing.T) {
	r, err := McNemar(1, 2, 1000, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if r.PValue() != r.ExactP || r.ExactP != 1 || r.Method() != "exact McNemar" || math.Abs(r.P-0.5637) > 1e-4 {
		t.Errorf("1 vs 2 discordant: quoted %v (%s), chi-square %v, exact %v", r.PValue(), r.Method(), r.P, r.ExactP)
	}
	r, _ = McNemar(150, 86, 1600, 0.95)
	if r.PValue() != r.P || r.Method() != "McNemar" {
		t.Errorf("236 discordant: quoted %v (%s), want the chi-square %v", r.PValue(), r.Method(), r.P)
	}
}
