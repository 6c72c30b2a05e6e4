package report

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/textout"
)

// writeOpeningsMarkdown writes the report's sections on openings (the
// score stratified by opening, the openings that hand a free capture), the
// opening-sensitivity table and the draws' anatomy, each only when the
// report has its figures.
func (r *Report) writeOpeningsMarkdown(ew *textout.Writer) {
	r.mdOpenings(ew)
	r.mdOpeningSensitivity(ew)
	r.mdDraws(ew)
}

// mdOpenings writes each arm's advantage given its openings and with its
// openings as a sample, where it played two openings or more.
func (r *Report) mdOpenings(ew *textout.Writer) {
	withOpenings := r.armsWith(func(a ArmInfo) bool { return a.Openings != nil })
	if len(withOpenings) > 0 {
		ew.Printf("\n## Openings\n\n")
		ew.Printf("The first player's advantage from these openings, with two intervals that answer two questions. *Over search seeds, given these openings*: each opening's mean score weighted by its share of the games, the interval from the spread within openings only (the openings played are the population asked about; what other search seeds would have done from them). *Openings as a sample*: the same figure, the interval from the spread between the openings' mean scores (the openings are a sample of the starts the game could have; what other openings would have done), with the openings that would give ±1 point under it, each played as often as these. The variance reduction is the share of the plain mean's variance that came from which opening a game had. A free capture: the side to move after the opening can capture at once; its score is that side's (wins + draws/2)/games.\n\n")
		ew.Printf("| arm | openings | games per opening | advantage over search seeds, given these openings (pts) | advantage, openings as a sample (pts) | openings for ±1 point | variance reduction | as many as plain games | free-capture openings (games) | mover's score after a free capture | mover's score otherwise |\n")
		ew.Printf("|---|---:|---|---|---|---:|---|---|---|---|---|\n")
		for _, a := range withOpenings {
			o := a.Openings
			per := fmt.Sprintf("%d", o.MinGames)
			if o.MaxGames != o.MinGames {
				per = fmt.Sprintf("%d–%d", o.MinGames, o.MaxGames)
			}
			strat, red, eq := "– (an opening with one game)", "–", "–"
			if s := o.Stratified; s != nil {
				strat = s.Advantage.PointsText("")
				if !math.IsNaN(float64(s.VarianceReduction)) {
					red = fmt.Sprintf("%.1f%%", 100*float64(s.VarianceReduction))
				}
				eq = fmt.Sprintf("%.0f", float64(s.EquivalentGames))
			}
			sampled, forOne := "–", "–"
			if p := o.Sampled; p != nil {
				sampled = p.Advantage.PointsText("")
				if f := float64(p.OpeningsForOnePoint); !math.IsInf(f, 0) {
					forOne = fmt.Sprintf("%.0f", f)
				}
			}
			ew.Printf("| %s | %d | %s | %s | %s | %s | %s | %s | %d (%d) | %s | %s |\n", a.Name, o.Openings, per, strat, sampled, forOne, red, eq,
				o.FreeCapture.Openings, o.FreeCapture.Games, scoreCell(o.FreeCapture.MoverScore), scoreCell(o.FreeCapture.OthersScore))
		}
	}
}

// mdOpeningSensitivity writes how the answer depends on the opening
// plies, where the report has arms alike but for them.
func (r *Report) mdOpeningSensitivity(ew *textout.Writer) {
	if s := r.OpeningSensitivity; s != nil {
		ew.Printf("\n## How the answer depends on the opening\n\n")
		ew.Printf("Arms alike but for their opening plies k. The advantage is that of the side to move after the opening (Red after an even k, Black after an odd one), its score − 0.5.\n\n")
		ew.Printf("| k | arm | side to move after it | games | openings | advantage of that side (pts) | first player's (Red's) advantage (pts) | draw rate | free-capture games |\n|---:|---|---|---:|---:|---|---|---|---:|\n")
		for _, row := range s.Rows {
			ew.Printf("| %d | %s | %s | %d | %d | %s | %s | %s | %d |\n", row.RandomOpening, row.Arm, row.Mover, row.Games, row.Openings, row.MoverAdvantage.PointsText(""), row.FirstAdvantage.PointsText(""), row.DrawRate.PercentText(), row.FreeCaptureGames)
		}
		if t := s.Test; t != nil {
			ew.Printf("\nDo all rows estimate one advantage? Cochran's Q %.1f on %d df, p %s (weighted mean %s points).\n", t.Q, t.DF, fmtP(t.P), signedPts(t.Mean))
		}
	}
}

