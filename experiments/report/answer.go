package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/words"
)

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
			verdict = fmt.Sprintf("An even game is not ruled out with %s.", games(s.Games))
		}
		out = append(out, fmt.Sprintf(
			"**%s**: the first player (%s) scores %.3f (%s CI %.3f–%.3f) over %s, an advantage of %s percentage points (%s to %s), about %s Elo. %s %s of games are drawn (%s–%s)%s.",
			armTitle(a), s.FirstPlayer, s.FirstPlayerScore.Value, confPct, s.FirstPlayerScore.CI[0], s.FirstPlayerScore.CI[1], games(s.Games),
			signedPts(adv.Value), signedPts(adv.CI[0]), signedPts(adv.CI[1]), eloWords(s.FirstPlayerElo.Value), verdict,
			capital(numText(100*s.DrawRate.Value, 1, "%")), numText(100*s.DrawRate.CI[0], 1, "%"), numText(100*s.DrawRate.CI[1], 1, "%"), endingWords(&s)))
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
				"Rescoring **%s**'s %s by the majority rule alone (the same final positions) changes nothing: none of its %s ended with unequal material. The arms played under each rule show the effect on play.",
				a.Name, games(m.Games), words.Count(draws, "draw")))
			continue
		}
		share := float64(m.DrawsDecided) / float64(draws)
		out = append(out, fmt.Sprintf(
			"Rescoring **%s**'s %s by the majority rule alone (the same final positions, the same moves) would decide %d of its %s (%s; %d for Red, %d for Black): the draw rate would go from %s to %s (a change of %s points, %s to %s) and the first player's score would change by %s points (%s to %s, paired p %s). This isolates the scoring; the arms played under each rule show the effect on play as well.",
			a.Name, games(m.Games), m.DrawsDecided, words.Count(draws, "draw"), numText(100*share, 1, "%"), m.DrawsDecidedRed, m.DrawsDecidedBlack,
			numText(100*a.Stats.DrawRate.Value, 1, "%"), numText(100*m.DrawRate.Value, 1, "%"),
			signedPts(m.DrawRateChange.Value), signedPts(m.DrawRateChange.CI[0]), signedPts(m.DrawRateChange.CI[1]),
			signedPts(float64(m.ScoreChange.Value)), signedPts(float64(m.ScoreChange.CI[0])), signedPts(float64(m.ScoreChange.CI[1])),
			fmtP(float64(m.ScoreChange.P))))
	}
	for _, l := range r.Ladders {
		out = append(out, ladderWords(&l))
	}
	if r.Sensitivity != nil {
		out = append(out, sensitivityWords(r.Sensitivity))
	}
	out = append(out, sureWords(r, confPct))
	return out
}

func armTitle(a ArmInfo) string {
	var parts []string
	if a.Variant != "" && a.Variant != a.Name {
		parts = append(parts, a.Variant)
	}
	switch {
	case a.RedSims > 0:
		parts = append(parts, fmt.Sprintf("Red %d and Black %d simulations per move", a.RedSims, a.BlackSims))
	case a.Sims > 0:
		parts = append(parts, fmt.Sprintf("%d simulations per move", a.Sims))
	}
	if len(parts) == 0 {
		return a.Name
	}
	return fmt.Sprintf("%s (%s)", a.Name, strings.Join(parts, ", "))
}

