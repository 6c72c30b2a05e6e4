package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// Handicap is what moving first is worth in units of strength at one base
// strength: the ratio r* of simulations at which the second player (Black,
// searching r times the first player's base simulations) scores even with
// the first, from arms of independent players alike but for Black's
// simulations, paired game by game. The advantage is taken as linear in
// log2 r between the two ratios that bracket 0, and r* is where that line
// crosses it.
//
// Every figure carries two intervals, percentile intervals of Resamples
// paired bootstrap resamples: Seeds resamples games within each opening
// (the openings played are the population: what the search's seeds could
// have done from them), Openings resamples openings with all their games
// (the openings are a sample of starts). Where more than the interval's
// tail of resamples finds no crossing within the ratios played, that end
// is open and stands at the last ratio played, and Open says which.
type Handicap struct {
	// BaseSims is the first player's (Red's) simulations a move.
	BaseSims int `json:"base_sims"`
	// Games and Openings count the games every arm played from the same
	// openings with the same seeds, and their openings.
	Games    int `json:"games"`
	Openings int `json:"openings"`
	// Points are the arms, by ratio.
	Points []HandicapPoint `json:"points"`
	// Bracketed reports whether the advantage crosses 0 between two
	// ratios played; without it the figures below are absent and Note
	// says on which side r* lies.
	Bracketed bool   `json:"bracketed"`
	Note      string `json:"note,omitempty"`
	// RStar is r*; Doublings, log2 r*; Elo, the first move's worth in
	// Elo, from the first player's score at ratio 1 (the same strength on
	// both sides).
	RStar     *TwoIntervals `json:"r_star,omitempty"`
	Doublings *TwoIntervals `json:"doublings,omitempty"`
	Elo       *TwoIntervals `json:"elo,omitempty"`
	Resamples int           `json:"resamples"`
}

// HandicapPoint is one arm of a handicap: Black's simulations as a ratio
// of Red's and the first player's advantage over the paired games, with
// its two intervals.
type HandicapPoint struct {
	Arm       string       `json:"arm"`
	Ratio     float64      `json:"ratio"`
	Advantage TwoIntervals `json:"advantage"`
}

// TwoIntervals is a figure with its two named intervals, each an Estimate
// of the same value: GivenOpenings over the search's seeds with the
// openings played as the population, OpeningsSampled treating the
// openings as a sample of starts. Open names an end of an interval that
// the ratios played do not close ("given_openings low", ...).
// GivenOpenings is absent when an opening has a single game (no spread
// within openings to resample).
type TwoIntervals struct {
	GivenOpenings   *gamestats.Estimate `json:"given_openings,omitempty"`
	OpeningsSampled gamestats.Estimate  `json:"openings_sampled"`
	Open            []string            `json:"open,omitempty"`
}

// handicapResamples is the bootstrap's size: the percentile bounds of a
// 95% interval move by about a tenth of a standard error between seeds.
const handicapResamples = 4000

// handicapArm is an arm of a handicap group with its paired games' scores.
type handicapArm struct {
	name  string
	ratio float64
}

// buildHandicaps finds the handicap groups among the arms (independent
// players, alike but for Black's simulations, one of them at ratio 1) and
// computes each group's r*.
func buildHandicaps(in *Input, arms []ArmInfo, seed uint64) ([]Handicap, error) {
	if in.Collector.Pairs == nil {
		return nil, nil
	}
	groups := map[string][]handicapArm{}
	bases := map[string]int{}
	var keys []string
	for _, a := range arms {
		if a.Players != spec.PlayersIndependent || a.Config == nil {
			continue
		}
		base, black := a.Sims, a.Sims
		if a.RedSims != 0 {
			base, black = a.RedSims, a.BlackSims
		}
		if base <= 0 {
			continue
		}
		k := fmt.Sprintf("%s|%d|%s", a.handicapSetting(), base, a.Variant)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
			bases[k] = base
		}
		groups[k] = append(groups[k], handicapArm{name: a.Name, ratio: float64(black) / float64(base)})
	}
	var out []Handicap
	for _, k := range keys {
		g := groups[k]
		sort.SliceStable(g, func(i, j int) bool { return g[i].ratio < g[j].ratio })
		if len(g) < 2 || !slices.ContainsFunc(g, func(h handicapArm) bool { return h.ratio == 1 }) {
			continue
		}
		distinct := true
		for i := 1; i < len(g); i++ {
			distinct = distinct && g[i].ratio > g[i-1].ratio
		}
		if !distinct {
			continue
		}
		h, err := handicapOf(in, g, bases[k], seed)
		if err != nil {
			return nil, err
		}
		if h != nil {
			out = append(out, *h)
		}
	}
	return out, nil
}

