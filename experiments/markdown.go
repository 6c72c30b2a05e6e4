package experiments

import (
	"fmt"
	"io"
	"strings"
)

// WriteMarkdown writes the report as Markdown: the answer, then tables of
// every arm's figures, the comparisons, the ladder, the plots and the
// methods. The output depends only on the report, so it can be
// golden-tested and diffed between runs.
func (r *Report) WriteMarkdown(w io.Writer) error {
	ew := &errWriter{w: w}
	conf := fmt.Sprintf("%g%%", 100*r.Confidence)
	ew.printf("# %s\n\n", r.Title)
	if r.Description != "" {
		ew.printf("%s\n\n", strings.TrimSpace(r.Description))
	}
	if r.Command != "" {
		ew.printf("Reproduce with:\n\n```\n%s\n```\n\n", r.Command)
	}
	ew.printf("## Answer\n\n")
	for _, p := range r.Answer {
		ew.printf("%s\n\n", p)
	}

	ew.printf("## Outcomes\n\n")
	ew.printf("Counts, then rates with %s Wilson intervals. The first player's score is (wins + draws/2)/games with its score-test interval; the advantage is the score − 0.5, in percentage points.\n\n", conf)
	ew.printf("| arm | variant | sims | games | red wins | draws | black wins | red win rate | draw rate | black win rate |\n")
	ew.printf("|---|---|---:|---:|---:|---:|---:|---|---|---|\n")
	for _, a := range r.Arms {
		s := a.Stats
		ew.printf("| %s | %s | %s | %d | %d | %d | %d | %s | %s | %s |\n", a.Name, a.Variant, simsCell(a.Sims), s.Games,
			s.RedWins, s.Draws, s.BlackWins, mdRate(s.RedWinRate), mdRate(s.DrawRate), mdRate(s.BlackWinRate))
	}
	ew.printf("\n| arm | first player | score | advantage (pts) | Elo | red share of decisive games |\n")
	ew.printf("|---|---|---|---|---|---|\n")
	for _, a := range r.Arms {
		s := a.Stats
		dec := "–"
		if s.DecisiveRedShare != nil {
			dec = fmt.Sprintf("%s of %d", mdRate(*s.DecisiveRedShare), s.DecisiveGames)
		}
		ew.printf("| %s | %s | %.3f [%.3f, %.3f] | %s | %s | %s |\n", a.Name, s.FirstPlayer,
			s.FirstPlayerScore.Value, s.FirstPlayerScore.CI[0], s.FirstPlayerScore.CI[1],
			mdPts(s.FirstPlayerAdvantage), mdElo(s.FirstPlayerElo), dec)
	}

	ew.printf("\n## Endings\n\n")
	reasons := reportReasons(r)
	ew.printf("| arm |")
	for _, rs := range reasons {
		ew.printf(" %s |", rs)
	}
	ew.printf("\n|---|%s\n", strings.Repeat("---|", len(reasons)))
	for _, a := range r.Arms {
		ew.printf("| %s |", a.Name)
		for _, rs := range reasons {
			n := a.Stats.Reasons[rs]
			if n == 0 {
				ew.printf(" 0 |")
				continue
			}
			w := a.Stats.ReasonWinners[rs]
			ew.printf(" %d (%s; red %d, draw %d, black %d) |", n, pctWords(a.Stats.ReasonShares[rs].Value), w["red"], w["draw"], w["black"])
		}
		ew.printf("\n")
	}

	ew.printf("\n## Game length\n\n")
	ew.printf("| arm | mean plies | sd | median | quartiles | range | captures per game (mean, median) |\n")
	ew.printf("|---|---:|---:|---:|---|---|---|\n")
	for _, a := range r.Arms {
		p, c := a.Stats.Plies, a.Stats.Captures
		ew.printf("| %s | %.1f | %s | %g | %g–%g | %d–%d | %.2f, %g |\n", a.Name, p.Mean, fmtNum(p.SD), p.Median, p.P25, p.P75, p.Min, p.Max, c.Mean, c.Median)
	}

	var rescored []ArmInfo
	for _, a := range r.Arms {
		if a.Stats.MajorityRescoring != nil {
			rescored = append(rescored, a)
		}
	}
	if len(rescored) > 0 {
		ew.printf("\n## The same games scored by the majority rule\n\n")
		ew.printf("Standard-variant games carry `majority_winner`: how the majority rule scores the same final position. Changes are paired game by game (majority − standard).\n\n")
		ew.printf("| arm | draws decided (red, black) | draw rate | first-player score | draw rate change (pts) | score change (pts) |\n")
		ew.printf("|---|---|---|---|---|---|\n")
		for _, a := range rescored {
			m := a.Stats.MajorityRescoring
			ew.printf("| %s | %d of %d (%d, %d) | %s | %.3f [%.3f, %.3f] | %s, McNemar p %s | %s, paired p %s |\n",
				a.Name, m.DrawsDecided, a.Stats.Draws, m.DrawsDecidedRed, m.DrawsDecidedBlack, mdRate(m.DrawRate),
				m.FirstPlayerScore.Value, m.FirstPlayerScore.CI[0], m.FirstPlayerScore.CI[1],
				mdPts(Estimate{Value: m.DrawRateChange.Value, CI: m.DrawRateChange.CI}), fmtP(m.DrawRateChange.P),
				mdNumPts(m.ScoreChange.Value, m.ScoreChange.CI), fmtP(float64(m.ScoreChange.P)))
		}
	}

	if len(r.Comparisons) > 0 {
		ew.printf("\n## Comparisons\n\n")
		ew.printf("Differences are first arm − second arm in percentage points with %s intervals (Newcombe's hybrid score interval for rates, the normal interval with trinomial variances for the score). Cohen's h: 0.2 small, 0.5 medium, 0.8 large.\n", conf)
	}
	for _, c := range r.Comparisons {
		ew.printf("\n### %s vs %s\n\n", c.A, c.B)
		o := c.Outcomes
		exact := ""
		if !isNaN(float64(o.ExactP)) {
			exact = "; exact p " + fmtP(float64(o.ExactP))
		}
		ew.printf("Outcome table (red wins, draws, black wins): chi-square %.2f, df %d, p %s%s; Cramér's V %.3f (smallest expected count %.1f; quoted: %s).\n\n",
			o.Chi2, o.DF, fmtP(o.ChiSquareP), exact, o.CramersV, o.MinExpected, o.Method)
		ew.printf("| figure | %s | %s | difference (pts) | p | Cohen's h |\n", c.A, c.B)
		ew.printf("|---|---|---|---|---|---:|\n")
		for _, name := range RateNames {
			rc, ok := c.Rates[name]
			if !ok {
				continue
			}
			ew.printf("| %s | %s | %s | %s | %s | %+.3f |\n", strings.ReplaceAll(name, "_", " "), mdRate(rc.A), mdRate(rc.B), mdPts(rc.Diff), fmtP(rc.P), rc.CohensH)
		}
		s := c.FirstPlayerScore
		ew.printf("| first-player score | %.3f [%.3f, %.3f] | %.3f [%.3f, %.3f] | %s | %s | |\n",
			s.A.Value, s.A.CI[0], s.A.CI[1], s.B.Value, s.B.CI[0], s.B.CI[1], mdPts(s.Diff), fmtP(s.P))
		if p := c.Paired; p != nil {
			ew.printf("\nPaired over %d games from the same openings (%d ids only in %s, %d only in %s, %d with different openings left out):\n\n",
				p.Pairs, p.UnmatchedA, c.A, p.UnmatchedB, c.B, p.Mismatched)
			ew.printf("| figure | difference (pts) | test | p |\n|---|---|---|---|\n")
			ew.printf("| first-player score | %s | paired t | %s |\n", mdNumPts(p.ScoreDiff.Value, p.ScoreDiff.CI), fmtP(float64(p.ScoreDiff.P)))
			ew.printf("| draw rate | %s | McNemar (%d vs %d discordant) | %s (exact %s) |\n",
				mdPts(Estimate{Value: p.Draws.Value, CI: p.Draws.CI}), p.Draws.B, p.Draws.C, fmtP(p.Draws.P), fmtP(p.Draws.ExactP))
			ew.printf("| first-player win rate | %s | McNemar (%d vs %d discordant) | %s (exact %s) |\n",
				mdPts(Estimate{Value: p.FirstPlayerWins.Value, CI: p.FirstPlayerWins.CI}), p.FirstPlayerWins.B, p.FirstPlayerWins.C, fmtP(p.FirstPlayerWins.P), fmtP(p.FirstPlayerWins.ExactP))
			if float64(p.NarrowerBy) >= 0.02 {
				ew.printf("\nUnpaired, the score difference's interval would be [%s, %s] points: pairing makes it %s narrower (correlation of paired scores %s), worth about %s unpaired games per arm.\n",
					signedPts(float64(p.UnpairedCI[0])), signedPts(float64(p.UnpairedCI[1])), fmtShare(p.NarrowerBy), fmtCorr(p.Correlation), fmtCount(p.EquivalentGames))
			} else {
				ew.printf("\nUnpaired, the score difference's interval would be [%s, %s] points: the paired scores are hardly correlated (%s), so pairing does not narrow it here.\n",
					signedPts(float64(p.UnpairedCI[0])), signedPts(float64(p.UnpairedCI[1])), fmtCorr(p.Correlation))
			}
		}
	}

	if len(r.Ladders) > 0 {
		ew.printf("\n## First-player advantage against simulations per move\n")
	}
	for _, l := range r.Ladders {
		title := l.Variant
		if l.Evaluator != "" {
			title += ", evaluator " + l.Evaluator
		}
		ew.printf("\n%s:\n\n| sims | arm | games | advantage (pts) | draw rate |\n|---:|---|---:|---|---|\n", title)
		for _, p := range l.Points {
			ew.printf("| %d | %s | %d | %s | %s |\n", p.Sims, p.Arm, p.Games, mdPts(p.Advantage), mdRate(p.DrawRate))
		}
		if sl := l.SlopePerDoubling; sl != nil {
			ew.printf("\nChange per doubling of simulations (weighted least squares on log2 sims): %s points.\n", mdPts(*sl))
		}
	}

	if len(r.Plots) > 0 {
		ew.printf("\n## Plots\n")
		for _, p := range r.Plots {
			ew.printf("\n![%s](%s)\n", strings.TrimSuffix(p, ".png"), p)
		}
	}

	ew.printf("\n## Methods\n\n")
	ew.printf("- Rates: Wilson score intervals. First player's score: the score-test interval for a three-outcome mean (it reduces to Wilson without draws and keeps a width when every game is drawn); `first_player_score_wald` in report.json has the normal interval chess-engine tools quote.\n")
	ew.printf("- Outcome tables: Pearson's chi-square test of homogeneity, with the Fisher–Freeman–Halton exact p-value (complete enumeration) quoted when an expected count is below 5.\n")
	ew.printf("- Differences of rates: pooled two-proportion z-test, Newcombe's hybrid score interval, Cohen's h. Difference of scores: normal interval with the two trinomial variances.\n")
	ew.printf("- Paired games (same game id, start position and random opening under both arms): paired t interval of the per-game score differences, McNemar's test for draws and first-player wins (exact binomial p-value alongside).\n")
	ew.printf("- Game length quantiles: exact, from counts (linear interpolation between order statistics, R's type 7).\n")
	return ew.err
}

func simsCell(s int) string {
	if s <= 0 {
		return "–"
	}
	return fmt.Sprint(s)
}

func mdRate(e Estimate) string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*e.Value, 100*e.CI[0], 100*e.CI[1])
}

func mdPts(e Estimate) string {
	return fmt.Sprintf("%s [%s, %s]", signedPts(e.Value), signedPts(e.CI[0]), signedPts(e.CI[1]))
}

func mdNumPts(v Num, ci [2]Num) string {
	return fmt.Sprintf("%s [%s, %s]", signedPts(float64(v)), signedPts(float64(ci[0])), signedPts(float64(ci[1])))
}

func mdElo(e EloFigure) string {
	return fmt.Sprintf("%s [%s, %s]", eloWords(e.Value), eloWords(e.CI[0]), eloWords(e.CI[1]))
}

func fmtCorr(x Num) string {
	if isNaN(float64(x)) {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", float64(x))
}

// reportReasons returns the reasons any arm has, known ones first.
func reportReasons(r *Report) []string {
	seen := map[string]bool{}
	var out []string
	for _, rs := range Reasons {
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
	sortStrings(extra)
	return append(out, extra...)
}
