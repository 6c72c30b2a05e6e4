package gamestats

import (
	"math"
	"sort"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/rules"
)

// OpeningIndex counts an arm's games by opening (Game.OpeningKey): the
// first player's points per opening, and whether the opening hands the
// side to move after it a capture. Memory grows with the distinct
// openings, not the games.
type OpeningIndex struct {
	cells map[uint64]*openingCell
}

type openingCell struct {
	n          int
	sum, sumsq float64 // the first player's score per game: 0, 0.5 or 1
	// mover is the score of the side to move after the opening.
	moverSum float64
	moverWDL stats.WDL
	capture  bool // the side to move after the opening can capture
}

// Add records a game.
func (x *OpeningIndex) Add(g *Game) {
	if x.cells == nil {
		x.cells = map[uint64]*openingCell{}
	}
	k := g.OpeningKey()
	c := x.cells[k]
	if c == nil {
		c = &openingCell{}
		c.capture = openingHandsCapture(g)
		x.cells[k] = c
	}
	s := float64(firstScore(g.Winner, g.FirstRed)) / 2
	c.n++
	c.sum += s
	c.sumsq += s * s
	// The side to move after the opening is the first player after an
	// even number of plies.
	moverRed := g.FirstRed == (g.OpeningPlies%2 == 0)
	m := float64(firstScore(g.Winner, moverRed)) / 2
	c.moverSum += m
	switch m {
	case 1:
		c.moverWDL.Wins++
	case 0.5:
		c.moverWDL.Draws++
	default:
		c.moverWDL.Losses++
	}
}

// Merge adds o's counts (of disjoint games).
func (x *OpeningIndex) Merge(o *OpeningIndex) {
	if x.cells == nil {
		x.cells = map[uint64]*openingCell{}
	}
	for k, oc := range o.cells {
		c := x.cells[k]
		if c == nil {
			cp := *oc
			x.cells[k] = &cp
			continue
		}
		c.n += oc.n
		c.sum += oc.sum
		c.sumsq += oc.sumsq
		c.moverSum += oc.moverSum
		c.moverWDL.Add(oc.moverWDL)
	}
}

// openingHandsCapture replays g's opening from its start position and
// reports whether the side to move after it has a capture; false when the
// opening cannot be replayed (the statistics then count it as no capture).
func openingHandsCapture(g *Game) bool {
	if g.Game == (alquerque.Rules{}).Name() {
		return alquerqueOpeningHandsCapture(g)
	}
	p, err := rules.ParseFEN(g.StartFEN)
	if err != nil || g.OpeningPlies > len(g.Moves) {
		return false
	}
	rg, err := rules.NewGame(rules.DefaultRules(), p)
	if err != nil {
		return false
	}
	for _, m := range g.Moves[:g.OpeningPlies] {
		if _, err := rg.PlayString(m); err != nil {
			return false
		}
	}
	if rg.IsTerminal() {
		return false
	}
	pos := rg.Position()
	var buf [rules.MaxMoves]rules.Move
	return len(pos.GenerateCaptures(buf[:0])) > 0
}

// alquerqueOpeningHandsCapture is openingHandsCapture for Alquerque.
func alquerqueOpeningHandsCapture(g *Game) bool {
	p, err := alquerque.ParsePosition(g.StartFEN)
	if err != nil || g.OpeningPlies > len(g.Moves) {
		return false
	}
	for _, s := range g.Moves[:g.OpeningPlies] {
		m, err := alquerque.ParseMove(&p, s)
		if err != nil {
			return false
		}
		p = p.Apply(m)
	}
	return p.MustCapture()
}

// OpeningStats is what an arm's openings say: how many there are, the
// first player's score stratified by opening (each opening's mean score
// weighted by its share of the games) with the variance the
// stratification removes, and the openings that hand a free capture.
type OpeningStats struct {
	Openings int `json:"openings"`
	Games    int `json:"games"`
	// MinGames and MaxGames bound the games per opening.
	MinGames int `json:"min_games_per_opening"`
	MaxGames int `json:"max_games_per_opening"`
	// Stratified is present when every opening has at least two games
	// (the within-opening variance needs two).
	Stratified *StratifiedScore `json:"stratified,omitempty"`
	// Sampled is the same advantage with the interval that treats the
	// openings as a sample of starts (present with two openings or more).
	Sampled *SampledOpenings `json:"openings_sampled,omitempty"`
	// FreeCapture counts the openings after which the side to move can
	// capture at once, and that side's score in their games and in the
	// others'.
	FreeCapture FreeCapture `json:"free_capture"`
}

// StratifiedScore is the first player's advantage estimated by opening:
// Σ w_h·ȳ_h over the openings h with weights w_h = n_h/n, and its standard
// error √(Σ w_h²·s_h²/n_h) from the spread within openings only (the
// openings are the population, not a sample of it). SimpleSE is the
// standard error of the plain mean of the same games, and
// VarianceReduction is 1 − SE²/SimpleSE²: the share of the plain
// estimate's variance that came from which opening a game had.
type StratifiedScore struct {
	Advantage         Estimate  `json:"advantage"`
	SE                float64   `json:"se"`
	SimpleSE          float64   `json:"simple_se"`
	VarianceReduction stats.Num `json:"variance_reduction"`
	// EquivalentGames is how many games the plain mean would need for the
	// stratified standard error: n·SimpleSE²/SE².
	EquivalentGames stats.Num `json:"equivalent_games"`
}

