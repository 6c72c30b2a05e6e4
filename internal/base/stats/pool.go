package stats

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// PoolMatch is one match between two players of a pool, from A's side:
// its colour-swapped pairs by their points, or, where the pairs were not
// kept, its games (then counted as independent). A match with pairs is
// read from them alone.
type PoolMatch struct {
	A, B  int
	Pairs Pentanomial
	WDL   WDL
}

// games returns the match's games and A's points.
func (m PoolMatch) games() (n, points float64) {
	if p := m.Pairs.Pairs(); p > 0 {
		for k, c := range m.Pairs {
			points += float64(c) * float64(k) / 2
		}
		return 2 * float64(p), points
	}
	return float64(m.WDL.Wins + m.WDL.Draws + m.WDL.Losses), float64(m.WDL.Wins) + float64(m.WDL.Draws)/2
}

// squares returns the sum of the squared residuals of A's points from the
// expected score p a game: over the pairs (each pair's points less 2p)
// where the match kept them, else over its games.
func (m PoolMatch) squares(p float64) float64 {
	if m.Pairs.Pairs() > 0 {
		var s float64
		for k, c := range m.Pairs {
			d := float64(k)/2 - 2*p
			s += float64(c) * d * d
		}
		return s
	}
	w, d, l := float64(m.WDL.Wins), float64(m.WDL.Draws), float64(m.WDL.Losses)
	return w*(1-p)*(1-p) + d*(0.5-p)*(0.5-p) + l*p*p
}

// Rating is one player's Elo from a pool fit, relative to the anchor (whose
// Elo is 0 with an interval of width 0), with its standard error, its
// interval and the games it played.
type Rating struct {
	Elo   float64  `json:"elo"`
	SE    float64  `json:"se"`
	CI    Interval `json:"ci"`
	Games int      `json:"games"`
}

// PoolOptions are a pool fit's settings.
type PoolOptions struct {
	// Anchor is the player rated 0.
	Anchor int
	// PriorDraws are virtual drawn games added to every match (BayesElo's
	// prior), so that a sweep has a finite rating; 0 adds none (a sweep
	// then has no finite maximum and the fit fails).
	PriorDraws float64
	// Conf is the two-sided confidence level of the intervals (0.95).
	Conf float64
}

// PoolRatings fits one logistic (Bradley–Terry) rating to each of players
// players from every match at once, by maximum likelihood: A's points in a
// match of n games are binomial-like with mean n·ScoreFromElo(Elo_A −
// Elo_B), each match with opts.PriorDraws virtual draws added. Newton's
// method on the concave log-likelihood, from every Elo 0, to a change below
// 1e-9 Elo.
//
// The intervals are the quasi-likelihood ones: the inverse of the Fisher
// information at the maximum, scaled by the dispersion φ, the squared
// residuals of the pairs (or games) over what independent games of no draws
// would give, Σ r² / Σ n·p(1 − p), pooled over the matches. Draws and the
// pairing of colour-swapped games make φ below 1; for two players and one
// match without prior draws the interval is the pentanomial one of
// EloPentanomial in Elo terms (the same standard error, symmetric in Elo).
// A rating's interval is relative to the anchor.
//
// Every player must be joined to the anchor by a chain of matches, or
// the fit returns an error naming one that is not.
func PoolRatings(players int, matches []PoolMatch, opts PoolOptions) ([]Rating, error) {
	if err := checkConf(opts.Conf); err != nil {
		return nil, err
	}
	games, err := checkPool(players, matches, opts)
	if err != nil {
		return nil, err
	}
	f := newPoolFit(players, matches, opts)
	if err := f.maximise(); err != nil {
		return nil, err
	}
	z, err := ZCrit(opts.Conf)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, players)
	for p := range players {
		out[p] = Rating{Elo: f.elo[p], CI: Interval{Lo: f.elo[p], Hi: f.elo[p]}, Games: games[p]}
	}
	if f.k == 0 {
		return out, nil
	}
	if err := f.intervals(out, z); err != nil {
		return nil, err
	}
	return out, nil
}

// checkPool checks the pool's players, anchor, prior and matches, and
// that every player has a chain of matches to the anchor; it returns each
// player's games.
func checkPool(players int, matches []PoolMatch, opts PoolOptions) ([]int, error) {
	if players < 1 || opts.Anchor < 0 || opts.Anchor >= players {
		return nil, fmt.Errorf("pool ratings: anchor %d of %d players", opts.Anchor, players)
	}
	if !(opts.PriorDraws >= 0) {
		return nil, fmt.Errorf("pool ratings: prior draws %v, want 0 or more", opts.PriorDraws)
	}
	games := make([]int, players)
	adj := make([][]int, players)
	for _, m := range matches {
		if m.A < 0 || m.A >= players || m.B < 0 || m.B >= players || m.A == m.B {
			return nil, fmt.Errorf("pool ratings: a match between players %d and %d of %d", m.A, m.B, players)
		}
		for k, c := range m.Pairs {
			if c < 0 {
				return nil, fmt.Errorf("pool ratings: negative count %d of pairs scoring %v", c, float64(k)/2)
			}
		}
		if m.WDL.Wins < 0 || m.WDL.Draws < 0 || m.WDL.Losses < 0 {
			return nil, fmt.Errorf("pool ratings: negative counts %d-%d-%d", m.WDL.Wins, m.WDL.Draws, m.WDL.Losses)
		}
		n, _ := m.games()
		if n == 0 {
			continue
		}
		games[m.A] += int(n)
		games[m.B] += int(n)
		adj[m.A] = append(adj[m.A], m.B)
		adj[m.B] = append(adj[m.B], m.A)
	}
	// Every player must reach the anchor.
	seen := make([]bool, players)
	seen[opts.Anchor] = true
	queue := []int{opts.Anchor}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range adj[p] {
			if !seen[q] {
				seen[q] = true
				queue = append(queue, q)
			}
		}
	}
	for p, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("pool ratings: player %d has no chain of matches to the anchor, player %d", p, opts.Anchor)
		}
	}
	return games, nil
}

