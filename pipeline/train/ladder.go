package train

import (
	"encoding/json"
	"math"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// LadderFormat identifies a ladder file.
const LadderFormat = "surakarta-train-ladder"

// Ladder is what OUT/ladder.json holds and Run returns: the run's settings
// and one entry per generation trained so far.
type Ladder struct {
	Format   string          `json:"format"`
	Settings json.RawMessage `json:"settings"`
	// Champion is the generation whose model self-play uses next (the
	// last promoted one; 0 for the built-in engine) and ChampionModel its
	// model file, relative to Out ("" for generation 0).
	Champion      int          `json:"champion"`
	ChampionModel string       `json:"champion_model"`
	Generations   []Generation `json:"generations"`
	// Ratings are every player's Elo from one fit over all the run's
	// matches (nil before any match).
	Ratings *Ratings `json:"ratings,omitempty"`
	// Strength is the final comparison (nil until the last generation is
	// done, or without one).
	Strength *Strength `json:"strength,omitempty"`
}

// Generation is one generation's entry: its data, its model's held-out
// figures, its gate and its anchor matches.
type Generation struct {
	Generation int `json:"generation"`
	// Model is the model file and Data the dataset the champion of the
	// time played for it, relative to Out; Window the generations whose
	// data the fit read.
	Model  string `json:"model"`
	Data   string `json:"data"`
	Window [2]int `json:"window"`
	// SelfPlayChampion is the generation that played Data.
	SelfPlayChampion int `json:"selfplay_champion"`
	// Counts are the fit's rows, training and held out (eval.Report.Total).
	eval.Counts
	// ValueLogLoss is the value head's held-out log-loss (before its
	// scale), BaselineLogLoss the material-only baseline's, ValueScale the
	// spread scale applied.
	ValueLogLoss    float64 `json:"value_log_loss"`
	BaselineLogLoss float64 `json:"baseline_log_loss"`
	ValueScale      float64 `json:"value_scale"`
	// ValueWarning says the value head is worse than the material-only
	// baseline on the held-out games (eval.Report.WorseThanBaseline); "".
	ValueWarning string `json:"value_warning,omitempty"`
	// PriorCrossEntropy, UniformCrossEntropy and PolicyEntropy score the
	// prior, uniform priors and the visit shares themselves on the held-out
	// positions (nats); PriorTop1 is how often the prior's favourite is
	// the most visited move. Zero without a prior.
	PriorCrossEntropy   float64 `json:"prior_cross_entropy"`
	UniformCrossEntropy float64 `json:"uniform_cross_entropy"`
	PolicyEntropy       float64 `json:"policy_entropy"`
	PriorTop1           float64 `json:"prior_top1"`
	// Gate is the match against the champion of the time, GateOpponent;
	// Promoted says whether this generation became the champion.
	GateOpponent int   `json:"gate_opponent"`
	Gate         Match `json:"gate"`
	Promoted     bool  `json:"promoted"`
	// Chained is the generation's Elo over generation 1 along the chain
	// of gates (its gate's Elo plus its opponent's chained Elo), with a 95%
	// interval that adds the gates' variances (read off their intervals):
	// a ladder on one scale where the anchors are too weak to tell the
	// generations apart. Nil when the chain does not reach generation 1 (a
	// gate against generation 0 but generation 1's own).
	Chained *Chain `json:"chained,omitempty"`
	// Rated is the generation's Elo in the ladder's Ratings (the one fit
	// over every match, relative to its anchor), nil before it has one.
	Rated *Chain `json:"rated,omitempty"`
	// VsGen0 and VsMaterial are the anchor matches (nil without them).
	VsGen0     *Match `json:"vs_gen0,omitempty"`
	VsMaterial *Match `json:"vs_material,omitempty"`
	// Pool are the matches against the pool opponents (Config.PoolGames).
	Pool []Match `json:"pool,omitempty"`
	// Seconds is the wall time of each stage that ran in this process
	// (absent for stages kept from an earlier run).
	Seconds map[string]float64 `json:"seconds,omitempty"`
}

// priorScored says whether the generation's model has a prior scored on
// held-out positions: without one its four prior figures are zero, and
// the uniform priors' cross-entropy (the mean log of the legal moves'
// count) is above zero wherever a held-out position has two moves.
func (g *Generation) priorScored() bool { return g.UniformCrossEntropy > 0 }

// Match is a match's result from A's side: the arena's games, W-D-L,
// score and LOS, its Elo figures made finite (see finite).
type Match struct {
	A     string `json:"a"`
	B     string `json:"b"`
	Games int    `json:"games"`
	stats.WDL
	// Pairs are the colour-swapped pairs by their points (0, ½, ..., 2),
	// the unit of the intervals (zero in files written before they were
	// kept).
	Pairs stats.Pentanomial `json:"pairs"`
	Score float64           `json:"score"`
	Elo   float64           `json:"elo"`
	EloCI [2]float64        `json:"elo_ci"`
	LOS   float64           `json:"los"`
}

// eloInfinity stands for an infinite Elo (a shut-out) in ladder.json,
// which cannot hold infinities.
const eloInfinity = 10000

// finite turns the infinities of a lopsided match's Elo into ±eloInfinity.
func finite(x float64) float64 {
	switch {
	case math.IsInf(x, 1):
		return eloInfinity
	case math.IsInf(x, -1):
		return -eloInfinity
	case math.IsNaN(x):
		return 0
	}
	return x
}

func matchOf(a, b string, r *arena.ArenaResult) Match {
	return Match{A: a, B: b, Games: r.Games, WDL: r.WDL, Pairs: r.Pairs, Score: float64(r.Score),
		Elo: finite(float64(r.Elo)), EloCI: [2]float64{finite(float64(r.EloCI[0])), finite(float64(r.EloCI[1]))}, LOS: r.LOS}
}

// add appends a generation; a promoted one becomes the champion, one that
// failed its gate leaves the champion as it was.
func (l *Ladder) add(g Generation) {
	switch o := g.GateOpponent; {
	case g.Generation == 1:
		g.Chained = &Chain{}
	case o > 0 && o <= len(l.Generations) && l.Generations[o-1].Chained != nil:
		prev := l.Generations[o-1].Chained
		h0 := (prev.EloCI[1] - prev.EloCI[0]) / 2 / z95
		h := (g.Gate.EloCI[1] - g.Gate.EloCI[0]) / 2 / z95
		sd := math.Sqrt(h0*h0 + h*h)
		e := prev.Elo + g.Gate.Elo
		g.Chained = &Chain{Elo: e, EloCI: [2]float64{e - z95*sd, e + z95*sd}}
	}
	l.Generations = append(l.Generations, g)
	if g.Promoted {
		l.Champion, l.ChampionModel = g.Generation, g.Model
	}
}

// Chain is an Elo difference along a chain of gates.
type Chain struct {
	Elo   float64    `json:"elo"`
	EloCI [2]float64 `json:"elo_ci"`
}

// match is the chained Elo as a Match holding only its Elo figures, where
// the report's cells and plot take one; nil for no chain.
func (c *Chain) match() *Match {
	if c == nil {
		return nil
	}
	return &Match{Elo: c.Elo, EloCI: c.EloCI}
}

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// GateRule is how a gate decides promotion.
type GateRule string

const (
	// GateInterval promotes a candidate when the 95% interval of its score
	// against the champion (pentanomial, over the colour-swapped pairs)
	// lies above one half: its Elo interval's lower end is above 0. A
	// candidate as strong as the champion is then promoted 2.5% of the
	// time, not half of it.
	GateInterval GateRule = "interval"
	// GateHalf promotes on any score above one half, the rule of runs made
	// before GateInterval (ladder.json records no gate for them).
	GateHalf GateRule = "half"
)

// ParseGateRule reads a gate value (Config.Gate), its error naming the
// setting gate.
func ParseGateRule(s string) (GateRule, error) {
	switch r := GateRule(s); r {
	case GateInterval, GateHalf:
		return r, nil
	}
	return "", setting.Errorf("%s %q: want %s (the score's 95%% interval above one half) or %s (any score above one half)", setting.Key("gate"), s, GateInterval, GateHalf)
}

// promotes is the gate's rule: whether a candidate that played m against
// the champion is promoted.
func (r GateRule) promotes(m Match) bool {
	if r == GateHalf {
		return 2*m.Wins+m.Draws > m.Games
	}
	return m.Games > 0 && m.EloCI[0] > 0
}
