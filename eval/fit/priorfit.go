package fit

import (
	"context"
	"fmt"
	"math"
	"sync"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// PriorFitOptions are the settings of FitPrior.
type PriorFitOptions struct {
	// Lambda is the L2 penalty on the standardized weights (each move
	// feature scaled to variance 1 over the training moves): the fit
	// minimises mean cross-entropy + Lambda·Σβ². It must be positive: the
	// from and to classes are one-hot, so the features are linearly
	// dependent and only the penalty makes the weights unique.
	Lambda float64 `json:"lambda"`
	// Holdout is the fraction of games held out for the report, in (0, 1);
	// Seed decides which (InHoldout, as for the value fit).
	Holdout float64 `json:"holdout"`
	Seed    uint64  `json:"seed"`
	// MaxIterations bounds the L-BFGS iterations.
	MaxIterations int `json:"max_iterations"`
	// Workers is the number of goroutines computing the loss and gradient;
	// the result does not depend on it. 0 means all of priorParts.
	Workers int `json:"workers"`
}

// DefaultPriorFitOptions returns λ = 1e-4, a fifth of the games held out,
// seed 1 and at most 200 iterations.
func DefaultPriorFitOptions() PriorFitOptions {
	return PriorFitOptions{Lambda: 1e-4, Holdout: 0.2, Seed: 1, MaxIterations: 200}
}

// Validate reports the first option out of range.
func (o PriorFitOptions) Validate() error {
	switch {
	case !(o.Lambda > 0) || math.IsInf(o.Lambda, 0):
		return fmt.Errorf("prior lambda %v: want a positive number (the move features are linearly dependent, so the fit needs a penalty)", o.Lambda)
	case !(o.Holdout > 0 && o.Holdout < 1):
		return fmt.Errorf("prior holdout %v: want a fraction of the games strictly between 0 and 1", o.Holdout)
	case o.MaxIterations < 1:
		return fmt.Errorf("prior max iterations %d: want at least 1", o.MaxIterations)
	case o.Workers < 0:
		return fmt.Errorf("prior workers %d: want 0 (all) or more", o.Workers)
	}
	return nil
}

// FitPrior fits the move prior to the visit shares of src by maximum
// likelihood: it minimises the mean cross-entropy between each position's
// visit shares and the prior's softmax, plus the penalty, with L-BFGS
// (gonum/optimize) and an analytic gradient, and scores the held-out games.
// It reads src once and keeps each move as an index into a table of the
// distinct move feature vectors (4 bytes a move, plus 4 for its share), so
// that an iteration costs a few operations per move.
func FitPrior(ctx context.Context, src Source, opt PriorFitOptions) (*eval.Prior, *eval.PriorReport, error) {
	if err := opt.Validate(); err != nil {
		return nil, nil, err
	}
	tab := newMoveTable()
	train, test := &policySet{tab: tab}, &policySet{tab: tab}
	var b policyBuilder
	err := src.Scan(ctx, WithPolicy, func(r *Sample) error {
		if InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			return b.add(test, 1, r)
		}
		return b.add(train, 0, r)
	})
	if err != nil {
		return nil, nil, err
	}
	if train.positions() == 0 {
		return nil, nil, fmt.Errorf("prior fit: %w in the training games", errNoRows)
	}
	trainGames, testGames := b.games[0], b.games[1]
	workers := opt.Workers
	if workers == 0 || workers > priorParts {
		workers = priorParts
	}
	obj := newPriorObjective(train, opt.Lambda, workers)
	beta := make([]float64, eval.NumMoveFeatures)
	lb := lbfgs{
		name: "prior fit", evaluate: obj.evaluate,
		loss: func() float64 { return obj.loss }, grad: func() []float64 { return obj.grad },
		gradientThreshold: 1e-6, maxIterations: opt.MaxIterations, absolute: 1e-10, relative: 1e-9,
	}
	_, iterations, status, err := lb.minimize(ctx, beta)
	if err != nil {
		return nil, nil, err
	}
	var w [eval.NumMoveFeatures]float64
	copy(w[:], obj.w)
	pr := eval.NewPrior(w)
	rep := &eval.PriorReport{
		MoveFeatureSetVersion: eval.MoveFeatureSetVersion, Lambda: opt.Lambda, Holdout: opt.Holdout, Seed: opt.Seed,
		Train:      eval.Counts{Positions: int64(train.positions()), Games: trainGames},
		Test:       eval.Counts{Positions: int64(test.positions()), Games: testGames},
		Iterations: iterations, Status: status,
		TrainScore: train.score(pr, false), TestScore: test.score(pr, false), UniformTest: test.score(pr, true),
		DistinctMoves: len(tab.rows), Skipped: b.skipped,
	}
	for i, name := range eval.MoveNames() {
		rep.Weights = append(rep.Weights, eval.NamedWeight{Name: name, Weight: w[i]})
	}
	return pr, rep, nil
}

