package report

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/textout"
	"github.com/surakarta/surakarta/internal/base/words"
)

// WriteText prints a Result for people: one block per group, then the
// comparisons.
func WriteText(w io.Writer, res *gamestats.Result) error {
	ew := &textout.Writer{W: w}
	conf := fmt.Sprintf("%g%%", 100*res.Confidence)
	for i, g := range res.Variants {
		if i > 0 {
			ew.Printf("\n")
		}
		writeGroupText(ew, &g, conf)
	}
	for _, c := range res.Comparisons {
		ew.Printf("\n")
		writeComparisonText(ew, &c, conf)
	}
	return ew.Err
}

// fmtRate writes a rate as a percentage with its interval.
func fmtRate(e gamestats.Estimate) string {
	return fmt.Sprintf("%5.1f%%  [%.1f%%, %.1f%%]", 100*e.Value, 100*e.CI[0], 100*e.CI[1])
}

// fmtScore writes a score with its interval to four decimals, as the
// text report does (the tables' three: Estimate.ScoreText).
func fmtScore(e gamestats.Estimate) string {
	return fmt.Sprintf("%.4f [%.4f, %.4f]", e.Value, e.CI[0], e.CI[1])
}

// fmtP writes a p-value as every output does (stats.PText).
func fmtP(p float64) string { return stats.PText(p) }

// fmtElo writes an Elo figure and its interval, "+35 [+12, +58]", as the
// text and the Markdown reports both do.
func fmtElo(e gamestats.EloFigure) string {
	return fmt.Sprintf("%s [%s, %s]", eloWords(e.Value), eloWords(e.CI[0]), eloWords(e.CI[1]))
}

func writeGroupText(ew *textout.Writer, g *gamestats.GroupStats, conf string) {
	ew.Printf("%s: %s (%s moves first; %s intervals)\n", g.Label, games(g.Games), g.FirstPlayer, conf)
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	names := gamestats.PlayerNames(g.Variant)
	fmt.Fprintf(tw, "  %s wins\t%d\t%s\n", names[0], g.RedWins, fmtRate(g.RedWinRate))
	fmt.Fprintf(tw, "  %s wins\t%d\t%s\n", names[1], g.BlackWins, fmtRate(g.BlackWinRate))
	fmt.Fprintf(tw, "  draws\t%d\t%s\n", g.Draws, fmtRate(g.DrawRate))
	if g.DecisiveRedShare != nil {
		fmt.Fprintf(tw, "  %s share of decisive\t%d\t%s\n", names[0], g.DecisiveGames, fmtRate(*g.DecisiveRedShare))
	}
	fmt.Fprintf(tw, "  first-player score\t\t%s\n", fmtScore(g.FirstPlayerScore))
	fmt.Fprintf(tw, "  first-player advantage\t\t%s  (Elo %s)\n", g.FirstPlayerAdvantage.PointsText(" pts"), fmtElo(g.FirstPlayerElo))
	ew.Flush(tw)
	ew.Printf("  endings:")
	for _, r := range sortedReasons(g) {
		ew.Printf("  %s %d (%.1f%%)", r, g.Reasons[r], 100*g.ReasonShares[r].Value)
	}
	ew.Printf("\n")
	p, c := g.Plies, g.Captures
	ew.Printf("  plies: mean %.1f, sd %s, median %g, quartiles %g–%g, range %d–%d\n", p.Mean, numText(p.SD, 1, ""), p.Median, p.P25, p.P75, p.Min, p.Max)
	ew.Printf("  captures per game: mean %.2f, median %g, quartiles %g–%g, range %d–%d\n", c.Mean, c.Median, c.P25, c.P75, c.Min, c.Max)
	writeHistogramText(ew, p.Histogram, 16, "  ")
	if m := g.MajorityRescoring; m != nil {
		ew.Printf("  majority rule on the same endings (%s): draws %s, first-player score %s\n",
			games(m.Games), strings.TrimSpace(fmtRate(m.DrawRate)), fmtScore(m.FirstPlayerScore))
		ew.Printf("    %s decided (%d for red, %d for black); draw rate change %s (%s p %s); score change %s (paired p %s)\n",
			words.Count(m.DrawsDecided, "draw"), m.DrawsDecidedRed, m.DrawsDecidedBlack,
			m.DrawRateChange.PointsText(" pts"), m.DrawRateChange.Test, fmtP(m.DrawRateChange.P),
			m.ScoreChange.PointsText(" pts"), fmtP(float64(m.ScoreChange.P)))
	}
}

// numText writes x with prec decimals and then unit ("%" for a share
// given as 100 times itself), or "n/a" where there is no number: NaN (too
// few games, no spread) and ±Inf (a count no finite sample reaches) alike.
func numText[F ~float64](x F, prec int, unit string) string {
	v := float64(x)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "n/a"
	}
	return fmt.Sprintf("%.*f", prec, v) + unit
}

