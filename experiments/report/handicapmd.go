package report

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/textout"
)

// writeHandicapMarkdown writes the report's handicap section: per base
// strength, the first player's advantage at each ratio of Black's
// simulations to Red's, and r*, doublings and Elo with both intervals.
func (r *Report) writeHandicapMarkdown(ew *textout.Writer) {
	if len(r.Handicaps) == 0 {
		return
	}
	ew.Printf("\n## The first move's worth in simulations\n\n")
	ew.Printf("Independent players; Red, the first player, searches the base simulations and Black r times as many, from the same openings with the same search seeds. r* is where the first player's advantage, linear in log2 r between the two ratios that bracket 0, crosses 0: Black needs r* times Red's simulations to score even, and log2 r* is the first move's worth in doublings of search; Elo is the first player's score at r = 1 in Elo. Each figure has two %.0f%% intervals, percentiles of %d paired bootstrap resamples: *given openings* resamples games within each opening (absent with one game an opening), *openings sampled* resamples the openings.\n\n",
		100*r.Confidence, handicapResamples)
	ew.Printf("| base sims | games (openings) | advantage at each ratio (pts; given openings / openings sampled) | r* | doublings | first move in Elo |\n|---:|---|---|---|---|---|\n")
	for _, h := range r.Handicaps {
		var pts []string
		for _, p := range h.Points {
			pts = append(pts, fmt.Sprintf("×%g: %s", p.Ratio, twoText(p.Advantage, func(e gamestats.Estimate) string { return e.PointsText("") })))
		}
		rs, db, elo := "– ("+h.Note+")", "–", "–"
		if h.Bracketed {
			twoDecimals := func(e gamestats.Estimate) string { return fmt.Sprintf("%.2f [%.2f, %.2f]", e.Value, e.CI[0], e.CI[1]) }
			rs, db = twoText(*h.RStar, twoDecimals), twoText(*h.Doublings, twoDecimals)
			if len(h.Doublings.Open) > 0 {
				db += " (open: " + strings.Join(h.Doublings.Open, ", ") + ")"
			}
		}
		if h.Elo != nil {
			elo = twoText(*h.Elo, func(e gamestats.Estimate) string {
				return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", e.Value, e.CI[0], e.CI[1])
			})
		}
		ew.Printf("| %d | %d (%d) | %s | %s | %s | %s |\n", h.BaseSims, h.Games, h.Openings, strings.Join(pts, "; "), rs, db, elo)
	}
}

// twoText writes a figure with its two intervals: "v [given] / [sampled]",
// the first "–" when absent.
func twoText(t TwoIntervals, f func(gamestats.Estimate) string) string {
	sampled := f(t.OpeningsSampled)
	if t.GivenOpenings == nil {
		return "– / " + sampled
	}
	given := f(*t.GivenOpenings)
	_, ci, _ := strings.Cut(sampled, "[")
	return given + " / [" + ci
}
