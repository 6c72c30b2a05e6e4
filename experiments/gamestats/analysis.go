package gamestats

import (
	"fmt"
	"math"

	"github.com/surakarta/surakarta/internal/base/stats"
)

// Estimate is a figure with its confidence interval, written in JSON as
// {"value": x, "ci": [low, high]}.
type Estimate struct {
	Value float64    `json:"value"`
	CI    [2]float64 `json:"ci"`
}

func est(v float64, iv stats.Interval) Estimate {
	return Estimate{Value: v, CI: [2]float64{iv.Lo, iv.Hi}}
}

// Contains reports whether x lies in the interval.
func (e Estimate) Contains(x float64) bool { return e.CI[0] <= x && x <= e.CI[1] }

// HalfWidth returns half the interval's width.
func (e Estimate) HalfWidth() float64 { return (e.CI[1] - e.CI[0]) / 2 }

// PercentText writes a rate with its interval in percent as the reports'
// tables and the pipeline's summary do: "12.3% [10.1, 14.5]".
func (e Estimate) PercentText() string {
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*e.Value, 100*e.CI[0], 100*e.CI[1])
}

// ScoreText writes a score with its interval to three decimals as the
// reports' tables and the pipeline's summary do: "0.512 [0.498, 0.526]".
func (e Estimate) ScoreText() string {
	return fmt.Sprintf("%.3f [%.3f, %.3f]", e.Value, e.CI[0], e.CI[1])
}

// PointsText writes a change with its interval in signed percentage
// points as every output does, unit (" pts", or "" in a table's cell)
// after the value: "-0.1 pts [-1.2, +1.1]" (stats.PointsInterval: a bound
// keeps its sign, an interval of no width says "no spread").
func (e Estimate) PointsText(unit string) string {
	return stats.PointsInterval(e.Value, e.CI[0], e.CI[1], unit)
}

// EloFigure is an Elo difference with an interval whose ends may be
// infinite (null in JSON).
type EloFigure struct {
	Value stats.Num    `json:"value"`
	CI    [2]stats.Num `json:"ci"`
}

// Distribution describes a count per game (plies, captures).
type Distribution struct {
	Mean   float64   `json:"mean"`
	SD     stats.Num `json:"sd"`
	Median float64   `json:"median"`
	P25    float64   `json:"p25"`
	P75    float64   `json:"p75"`
	Min    int       `json:"min"`
	Max    int       `json:"max"`
	// BinWidth is the width of the histogram's bins.
	BinWidth  int   `json:"bin_width"`
	Histogram []Bin `json:"histogram"`
}

func distribution(h *Histogram, width int) Distribution {
	return Distribution{
		Mean: h.Mean(), SD: stats.Num(h.SD()),
		Median: h.Quantile(0.5), P25: h.Quantile(0.25), P75: h.Quantile(0.75),
		Min: h.Min(), Max: h.Max(), BinWidth: width, Histogram: h.Bins(width),
	}
}

// PliesBinWidth and CapturesBinWidth are the histogram bin widths in
// reports.
const (
	PliesBinWidth    = 10
	CapturesBinWidth = 1
)

// Results are a group's games by result, each result's rate with its
// Wilson interval: the figures a group's statistics and the majority's
// rescoring of the same games both report.
type Results struct {
	Games     int64 `json:"games"`
	RedWins   int64 `json:"red_wins"`
	BlackWins int64 `json:"black_wins"`
	Draws     int64 `json:"draws"`

	RedWinRate   Estimate `json:"red_win_rate"`
	BlackWinRate Estimate `json:"black_win_rate"`
	DrawRate     Estimate `json:"draw_rate"`
}

// results returns the Results of games whose outcomes (indexed RedWin,
// Draw, BlackWin) are counted in outcomes, at the confidence level conf.
func results(games int64, outcomes [3]int64, conf float64) (Results, error) {
	r := Results{Games: games, RedWins: outcomes[RedWin], BlackWins: outcomes[BlackWin], Draws: outcomes[Draw]}
	var err error
	if r.RedWinRate, err = wilsonEst(r.RedWins, games, conf); err != nil {
		return r, err
	}
	r.BlackWinRate, _ = wilsonEst(r.BlackWins, games, conf)
	r.DrawRate, _ = wilsonEst(r.Draws, games, conf)
	return r, nil
}

