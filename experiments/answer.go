package experiments

import (
	"fmt"
	"math"
	"strings"
)

// Significance is the level below which the answer calls a difference
// significant.
const Significance = 0.05

// answer writes the plain-language paragraphs of a report: how much moving
// first matters, how often games are drawn, whether the compared settings
// change that, by how much, and how sure the figures are.
func answer(r *Report) []string {
	confPct := fmt.Sprintf("%g%%", 100*r.Confidence)
	var out []string
	for _, a := range r.Arms {
		s := a.Stats
		adv := s.FirstPlayerAdvantage
		var verdict string
		switch {
		case adv.CI[0] > 0:
			verdict = "Moving first is a real advantage."
		case adv.CI[1] < 0:
			verdict = "Moving first is a real disadvantage."
		default:
			verdict = fmt.Sprintf("That is not distinguishable from an even game with %d games.", s.Games)
		}
		out = append(out, fmt.Sprintf(
			"**%s**: the first player (%s) scores %.3f (%s CI %.3f–%.3f) over %d games, an advantage of %s percentage points (%s to %s), about %s Elo. %s %s of games are drawn (%s–%s)%s.",
			armTitle(a), s.FirstPlayer, s.FirstPlayerScore.Value, confPct, s.FirstPlayerScore.CI[0], s.FirstPlayerScore.CI[1], s.Games,
			signedPts(adv.Value), signedPts(adv.CI[0]), signedPts(adv.CI[1]), eloWords(s.FirstPlayerElo.Value), verdict,
			capital(pctWords(s.DrawRate.Value)), pctWords(s.DrawRate.CI[0]), pctWords(s.DrawRate.CI[1]), endingWords(&s)))
	}
	for _, c := range r.Comparisons {
		out = append(out, comparisonWords(r, &c))
	}
	for _, a := range r.Arms {
		m := a.Stats.MajorityRescoring
		if m == nil {
			continue
		}
		draws := a.Stats.Draws
		if m.DrawsDecided == 0 {
			out = append(out, fmt.Sprintf(
				"Rescoring **%s**'s %d games by the majority rule alone (the same final positions) changes nothing: none of its %d draws ended with unequal material. The arms played under each rule show the effect on play.",
				a.Name, m.Games, draws))
			continue
		}
		share := float64(m.DrawsDecided) / float64(draws)
		out = append(out, fmt.Sprintf(
			"Rescoring **%s**'s %d games by the majority rule alone (the same final positions, the same moves) would decide %d of its %d draws (%s; %d for Red, %d for Black): the draw rate would go from %s to %s (%s points, %s to %s) and the first player's score would change by %s points (%s to %s, paired p %s). This isolates the scoring; the arms played under each rule show the effect on play as well.",
			a.Name, m.Games, m.DrawsDecided, draws, pctWords(share), m.DrawsDecidedRed, m.DrawsDecidedBlack,
			pctWords(a.Stats.DrawRate.Value), pctWords(m.DrawRate.Value),
			signedPts(m.DrawRateChange.Value), signedPts(m.DrawRateChange.CI[0]), signedPts(m.DrawRateChange.CI[1]),
			signedPts(float64(m.ScoreChange.Value)), signedPts(float64(m.ScoreChange.CI[0])), signedPts(float64(m.ScoreChange.CI[1])),
			fmtP(float64(m.ScoreChange.P))))
	}
	for _, l := range r.Ladders {
		var rungs []string
		for _, p := range l.Points {
			rungs = append(rungs, fmt.Sprintf("%s at %d", signedPts(p.Advantage.Value), p.Sims))
		}
		text := fmt.Sprintf("Across simulations per move (%s), the first-player advantage is %s points.", l.Variant, strings.Join(rungs, ", "))
		if sl := l.SlopePerDoubling; sl != nil {
			trend := "no clear trend: the data cannot tell growth from shrinkage"
			switch {
			case ladderReverses(l.Points):
				trend = "but the advantage clearly rises between some rungs and falls between others, so no single slope describes it: read the rungs and their pairwise comparisons instead"
			case sl.CI[0] > 0:
				trend = "the advantage grows with stronger play"
			case sl.CI[1] < 0:
				trend = "the advantage shrinks with stronger play"
			}
			text += fmt.Sprintf(" A weighted fit gives %s points per doubling of simulations (%s to %s): %s.",
				signedPts(sl.Value), signedPts(sl.CI[0]), signedPts(sl.CI[1]), trend)
		}
		out = append(out, text)
	}
	out = append(out, sureWords(r, confPct))
	return out
}

// ladderReverses reports whether the first-player advantage rises clearly
// between two adjacent rungs and falls clearly between two others (clearly:
// the two rungs' intervals do not overlap), in which case a straight line
// over log2(simulations) misdescribes the ladder. Points are in rung order.
func ladderReverses(points []LadderPoint) bool {
	rise, fall := false, false
	for i := 1; i < len(points); i++ {
		a, b := points[i-1].Advantage, points[i].Advantage
		switch {
		case b.CI[0] > a.CI[1]:
			rise = true
		case b.CI[1] < a.CI[0]:
			fall = true
		}
	}
	return rise && fall
}

func armTitle(a ArmInfo) string {
	var parts []string
	if a.Variant != "" && a.Variant != a.Name {
		parts = append(parts, a.Variant)
	}
	if a.Sims > 0 {
		parts = append(parts, fmt.Sprintf("%d simulations per move", a.Sims))
	}
	if len(parts) == 0 {
		return a.Name
	}
	return fmt.Sprintf("%s (%s)", a.Name, strings.Join(parts, ", "))
}