// poolFit is the maximum-likelihood fit of a pool's ratings: elo for
// every player, the anchor's fixed at 0, and the information and gradient
// of the log-likelihood over the k free players (idx: a player's index
// among them, -1 for the anchor).
type poolFit struct {
	matches    []PoolMatch
	priorDraws float64
	elo        []float64
	idx        []int
	k          int
	info       *mat.SymDense
	grad       *mat.VecDense
	chol       mat.Cholesky
}

func newPoolFit(players int, matches []PoolMatch, opts PoolOptions) *poolFit {
	f := &poolFit{matches: matches, priorDraws: opts.PriorDraws, elo: make([]float64, players), idx: make([]int, players)}
	// Free parameters: every player but the anchor, in order.
	for p := range players {
		f.idx[p] = -1
		if p != opts.Anchor {
			f.idx[p] = f.k
			f.k++
		}
	}
	f.info = mat.NewSymDense(max(f.k, 1), nil)
	f.grad = mat.NewVecDense(max(f.k, 1), nil)
	return f
}

// eloSlope is d score / d Elo over p(1 − p).
const eloSlope = math.Ln10 / 400

// fill sets info to the Fisher information (the negative Hessian) of the
// log-likelihood, prior draws included, at elo, and grad to its gradient,
// over the free players.
func (f *poolFit) fill() {
	c := eloSlope // d score / d Elo is c·p(1 − p)
	f.info.Zero()
	f.grad.Zero()
	for _, m := range f.matches {
		n, s := m.games()
		if n == 0 {
			continue
		}
		n, s = n+f.priorDraws, s+f.priorDraws/2
		p := ScoreFromElo(f.elo[m.A] - f.elo[m.B])
		g, h := c*(s-n*p), c*c*n*p*(1-p)
		a, b := f.idx[m.A], f.idx[m.B]
		if a >= 0 {
			f.grad.SetVec(a, f.grad.AtVec(a)+g)
			f.info.SetSym(a, a, f.info.At(a, a)+h)
		}
		if b >= 0 {
			f.grad.SetVec(b, f.grad.AtVec(b)-g)
			f.info.SetSym(b, b, f.info.At(b, b)+h)
		}
		if a >= 0 && b >= 0 {
			f.info.SetSym(a, b, f.info.At(a, b)-h)
		}
	}
}

// maximise runs Newton's method from elo to the maximum of the
// log-likelihood.
func (f *poolFit) maximise() error {
	if f.k == 0 {
		return nil
	}
	step := mat.NewVecDense(f.k, nil)
	const maxIter = 200
	for iter := 0; ; iter++ {
		f.fill()
		if !f.chol.Factorize(f.info) {
			return errors.New("pool ratings: the information matrix is singular (a sweep without prior draws has no finite rating)")
		}
		if err := f.chol.SolveVecTo(step, f.grad); err != nil {
			return fmt.Errorf("pool ratings: %w", err)
		}
		var most float64
		for p := range f.elo {
			if i := f.idx[p]; i >= 0 {
				d := step.AtVec(i)
				// Newton's step, bounded: far from the maximum the
				// quadratic model of a near-sweep overshoots.
				d = math.Max(-400, math.Min(400, d))
				f.elo[p] += d
				most = math.Max(most, math.Abs(d))
			}
		}
		if most < 1e-9 {
			return nil
		}
		if iter == maxIter {
			return fmt.Errorf("pool ratings: no convergence in %d Newton steps (last change %.3g Elo)", maxIter, most)
		}
	}
}

// intervals sets the standard errors and z-intervals of out's free
// players from the information at the fitted ratings, scaled by the
// dispersion pooled over the matches.
func (f *poolFit) intervals(out []Rating, z float64) error {
	var res, want float64
	for _, m := range f.matches {
		n, _ := m.games()
		if n == 0 {
			continue
		}
		p := ScoreFromElo(f.elo[m.A] - f.elo[m.B])
		res += m.squares(p)
		want += n * p * (1 - p)
	}
	if !(want > 0) {
		return errors.New("pool ratings: no match has an expected score strictly between 0 and 1")
	}
	phi := res / want
	f.fill()
	if !f.chol.Factorize(f.info) {
		return errors.New("pool ratings: the information matrix is singular at the fitted ratings")
	}
	var cov mat.SymDense
	if err := f.chol.InverseTo(&cov); err != nil {
		return fmt.Errorf("pool ratings: %w", err)
	}
	for p := range out {
		if i := f.idx[p]; i >= 0 {
			se := math.Sqrt(phi * cov.At(i, i))
			out[p].SE = se
			out[p].CI = Interval{Lo: f.elo[p] - z*se, Hi: f.elo[p] + z*se}
		}
	}
	return nil
}