// GroupStats is what the statistics report for one group of games (a
// variant, or a variant and further fields with --by). Rates carry 95%
// Wilson intervals (at the chosen confidence level); the first-player
// score carries the score-test interval of stats.ScoreInterval.
type GroupStats struct {
	Variant string `json:"variant"`
	// Label names the group: its key values joined by "/".
	Label string `json:"label"`
	// Group maps each grouping field to its value (variant included).
	Group map[string]string `json:"group"`

	Results

	// FirstPlayer is "red", "black" or "mixed": who moved first, by the
	// game's names for its players ("white" for Alquerque's first).
	FirstPlayer string `json:"first_player"`
	// FirstPlayerWins, FirstPlayerDraws and FirstPlayerLosses count the
	// first player's results.
	FirstPlayerWins   int64 `json:"first_player_wins"`
	FirstPlayerDraws  int64 `json:"first_player_draws"`
	FirstPlayerLosses int64 `json:"first_player_losses"`
	// FirstPlayerScore is (wins + draws/2)/games for the first player, and
	// FirstPlayerAdvantage that score − 0.5 with the same interval shifted.
	FirstPlayerScore     Estimate `json:"first_player_score"`
	FirstPlayerAdvantage Estimate `json:"first_player_advantage"`
	// FirstPlayerScoreWald is the normal-approximation interval with the
	// trinomial variance, for comparison with chess-engine tools.
	FirstPlayerScoreWald Estimate `json:"first_player_score_wald"`
	// FirstPlayerElo is the advantage as a logistic Elo difference, with the
	// score interval mapped through stats.EloFromScore.
	FirstPlayerElo EloFigure `json:"first_player_elo"`

	// DecisiveGames counts wins of either side; DecisiveRedShare is Red's
	// share of them (absent when every game was drawn).
	DecisiveGames    int64     `json:"decisive_games"`
	DecisiveRedShare *Estimate `json:"decisive_red_share,omitempty"`

	// Reasons counts games by ending reason, ReasonShares gives each
	// reason's share with its Wilson interval, and ReasonWinners splits each
	// reason by winner.
	Reasons       map[string]int64            `json:"reasons"`
	ReasonShares  map[string]Estimate         `json:"reason_shares"`
	ReasonWinners map[string]map[string]int64 `json:"reason_winners"`

	Plies    Distribution `json:"plies"`
	Captures Distribution `json:"captures"`

	// MajorityRescoring is how the majority rule would have scored the same
	// games; present for standard-variant groups whose data carry
	// majority_winner.
	MajorityRescoring *Rescoring `json:"majority_rescoring,omitempty"`
}

// Rescoring compares a standard-variant group's results with the majority
// rule's scoring of the very same endings: a paired comparison on identical
// games. It isolates the scoring change; it cannot show how play would
// change under the majority rule, which takes games played under it.
type Rescoring struct {
	Results
	// FirstPlayerScore and FirstPlayerAdvantage under majority scoring.
	FirstPlayerScore     Estimate `json:"first_player_score"`
	FirstPlayerAdvantage Estimate `json:"first_player_advantage"`
	// DrawsDecided counts standard draws the majority rule decides, by the
	// winner it gives them.
	DrawsDecided      int64 `json:"draws_decided"`
	DrawsDecidedRed   int64 `json:"draws_decided_red"`
	DrawsDecidedBlack int64 `json:"draws_decided_black"`
	// ScoreChange is the first player's majority score minus the standard
	// one, paired game by game; DrawRateChange the change of draw rate
	// (McNemar).
	ScoreChange    PairedFigure  `json:"score_change"`
	DrawRateChange McNemarFigure `json:"draw_rate_change"`
}

// PairedFigure is a paired mean difference with its t interval.
type PairedFigure struct {
	Value stats.Num    `json:"value"`
	CI    [2]stats.Num `json:"ci"`
	T     stats.Num    `json:"t"`
	P     stats.Num    `json:"p"`
}

// PointsText writes the difference with its interval as Estimate.PointsText
// does.
func (f PairedFigure) PointsText(unit string) string {
	return stats.PointsInterval(float64(f.Value), float64(f.CI[0]), float64(f.CI[1]), unit)
}