// SampledOpenings is the first player's advantage Σ w_h·ȳ_h (as
// StratifiedScore's) with the standard error that treats the openings as
// a sample of starts, not the population: √(K/(K−1)·Σ w_h²·(ȳ_h − ȳ)²)
// over the K openings (the between-opening spread of the opening means,
// which holds the within-opening spread too). OpeningsForOnePoint is how
// many openings, each played as often as these were on average, would
// give an interval of ±1 point under it.
type SampledOpenings struct {
	Advantage           Estimate  `json:"advantage"`
	SE                  float64   `json:"se"`
	OpeningsForOnePoint stats.Num `json:"openings_for_one_point"`
}

// FreeCapture is what the openings that hand a capture to the side to
// move after them did.
type FreeCapture struct {
	Openings int `json:"openings"`
	Games    int `json:"games"`
	// MoverScore is the score of the side to move after the opening in the
	// games of those openings; OthersScore in the other games (absent when
	// there are none).
	MoverScore  *Estimate `json:"mover_score,omitempty"`
	OthersScore *Estimate `json:"others_score,omitempty"`
}

// Analyze computes the arm's opening statistics at level conf.
func (x *OpeningIndex) Analyze(conf float64) (OpeningStats, error) {
	var out OpeningStats
	if len(x.cells) == 0 {
		return out, nil
	}
	z, err := stats.ZCrit(conf)
	if err != nil {
		return out, err
	}
	keys := make([]uint64, 0, len(x.cells))
	for k := range x.cells {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] }) // a fixed summation order
	out.Openings, out.MinGames = len(keys), math.MaxInt
	var sum, sumsq float64
	var capWDL, otherWDL stats.WDL
	minN := math.MaxInt
	for _, k := range keys {
		c := x.cells[k]
		out.Games += c.n
		sum += c.sum
		sumsq += c.sumsq
		minN = min(minN, c.n)
		out.MaxGames = max(out.MaxGames, c.n)
		w := &otherWDL
		if c.capture {
			out.FreeCapture.Openings++
			out.FreeCapture.Games += c.n
			w = &capWDL
		}
		w.Add(c.moverWDL)
	}
	out.MinGames = minN
	for _, pair := range []struct {
		w   stats.WDL
		dst **Estimate
	}{{capWDL, &out.FreeCapture.MoverScore}, {otherWDL, &out.FreeCapture.OthersScore}} {
		if pair.w.N() == 0 {
			continue
		}
		iv, err := stats.ScoreInterval(pair.w, conf)
		if err != nil {
			return out, err
		}
		e := est(pair.w.Score(), iv)
		*pair.dst = &e
	}
	out.Sampled = x.sampled(keys, out.Games, z)
	if minN < 2 || out.Games < 3 {
		return out, nil
	}
	out.Stratified = x.stratified(keys, out.Games, sum, sumsq, z)
	return out, nil
}

// sampled is the advantage with the openings as a sample of the starts:
// its interval from the spread between the openings' mean scores (nil for
// fewer than two openings); games is every opening's games together.
func (x *OpeningIndex) sampled(keys []uint64, games int, z float64) *SampledOpenings {
	n := float64(games)
	k := float64(len(keys))
	if k < 2 {
		return nil
	}
	var mean, v float64
	for _, key := range keys {
		c := x.cells[key]
		mean += c.sum / n
	}
	for _, key := range keys {
		c := x.cells[key]
		w, d := float64(c.n)/n, c.sum/float64(c.n)-mean
		v += w * w * d * d
	}
	se := math.Sqrt(v * k / (k - 1))
	out := &SampledOpenings{SE: se, OpeningsForOnePoint: stats.Num(math.Inf(1)),
		Advantage: Estimate{Value: mean - 0.5, CI: [2]float64{mean - 0.5 - z*se, mean - 0.5 + z*se}}}
	if se >= 0 {
		out.OpeningsForOnePoint = stats.Num(math.Ceil(k * (z * se / 0.01) * (z * se / 0.01)))
	}
	return out
}

// stratified is the advantage over search seeds given these openings:
// each opening's mean score weighted by its share of the games, its
// interval from the spread within openings (every opening has two games
// or more); sum and sumsq are the scores' over every game.
func (x *OpeningIndex) stratified(keys []uint64, games int, sum, sumsq, z float64) *StratifiedScore {
	n := float64(games)
	mean := sum / n
	simpleVar := math.Max(0, sumsq/n-mean*mean) * n / (n - 1) / n
	var strat, v float64
	for _, k := range keys {
		c := x.cells[k]
		nh := float64(c.n)
		w := nh / n
		m := c.sum / nh
		s2 := math.Max(0, c.sumsq/nh-m*m) * nh / (nh - 1)
		strat += w * m
		v += w * w * s2 / nh
	}
	se := math.Sqrt(v)
	ss := &StratifiedScore{SE: se, SimpleSE: math.Sqrt(simpleVar),
		Advantage:         Estimate{Value: strat - 0.5, CI: [2]float64{strat - 0.5 - z*se, strat - 0.5 + z*se}},
		VarianceReduction: stats.Num(math.NaN()), EquivalentGames: stats.Num(math.Inf(1))}
	if simpleVar > 0 {
		ss.VarianceReduction = stats.Num(1 - v/simpleVar)
	}
	if v > 0 {
		ss.EquivalentGames = stats.Num(n * simpleVar / v)
	}
	return ss
}
