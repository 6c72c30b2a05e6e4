package report

import (
	"fmt"
	"math"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// TargetHalfWidth is the interval half-width the report's sample-size
// table plans for: ±1 percentage point.
const TargetHalfWidth = 0.01

// SizeRow says how many games a figure would need for an interval of
// ±TargetHalfWidth: per arm for an arm's figure, per arm (pairs, when the
// arms pair) for a change.
type SizeRow struct {
	Figure string `json:"figure"`
	// Have is the games (or pairs) the figure rests on and HalfWidth its
	// interval's half-width now.
	Have      int64   `json:"have"`
	HalfWidth float64 `json:"half_width"`
	Need      int64   `json:"need"`
}

// sampleSizes plans every arm's first-player score and every
// comparison's headline changes for ±TargetHalfWidth.
func sampleSizes(r *Report) []SizeRow {
	var out []SizeRow
	for _, a := range r.Arms {
		s := a.Stats
		n := float64(s.Games)
		need, err := stats.ScoreSampleSize(float64(s.FirstPlayerWins)/n, float64(s.FirstPlayerDraws)/n, TargetHalfWidth, r.Confidence)
		if err != nil {
			continue
		}
		out = append(out, SizeRow{Figure: a.Name + ": first-player score", Have: s.Games, HalfWidth: s.FirstPlayerScore.HalfWidth(), Need: int64(need)})
	}
	z := gamestats.ZCrit(r.Confidence)
	for _, c := range r.Comparisons {
		have := min(c.GamesA, c.GamesB)
		if c.Paired != nil && c.Changes[gamestats.ChangeScore].Test == "paired t-test" {
			have = c.Paired.Pairs
		}
		for _, k := range []string{gamestats.ChangeScore, gamestats.ChangeDraw} {
			ch := c.Changes[k]
			need := have
			if ch.SE > 0 {
				q := z * ch.SE / TargetHalfWidth
				need = int64(math.Ceil(float64(have) * q * q))
			}
			out = append(out, SizeRow{Figure: fmt.Sprintf("%s → %s: %s change (%s)", c.A, c.B, wordsOf(k), ch.Test), Have: have, HalfWidth: ch.HalfWidth(), Need: need})
		}
	}
	return out
}

func wordsOf(key string) string {
	switch key {
	case gamestats.ChangeScore:
		return "first-player score"
	case gamestats.ChangeDraw:
		return "draw rate"
	}
	return key
}