// McNemarFigure is the change of a paired proportion from the first
// condition to the second with McNemar's test: B pairs have the event under
// the second condition (arm B, or the majority rescoring) only, C under the
// first only, and the Estimate is (B − C)/pairs, the second's rate minus the
// first's, with its interval. P is the one p-value every output quotes,
// from Test: the exact binomial test below stats.McNemarExactBelow
// discordant pairs, else the chi-square test (ChiSquareP and ExactP hold
// both).
type McNemarFigure struct {
	B int64 `json:"b"`
	C int64 `json:"c"`
	Estimate
	Chi2       float64 `json:"chi2"`
	Test       string  `json:"test"`
	P          float64 `json:"p"`
	ChiSquareP float64 `json:"chi_square_p"`
	ExactP     float64 `json:"exact_p"`
}

func mcnemarFigure(b, c, n int64, conf float64) (McNemarFigure, error) {
	r, err := stats.McNemar(int(b), int(c), int(n), conf)
	if err != nil {
		return McNemarFigure{}, err
	}
	return McNemarFigure{B: b, C: c, Estimate: est(r.Diff, r.CI),
		Chi2: r.Stat, Test: r.Method(), P: r.PValue(), ChiSquareP: r.P, ExactP: r.ExactP}, nil
}

func wilsonEst(k, n int64, conf float64) (Estimate, error) {
	iv, err := stats.Wilson(int(k), int(n), conf)
	if err != nil {
		return Estimate{}, err
	}
	return est(float64(k)/float64(n), iv), nil
}

// scoreEstimates returns the score with its score-test interval, the
// advantage (score − 0.5), and the Wald interval.
func scoreEstimates(first [3]int64, conf float64) (score, adv, wald Estimate, err error) {
	t := stats.WDL{Wins: int(first[2]), Draws: int(first[1]), Losses: int(first[0])}
	iv, err := stats.ScoreInterval(t, conf)
	if err != nil {
		return
	}
	w, err := stats.ScoreIntervalWald(t, conf)
	if err != nil {
		return
	}
	s := t.Score()
	score = est(s, iv)
	adv = Estimate{Value: s - 0.5, CI: [2]float64{iv.Lo - 0.5, iv.Hi - 0.5}}
	wald = est(s, w)
	return
}

// Analyze computes the statistics of one group at the confidence level
// conf; by names the group's key fields.
func Analyze(g *Group, by []string, conf float64) (GroupStats, error) {
	s := &g.Summary
	if s.Games == 0 {
		return GroupStats{}, fmt.Errorf("group %s: %w", g.Label(), stats.ErrNoData)
	}
	gs := GroupStats{
		Label: g.Label(), Group: map[string]string{},
		FirstPlayerWins: s.First[2], FirstPlayerDraws: s.First[1], FirstPlayerLosses: s.First[0],
	}
	for i, f := range by {
		if i < len(g.Key) {
			gs.Group[f] = g.Key[i]
			if f == "variant" {
				gs.Variant = g.Key[i]
			}
		}
	}
	var err error
	if gs.Results, err = results(s.Games, s.Outcomes, conf); err != nil {
		return gs, err
	}
	names := PlayerNames(gs.Variant)
	switch s.RedFirst {
	case s.Games:
		gs.FirstPlayer = names[0]
	case 0:
		gs.FirstPlayer = names[1]
	default:
		gs.FirstPlayer = "mixed"
	}
	if gs.FirstPlayerScore, gs.FirstPlayerAdvantage, gs.FirstPlayerScoreWald, err = scoreEstimates(s.First, conf); err != nil {
		return gs, err
	}
	sc := gs.FirstPlayerScore
	gs.FirstPlayerElo = EloFigure{Value: stats.Num(stats.EloFromScore(sc.Value)),
		CI: [2]stats.Num{stats.Num(stats.EloFromScore(sc.CI[0])), stats.Num(stats.EloFromScore(sc.CI[1]))}}
	gs.DecisiveGames = gs.RedWins + gs.BlackWins
	if gs.DecisiveGames > 0 {
		e, _ := wilsonEst(gs.RedWins, gs.DecisiveGames, conf)
		gs.DecisiveRedShare = &e
	}
	gs.Reasons = map[string]int64{}
	gs.ReasonShares = map[string]Estimate{}
	gs.ReasonWinners = map[string]map[string]int64{}
	for _, r := range s.ReasonNames() {
		n := s.ReasonCount(r)
		gs.Reasons[r] = n
		gs.ReasonShares[r], _ = wilsonEst(n, s.Games, conf)
		c := s.Reasons[r]
		gs.ReasonWinners[r] = map[string]int64{"red": c[RedWin], "draw": c[Draw], "black": c[BlackWin]}
	}
	gs.Plies = distribution(&s.Plies, PliesBinWidth)
	gs.Captures = distribution(&s.Captures, CapturesBinWidth)
	if gs.Variant == "standard" && s.MajorityGames() > 0 {
		rs, err := rescoring(s, conf)
		if err != nil {
			return gs, err
		}
		gs.MajorityRescoring = &rs
	}
	return gs, nil
}