func endingWords(s *GroupStats) string {
	var parts []string
	for _, r := range sortedReasons(s) {
		parts = append(parts, fmt.Sprintf("%s %s", r, pctWords(s.ReasonShares[r].Value)))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; games end by " + strings.Join(parts, ", ")
}

// comparisonWords describes the change from arm A to arm B.
func comparisonWords(r *Report, c *Comparison) string {
	dr := c.Rates["draw_rate"]
	drChange := negate(dr.Diff)
	drP, drHow := dr.P, "two-proportion test"
	sc := c.FirstPlayerScore
	scChange := negate(sc.Diff)
	scP, scHow := sc.P, "z-test"
	paired := ""
	if p := c.Paired; p != nil && p.Pairs >= 2 && !math.IsNaN(float64(p.ScoreDiff.P)) {
		drChange = negate(Estimate{Value: p.Draws.Value, CI: p.Draws.CI})
		drP, drHow = p.Draws.P, "McNemar"
		if p.Draws.B+p.Draws.C < 25 {
			drP = p.Draws.ExactP
			drHow = "exact McNemar"
		}
		scChange = Estimate{Value: -float64(p.ScoreDiff.Value), CI: [2]float64{-float64(p.ScoreDiff.CI[1]), -float64(p.ScoreDiff.CI[0])}}
		scP, scHow = float64(p.ScoreDiff.P), "paired t-test"
		if float64(p.NarrowerBy) >= 0.02 {
			paired = fmt.Sprintf(" These use the %d games played from the same openings under both; pairing narrows the score interval by %s (as many unpaired games as %s per arm would be needed for the same width).",
				p.Pairs, fmtShare(p.NarrowerBy), fmtCount(p.EquivalentGames))
		} else {
			paired = fmt.Sprintf(" These use the %d games played from the same openings under both; their results are hardly correlated (r = %s), so pairing does not narrow the score interval here.",
				p.Pairs, fmtCorr(p.Correlation))
		}
	}
	verdict := func(p float64, e Estimate, what string) string {
		if p < Significance {
			return fmt.Sprintf("a significant change of the %s", what)
		}
		bound := math.Max(math.Abs(e.CI[0]), math.Abs(e.CI[1]))
		return fmt.Sprintf("no detectable change of the %s (the data still allow up to %.1f points either way)", what, 100*bound)
	}
	return fmt.Sprintf(
		"**%s → %s**: the draw rate goes from %s to %s, a change of %s points (%s to %s; %s p %s): %s. The first-player score goes from %.3f to %.3f, a change of %s points (%s to %s; %s p %s): %s. The whole outcome table (red/draw/black) differs with p %s (%s).%s",
		c.A, c.B, pctWords(dr.A.Value), pctWords(dr.B.Value),
		signedPts(drChange.Value), signedPts(drChange.CI[0]), signedPts(drChange.CI[1]), drHow, fmtP(drP), verdict(drP, drChange, "draw rate"),
		sc.A.Value, sc.B.Value, signedPts(scChange.Value), signedPts(scChange.CI[0]), signedPts(scChange.CI[1]), scHow, fmtP(scP),
		verdict(scP, scChange, "first-player advantage"),
		fmtP(c.Outcomes.P), c.Outcomes.Method, paired)
}

func sureWords(r *Report, confPct string) string {
	widest, where := 0.0, ""
	for _, a := range r.Arms {
		s := a.Stats
		for _, e := range []struct {
			name string
			est  Estimate
		}{{"red win rate", s.RedWinRate}, {"black win rate", s.BlackWinRate}, {"draw rate", s.DrawRate}, {"first-player score", s.FirstPlayerScore}} {
			if h := e.est.HalfWidth(); h > widest {
				widest, where = h, fmt.Sprintf("%s of %s", e.name, a.Name)
			}
		}
	}
	tests := 2 * len(r.Comparisons)
	text := fmt.Sprintf("How sure is this? Every interval is a %s confidence interval: Wilson for rates, the score-test interval for the first player's score, Newcombe's for differences of rates, and the paired t and McNemar tests where games pair. The widest is ±%.1f points (the %s).", confPct, 100*widest, where)
	if tests > 1 {
		text += fmt.Sprintf(" The answer makes %d tests; by chance alone about one in twenty true null differences shows p < 0.05, so a p-value near 0.05 deserves a second run (a Bonferroni threshold for these %d tests is %.3g).", tests, tests, Significance/float64(tests))
	}
	text += " Intervals shrink with the square root of the games: four times the games halve them (`surakarta stats plan` gives the games for a chosen width)."
	return text
}

func negate(e Estimate) Estimate {
	return Estimate{Value: -e.Value, CI: [2]float64{-e.CI[1], -e.CI[0]}}
}

// signedPts writes a fraction as signed percentage points.
func signedPts(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	v := 100 * x
	if math.Abs(v) < 0.05 {
		v = 0 // no "-0.0"
	}
	return fmt.Sprintf("%+.1f", v)
}

func pctWords(x float64) string {
	if math.IsNaN(x) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", 100*x)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func eloWords(x Num) string {
	v := float64(x)
	switch {
	case math.IsNaN(v):
		return "n/a"
	case math.IsInf(v, 1):
		return "+∞"
	case math.IsInf(v, -1):
		return "−∞"
	}
	if math.Abs(v) < 0.5 {
		v = 0
	}
	return fmt.Sprintf("%+.0f", v)
}

func fmtCount(x Num) string {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return "n/a"
	}
	return fmt.Sprintf("%.0f", float64(x))
}