// handicapSetting is the arm's settings but for simulations, as the key of
// a handicap group: its engine without simulations and Red's settings
// (Black's may differ).
func (a *ArmInfo) handicapSetting() string {
	c := *a.Config
	c.Sims = 0
	return fmt.Sprintf("%+v", c)
}

// handicapOf computes one group's figures over the games every arm played.
func handicapOf(in *Input, g []handicapArm, base int, seed uint64) (*Handicap, error) {
	hs := handicapScoresOf(in, g)
	if hs == nil {
		return nil, nil
	}
	h := &Handicap{BaseSims: base, Games: len(hs.scores), Openings: len(hs.openings), Resamples: handicapResamples}
	ratios := make([]float64, len(g))
	for j, a := range g {
		ratios[j] = a.ratio
	}
	all := make([]int, len(hs.scores))
	for i := range all {
		all[i] = i
	}
	adv := means(hs.scores, all, len(g))
	x, ok := crossing(ratios, adv)
	one := slices.Index(ratios, 1)
	bs := hs.bootstrap(ratios, one, seed, in.Confidence)
	for j, a := range g {
		t := bs.two(j, adv[j], 0, 0)
		h.Points = append(h.Points, HandicapPoint{Arm: a.name, Ratio: a.ratio, Advantage: t})
	}
	if !ok {
		if adv[len(adv)-1] > 0 {
			h.Note = fmt.Sprintf("the first player still scores above even with Black at %g× its simulations: r* lies beyond the ratios played", ratios[len(ratios)-1])
		} else {
			h.Note = fmt.Sprintf("the first player scores below even at every ratio played: r* lies under %g", ratios[0])
		}
		return h, nil
	}
	h.Bracketed = true
	lo, hi := math.Log2(ratios[0]), math.Log2(ratios[len(ratios)-1])
	d := bs.two(len(g), x, lo, hi)
	h.Doublings = &d
	exp2 := func(e *gamestats.Estimate) *gamestats.Estimate {
		if e == nil {
			return nil
		}
		return &gamestats.Estimate{Value: math.Exp2(e.Value), CI: [2]float64{math.Exp2(e.CI[0]), math.Exp2(e.CI[1])}}
	}
	h.RStar = &TwoIntervals{GivenOpenings: exp2(d.GivenOpenings), OpeningsSampled: *exp2(&d.OpeningsSampled), Open: d.Open}
	// A clean sweep at ratio 1 has no finite Elo; ±800 (a score of 1
	// in 100) bounds a resample's.
	if elo := stats.EloFromScore(adv[one] + 0.5); !math.IsInf(elo, 0) {
		e := bs.two(len(g)+1, elo, -800, 800)
		h.Elo = &e
	}
	return h, nil
}

// handicapScores are the games every arm of a handicap played, grouped
// by opening: scores[i][j] is game i's first-player score under arm j.
type handicapScores struct {
	scores    [][]float64
	byOpening map[uint64][]int
	openings  []uint64
}

// handicapScoresOf returns the games every arm of g played from the same
// opening, in id order; nil for fewer than two.
func handicapScoresOf(in *Input, g []handicapArm) *handicapScores {
	idx := make([]*gamestats.PairIndex, len(g))
	for j, a := range g {
		idx[j] = in.Collector.Pairs[in.byName[a.name]]
	}
	ids := gamestats.CommonGames(idx)
	if len(ids) < 2 {
		return nil
	}
	hs := &handicapScores{byOpening: map[uint64][]int{}, scores: make([][]float64, len(ids))}
	for i, id := range ids {
		o, _, _ := idx[0].Game(id)
		if _, ok := hs.byOpening[o]; !ok {
			hs.openings = append(hs.openings, o)
		}
		hs.byOpening[o] = append(hs.byOpening[o], i)
		hs.scores[i] = make([]float64, len(g))
		for j := range g {
			_, hs.scores[i][j], _ = idx[j].Game(id)
		}
	}
	slices.Sort(hs.openings)
	return hs
}

// handicapBoot holds the two bootstraps' replicates of every figure
// (each arm's advantage, the doublings, the Elo at ratio 1): within
// openings (when every opening has two games or more) and over openings.
type handicapBoot struct {
	boot   [2][][]float64 // [kind][figure index][replicate]
	within bool
	conf   float64
}

