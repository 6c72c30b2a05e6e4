package report

import (
	"fmt"
	"sort"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// OpeningSensitivity shows how the first move's worth depends on the
// opening procedure: arms alike but for their opening plies k, one row
// each, with the advantage of the side to move after the opening (Red
// after an even k, Black after an odd one) and a test that every row
// estimates the same advantage.
type OpeningSensitivity struct {
	Rows []OpeningRow `json:"rows"`
	// Test is Cochran's Q over the rows' advantages of the side to move
	// (absent with fewer than two rows that have a spread).
	Test *stats.Heterogeneity `json:"test,omitempty"`
}

// OpeningRow is one arm of an opening-sensitivity table.
type OpeningRow struct {
	Arm           string `json:"arm"`
	RandomOpening int    `json:"random_opening"`
	// Mover is the side to move after the opening: "red" or "black".
	Mover    string `json:"mover"`
	Games    int64  `json:"games"`
	Openings int    `json:"openings"`
	// MoverAdvantage is that side's score − 0.5, with its interval, and
	// FirstAdvantage the first player's (Red's): the same after an even k,
	// turned round after an odd one.
	MoverAdvantage gamestats.Estimate `json:"mover_advantage"`
	FirstAdvantage gamestats.Estimate `json:"first_player_advantage"`
	DrawRate       gamestats.Estimate `json:"draw_rate"`
	// FreeCaptureGames counts the games whose opening hands the side to
	// move a capture.
	FreeCaptureGames int `json:"free_capture_games"`
}

// openingSensitivity builds the table from the arms that share every
// setting but their opening plies (nil when no two arms do).
func openingSensitivity(arms []ArmInfo, conf float64) (*OpeningSensitivity, error) {
	groups := map[string][]ArmInfo{}
	var order []string
	for _, a := range arms {
		if a.Config == nil {
			continue
		}
		c := *a.Config
		c.Seed = 0 // arms of other openings cannot pair, so their seeds may differ
		key := fmt.Sprintf("%s|%s|%+v", a.Variant, a.Evaluator, c)
		if groups[key] == nil {
			order = append(order, key)
		}
		groups[key] = append(groups[key], a)
	}
	for _, key := range order {
		g := groups[key]
		ks := map[int]bool{}
		for _, a := range g {
			ks[a.RandomOpening] = true
		}
		if len(ks) < 2 || len(ks) != len(g) {
			continue
		}
		sort.SliceStable(g, func(i, j int) bool { return g[i].RandomOpening < g[j].RandomOpening })
		out := &OpeningSensitivity{}
		z, err := stats.ZCrit(conf)
		if err != nil {
			return nil, err
		}
		var xs, ses []float64
		for _, a := range g {
			s := a.Stats
			row := OpeningRow{Arm: a.Name, RandomOpening: a.RandomOpening, Mover: SideAfter(a.RandomOpening), Games: s.Games,
				MoverAdvantage: s.FirstPlayerAdvantage, FirstAdvantage: s.FirstPlayerAdvantage, DrawRate: s.DrawRate}
			if a.RandomOpening%2 == 1 { // Black moves after the opening
				adv := s.FirstPlayerAdvantage
				row.MoverAdvantage = gamestats.Estimate{Value: -adv.Value, CI: [2]float64{-adv.CI[1], -adv.CI[0]}}
			}
			if s.FirstPlayer != "red" {
				return nil, fmt.Errorf("arm %s: games start with %s to move: the opening table assumes the start position, Red first", a.Name, s.FirstPlayer)
			}
			row.Openings = 1
			if a.Openings != nil {
				row.Openings = a.Openings.Openings
				row.FreeCaptureGames = a.Openings.FreeCapture.Games
			}
			row.Mover = map[string]string{"Red": "red", "Black": "black"}[row.Mover]
			out.Rows = append(out.Rows, row)
			if se := row.MoverAdvantage.HalfWidth() / z; se > 0 {
				xs, ses = append(xs, row.MoverAdvantage.Value), append(ses, se)
			}
		}
		if len(xs) >= 2 {
			h, err := stats.CochranQ(xs, ses)
			if err != nil {
				return nil, err
			}
			out.Test = &h
		}
		return out, nil
	}
	return nil, nil
}

// sideAfter names the side to move after k random plies from the start
// position, where Red moves first.
func SideAfter(k int) string {
	if k%2 == 0 {
		return "Red"
	}
	return "Black"
}
