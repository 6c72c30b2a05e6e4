package report

import (
	"fmt"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"io"
	"path/filepath"
	"strings"
)

// ArmHeadline is an arm's headline figures in experiment run|report --json.
type ArmHeadline struct {
	Name    string `json:"name"`
	Variant string `json:"variant"`
	gamestats.Results
	FirstPlayerScore gamestats.Estimate `json:"first_player_score"`
}

// ComparisonHeadline is a comparison's headline figures.
type ComparisonHeadline struct {
	gamestats.ComparedGroups
	OutcomesP        float64                   `json:"outcomes_p"`
	DrawRate         *gamestats.RateComparison `json:"draw_rate,omitempty"`
	FirstPlayerScore gamestats.ScoreComparison `json:"first_player_score"`
}

// Headline is where an experiment's report went, its answer and headline
// figures: what experiment run and report print (its JSON with --json).
type Headline struct {
	Dir         string               `json:"dir"`
	ReportJSON  string               `json:"report_json"`
	ReportMD    string               `json:"report_md"`
	Plots       []string             `json:"plots"`
	Arms        []ArmHeadline        `json:"arms"`
	Comparisons []ComparisonHeadline `json:"comparisons"`
	Answer      []string             `json:"answer"`
	// Games is the games per arm played; SpecGames the spec file's, when
	// experiment run --games overrode it.
	Games     int64 `json:"games"`
	SpecGames int64 `json:"spec_games,omitempty"`

	plots []string // as the report names them, for the text
}

// NewHeadline returns the headline of report r written to dir.
func NewHeadline(dir string, r *Report) *Headline {
	h := &Headline{Dir: dir, ReportJSON: filepath.Join(dir, "report.json"), ReportMD: filepath.Join(dir, "report.md"),
		Plots: []string{}, Arms: []ArmHeadline{}, Comparisons: []ComparisonHeadline{}, Answer: make([]string, len(r.Answer)), plots: r.Plots}
	for i, p := range r.Answer {
		h.Answer[i] = strings.ReplaceAll(p, "**", "")
	}
	if r.Spec != nil {
		h.Games, h.SpecGames = r.Spec.Games, r.Spec.SpecGames
	}
	for _, p := range r.Plots {
		h.Plots = append(h.Plots, filepath.Join(dir, p))
	}
	for _, a := range r.Arms {
		h.Arms = append(h.Arms, ArmHeadline{Name: a.Name, Variant: a.Variant, Results: a.Stats.Results, FirstPlayerScore: a.Stats.FirstPlayerScore})
	}
	for _, c := range r.Comparisons {
		cj := ComparisonHeadline{ComparedGroups: c.ComparedGroups, OutcomesP: c.Outcomes.P, FirstPlayerScore: c.FirstPlayerScore}
		if d, ok := c.Rates["draw_rate"]; ok {
			cj.DrawRate = &d
		}
		h.Comparisons = append(h.Comparisons, cj)
	}
	return h
}

// WriteText prints where the report went and its answer, a paragraph a
// part.
func (h *Headline) WriteText(w io.Writer) {
	fmt.Fprintf(w, "wrote %s/report.md, report.json and %s\n\n", strings.TrimSuffix(h.Dir, "/"), strings.Join(h.plots, ", "))
	for _, p := range h.Answer {
		fmt.Fprintf(w, "%s\n\n", p)
	}
}