func sortedReasons(g *gamestats.GroupStats) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range gamestats.Reasons {
		if _, ok := g.Reasons[r]; ok {
			out = append(out, r)
			seen[r] = true
		}
	}
	var extra []string
	for r := range g.Reasons {
		if !seen[r] {
			extra = append(extra, r)
		}
	}
	sort.Strings(extra)
	return append(out, extra...)
}

// writeHistogramText draws bins merged to at most rows rows as bars.
func writeHistogramText(ew *textout.Writer, bins []gamestats.Bin, rows int, indent string) {
	if len(bins) == 0 {
		return
	}
	merge := (len(bins) + rows - 1) / rows
	var merged []gamestats.Bin
	for i := 0; i < len(bins); i += merge {
		b := gamestats.Bin{Lo: bins[i].Lo}
		for j := i; j < i+merge && j < len(bins); j++ {
			b.Count += bins[j].Count
			b.Hi = bins[j].Hi
		}
		merged = append(merged, b)
	}
	var top int64
	for _, b := range merged {
		top = max(top, b.Count)
	}
	ew.Printf("%sgame length histogram (plies):\n", indent)
	for _, b := range merged {
		bar := 0
		if top > 0 {
			bar = int(math.Round(40 * float64(b.Count) / float64(top)))
		}
		ew.Printf("%s  %5d–%-5d %7d %s\n", indent, b.Lo, b.Hi-1, b.Count, strings.Repeat("#", bar))
	}
}

func writeComparisonText(ew *textout.Writer, c *gamestats.Comparison, conf string) {
	ew.Printf("%s → %s (%s and %s; changes are %s − %s)\n", c.A, c.B, games(c.GamesA), games(c.GamesB), c.B, c.A)
	o := c.Outcomes
	ew.Printf("  outcome table (red/draw/black): %s p %s (chi2 %.2f, df %d; Cramér's V %.3f)\n", o.Method, fmtP(o.P), o.Chi2, o.DF, o.CramersV)
	tw := tabwriter.NewWriter(ew, 0, 4, 2, ' ', 0)
	for _, name := range gamestats.RateNames {
		r, ok := c.Rates[name]
		if !ok {
			continue
		}
		fmt.Fprintf(tw, "  %s\t%.1f%% → %.1f%%\tchange %s\tp %s\th %+.3f\n", strings.ReplaceAll(name, "_", " "),
			100*r.A.Value, 100*r.B.Value, r.Diff.PointsText(" pts"), fmtP(r.P), r.CohensH)
	}
	s := c.FirstPlayerScore
	fmt.Fprintf(tw, "  first-player score\t%.4f → %.4f\tchange %s\tp %s\t\n", s.A.Value, s.B.Value, s.Diff.PointsText(" pts"), fmtP(s.P))
	ew.Flush(tw)
	if p := c.Paired; p != nil {
		ew.Printf("  paired over %s from the same openings (%d mismatched, %d/%d unmatched; %d with the same result under both):\n",
			words.Count(p.Pairs, "game"), p.Mismatched, p.UnmatchedA, p.UnmatchedB, p.Identical)
		ew.Printf("    first-player score change %s (paired t p %s); correlation of paired scores %s; unpaired interval [%s, %s]: pairing narrows it by %s\n",
			p.ScoreDiff.PointsText(" pts"), fmtP(float64(p.ScoreDiff.P)), numText(p.Correlation, 2, ""),
			signedPts(float64(p.UnpairedCI[0])), signedPts(float64(p.UnpairedCI[1])), numText(100*p.NarrowerBy, 0, "%"))
		ew.Printf("    draw rate change %s (%s p %s); first-player win rate change %s (%s p %s)\n",
			p.Draws.PointsText(" pts"), p.Draws.Test, fmtP(p.Draws.P),
			p.FirstPlayerWins.PointsText(" pts"), p.FirstPlayerWins.Test, fmtP(p.FirstPlayerWins.P))
	}
	for _, k := range []string{gamestats.ChangeScore, gamestats.ChangeDraw} {
		ch, ok := c.Changes[k]
		if !ok {
			continue
		}
		verdict := "not shown within"
		if ch.Equivalence.Equivalent {
			verdict = "within"
		}
		ew.Printf("  %s change %s (%s): %s ±%.1f points (equivalence TOST p %s)\n", strings.ReplaceAll(k, "_", " "), ch.Estimate.PointsText(" pts"), ch.Test,
			verdict, 100*ch.Equivalence.Margin, fmtP(float64(ch.Equivalence.P)))
	}
}

// WritePlanText prints a sample-size plan as a table.
func WritePlanText(w io.Writer, rows []gamestats.PlanRow, halfWidth, conf float64) error {
	fmt.Fprintf(w, "games for a %g%% interval of ±%g (±%.1f percentage points)\n", 100*conf, halfWidth, 100*halfWidth)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "group\tquantity\tobserved\thave\tneed\tmethod")
	for _, r := range rows {
		have := "-"
		if r.Have > 0 {
			have = fmt.Sprint(r.Have)
		}
		fmt.Fprintf(tw, "%s\t%s\t%.4f\t%s\t%d\t%s\n", r.Group, r.Quantity, r.Observed, have, r.Need, r.Method)
	}
	return tw.Flush()
}