func rescoring(s *Summary, conf float64) (Rescoring, error) {
	n := s.MajorityGames()
	var col [3]int64 // majority outcome counts
	var first [3]int64
	for i := range 3 {
		for j := range 3 {
			col[j] += s.Majority[i][j]
			first[j] += s.MajorityFirst[i][j]
		}
	}
	r := Rescoring{DrawsDecidedRed: s.Majority[Draw][RedWin], DrawsDecidedBlack: s.Majority[Draw][BlackWin]}
	r.DrawsDecided = r.DrawsDecidedRed + r.DrawsDecidedBlack
	var err error
	if r.Results, err = results(n, col, conf); err != nil {
		return r, err
	}
	if r.FirstPlayerScore, r.FirstPlayerAdvantage, _, err = scoreEstimates(first, conf); err != nil {
		return r, err
	}
	// Paired on the same games: majority (a) minus standard (b).
	r.ScoreChange, err = pairedFigure(transpose(s.MajorityFirst), conf)
	if err != nil {
		return r, err
	}
	// Draw under majority only (b) versus under standard only (c): the
	// change from standard to majority.
	var onlyMaj, onlyStd int64
	for k := range 3 {
		if k != int(Draw) {
			onlyMaj += s.Majority[k][Draw]
			onlyStd += s.Majority[Draw][k]
		}
	}
	r.DrawRateChange, err = mcnemarFigure(onlyMaj, onlyStd, n, conf)
	return r, err
}

func transpose(t [3][3]int64) [3][3]int64 {
	var o [3][3]int64
	for i := range 3 {
		for j := range 3 {
			o[j][i] = t[i][j]
		}
	}
	return o
}

// pairedFromJoint turns a joint table of half-points (row: first
// condition, column: second) into paired sums of scores 0, 0.5, 1.
func pairedFromJoint(t [3][3]int64) stats.Paired {
	var p stats.Paired
	for i := range 3 {
		for j := range 3 {
			c := float64(t[i][j])
			a, b := float64(i)/2, float64(j)/2
			p.N += int(t[i][j])
			p.SumA += c * a
			p.SumB += c * b
			p.SumAA += c * a * a
			p.SumBB += c * b * b
			p.SumAB += c * a * b
		}
	}
	return p
}

func pairedFigure(t [3][3]int64, conf float64) (PairedFigure, error) {
	p := pairedFromJoint(t)
	if p.N < 2 {
		nan := stats.Num(math.NaN())
		return PairedFigure{Value: nan, CI: [2]stats.Num{nan, nan}, T: nan, P: nan}, nil
	}
	r, err := p.Analyze(conf)
	if err != nil {
		return PairedFigure{}, err
	}
	return PairedFigure{Value: stats.Num(r.MeanDiff), CI: [2]stats.Num{stats.Num(r.CI.Lo), stats.Num(r.CI.Hi)}, T: stats.Num(r.T), P: stats.Num(r.P)}, nil
}

// AnalyzeAll analyzes every group of z.
func AnalyzeAll(z *Summarizer, conf float64) ([]GroupStats, error) {
	var out []GroupStats
	for _, g := range z.Groups() {
		gs, err := Analyze(g, z.By, conf)
		if err != nil {
			return nil, err
		}
		out = append(out, gs)
	}
	return out, nil
}

func ZCrit(conf float64) float64 {
	z, err := stats.ZCrit(conf)
	if err != nil {
		panic("gamestats: " + err.Error())
	}
	return z
}