// moveTable numbers the distinct move feature vectors.
type moveTable struct {
	ids  map[eval.MoveVector]int32
	rows []eval.MoveVector
}

func newMoveTable() *moveTable { return &moveTable{ids: map[eval.MoveVector]int32{}} }

func (t *moveTable) id(v *eval.MoveVector) int32 {
	if k, ok := t.ids[*v]; ok {
		return k
	}
	k := int32(len(t.rows))
	t.ids[*v] = k
	t.rows = append(t.rows, *v)
	return k
}

// policySet holds positions as runs of moves: position i's moves are
// ids[start[i]:start[i+1]] (indexes into tab.rows) with visit shares
// share[start[i]:start[i+1]].
type policySet struct {
	tab   *moveTable
	ids   []int32
	share []float32
	start []int64
}

func (s *policySet) positions() int {
	if len(s.start) == 0 {
		return 0
	}
	return len(s.start) - 1
}

// policyBuilder turns rows into a policySet, counting the games of each
// side of the split.
type policyBuilder struct {
	index   [rules.NumSquares * rules.NumSquares]int16 // action → move index + 1
	games   [2]int64
	skipped int64
	last    [2]int64
	seen    [2]bool
	vec     eval.MoveVector
	visits  [rules.MaxMoves]float64
}

func (b *policyBuilder) add(s *policySet, side int, r *Sample) error {
	moves := r.Moves
	if len(moves) == 0 {
		return fmt.Errorf("game %d ply %d: the position has no legal moves, so it cannot have been searched", r.GameID, r.Ply)
	}
	if len(r.Policy) == 0 {
		return fmt.Errorf("game %d ply %d: empty policy: want the search's visit counts", r.GameID, r.Ply)
	}
	for j, m := range moves {
		b.index[m.Action()] = int16(j + 1)
		b.visits[j] = 0
	}
	var total float64
	for _, e := range r.Policy {
		a := int(e.Action)
		if a < 0 || a >= len(b.index) || b.index[a] == 0 {
			b.clear(moves)
			return fmt.Errorf("game %d ply %d: policy action %d is not a legal move of the position", r.GameID, r.Ply, e.Action)
		}
		if e.Visits < 0 {
			b.clear(moves)
			return fmt.Errorf("game %d ply %d: policy action %d has %d visits: want a count", r.GameID, r.Ply, e.Action, e.Visits)
		}
		b.visits[b.index[a]-1] += float64(e.Visits)
		total += float64(e.Visits)
	}
	b.clear(moves)
	if !(total > 0) {
		// A search that found the root proven before its first
		// simulation records the move played with no visits: there is
		// no visit distribution to learn.
		b.skipped++
		return nil
	}
	if len(s.start) == 0 {
		s.start = append(s.start, 0)
	}
	c := eval.NewMoveContext(&r.Pos)
	for j, m := range moves {
		c.Features(&b.vec, m)
		s.ids = append(s.ids, s.tab.id(&b.vec))
		s.share = append(s.share, float32(b.visits[j]/total))
	}
	s.start = append(s.start, int64(len(s.ids)))
	if !b.seen[side] || b.last[side] != r.GameID {
		b.games[side]++
		b.seen[side], b.last[side] = true, r.GameID
	}
	return nil
}

func (b *policyBuilder) clear(moves []rules.Move) {
	for _, m := range moves {
		b.index[m.Action()] = 0
	}
}

// priorParts is the fixed number of parts the positions are split into for
// the loss and gradient: each part sums on its own and the parts are added
// in order, so that the result does not depend on the number of workers.
const priorParts = 4

// priorObjective computes the penalised mean cross-entropy and its
// gradient with respect to the standardized weights β (wⱼ = βⱼ/σⱼ),
// caching the last location: L-BFGS asks for the value and the gradient
// at one point in separate calls.
type priorObjective struct {
	s       *policySet
	lambda  float64
	workers int
	sigma   [eval.NumMoveFeatures]float64
	count   float64 // training positions

	last  []float64
	loss  float64
	grad  []float64
	w     []float64
	table []float64 // score of each distinct move vector
	parts [priorParts]priorPart
}

// priorPart is one part's share of the loss and of the gradient's
// coefficients: coef[k] sums (prior − share) over the part's moves with
// feature vector k.
type priorPart struct {
	lo, hi int // positions
	loss   float64
	coef   []float64
}

