package report

import (
	"fmt"
	"math"
	"sort"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// LadderPoint is one rung of a strength ladder.
type LadderPoint struct {
	Arm       string             `json:"arm"`
	Sims      int                `json:"sims"`
	Evaluator string             `json:"evaluator,omitempty"`
	Games     int64              `json:"games"`
	Advantage gamestats.Estimate `json:"first_player_advantage"`
	DrawRate  gamestats.Estimate `json:"draw_rate"`
}

// LadderStep is the change from one rung to the next (next − this), paired
// game by game when the rungs share openings: the first-player advantage's
// change (equal to the score's) and the draw rate's, each with an
// equivalence test against the ladder's convergence margin.
type LadderStep struct {
	From      string                 `json:"from"`
	To        string                 `json:"to"`
	Advantage gamestats.ChangeFigure `json:"first_player_advantage"`
	DrawRate  gamestats.ChangeFigure `json:"draw_rate"`
	// Agrees reports whether both changes are shown to lie within ±the
	// convergence margin.
	Agrees bool `json:"agrees"`
	// GamesToAgree is about how many games per rung would make the
	// equivalence tests pass if the true change were 0 (the larger of the
	// two figures' needs, scaled from this step's standard errors).
	GamesToAgree int64 `json:"games_to_agree"`
}

// LineFigure is a weighted line fit of the advantage on log2(simulations):
// the slope per doubling is in Ladder.SlopePerDoubling.
type LineFigure struct {
	Intercept float64 `json:"intercept"`
	Chi2      float64 `json:"chi2"`
	DF        int     `json:"df"`
	// LackOfFitP is the chi-square p-value of the scatter about the line
	// (null with two rungs); below Significance the line does not fit.
	LackOfFitP stats.Num `json:"lack_of_fit_p"`
	// Scale is the factor the slope's standard error was widened by,
	// √max(1, χ²/df).
	Scale float64 `json:"scale"`
	// Fits is false when the lack-of-fit test rejects the line.
	Fits bool `json:"fits"`
}

// Ladder is the first-player advantage and draw rate of arms that differ
// in strength, weakest first, with the changes between successive rungs
// and whether they converge.
type Ladder struct {
	Variant   string        `json:"variant"`
	Evaluator string        `json:"evaluator,omitempty"`
	Points    []LadderPoint `json:"points"`
	Steps     []LadderStep  `json:"steps"`
	// Margin is the convergence margin: successive rungs agree when both
	// figures' changes are shown within ±Margin.
	Margin float64 `json:"convergence_margin"`
	// ConvergedAt is the weakest rung from which every later step agrees,
	// when the top step does; empty when the ladder has not converged.
	ConvergedAt string `json:"converged_at,omitempty"`
	// SlopePerDoubling is the change of the advantage per doubling of
	// simulations, the weighted least-squares slope on log2(sims) whose
	// interval is widened for lack of fit (stats.FitLine), and Line the
	// fit; both absent when the rungs are not a simulation ladder
	// (FitNote says why).
	SlopePerDoubling *gamestats.Estimate `json:"slope_per_doubling,omitempty"`
	Line             *LineFigure         `json:"line,omitempty"`
	FitNote          string              `json:"fit_note,omitempty"`
	// Trend is the slope per doubling tested game by game over the games
	// that every rung played from the same opening (PairedTrend); absent
	// when the rungs do not pair or are not a simulation ladder.
	Trend *gamestats.PairedTrend `json:"paired_trend,omitempty"`
	// Ends is the direct comparison of the lowest rung with the highest
	// (highest − lowest), present with three rungs or more.
	Ends *LadderStep `json:"ends,omitempty"`
	// Stopping is the verdict of the spec's stopping rule (extend), when
	// it has one.
	Stopping *Stopping `json:"stopping,omitempty"`
}

// buildLadders finds the report's ladders: the spec's named ladder, or
// else every group of arms that differ only in simulations (the same
// variant, evaluator and other settings) with two or more distinct
// simulation counts, ordered by simulations.
func buildLadders(in *Input, arms []ArmInfo) ([]Ladder, error) {
	var groups [][]ArmInfo
	if in.Spec != nil && len(in.Spec.Ladder) > 0 {
		byName := map[string]ArmInfo{}
		for _, a := range arms {
			byName[a.Name] = a
		}
		var g []ArmInfo
		for _, n := range in.Spec.Ladder {
			if a, ok := byName[n]; ok { // rungs not played yet are left out
				g = append(g, a)
			}
		}
		if len(g) >= 2 {
			groups = append(groups, g)
		}
	} else {
		type key struct{ variant, eval, setting string }
		idx := map[key]int{}
		for _, a := range arms {
			if a.Sims <= 0 {
				continue
			}
			k := key{a.Variant, a.Evaluator, a.Setting}
			i, ok := idx[k]
			if !ok {
				i = len(groups)
				idx[k] = i
				groups = append(groups, nil)
			}
			groups[i] = append(groups[i], a)
		}
		kept := groups[:0]
		for _, g := range groups {
			sort.SliceStable(g, func(i, j int) bool { return g[i].Sims < g[j].Sims })
			distinct := map[int]bool{}
			for _, a := range g {
				distinct[a.Sims] = true
			}
			if len(distinct) >= 2 {
				kept = append(kept, g)
			}
		}
		groups = kept
	}
	margin := spec.DefaultConvergenceMargin
	if in.Spec != nil {
		margin = in.Spec.ConvergenceMargin
	}
	var out []Ladder
	for _, g := range groups {
		l, err := ladder(in, g, margin)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

func ladder(in *Input, g []ArmInfo, margin float64) (Ladder, error) {
	conf := in.Confidence
	l := Ladder{Variant: g[0].Variant, Evaluator: g[0].Evaluator, Margin: margin, Steps: []LadderStep{}}
	increasing := true
	for i, a := range g {
		l.Points = append(l.Points, LadderPoint{Arm: a.Name, Sims: a.Sims, Evaluator: a.Evaluator, Games: a.Stats.Games,
			Advantage: a.Stats.FirstPlayerAdvantage, DrawRate: a.Stats.DrawRate})
		if a.Variant != l.Variant {
			l.Variant = "mixed"
		}
		if i > 0 && (a.Sims <= g[i-1].Sims || a.Evaluator != g[i-1].Evaluator || a.Setting != g[i-1].Setting) {
			increasing = false
		}
	}
	for i := 1; i < len(g); i++ {
		s, err := ladderStep(in, g[i-1].Name, g[i].Name, margin)
		if err != nil {
			return l, err
		}
		l.Steps = append(l.Steps, s)
	}
	for i := len(l.Steps) - 1; i >= 0 && l.Steps[i].Agrees; i-- {
		l.ConvergedAt = l.Steps[i].From
	}
	if len(g) >= 3 {
		s, err := ladderStep(in, g[0].Name, g[len(g)-1].Name, margin)
		if err != nil {
			return l, err
		}
		l.Ends = &s
	}
	if !increasing {
		l.FitNote = "the rungs differ in more than simulations per move, so no line over log2(simulations) is fitted"
		return l, nil
	}
	var xs, ys, ses []float64
	z := gamestats.ZCrit(conf)
	for _, p := range l.Points {
		if se := p.Advantage.HalfWidth() / z; se > 0 {
			xs = append(xs, math.Log2(float64(p.Sims)))
			ys = append(ys, p.Advantage.Value)
			ses = append(ses, se)
		}
	}
	f, err := stats.FitLine(xs, ys, ses, conf)
	if err != nil {
		l.FitNote = fmt.Sprintf("no line fitted: %v", err)
		return l, nil
	}
	if in.Collector.Pairs != nil {
		idx := make([]*gamestats.PairIndex, len(g))
		sims := make([]int, len(g))
		for i, a := range g {
			idx[i], sims[i] = in.Collector.Pairs[in.byName[a.Name]], a.Sims
		}
		if l.Trend, err = gamestats.NewPairedTrend(idx, sims, conf); err != nil {
			return l, err
		}
	}
	l.SlopePerDoubling = &gamestats.Estimate{Value: f.Slope, CI: [2]float64{f.CI.Lo, f.CI.Hi}}
	l.Line = &LineFigure{Intercept: f.Intercept, Chi2: f.Chi2, DF: f.DF, LackOfFitP: stats.Num(f.LackOfFitP), Scale: f.Scale,
		Fits: !(f.LackOfFitP < gamestats.Significance)}
	return l, nil
}

// ladderStep compares rung from with rung to (to − from), paired where
// the games pair, with both figures' equivalence tests against margin.
func ladderStep(in *Input, from, to string, margin float64) (LadderStep, error) {
	c, err := compareArms(in, from, to)
	if err != nil {
		return LadderStep{}, err
	}
	ch := gamestats.Changes(&c, margin, in.Confidence)
	s := LadderStep{From: from, To: to, Advantage: ch[gamestats.ChangeScore], DrawRate: ch[gamestats.ChangeDraw]}
	s.Agrees = s.Advantage.Equivalence.Equivalent && s.DrawRate.Equivalence.Equivalent
	s.GamesToAgree = max(gamesToAgree(&s.Advantage, c.GamesB, margin), gamesToAgree(&s.DrawRate, c.GamesB, margin))
	return s, nil
}

// gamesToAgree scales a change's standard error from n games to the games
// at which its equivalence test would pass with a true change of 0: the
// one-sided critical value times the error must fall below the margin.
func gamesToAgree(c *gamestats.ChangeFigure, n int64, margin float64) int64 {
	if !(c.SE > 0) || n <= 0 {
		return n
	}
	z := gamestats.ZCrit(1 - 2*gamestats.Significance)
	return int64(math.Ceil(float64(n) * (z * c.SE / margin) * (z * c.SE / margin)))
}
