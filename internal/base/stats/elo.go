package stats

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// EloFromScore returns the logistic Elo difference that predicts the
// expected score s: −400·log10(1/s − 1). It is −Inf at 0, +Inf at 1 and NaN
// outside [0, 1].
func EloFromScore(s float64) float64 {
	switch {
	case !(s >= 0 && s <= 1):
		return math.NaN()
	case s == 0:
		return math.Inf(-1)
	case s == 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreFromElo returns the expected score 1/(1 + 10^(−elo/400)) of the side
// elo points stronger.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// LOS returns the likelihood of superiority, the probability that the side
// with the given wins and losses is the stronger: Φ((W − L)/√(W + L)), draws
// ignored (the normal approximation quoted on the Chess Programming Wiki,
// "Match Statistics", and used by cutechess-cli). It is 0.5 with no decisive
// game.
func LOS(wins, losses int) float64 {
	if wins+losses <= 0 {
		return 0.5
	}
	return distuv.UnitNormal.CDF(float64(wins-losses) / math.Sqrt(float64(wins+losses)))
}

// EloEstimate is an Elo difference with its interval.
type EloEstimate struct {
	// Score is the mean score per game and ScoreSE its standard error
	// (trinomial or pentanomial, see EloTrinomial and EloPentanomial).
	Score, ScoreSE float64
	// Elo is EloFromScore(Score); CI maps the normal interval Score ±
	// z·ScoreSE (clipped to [0, 1]) through EloFromScore, so it is not
	// symmetric around Elo and may be infinite at a clean sweep.
	Elo float64
	CI  Interval
	// LOS is the likelihood of superiority Φ((Score − 0.5)/ScoreSE).
	LOS float64
	// Games counts games (a pentanomial sample counts two per pair).
	Games int
	// Bound is set at a clean sweep (every game won, or every game lost):
	// the finite one-sided bound SweepBound gives, which CI then holds as
	// its finite end (its other end is infinite).
	Bound *EloBound
}

// EloBound is a one-sided confidence bound on an Elo difference: the
// difference exceeds Elo (Op ">") or is below it (Op "<") at level
// Confidence, from Units independent units (games or pairs) that all
// scored the same extreme.
type EloBound struct {
	Op         string  `json:"op"`
	Elo        float64 `json:"elo"`
	Score      float64 `json:"score"`
	Confidence float64 `json:"confidence"`
	Units      int     `json:"units"`
}

// String writes the bound as the reports do: "> +317.4 at 95% (one-sided)".
func (b EloBound) String() string {
	return fmt.Sprintf("%s %s at %s (one-sided)", b.Op, EloText(b.Elo), percentText(b.Confidence))
}

func percentText(conf float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", 100*conf), "0"), ".") + "%"
}

// SweepBound returns the one-sided bound at level conf on the expected
// score of a side that won all of n independent units (games, or pairs of
// games scored by their mean): the score exceeds (1 − conf)^(1/n). It is
// exact and conservative for any outcome distribution on [0, 1]: a unit
// is won outright with probability at most its expected score s, so n
// sweeps have probability at most sⁿ, which is below 1 − conf whenever s
// is below the bound (for win/loss outcomes it is the Clopper–Pearson
// bound; n = 20 at 95% gives 0.861, Elo +316.6). By symmetry a side that
// lost every unit scores below 1 − SweepBound(n, conf).
func SweepBound(n int, conf float64) (float64, error) {
	if err := checkConf(conf); err != nil {
		return 0, err
	}
	if n < 1 {
		return 0, fmt.Errorf("sweep bound: %w", ErrNoData)
	}
	return math.Pow(1-conf, 1/float64(n)), nil
}

// eloFrom builds the estimate; units counts the independent units (games,
// or pairs) behind score, for the bound of a clean sweep.
func eloFrom(score, se float64, games, units int, conf float64) (EloEstimate, error) {
	z, err := ZCrit(conf)
	if err != nil {
		return EloEstimate{}, err
	}
	e := EloEstimate{Score: score, ScoreSE: se, Elo: EloFromScore(score), Games: games}
	e.CI = Interval{Lo: EloFromScore(clamp01(score - z*se)), Hi: EloFromScore(clamp01(score + z*se))}
	if (score == 1 || score == 0) && units > 0 {
		b, err := SweepBound(units, conf)
		if err != nil {
			return EloEstimate{}, err
		}
		e.Bound = &EloBound{Op: ">", Score: b, Elo: EloFromScore(b), Confidence: conf, Units: units}
		e.CI = Interval{Lo: e.Bound.Elo, Hi: math.Inf(1)}
		if score == 0 {
			e.Bound.Op, e.Bound.Score, e.Bound.Elo = "<", 1-b, -e.Bound.Elo
			e.CI = Interval{Lo: math.Inf(-1), Hi: e.Bound.Elo}
		}
	}
	switch {
	case se > 0:
		e.LOS = distuv.UnitNormal.CDF((score - 0.5) / se)
	case score > 0.5:
		e.LOS = 1
	case score < 0.5:
		e.LOS = 0
	default:
		e.LOS = 0.5
	}
	return e, nil
}

// EloTrinomial estimates the Elo difference from games treated as
// independent, with the trinomial standard error √((w + d/4 − s²)/n).
func EloTrinomial(t WDL, conf float64) (EloEstimate, error) {
	if err := t.check("elo estimate"); err != nil {
		return EloEstimate{}, err
	}
	n := t.N()
	return eloFrom(t.Score(), math.Sqrt(t.Variance()/float64(n)), n, n, conf)
}

// Pentanomial counts game pairs (the same opening played twice with colours
// swapped) by the pair's total score: index k holds the pairs scoring k/2
// points out of 2 (0, 0.5, 1, 1.5, 2).
type Pentanomial [5]int

// Pairs returns the number of pairs.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// meanVar returns the mean score per game and the per-pair variance of the
// pair's mean score.
func (p Pentanomial) meanVar() (mean, variance float64) {
	n := float64(p.Pairs())
	var s, ss float64
	for k, c := range p {
		x := float64(k) / 4 // a pair's mean score per game
		s += float64(c) * x
		ss += float64(c) * x * x
	}
	mean = s / n
	return mean, math.Max(0, ss/n-mean*mean)
}

// EloPentanomial estimates the Elo difference from game pairs with the
// pentanomial standard error: the spread of the pair means over √pairs.
// Pairing removes the variance that the opening adds, so this interval is
// honest for paired matches where the trinomial one is too wide or narrow.
func EloPentanomial(p Pentanomial, conf float64) (EloEstimate, error) {
	for k, c := range p {
		if c < 0 {
			return EloEstimate{}, fmt.Errorf("elo estimate: negative count %d of pairs scoring %v", c, float64(k)/2)
		}
	}
	n := p.Pairs()
	if n == 0 {
		return EloEstimate{}, fmt.Errorf("elo estimate: %w", ErrNoData)
	}
	mean, v := p.meanVar()
	return eloFrom(mean, math.Sqrt(v/float64(n)), 2*n, n, conf)
}

// SPRTModel selects how SPRT turns Elo bounds into outcome probabilities.
type SPRTModel uint8

const (
	// Logistic bounds are logistic Elo (as ScoreFromElo). The test is the
	// generalised SPRT of fishtest (M. Van den Bergh, "A note on the SPRT"):
	//
	//	LLR = Σₖ nₖ·ln(p̃1ₖ / p̃0ₖ)
	//
	// over the outcome categories k (loss, draw, win for a WDL sample; the
	// five pair scores for a pentanomial one), where p̃0 and p̃1 are the
	// distributions of highest likelihood for the observed counts whose
	// expected score is s0 = ScoreFromElo(elo0) and s1 = ScoreFromElo(elo1)
	// respectively. In large samples it equals the normal approximation
	// N·(s1 − s0)·(2ŝ − s0 − s1)/(2σ̂²) (ŝ the mean score, σ̂² its variance
	// per game or pair); unlike that formula it stays small after a handful
	// of games. Empty categories are counted as 1e-3, as fishtest does, so
	// that every hypothesis has a maximum-likelihood distribution.
	Logistic SPRTModel = iota
	// BayesElo bounds are BayesElo (the model of BayesElo and of the SPRT
	// in cutechess-cli and early fishtest). The draw Elo is estimated from
	// the sample, drawElo = 200·log10((1 − w)/w · (1 − l)/l), each bound is
	// turned into probabilities
	//
	//	P(win)  = 1/(1 + 10^((drawElo − elo)/400))
	//	P(loss) = 1/(1 + 10^((drawElo + elo)/400))
	//	P(draw) = 1 − P(win) − P(loss)
	//
	// and LLR = W·ln(pw1/pw0) + D·ln(pd1/pd0) + L·ln(pl1/pl0), the exact
	// trinomial log-likelihood ratio. It needs at least one win, draw and
	// loss; before that the test continues with LLR 0.
	BayesElo
)

// String names the model.
func (m SPRTModel) String() string {
	switch m {
	case Logistic:
		return "logistic"
	case BayesElo:
		return "bayeselo"
	}
	return fmt.Sprintf("SPRTModel(%d)", uint8(m))
}

// ParseSPRTModel parses "logistic" or "bayeselo".
func ParseSPRTModel(s string) (SPRTModel, error) {
	switch s {
	case "logistic":
		return Logistic, nil
	case "bayeselo":
		return BayesElo, nil
	}
	return 0, fmt.Errorf("sprt model %q: want logistic or bayeselo", s)
}

// SPRTDecision is the state of a sequential test.
type SPRTDecision uint8

const (
	// Continue: the LLR lies between the bounds; play more games.
	Continue SPRTDecision = iota
	// AcceptH0: the LLR reached the lower bound; the difference is at most
	// elo0 (at error rate beta).
	AcceptH0
	// AcceptH1: the LLR reached the upper bound; the difference is at least
	// elo1 (at error rate alpha).
	AcceptH1
)

// String names the decision.
func (d SPRTDecision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "accept H0"
	case AcceptH1:
		return "accept H1"
	}
	return fmt.Sprintf("SPRTDecision(%d)", uint8(d))
}

// SPRTBounds are the hypotheses and error rates of a sequential test:
// H0 elo ≤ Elo0 against H1 elo ≥ Elo1, with false-positive rate Alpha and
// false-negative rate Beta.
type SPRTBounds struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       SPRTModel
}