func endingWords(s *gamestats.GroupStats) string {
	var parts []string
	for _, r := range sortedReasons(s) {
		parts = append(parts, fmt.Sprintf("%s %s", r, numText(100*s.ReasonShares[r].Value, 1, "%")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "; games end by " + strings.Join(parts, ", ")
}

// comparisonWords describes the change from arm A to arm B (B − A), with
// the verdict read off the interval and the equivalence test.
func comparisonWords(r *Report, c *gamestats.Comparison) string {
	dr, sc := c.Rates["draw_rate"], c.FirstPlayerScore
	drc, scc := c.Changes[gamestats.ChangeDraw], c.Changes[gamestats.ChangeScore]
	paired := ""
	if p := c.Paired; p != nil && p.Pairs >= 2 && scc.Test == "paired t-test" {
		paired = fmt.Sprintf(" These use the %s played from the same openings with the same search seeds under both; %d of them end with the same result under both, and the paired scores correlate with r = %s",
			words.Count(p.Pairs, "game"), p.Identical, numText(p.Correlation, 2, ""))
		if eg := float64(p.EquivalentGames); math.IsNaN(eg) || math.IsInf(eg, 0) {
			paired += ", so the paired scores show no spread at all; the equivalence test then rests on the number of pairs alone."
		} else if float64(p.NarrowerBy) >= 0.02 {
			paired += fmt.Sprintf(", so pairing narrows the score interval by %s (as many unpaired games as %s per arm would be needed for the same width).", numText(100*p.NarrowerBy, 0, "%"), numText(p.EquivalentGames, 0, ""))
		} else {
			paired += ", so pairing does not narrow the score interval here."
		}
		if m := p.ManyPieceDraws; m[0]+m[1]+m[2] > 0 {
			paired += fmt.Sprintf(" Of %s's %s that kept %d or more pieces, %s's games from the same openings and seeds were won by the first player in %d, drawn in %d (%d of them again with %d or more pieces) and lost in %d.",
				c.A, words.Count(m[0]+m[1]+m[2], "draw"), gamestats.ManyPieces, c.B, m[2], m[1], p.ManyPieceDrawsKept, gamestats.ManyPieces, m[0])
		}
	}
	return fmt.Sprintf(
		"**%s → %s**: the draw rate goes from %s to %s, a change of %s points (%s; %s p %s): %s. The first-player score goes from %.3f to %.3f, a change of %s points (%s; %s p %s): %s. The whole outcome table (red/draw/black) differs with p %s (%s).%s",
		c.A, c.B, numText(100*dr.A.Value, 1, "%"), numText(100*dr.B.Value, 1, "%"),
		signedPts(drc.Value), spanWords(drc.Estimate), drc.Test, fmtP(drc.P), changeVerdict(&drc, "draw rate"),
		sc.A.Value, sc.B.Value, signedPts(scc.Value), spanWords(scc.Estimate), scc.Test, fmtP(scc.P),
		changeVerdict(&scc, "first-player score"),
		fmtP(c.Outcomes.P), c.Outcomes.Method, paired)
}

// changeVerdict says what a change's interval and equivalence test show:
// a change (the interval excludes 0), no change beyond the margin (the
// equivalence test passes), or neither (the data cannot tell).
func changeVerdict(c *gamestats.ChangeFigure, what string) string {
	m := 100 * c.Equivalence.Margin
	eq := c.Equivalence
	switch {
	case c.Detected() && eq.Equivalent:
		return fmt.Sprintf("a real change of the %s, though smaller than ±%.1f points (equivalence test p %s)", what, m, fmtP(float64(eq.P)))
	case c.Detected():
		return fmt.Sprintf("a real change of the %s", what)
	case eq.Equivalent:
		return fmt.Sprintf("no change of the %s beyond ±%.1f points (equivalence test p %s)", what, m, fmtP(float64(eq.P)))
	}
	return fmt.Sprintf("a change of the %s is not detected, nor shown to be within ±%.1f points (equivalence test p %s): the data cannot tell",
		what, m, fmtP(float64(eq.P)))
}

// ladderWords describes a strength ladder: its rungs, the steps between
// them, whether it converged, and the line over log2(simulations) when
// one describes it.
func ladderWords(l *Ladder) string {
	var rungs []string
	for _, p := range l.Points {
		rungs = append(rungs, fmt.Sprintf("%s points at %s (draws %s)", signedPts(p.Advantage.Value), rungName(p), numText(100*p.DrawRate.Value, 1, "%")))
	}
	text := fmt.Sprintf("Up the ladder (%s), the first-player advantage is %s.", l.Variant, strings.Join(rungs, ", "))
	var steps []string
	for _, s := range l.Steps {
		steps = append(steps, fmt.Sprintf("%s → %s: advantage %s (%s), draw rate %s (%s)%s",
			s.From, s.To, signedPts(s.Advantage.Value), spanWords(s.Advantage.Estimate), signedPts(s.DrawRate.Value), spanWords(s.DrawRate.Estimate),
			map[bool]string{true: ", agreeing", false: ""}[s.Agrees]))
	}
	if len(steps) > 0 {
		text += fmt.Sprintf(" The changes between successive rungs (next − this, points; paired where the games pair) are %s.", strings.Join(steps, "; "))
	}
	m := 100 * l.Margin
	if l.ConvergedAt != "" {
		text += fmt.Sprintf(" The ladder converges from **%s** on: every later step changes both figures by less than ±%.1f points (equivalence tests).", l.ConvergedAt, m)
	} else if n := len(l.Steps); n > 0 {
		top := l.Steps[n-1]
		text += fmt.Sprintf(" The ladder has **not converged**: its top step (%s → %s) is not shown to change both figures by less than ±%.1f points; showing that would take about %s per rung if the true change were 0.",
			top.From, top.To, m, games(top.GamesToAgree))
	}
	if sl, ln := l.SlopePerDoubling, l.Line; sl != nil && ln != nil {
		fit := fmt.Sprintf("A weighted line over log2(simulations) gives %s points per doubling (%s to %s", signedPts(sl.Value), signedPts(sl.CI[0]), signedPts(sl.CI[1]))
		if ln.Scale > 1 {
			fit += fmt.Sprintf(", the interval widened %.1f-fold for the scatter about the line", ln.Scale)
		}
		fit += ")"
		switch {
		case ln.DF == 0:
			text += " " + fit + "; with two rungs nothing tests whether a line fits."
		case !ln.Fits:
			text += fmt.Sprintf(" %s, but a straight line does not describe the ladder (lack of fit χ² %.1f on %d df, p %s): read the rung-by-rung changes instead.", fit, ln.Chi2, ln.DF, fmtP(float64(ln.LackOfFitP)))
		default:
			text += fmt.Sprintf(" %s; the line fits (lack of fit χ² %.1f on %d df, p %s).", fit, ln.Chi2, ln.DF, fmtP(float64(ln.LackOfFitP)))
		}
	} else if l.FitNote != "" {
		text += " " + capital(l.FitNote) + "."
	}
	return text
}

func rungName(p LadderPoint) string {
	if p.Evaluator != "" {
		return fmt.Sprintf("%d (%s)", p.Sims, p.Evaluator)
	}
	return fmt.Sprint(p.Sims)
}

// spanWords writes an interval's two ends in points, "-2.5 to +4.0", or
// says it has no width.
func spanWords(e gamestats.Estimate) string {
	if e.CI[1]-e.CI[0] < 1e-12 {
		return "no spread: every pair agrees"
	}
	return signedPts(e.CI[0]) + " to " + signedPts(e.CI[1])
}

// sensitivityWords says whether the baseline's conclusion survives each
// change of setting.
func sensitivityWords(s *Sensitivity) string {
	var kept, lost []string
	for _, r := range s.Rows {
		d := fmt.Sprintf("%s (%s: advantage %s points, change %s)", r.Arm, joinSettings(r.Changed), signedPts(r.Advantage.Value), signedPts(r.AdvantageChange.Value))
		if r.Survives {
			kept = append(kept, d)
		} else {
			lost = append(lost, fmt.Sprintf("%s, where it is %s", d, r.Conclusion))
		}
	}
	text := fmt.Sprintf("Sensitivity: the baseline **%s** finds %s.", s.Baseline, aOr(s.Conclusion))
	if len(kept) > 0 {
		text += fmt.Sprintf(" The conclusion holds under %s.", strings.Join(kept, ", "))
	}
	if len(lost) > 0 {
		text += fmt.Sprintf(" It does not hold under %s.", strings.Join(lost, "; "))
	}
	return text
}

func aOr(conclusion string) string {
	if conclusion == "undetermined" {
		return "no clear first-player advantage or disadvantage"
	}
	return "a " + conclusion
}

func sureWords(r *Report, confPct string) string {
	widest, where := 0.0, ""
	for _, a := range r.Arms {
		s := a.Stats
		for _, e := range []struct {
			name string
			est  gamestats.Estimate
		}{{"red win rate", s.RedWinRate}, {"black win rate", s.BlackWinRate}, {"draw rate", s.DrawRate}, {"first-player score", s.FirstPlayerScore}} {
			if h := e.est.HalfWidth(); h > widest {
				widest, where = h, fmt.Sprintf("%s of %s", e.name, a.Name)
			}
		}
	}
	tests := 2 * len(r.Comparisons)
	text := fmt.Sprintf("How sure is this? Every interval is a %s confidence interval: Wilson for rates, the score-test interval for the first player's score, Newcombe's for differences of rates, and the paired t and McNemar tests where games pair. The widest is ±%.1f points (the %s). \"No change\" is said only where an equivalence test (two one-sided tests at level %g) shows the change within ±%.1f points; a change whose interval contains 0 is otherwise only \"not detected\". Changes are always from the first arm named to the second (B − A).", confPct, 100*widest, where, gamestats.Significance, 100*r.EquivalenceMargin)
	if tests > 1 {
		text += fmt.Sprintf(" The answer makes %d tests; by chance alone about one in twenty true null differences shows p < 0.05, so a p-value near 0.05 deserves a second run (a Bonferroni threshold for these %d tests is %.3g).", tests, tests, gamestats.Significance/float64(tests))
	}
	text += " Intervals shrink with the square root of the games: four times the games halve them (`surakarta stats plan` gives the games for a chosen width)."
	return text
}

func games(n int64) string { return words.Count(n, "game") }

// signedPts writes a fraction as signed percentage points
// (stats.PointsText: a bound keeps its sign).
func signedPts(x float64) string { return stats.PointsText(x) }

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func eloWords(x stats.Num) string {
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