func newPriorObjective(s *policySet, lambda float64, workers int) *priorObjective {
	o := &priorObjective{s: s, lambda: lambda, workers: workers, count: float64(s.positions())}
	o.grad = make([]float64, eval.NumMoveFeatures)
	o.w = make([]float64, eval.NumMoveFeatures)
	o.table = make([]float64, len(s.tab.rows))
	// σ of each feature over the training moves, from the table and how
	// often each row is used.
	uses := make([]float64, len(s.tab.rows))
	for _, k := range s.ids {
		uses[k]++
	}
	var mean, sq [eval.NumMoveFeatures]float64
	n := float64(len(s.ids))
	for k, row := range s.tab.rows {
		if uses[k] == 0 {
			continue
		}
		for f, x := range row {
			mean[f] += uses[k] * float64(x)
			sq[f] += uses[k] * float64(x) * float64(x)
		}
	}
	for f := range o.sigma {
		m := mean[f] / n
		v := sq[f]/n - m*m
		o.sigma[f] = 1
		if v > 1e-12 {
			o.sigma[f] = math.Sqrt(v)
		}
	}
	np := s.positions()
	for i := range o.parts {
		o.parts[i] = priorPart{lo: np * i / priorParts, hi: np * (i + 1) / priorParts, coef: make([]float64, len(s.tab.rows))}
	}
	return o
}

func (o *priorObjective) evaluate(beta []float64) {
	if o.last != nil && equalSlices(o.last, beta) {
		return
	}
	o.last = append(o.last[:0], beta...)
	for f := range o.w {
		o.w[f] = beta[f] / o.sigma[f]
	}
	for k, row := range o.s.tab.rows {
		var z float64
		for f, x := range row {
			z += o.w[f] * float64(x)
		}
		o.table[k] = z
	}
	next := make(chan int, priorParts)
	for i := range o.parts {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range o.workers {
		wg.Go(func() {
			for i := range next {
				o.part(&o.parts[i])
			}
		})
	}
	wg.Wait()
	loss := 0.0
	var g [eval.NumMoveFeatures]float64
	coef := o.parts[0].coef
	for i := range o.parts {
		loss += o.parts[i].loss
		if i > 0 {
			for k, c := range o.parts[i].coef {
				coef[k] += c
			}
		}
	}
	for k, row := range o.s.tab.rows {
		if c := coef[k]; c != 0 {
			for f, x := range row {
				g[f] += c * float64(x)
			}
		}
	}
	o.loss = loss / o.count
	for f := range o.grad {
		o.loss += o.lambda * beta[f] * beta[f]
		o.grad[f] = g[f]/o.count/o.sigma[f] + 2*o.lambda*beta[f]
	}
}

// part sums the cross-entropy of the part's positions and the gradient's
// coefficients of their moves.
func (o *priorObjective) part(p *priorPart) {
	clear(p.coef)
	p.loss = 0
	s, tab := o.s, o.table
	for i := p.lo; i < p.hi; i++ {
		ids, share := s.ids[s.start[i]:s.start[i+1]], s.share[s.start[i]:s.start[i+1]]
		best := math.Inf(-1)
		for _, k := range ids {
			best = max(best, tab[k])
		}
		var z, dot float64
		for j, k := range ids {
			z += math.Exp(tab[k] - best)
			dot += float64(share[j]) * tab[k]
		}
		logZ := best + math.Log(z)
		p.loss += logZ - dot
		for j, k := range ids {
			p.coef[k] += math.Exp(tab[k]-logZ) - float64(share[j])
		}
	}
}

// score measures pr (uniform priors when uniform is set) on the set.
func (s *policySet) score(pr *eval.Prior, uniform bool) eval.PolicyScore {
	var sc eval.PolicyScore
	n := s.positions()
	sc.Positions, sc.Moves = int64(n), int64(len(s.ids))
	if n == 0 {
		return sc
	}
	var ce, ent float64
	top := 0
	for i := range n {
		ids, share := s.ids[s.start[i]:s.start[i+1]], s.share[s.start[i]:s.start[i+1]]
		best, bestJ, most, mostJ := math.Inf(-1), 0, -1.0, 0
		for j, k := range ids {
			z := 0.0
			if !uniform {
				z = float64(pr.Score(&s.tab.rows[k]))
			}
			if z > best {
				best, bestJ = z, j
			}
			if y := float64(share[j]); y > most {
				most, mostJ = y, j
			}
		}
		var sum float64
		for _, k := range ids {
			if uniform {
				sum++
			} else {
				sum += math.Exp(float64(pr.Score(&s.tab.rows[k])) - best)
			}
		}
		logZ := best + math.Log(sum)
		for j, k := range ids {
			y := float64(share[j])
			if y == 0 {
				continue
			}
			z := 0.0
			if !uniform {
				z = float64(pr.Score(&s.tab.rows[k]))
			}
			ce -= y * (z - logZ)
			ent -= y * math.Log(y)
		}
		if bestJ == mostJ {
			top++
		}
	}
	sc.CrossEntropy, sc.Entropy, sc.Top1 = ce/float64(n), ent/float64(n), float64(top)/float64(n)
	return sc
}