func (b SPRTBounds) check() error {
	if !(b.Elo1 > b.Elo0) {
		return fmt.Errorf("sprt: elo1 %v must exceed elo0 %v", b.Elo1, b.Elo0)
	}
	if !(b.Alpha > 0 && b.Alpha < 0.5 && b.Beta > 0 && b.Beta < 0.5) {
		return fmt.Errorf("sprt: alpha %v and beta %v: want error rates in (0, 0.5) such as 0.05", b.Alpha, b.Beta)
	}
	if b.Model > BayesElo {
		return fmt.Errorf("sprt: unknown model %v", b.Model)
	}
	return nil
}

// SPRTResult is the state of a sequential probability ratio test.
type SPRTResult struct {
	// LLR is the log-likelihood ratio of H1 to H0; Lower = ln(β/(1−α)) and
	// Upper = ln((1−β)/α) are Wald's bounds.
	LLR, Lower, Upper float64
	Decision          SPRTDecision
}

func (b SPRTBounds) decide(llr float64) SPRTResult {
	r := SPRTResult{
		LLR:   llr,
		Lower: math.Log(b.Beta / (1 - b.Alpha)),
		Upper: math.Log((1 - b.Beta) / b.Alpha),
	}
	switch {
	case llr >= r.Upper:
		r.Decision = AcceptH1
	case llr <= r.Lower:
		r.Decision = AcceptH0
	}
	return r
}

