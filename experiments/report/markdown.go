package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/textout"
	"github.com/surakarta/surakarta/internal/base/words"
)

// WriteMarkdown writes the report as Markdown: the answer, then tables of
// every arm's figures, the comparisons, the ladder, the plots and the
// methods. The output depends only on the report, so it can be
// golden-tested and diffed between runs.
func (r *Report) WriteMarkdown(w io.Writer) error {
	ew := &textout.Writer{W: w}
	conf := fmt.Sprintf("%g%%", 100*r.Confidence)
	r.mdHead(ew)
	r.mdOutcomes(ew, conf)
	r.mdEndings(ew)
	r.writeOpeningsMarkdown(ew)
	r.writeHandicapMarkdown(ew)
	r.mdLength(ew)
	r.mdRescored(ew)
	r.mdComparisons(ew, conf)
	r.mdLadders(ew)
	r.mdSensitivity(ew)
	r.mdSizes(ew, conf)
	r.mdPlots(ew)
	r.mdMethods(ew)
	return ew.Err
}

// mdHead writes the title, the description, the command that reproduces
// the report, the answer and the design.
func (r *Report) mdHead(ew *textout.Writer) {
	ew.Printf("# %s\n\n", r.Title)
	if r.Description != "" {
		ew.Printf("%s\n\n", strings.TrimSpace(r.Description))
	}
	if r.Command != "" {
		ew.Printf("Reproduce with:\n\n```\n%s\n```\n\n", r.Command)
	}
	ew.Printf("## Answer\n\n")
	for _, p := range r.Answer {
		ew.Printf("%s\n\n", p)
	}
	regimes := false
	for _, a := range r.Arms {
		regimes = regimes || a.Regime != ""
	}
	if len(r.Design) > 0 || regimes {
		ew.Printf("## Design\n\n")
		for _, d := range r.Design {
			ew.Printf("- %s\n", d)
		}
		ew.Printf("\n| arm | variant | engine | regime |\n|---|---|---|---|\n")
		for _, a := range r.Arms {
			ew.Printf("| %s | %s | %s | %s |\n", a.Name, a.Variant, orDash(a.Engine), orDash(a.Regime))
		}
		ew.Printf("\n")
	}
}

// mdOutcomes writes each arm's outcomes and first-player figures.
func (r *Report) mdOutcomes(ew *textout.Writer, conf string) {
	ew.Printf("## Outcomes\n\n")
	ew.Printf("Counts, then rates with %s Wilson intervals. The first player's score is (wins + draws/2)/games with its score-test interval; the advantage is the score − 0.5, in percentage points.\n\n", conf)
	ew.Printf("| arm | variant | sims | games | red wins | draws | black wins | red win rate | draw rate | black win rate |\n")
	ew.Printf("|---|---|---:|---:|---:|---:|---:|---|---|---|\n")
	for _, a := range r.Arms {
		s := a.Stats
		ew.Printf("| %s | %s | %s | %d | %d | %d | %d | %s | %s | %s |\n", a.Name, a.Variant, simsCell(a.Sims), s.Games,
			s.RedWins, s.Draws, s.BlackWins, s.RedWinRate.PercentText(), s.DrawRate.PercentText(), s.BlackWinRate.PercentText())
	}
	ew.Printf("\n| arm | first player | score | advantage (pts) | Elo | red share of decisive games |\n")
	ew.Printf("|---|---|---|---|---|---|\n")
	for _, a := range r.Arms {
		s := a.Stats
		dec := "–"
		if s.DecisiveRedShare != nil {
			dec = fmt.Sprintf("%s of %d", s.DecisiveRedShare.PercentText(), s.DecisiveGames)
		}
		ew.Printf("| %s | %s | %s | %s | %s | %s |\n", a.Name, s.FirstPlayer, s.FirstPlayerScore.ScoreText(),
			s.FirstPlayerAdvantage.PointsText(""), fmtElo(s.FirstPlayerElo), dec)
	}
}

// mdEndings writes how each arm's games ended, by reason and winner.
func (r *Report) mdEndings(ew *textout.Writer) {
	ew.Printf("\n## Endings\n\n")
	reasons := reportReasons(r)
	ew.Printf("| arm |")
	for _, rs := range reasons {
		ew.Printf(" %s |", rs)
	}
	ew.Printf("\n|---|%s\n", strings.Repeat("---|", len(reasons)))
	for _, a := range r.Arms {
		ew.Printf("| %s |", a.Name)
		for _, rs := range reasons {
			n := a.Stats.Reasons[rs]
			if n == 0 {
				ew.Printf(" 0 |")
				continue
			}
			w := a.Stats.ReasonWinners[rs]
			ew.Printf(" %d (%s; red %d, draw %d, black %d) |", n, numText(100*a.Stats.ReasonShares[rs].Value, 1, "%"), w["red"], w["draw"], w["black"])
		}
		ew.Printf("\n")
	}
}

