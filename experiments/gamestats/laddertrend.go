package gamestats

import (
	"math"
	"sort"

	"github.com/surakarta/surakarta/internal/base/stats"
)

// PairedTrend is a ladder's trend per doubling of simulations tested game
// by game, for ladders whose rungs play the same openings: each game i
// played from the same opening at every rung gives the least-squares
// slope tᵢ = Σⱼ cⱼ·yᵢⱼ of its results yᵢⱼ on xⱼ = log2(simsⱼ), with cⱼ =
// (xⱼ − x̄)/Σ(xⱼ − x̄)²; the mean of the tᵢ is the slope of the rungs'
// means, and its interval is the one-sample t interval of the tᵢ. A game's
// results at different rungs share its opening and are correlated; the
// line fit through the rungs' intervals treats them as independent, this
// test does not (a cluster-robust trend test, the clusters being the
// openings played at every rung).
type PairedTrend struct {
	// Games counts the games played from the same opening at every rung.
	Games int64 `json:"games"`
	// Advantage is the first-player advantage's slope per doubling (the
	// score's: the same), DrawRate the draw rate's, each with its
	// interval, t statistic and two-sided p-value (Games − 1 df).
	Advantage PairedFigure `json:"advantage_per_doubling"`
	DrawRate  PairedFigure `json:"draw_rate_per_doubling"`
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// pairedTrend computes the trend over the rungs' pairing indexes, with
// sims giving each rung's simulations; nil when fewer than two games pair
// across every rung.
func NewPairedTrend(idx []*PairIndex, sims []int, conf float64) (*PairedTrend, error) {
	if len(idx) < 2 || len(idx) != len(sims) {
		return nil, nil
	}
	for _, x := range idx {
		if x == nil {
			return nil, nil
		}
	}
	var xbar float64
	for _, s := range sims {
		xbar += math.Log2(float64(s))
	}
	xbar /= float64(len(sims))
	c := make([]float64, len(sims))
	var sxx float64
	for j, s := range sims {
		c[j] = math.Log2(float64(s)) - xbar
		sxx += c[j] * c[j]
	}
	if sxx == 0 {
		return nil, nil
	}
	for j := range c {
		c[j] /= sxx
	}
	ids := make([]int64, 0, len(idx[0].games))
	for id := range idx[0].games {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] }) // a fixed summation order
	var adv, draw stats.Paired
	var n int64
games:
	for _, id := range ids {
		r0 := idx[0].games[id]
		var ta, td float64
		for j, x := range idx {
			r, ok := x.games[id]
			if !ok || r.opening != r0.opening {
				continue games
			}
			// Against the first rung's result (Σcⱼ = 0, so the slope is
			// the same), so that a game alike at every rung gives exactly 0.
			ta += c[j] * (float64(r.score) - float64(r0.score)) / 2
			td += c[j] * (b2f(r.score == 1) - b2f(r0.score == 1))
		}
		n++
		adv.Add(ta, 0)
		draw.Add(td, 0)
	}
	if n < 2 {
		return nil, nil
	}
	t := &PairedTrend{Games: n}
	for _, f := range []struct {
		p   stats.Paired
		dst *PairedFigure
	}{{adv, &t.Advantage}, {draw, &t.DrawRate}} {
		r, err := f.p.Analyze(conf)
		if err != nil {
			return nil, err
		}
		*f.dst = PairedFigure{Value: stats.Num(r.MeanDiff), CI: [2]stats.Num{stats.Num(r.CI.Lo), stats.Num(r.CI.Hi)}, T: stats.Num(r.T), P: stats.Num(r.P)}
	}
	return t, nil
}