// bootstrap resamples the games handicapResamples times each way, from
// seed (the resamples repeat for a seed).
func (hs *handicapScores) bootstrap(ratios []float64, one int, seed uint64, conf float64) *handicapBoot {
	bs := &handicapBoot{within: true, conf: conf}
	for _, o := range hs.openings {
		bs.within = bs.within && len(hs.byOpening[o]) >= 2
	}
	arms := len(ratios)
	nfig := arms + 2
	r := rand.New(rand.NewPCG(seed, 0x4a6e))
	pick := make([]int, 0, len(hs.scores))
	for kind := range 2 {
		bs.boot[kind] = make([][]float64, nfig)
		if kind == 0 && !bs.within {
			continue
		}
		for b := 0; b < handicapResamples; b++ {
			pick = hs.resample(pick[:0], kind, r)
			m := means(hs.scores, pick, arms)
			for j := range arms {
				bs.boot[kind][j] = append(bs.boot[kind][j], m[j])
			}
			bx, bok := crossing(ratios, m)
			if !bok {
				bx = math.Inf(1)
				if m[len(m)-1] < 0 { // below 0 everywhere: r* under the smallest ratio
					bx = math.Inf(-1)
				}
			}
			bs.boot[kind][arms] = append(bs.boot[kind][arms], bx)
			bs.boot[kind][arms+1] = append(bs.boot[kind][arms+1], stats.EloFromScore(m[one]+0.5))
		}
	}
	return bs
}

// resample appends one resample's games to pick: within each opening
// (kind 0) or whole openings (kind 1).
func (hs *handicapScores) resample(pick []int, kind int, r *rand.Rand) []int {
	if kind == 0 {
		for _, o := range hs.openings {
			games := hs.byOpening[o]
			for range games {
				pick = append(pick, games[r.IntN(len(games))])
			}
		}
		return pick
	}
	for range hs.openings {
		pick = append(pick, hs.byOpening[hs.openings[r.IntN(len(hs.openings))]]...)
	}
	return pick
}

// two returns figure fig's value with its intervals, an end that no
// crossing closes standing at clampLo or clampHi (and named in Open).
func (bs *handicapBoot) two(fig int, value float64, clampLo, clampHi float64) TwoIntervals {
	t := TwoIntervals{OpeningsSampled: gamestats.Estimate{Value: value}}
	if bs.within {
		t.GivenOpenings = &gamestats.Estimate{Value: value}
	}
	for kind, dst := range []*gamestats.Estimate{t.GivenOpenings, &t.OpeningsSampled} {
		if dst == nil {
			continue
		}
		l, u := percentiles(bs.boot[kind][fig], bs.conf)
		name := [2]string{"given_openings", "openings_sampled"}[kind]
		if math.IsInf(l, -1) {
			l, t.Open = clampLo, append(t.Open, name+" low")
		}
		if math.IsInf(u, 1) {
			u, t.Open = clampHi, append(t.Open, name+" high")
		}
		dst.CI = [2]float64{l, u}
	}
	return t
}

// means returns each arm's first-player advantage (mean score − 0.5) over
// the picked games.
func means(scores [][]float64, pick []int, arms int) []float64 {
	m := make([]float64, arms)
	for _, i := range pick {
		for j := range arms {
			m[j] += scores[i][j]
		}
	}
	for j := range m {
		m[j] = m[j]/float64(len(pick)) - 0.5
	}
	return m
}

// crossing returns log2 of the ratio at which the advantage, linear in
// log2 r between successive ratios, first falls to 0: between the last
// ratio at or above 0 and the next one below it. false when no pair of
// successive ratios brackets 0.
func crossing(ratios, adv []float64) (float64, bool) {
	for j := 0; j+1 < len(ratios); j++ {
		a, b := adv[j], adv[j+1]
		if a >= 0 && b < 0 {
			x0, x1 := math.Log2(ratios[j]), math.Log2(ratios[j+1])
			return x0 + a/(a-b)*(x1-x0), true
		}
	}
	return 0, false
}

// percentiles returns the (1−conf)/2 and (1+conf)/2 percentiles of xs
// (sorted in place), by the nearest rank.
func percentiles(xs []float64, conf float64) (float64, float64) {
	sort.Float64s(xs)
	n := len(xs)
	k := int(math.Floor((1 - conf) / 2 * float64(n)))
	return xs[min(k, n-1)], xs[max(n-1-k, 0)]
}