// mdLength writes each arm's game lengths and captures.
func (r *Report) mdLength(ew *textout.Writer) {
	ew.Printf("\n## Game length\n\n")
	ew.Printf("| arm | mean plies | sd | median | quartiles | range | captures per game (mean, median) |\n")
	ew.Printf("|---|---:|---:|---:|---|---|---|\n")
	for _, a := range r.Arms {
		p, c := a.Stats.Plies, a.Stats.Captures
		ew.Printf("| %s | %.1f | %s | %g | %g–%g | %d–%d | %.2f, %g |\n", a.Name, p.Mean, numText(p.SD, 1, ""), p.Median, p.P25, p.P75, p.Min, p.Max, c.Mean, c.Median)
	}
}

// mdRescored writes the standard games scored by the majority rule, where
// the report has them.
func (r *Report) mdRescored(ew *textout.Writer) {
	rescored := r.armsWith(func(a ArmInfo) bool { return a.Stats.MajorityRescoring != nil })
	if len(rescored) > 0 {
		ew.Printf("\n## The same games scored by the majority rule\n\n")
		ew.Printf("Standard-variant games carry `majority_winner`: how the majority rule scores the same final position. Changes are paired game by game (majority − standard).\n\n")
		ew.Printf("| arm | draws decided (red, black) | draw rate | first-player score | draw rate change (pts) | score change (pts) |\n")
		ew.Printf("|---|---|---|---|---|---|\n")
		for _, a := range rescored {
			m := a.Stats.MajorityRescoring
			ew.Printf("| %s | %d of %d (%d, %d) | %s | %s | %s, %s p %s | %s, paired p %s |\n",
				a.Name, m.DrawsDecided, a.Stats.Draws, m.DrawsDecidedRed, m.DrawsDecidedBlack, m.DrawRate.PercentText(),
				m.FirstPlayerScore.ScoreText(),
				m.DrawRateChange.PointsText(""), m.DrawRateChange.Test, fmtP(m.DrawRateChange.P),
				m.ScoreChange.PointsText(""), fmtP(float64(m.ScoreChange.P)))
		}
	}
}

// mdComparisons writes each comparison of two arms.
func (r *Report) mdComparisons(ew *textout.Writer, conf string) {
	if len(r.Comparisons) > 0 {
		ew.Printf("\n## Comparisons\n\n")
		ew.Printf("Each comparison A → B reports the change from A to B, B − A, in percentage points with %s intervals (Newcombe's hybrid score interval for rates, the normal interval with trinomial variances for the score). Cohen's h (of B against A): 0.2 small, 0.5 medium, 0.8 large. Equivalence: two one-sided tests of the change against ±%.1f points; \"yes\" means the change is shown to lie within the margin.\n", conf, 100*r.EquivalenceMargin)
	}
	for _, c := range r.Comparisons {
		r.mdComparison(ew, c)
	}
}