// SPRT returns the sequential test's state after the games t (from the
// tested side's point of view). An empty sample continues with LLR 0.
func SPRT(t WDL, b SPRTBounds) (SPRTResult, error) {
	if err := b.check(); err != nil {
		return SPRTResult{}, err
	}
	if t.Wins < 0 || t.Draws < 0 || t.Losses < 0 {
		return SPRTResult{}, fmt.Errorf("sprt: negative count in %d wins, %d draws, %d losses", t.Wins, t.Draws, t.Losses)
	}
	if t.N() == 0 {
		return b.decide(0), nil
	}
	W, D, L := float64(t.Wins), float64(t.Draws), float64(t.Losses)
	if b.Model == BayesElo {
		if t.Wins == 0 || t.Draws == 0 || t.Losses == 0 {
			return b.decide(0), nil
		}
		n := W + D + L
		w, l := W/n, L/n
		drawElo := 200 * math.Log10((1-w)/w*(1-l)/l)
		probs := func(elo float64) (pw, pd, pl float64) {
			pw = 1 / (1 + math.Pow(10, (drawElo-elo)/400))
			pl = 1 / (1 + math.Pow(10, (drawElo+elo)/400))
			return pw, 1 - pw - pl, pl
		}
		w0, d0, l0 := probs(b.Elo0)
		w1, d1, l1 := probs(b.Elo1)
		return b.decide(W*math.Log(w1/w0) + D*math.Log(d1/d0) + L*math.Log(l1/l0)), nil
	}
	s0, s1 := ScoreFromElo(b.Elo0), ScoreFromElo(b.Elo1)
	counts := []float64{L, D, W}
	return b.decide(gsprtLLR(counts, []float64{0, 0.5, 1}, s0, s1)), nil
}

