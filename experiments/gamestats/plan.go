package gamestats

import (
	"fmt"
	"math"

	"github.com/surakarta/surakarta/internal/base/stats"
)

// PlanRow is one line of a sample-size plan: how many games give a figure
// an interval of the chosen half-width at the observed (or given) rate.
type PlanRow struct {
	// Group is the group or comparison the row is about.
	Group string `json:"group"`
	// Quantity names the figure, e.g. draw_rate or
	// first_player_score_diff.
	Quantity string `json:"quantity"`
	// Observed is the rate (or score) the plan assumes.
	Observed float64 `json:"observed"`
	// Have is the number of games the data hold (per arm for a
	// difference); 0 when planning from a rate alone.
	Have int64 `json:"have"`
	// Need is the number of games (per arm for a difference) for the
	// half-width; Method says how it was computed.
	Need   int64  `json:"need"`
	Method string `json:"method"`
}

// Plan returns the games needed for ±halfWidth at the confidence level
// conf on every rate and on the first-player score of each group, and on
// each comparison's differences: Wilson for rates, the trinomial normal
// approximation for the score, independent arms for differences (a paired
// design needs fewer: the paired rows scale the unpaired need by the
// observed width ratio squared).
func Plan(res *Result, halfWidth float64) ([]PlanRow, error) {
	conf := res.Confidence
	var rows []PlanRow
	for _, g := range res.Variants {
		for _, q := range []struct {
			name string
			rate float64
		}{{"red_win_rate", g.RedWinRate.Value}, {"black_win_rate", g.BlackWinRate.Value}, {"draw_rate", g.DrawRate.Value}} {
			n, err := stats.ProportionSampleSize(q.rate, halfWidth, conf)
			if err != nil {
				return nil, err
			}
			rows = append(rows, PlanRow{Group: g.Label, Quantity: q.name, Observed: q.rate, Have: g.Games, Need: int64(n), Method: "wilson"})
		}
		games := float64(g.Games)
		w, d := float64(g.FirstPlayerWins)/games, float64(g.FirstPlayerDraws)/games
		n, err := stats.ScoreSampleSize(w, d, halfWidth, conf)
		if err != nil {
			return nil, err
		}
		rows = append(rows, PlanRow{Group: g.Label, Quantity: "first_player_score", Observed: g.FirstPlayerScore.Value, Have: g.Games, Need: int64(n), Method: "trinomial normal"})
	}
	for _, c := range res.Comparisons {
		label := c.A + " vs " + c.B
		dr := c.Rates["draw_rate"]
		n, err := stats.DifferenceSampleSize(dr.A.Value, dr.B.Value, halfWidth, conf)
		if err != nil {
			return nil, err
		}
		have := min(c.GamesA, c.GamesB)
		rows = append(rows, PlanRow{Group: label, Quantity: "draw_rate_diff", Observed: dr.Diff.Value, Have: have, Need: int64(n), Method: "two independent arms"})
		sc := c.FirstPlayerScore
		z, _ := stats.ZCrit(conf)
		// The observed standard error scales as 1/√n per arm.
		se := (sc.Diff.CI[1] - sc.Diff.CI[0]) / (2 * z)
		need := int64(1)
		if se > 0 {
			need = ceilDiv(float64(have)*se*se, halfWidth*halfWidth/(z*z))
		}
		rows = append(rows, PlanRow{Group: label, Quantity: "first_player_score_diff", Observed: sc.Diff.Value, Have: have, Need: need, Method: "two independent arms"})
		if p := c.Paired; p != nil && !math.IsNaN(float64(p.WidthRatio)) {
			r := float64(p.WidthRatio)
			rows = append(rows, PlanRow{Group: label, Quantity: "first_player_score_diff_paired", Observed: float64(p.ScoreDiff.Value), Have: p.Pairs,
				Need: max(1, ceilDiv(float64(need)*r*r, 1)), Method: fmt.Sprintf("paired (width ratio %.2f)", r)})
		}
	}
	return rows, nil
}

// PlanRate returns the plan for a single rate p: the smallest number of
// games whose Wilson interval at p is ±halfWidth.
func PlanRate(p, halfWidth, conf float64) ([]PlanRow, error) {
	n, err := stats.ProportionSampleSize(p, halfWidth, conf)
	if err != nil {
		return nil, err
	}
	return []PlanRow{{Group: "-", Quantity: "rate", Observed: p, Need: int64(n), Method: "wilson"}}, nil
}

func ceilDiv(a, b float64) int64 {
	q := a / b
	n := int64(q)
	if float64(n) < q-1e-9 {
		n++
	}
	return n
}