// mdComparison writes comparison c: its outcome table's test, its
// headline changes, every rate and the paired analysis where the games
// pair.
func (r *Report) mdComparison(ew *textout.Writer, c gamestats.Comparison) {
	ew.Printf("\n### %s → %s\n\n", c.A, c.B)
	o := c.Outcomes
	exact := ""
	if !math.IsNaN(float64(o.ExactP)) {
		exact = "; exact p " + fmtP(float64(o.ExactP))
	}
	ew.Printf("Outcome table (red wins, draws, black wins): chi-square %.2f, df %d, p %s%s; Cramér's V %.3f (smallest expected count %.1f; quoted: %s).\n\n",
		o.Chi2, o.DF, fmtP(o.ChiSquareP), exact, o.CramersV, o.MinExpected, o.Method)
	if len(c.Changes) > 0 {
		ew.Printf("| headline change | change (pts) | test | p | within ±%.1f? | equivalence p |\n|---|---|---|---|---|---|\n", 100*r.EquivalenceMargin)
		for _, k := range []string{gamestats.ChangeScore, gamestats.ChangeDraw} {
			ch := c.Changes[k]
			ew.Printf("| %s | %s | %s | %s | %s | %s |\n", strings.ReplaceAll(k, "_", " "), ch.Estimate.PointsText(""), ch.Test, fmtP(ch.P),
				map[bool]string{true: "yes", false: "not shown"}[ch.Equivalence.Equivalent], fmtP(float64(ch.Equivalence.P)))
		}
		ew.Printf("\n")
	}
	ew.Printf("| figure | %s | %s | change (pts) | p | Cohen's h |\n", c.A, c.B)
	ew.Printf("|---|---|---|---|---|---:|\n")
	for _, name := range gamestats.RateNames {
		rc, ok := c.Rates[name]
		if !ok {
			continue
		}
		ew.Printf("| %s | %s | %s | %s | %s | %+.3f |\n", strings.ReplaceAll(name, "_", " "), rc.A.PercentText(), rc.B.PercentText(), rc.Diff.PointsText(""), fmtP(rc.P), rc.CohensH)
	}
	s := c.FirstPlayerScore
	ew.Printf("| first-player score | %s | %s | %s | %s | |\n",
		s.A.ScoreText(), s.B.ScoreText(), s.Diff.PointsText(""), fmtP(s.P))
	if p := c.Paired; p != nil {
		mdPaired(ew, c, p)
	}
}

// mdPaired writes comparison c's paired analysis p.
func mdPaired(ew *textout.Writer, c gamestats.Comparison, p *gamestats.PairedComparison) {
	ew.Printf("\nPaired over %s from the same openings and search seeds (%d ids only in %s, %d only in %s, %d with different openings left out); %s end with the same result under both, and the paired scores correlate with r = %s:\n\n",
		games(p.Pairs), p.UnmatchedA, c.A, p.UnmatchedB, c.B, p.Mismatched, words.Count(p.Identical, "pair"), numText(p.Correlation, 2, ""))
	ew.Printf("| figure | change (pts) | test | p |\n|---|---|---|---|\n")
	ew.Printf("| first-player score | %s | paired t | %s |\n", p.ScoreDiff.PointsText(""), fmtP(float64(p.ScoreDiff.P)))
	ew.Printf("| draw rate | %s | %s (%d vs %d discordant) | %s |\n",
		p.Draws.PointsText(""), p.Draws.Test, p.Draws.B, p.Draws.C, fmtP(p.Draws.P))
	ew.Printf("| first-player win rate | %s | %s (%d vs %d discordant) | %s |\n",
		p.FirstPlayerWins.PointsText(""), p.FirstPlayerWins.Test, p.FirstPlayerWins.B, p.FirstPlayerWins.C, fmtP(p.FirstPlayerWins.P))
	if float64(p.NarrowerBy) >= 0.02 {
		ew.Printf("\nUnpaired, the score difference's interval would be [%s, %s] points: pairing makes it %s narrower (correlation of paired scores %s), worth about %s unpaired games per arm.\n",
			signedPts(float64(p.UnpairedCI[0])), signedPts(float64(p.UnpairedCI[1])), numText(100*p.NarrowerBy, 0, "%"), numText(p.Correlation, 2, ""), numText(p.EquivalentGames, 0, ""))
	} else {
		ew.Printf("\nUnpaired, the score difference's interval would be [%s, %s] points: the paired scores are hardly correlated (%s), so pairing does not narrow it here.\n",
			signedPts(float64(p.UnpairedCI[0])), signedPts(float64(p.UnpairedCI[1])), numText(p.Correlation, 2, ""))
	}
}

// mdLadders writes each strength ladder.
func (r *Report) mdLadders(ew *textout.Writer) {
	if len(r.Ladders) > 0 {
		ew.Printf("\n## Strength ladder\n")
	}
	for _, l := range r.Ladders {
		mdLadder(ew, &l)
	}
}