// SPRTPentanomial is SPRT for game pairs; only the Logistic model applies.
func SPRTPentanomial(p Pentanomial, b SPRTBounds) (SPRTResult, error) {
	if err := b.check(); err != nil {
		return SPRTResult{}, err
	}
	if b.Model != Logistic {
		return SPRTResult{}, fmt.Errorf("sprt: the %v model has no pentanomial form: use logistic", b.Model)
	}
	for _, c := range p {
		if c < 0 {
			return SPRTResult{}, fmt.Errorf("sprt: negative pair count in %v", p)
		}
	}
	n := p.Pairs()
	if n == 0 {
		return b.decide(0), nil
	}
	counts := make([]float64, len(p))
	for k, c := range p {
		counts[k] = float64(c)
	}
	s0, s1 := ScoreFromElo(b.Elo0), ScoreFromElo(b.Elo1)
	return b.decide(gsprtLLR(counts, []float64{0, 0.25, 0.5, 0.75, 1}, s0, s1)), nil
}

// gsprtLLR returns Σ nₖ·ln(p1ₖ/p0ₖ), where pⱼ maximises the likelihood of
// the counts (zeros regularised to 1e-3) on the points xs subject to mean
// sⱼ.
func gsprtLLR(counts, xs []float64, s0, s1 float64) float64 {
	reg := make([]float64, len(counts))
	for k, c := range counts {
		reg[k] = c
		if c == 0 {
			reg[k] = 1e-3
		}
	}
	p0 := meanConstrainedMLE(reg, xs, s0)
	p1 := meanConstrainedMLE(reg, xs, s1)
	var llr float64
	for k, c := range reg {
		llr += c * math.Log(p1[k]/p0[k])
	}
	return llr
}

// meanConstrainedMLE maximises Σ nₖ·ln pₖ over distributions p on the
// points xs with Σ pₖ·xₖ = mu, for positive counts n and min(xs) < mu <
// max(xs). The Lagrange conditions give pₖ = (nₖ/N)/(1 + λ(xₖ − mu)), with
// λ the root of Σ (nₖ/N)(xₖ − mu)/(1 + λ(xₖ − mu)), which decreases in λ on
// the range where every denominator is positive.
func meanConstrainedMLE(n, xs []float64, mu float64) []float64 {
	var total float64
	lo, hi := math.Inf(-1), math.Inf(1)
	for k, c := range n {
		total += c
		if d := xs[k] - mu; d > 0 {
			lo = math.Max(lo, -1/d)
		} else if d < 0 {
			hi = math.Min(hi, -1/d)
		}
	}
	g := func(lambda float64) float64 {
		var s float64
		for k, c := range n {
			d := xs[k] - mu
			s += c / total * d / (1 + lambda*d)
		}
		return s
	}
	for i := 0; i < 300 && hi-lo > 1e-15*math.Max(1, math.Abs(lo)); i++ {
		m := lo + (hi-lo)/2
		if g(m) > 0 {
			lo = m
		} else {
			hi = m
		}
	}
	lambda := lo + (hi-lo)/2
	p := make([]float64, len(n))
	for k, c := range n {
		p[k] = c / total / (1 + lambda*(xs[k]-mu))
	}
	return p
}

// normalLLR is the large-sample approximation of the logistic LLR, kept
// for the tests that compare the two.
func normalLLR(n, s, variance float64, b SPRTBounds) float64 {
	s0, s1 := ScoreFromElo(b.Elo0), ScoreFromElo(b.Elo1)
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * variance)
}
