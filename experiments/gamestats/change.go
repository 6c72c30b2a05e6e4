package gamestats

import (
	"fmt"
	"math"

	"github.com/surakarta/surakarta/internal/base/stats"
)

// Significance is the level below which the answer calls a difference
// significant.
const Significance = 0.05

// ChangeFigure is the change of one figure from arm A to arm B (B − A) as
// a report's answer quotes it: from the paired games when the arms pair,
// else from the two arms as independent samples, with the test of no
// change and the equivalence test against the report's margin.
type ChangeFigure struct {
	Estimate
	// P is the two-sided p-value of the test of no change named by Test.
	P    float64 `json:"p"`
	Test string  `json:"test"`
	// SE is the change's standard error and DF the degrees of freedom of
	// its test (null for a normal statistic).
	SE float64   `json:"se"`
	DF stats.Num `json:"df"`
	// Equivalence tests whether the change lies within ±margin.
	Equivalence EquivalenceFigure `json:"equivalence"`
}

// EquivalenceFigure is the two one-sided tests (TOST) of a change against
// ±Margin at level Significance: Equivalent when both reject, which is when
// the change's 90% interval lies inside the margin.
type EquivalenceFigure struct {
	Margin     float64   `json:"margin"`
	P          stats.Num `json:"p"`
	Equivalent bool      `json:"equivalent"`
}

// Detected reports whether the change's interval excludes 0.
func (c *ChangeFigure) Detected() bool { return c.CI[0] > 0 || c.CI[1] < 0 }

// Change figure names, the keys of Comparison.Changes.
const (
	ChangeScore = "first_player_score"
	ChangeDraw  = "draw_rate"
)

// changes returns the comparison's headline changes of the first-player
// score and the draw rate, each tested for equivalence within ±margin.
func Changes(c *Comparison, margin, conf float64) map[string]ChangeFigure {
	z := ZCrit(conf)
	sc := c.FirstPlayerScore
	score := ChangeFigure{Estimate: sc.Diff, P: sc.P, Test: "z-test", SE: sc.Diff.HalfWidth() / z, DF: stats.Num(math.Inf(1))}
	dr := c.Rates["draw_rate"]
	pa, pb := dr.A.Value, dr.B.Value
	draw := ChangeFigure{Estimate: dr.Diff, P: dr.P, Test: "two-proportion test", DF: stats.Num(math.Inf(1)),
		SE: math.Sqrt(pa*(1-pa)/float64(c.GamesA) + pb*(1-pb)/float64(c.GamesB))}
	if p := c.Paired; p != nil && p.Pairs >= 2 && !math.IsNaN(float64(p.ScoreDiff.P)) {
		df := float64(p.Pairs - 1)
		tc, _ := stats.TCrit(conf, df)
		sd := p.ScoreDiff
		score = ChangeFigure{Estimate: Estimate{Value: float64(sd.Value), CI: [2]float64{float64(sd.CI[0]), float64(sd.CI[1])}},
			P: float64(sd.P), Test: "paired t-test", DF: stats.Num(df)}
		score.SE = score.HalfWidth() / tc
		draw = ChangeFigure{Estimate: p.Draws.Estimate, P: p.Draws.P, Test: p.Draws.Test, DF: stats.Num(math.Inf(1))}
		b, cc, n := float64(p.Draws.B), float64(p.Draws.C), float64(p.Pairs)
		draw.SE = math.Sqrt(math.Max(0, b+cc-(b-cc)*(b-cc)/n)) / n
	}
	// n and halves size the exact bound used when the sample shows no
	// spread (see noSpreadEquivalence): the pairs, each moving a paired
	// change by at most 1; or the smaller arm, whose rate must then be off
	// by half the margin for the difference to reach it.
	n, halves := min(c.GamesA, c.GamesB), true
	if c.Paired != nil && c.Paired.Pairs >= 2 && score.Test == "paired t-test" {
		n, halves = c.Paired.Pairs, false
	}
	out := map[string]ChangeFigure{}
	for name, ch := range map[string]ChangeFigure{ChangeScore: score, ChangeDraw: draw} {
		if ch.SE == 0 {
			ch.Equivalence = noSpreadEquivalence(n, halves, margin)
		} else {
			ch.Equivalence = equivalence(ch.Value, ch.SE, float64(ch.DF), margin)
		}
		out[name] = ch
	}
	return out
}

// TestEquivalence adds to every comparison of the result its headline
// changes (the first-player score and the draw rate, paired where the
// games pair) with their equivalence tests (TOST) against ±margin, as
// reports have them: what stats --compare prints as "within ±margin?".
func (r *Result) TestEquivalence(margin float64) error {
	if !(margin > 0 && margin < 0.5) {
		return fmt.Errorf("equivalence margin %v: want a fraction in (0, 0.5) such as 0.02 (2 percentage points)", margin)
	}
	r.EquivalenceMargin = margin
	for i := range r.Comparisons {
		r.Comparisons[i].Changes = Changes(&r.Comparisons[i], margin, r.Confidence)
	}
	return nil
}

// noSpreadEquivalence tests equivalence when the sample shows no spread:
// every pair agreed (or every game of both arms ended alike), so the
// estimated standard error is 0, which says nothing about the true one —
// six pairs that all agree do not show a change below two points. It
// bounds the change by what n observations that all agree exclude: if the
// change were at least the margin, at least a share margin of the pairs
// would have to differ (each moves the mean by at most 1), and n pairs
// would all agree with probability at most (1 − margin)^n; for two
// independent arms (halves) one arm's rate must be off by margin/2, so at
// most (1 − margin/2)^n. That probability is the test's p-value; it falls
// below 0.05 at a 2-point margin only from about 150 pairs (the rule of
// three: 3/n).
func noSpreadEquivalence(n int64, halves bool, margin float64) EquivalenceFigure {
	share := margin
	if halves {
		share /= 2
	}
	if n < 1 || !(share > 0) || share >= 1 {
		return EquivalenceFigure{Margin: margin, P: stats.Num(math.NaN())}
	}
	p := math.Pow(1-share, float64(n))
	return EquivalenceFigure{Margin: margin, P: stats.Num(p), Equivalent: p < Significance}
}

// equivalence runs TOST on a change; an undefined change is not shown
// equivalent.
func equivalence(diff, se, df, margin float64) EquivalenceFigure {
	e, err := stats.TOST(diff, se, margin, df)
	if err != nil {
		return EquivalenceFigure{Margin: margin, P: stats.Num(math.NaN())}
	}
	return EquivalenceFigure{Margin: margin, P: stats.Num(e.P), Equivalent: e.Equivalent(Significance)}
}