// mdLadder writes ladder l: its rungs, the steps between them and their
// convergence, then its trend (mdLadderTrend).
func mdLadder(ew *textout.Writer, l *Ladder) {
	title := l.Variant
	if l.Evaluator != "" {
		title += ", evaluator " + l.Evaluator
	}
	ew.Printf("\n%s:\n\n| sims | arm | games | advantage (pts) | draw rate |\n|---:|---|---:|---|---|\n", title)
	for _, p := range l.Points {
		ew.Printf("| %s | %s | %d | %s | %s |\n", rungName(p), p.Arm, p.Games, p.Advantage.PointsText(""), p.DrawRate.PercentText())
	}
	if len(l.Steps) > 0 {
		ew.Printf("\nSuccessive rungs (change = next − this, paired where the games pair; agree = both changes shown within ±%.1f points):\n\n", 100*l.Margin)
		ew.Printf("| step | advantage change (pts) | equivalence p | draw rate change (pts) | equivalence p | agree? | games per rung to show agreement |\n|---|---|---|---|---|---|---:|\n")
		for _, st := range l.Steps {
			ew.Printf("| %s → %s | %s | %s | %s | %s | %s | %d |\n", st.From, st.To, st.Advantage.Estimate.PointsText(""), fmtP(float64(st.Advantage.Equivalence.P)),
				st.DrawRate.Estimate.PointsText(""), fmtP(float64(st.DrawRate.Equivalence.P)), map[bool]string{true: "yes", false: "no"}[st.Agrees], st.GamesToAgree)
		}
		if l.ConvergedAt != "" {
			ew.Printf("\nConverged from %s on.\n", l.ConvergedAt)
		} else {
			ew.Printf("\nNot converged: the top step is not shown to agree within ±%.1f points.\n", 100*l.Margin)
		}
	}
	mdLadderTrend(ew, l)
}

// mdLadderTrend writes ladder l's change per doubling (the fitted line,
// the game-by-game trend), its ends compared directly and its stopping
// rule.
func mdLadderTrend(ew *textout.Writer, l *Ladder) {
	if sl, ln := l.SlopePerDoubling, l.Line; sl != nil && ln != nil {
		fits := "the line fits"
		switch {
		case ln.DF == 0:
			fits = "two rungs: no test of fit"
		case !ln.Fits:
			fits = "**the line does not fit**: read the rung-by-rung changes"
		}
		ew.Printf("\nChange per doubling of simulations (weighted least squares on log2 sims, interval widened by √(χ²/df) = %.2f): %s points; lack of fit χ² %.2f on %d df, p %s (%s).\n",
			ln.Scale, sl.PointsText(""), ln.Chi2, ln.DF, fmtP(float64(ln.LackOfFitP)), fits)
	} else if l.FitNote != "" {
		ew.Printf("\n%s.\n", capital(l.FitNote))
	}
	if t := l.Trend; t != nil {
		ew.Printf("\nThe same trend tested game by game over the %s played from the same opening at every rung (each game's own least-squares slope on log2 sims, a one-sample t interval: the rungs' shared openings are accounted for): advantage %s points per doubling (p %s), draw rate %s points per doubling (p %s).\n",
			games(t.Games), t.Advantage.PointsText(""), fmtP(float64(t.Advantage.P)), t.DrawRate.PointsText(""), fmtP(float64(t.DrawRate.P)))
	}
	if e := l.Ends; e != nil {
		ew.Printf("\nLowest against highest rung directly, %s → %s: advantage %s points (%s p %s; within ±%.1f? %s, p %s), draw rate %s points (%s p %s; within ±%.1f? %s, p %s).\n",
			e.From, e.To, e.Advantage.Estimate.PointsText(""), e.Advantage.Test, fmtP(e.Advantage.P), 100*l.Margin, map[bool]string{true: "yes", false: "not shown"}[e.Advantage.Equivalence.Equivalent], fmtP(float64(e.Advantage.Equivalence.P)),
			e.DrawRate.Estimate.PointsText(""), e.DrawRate.Test, fmtP(e.DrawRate.P), 100*l.Margin, map[bool]string{true: "yes", false: "not shown"}[e.DrawRate.Equivalence.Equivalent], fmtP(float64(e.DrawRate.Equivalence.P)))
	}
	if st := l.Stopping; st != nil {
		ew.Printf("\nStopping rule (extend the ladder by doubling simulations until the top step agrees, at most %d simulations): **%s**.\n", st.MaxSims, st.Verdict)
	}
}

// mdSensitivity writes the sensitivity table, where the report has one.
func (r *Report) mdSensitivity(ew *textout.Writer) {
	if sv := r.Sensitivity; sv != nil {
		ew.Printf("\n## Sensitivity\n\nDoes the baseline's conclusion (%s: %s) survive each change of setting? Changes are arm − %s, paired where the games pair.\n\n", sv.Baseline, sv.Conclusion, sv.Baseline)
		ew.Printf("| arm | changed | regime | advantage (pts) | change (pts) | draw rate | change (pts) | conclusion | holds? |\n|---|---|---|---|---|---|---|---|---|\n")
		for _, row := range sv.Rows {
			ew.Printf("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", row.Arm, joinSettings(row.Changed), orDash(row.Regime),
				row.Advantage.PointsText(""), row.AdvantageChange.Estimate.PointsText(""), row.DrawRate.PercentText(), row.DrawRateChange.Estimate.PointsText(""),
				row.Conclusion, map[bool]string{true: "yes", false: "**no**"}[row.Survives])
		}
	}
}