// mdDraws writes what each arm's draws are made of.
func (r *Report) mdDraws(ew *textout.Writer) {
	withDraws := r.armsWith(func(a ArmInfo) bool { return a.Draws != nil })
	if len(withDraws) > 0 {
		ew.Printf("\n## What the draws are made of\n\n")
		tables := 0
		for _, a := range withDraws {
			if t := a.Draws.Tables; t != nil {
				tables = max(tables, t.Pieces)
			}
		}
		ew.Printf("Repetitions end at: the plies of the games a repetition drew (median and range). Lines: the distinct move lists among the draws, and the draws whose very move list another draw of the arm also played (the same line under other search seeds).\n\n")
		if tables > 0 {
			ew.Printf("The endgame tables (up to %d pieces) judge the position each draw's last capture left, with the no-capture counter at 0: won for one side (a forced win thrown away), drawn with best play, or beyond the tables (more pieces).\n\n", tables)
			ew.Printf("| arm | draws | by ending | with unequal material | tables: won for one side / drawn / beyond | by pieces left (both sides) | repetitions end at ply | lines (draws on a repeated line) |\n|---|---:|---|---:|---|---|---|---|\n")
		} else {
			ew.Printf("| arm | draws | by ending | with unequal material | by pieces left (both sides) | repetitions end at ply | lines (draws on a repeated line) |\n|---|---:|---|---:|---|---|---|\n")
		}
		for _, a := range withDraws {
			d := a.Draws
			var reasons []string
			for k, v := range d.ByReason {
				reasons = append(reasons, fmt.Sprintf("%s %d", k, v))
			}
			sort.Strings(reasons)
			var pieces []string
			for _, c := range d.ByPieces {
				pieces = append(pieces, fmt.Sprintf("%d: %d", c.At, c.Count))
			}
			rep, lines := pliesText(d.RepetitionPlies), fmt.Sprintf("%d (%d)", d.Lines, d.RepeatedLines)
			if tables > 0 {
				tc := "–"
				if t := d.Tables; t != nil {
					tc = fmt.Sprintf("%d / %d / %d", t.Won, t.Drawn, t.Beyond)
				}
				ew.Printf("| %s | %d | %s | %d | %s | %s | %s | %s |\n", a.Name, d.Draws, strings.Join(reasons, ", "), d.Unequal, tc, strings.Join(pieces, ", "), rep, lines)
				continue
			}
			ew.Printf("| %s | %d | %s | %d | %s | %s | %s |\n", a.Name, d.Draws, strings.Join(reasons, ", "), d.Unequal, strings.Join(pieces, ", "), rep, lines)
		}
	}
}

// pliesText writes a histogram of plies as its median and range: "25 (19–41)".
func pliesText(h []gamestats.CountAt) string {
	var n int64
	for _, c := range h {
		n += c.Count
	}
	if n == 0 {
		return "–"
	}
	var seen int64
	median := h[0].At
	for _, c := range h {
		if seen += c.Count; 2*seen >= n {
			median = c.At
			break
		}
	}
	return fmt.Sprintf("%d (%d–%d)", median, h[0].At, h[len(h)-1].At)
}

func scoreCell(e *gamestats.Estimate) string {
	if e == nil {
		return "–"
	}
	return e.ScoreText()
}