// mdSizes writes the games each headline figure would need.
func (r *Report) mdSizes(ew *textout.Writer, conf string) {
	if len(r.Sizes) > 0 {
		ew.Printf("\n## Sample size\n\nGames (per arm; pairs where the arms pair) for a %s interval of ±%.1f points, scaled from the spread observed here.\n\n| figure | games now | ± now (pts) | games for ±%.1f |\n|---|---:|---:|---:|\n", conf, 100*TargetHalfWidth, 100*TargetHalfWidth)
		for _, z := range r.Sizes {
			ew.Printf("| %s | %d | %.1f | %d |\n", z.Figure, z.Have, 100*z.HalfWidth, z.Need)
		}
	}
}

// mdPlots links the plots.
func (r *Report) mdPlots(ew *textout.Writer) {
	if len(r.Plots) > 0 {
		ew.Printf("\n## Plots\n")
		for _, p := range r.Plots {
			base := strings.TrimSuffix(p, ".png")
			ew.Printf("\n![%s](%s) ([SVG](%s.svg))\n", base, p, base)
		}
	}
}

// mdMethods writes the methods behind every figure.
func (r *Report) mdMethods(ew *textout.Writer) {
	ew.Printf("\n## Methods\n\n")
	ew.Printf("- Rates: Wilson score intervals. First player's score: the score-test interval for a three-outcome mean (it reduces to Wilson without draws and keeps a width when every game is drawn); `first_player_score_wald` in report.json has the normal interval chess-engine tools quote.\n")
	ew.Printf("- Outcome tables: Pearson's chi-square test of homogeneity, with the Fisher–Freeman–Halton exact p-value (complete enumeration) quoted when an expected count is below 5.\n")
	ew.Printf("- Differences of rates: pooled two-proportion z-test, Newcombe's hybrid score interval, Cohen's h. Difference of scores: normal interval with the two trinomial variances.\n")
	ew.Printf("- Paired games (same game id, start position and random opening under both arms, played with the same search seed): paired t interval of the per-game score changes, McNemar's test for draws and first-player wins, its exact binomial p-value quoted below %d discordant pairs (every output quotes the same one; report.json has both).\n", stats.McNemarExactBelow)
	ew.Printf("- \"No change\": only with an equivalence test (two one-sided tests, Schuirmann 1987, at level %g) against the stated margin; a change whose interval contains 0 but fails that test is \"not detected\", and its interval's two ends are quoted.\n", gamestats.Significance)
	if len(r.Ladders) > 0 {
		ew.Printf("- Ladder: weighted least squares of the advantage on log2(simulations) with weights 1/SE²; the lack-of-fit χ² of the residuals on rungs − 2 df tests the line, and the slope's standard error is multiplied by √(χ²/df) when that exceeds 1 (with t quantiles on df degrees of freedom). Convergence: each step's paired changes of the advantage and the draw rate are tested for equivalence within the convergence margin.\n")
	}
	ew.Printf("- Game length quantiles: exact, from counts (linear interpolation between order statistics, R's type 7).\n")
}

func simsCell(s int) string {
	if s <= 0 {
		return "–"
	}
	return fmt.Sprint(s)
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// reportReasons returns the reasons any arm has, known ones first.
func reportReasons(r *Report) []string {
	seen := map[string]bool{}
	var out []string
	for _, rs := range gamestats.Reasons {
		for _, a := range r.Arms {
			if a.Stats.Reasons[rs] > 0 && !seen[rs] {
				seen[rs] = true
				out = append(out, rs)
			}
		}
	}
	var extra []string
	for _, a := range r.Arms {
		for rs := range a.Stats.Reasons {
			if !seen[rs] {
				seen[rs] = true
				extra = append(extra, rs)
			}
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

// armsWith returns the report's arms for which has is true, in the report's
// order: the arms a section of the report has figures for.
func (r *Report) armsWith(has func(ArmInfo) bool) []ArmInfo {
	var out []ArmInfo
	for _, a := range r.Arms {
		if has(a) {
			out = append(out, a)
		}
	}
	return out
}
