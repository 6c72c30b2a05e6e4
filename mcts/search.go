package mcts

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/surakarta/surakarta/rules"
)

// Result is what a search found at its root position.
type Result struct {
	// Best is the move the search recommends: a proven win if there is one
	// (an immediately winning move first), else the most visited move not
	// proven to lose. NoMove when the game is already over.
	Best rules.Move
	// Value is the root's value for its side to move: exact when proven,
	// else the mean of all simulations through the root.
	Value float64
	// Moves holds every legal move of the root, sorted by visits (most
	// first), then by value (highest first), then in the order of the
	// root's children, which the search shuffles with its seeded generator
	// (so equal moves come in no preferred order, and a position and its
	// image under rules.Rotate list their moves in the same order). Best
	// need not come first (a proven win found late may have few visits).
	Moves []MoveStat
	// PV is the principal variation from the root: Best, then at each node
	// the move Best's rule picks there, while the tree knows the reply.
	PV []rules.Move
	// Sims is the number of simulations this search ran: Config.Sims, or
	// fewer if the root was proven first. A root proven at its expansion
	// (a capture of the last piece) leaves every move with 0 visits; self-
	// play should then take Best, not the visit counts, as its target.
	Sims int
	// Nodes is the number of node slots the tree occupies after the search.
	Nodes int
	// Proof is the root's proven result for its side to move.
	Proof Proof
}

// MoveStat is one root move's statistics.
type MoveStat struct {
	Move rules.Move
	// Visits counts the simulations through the move, including those of
	// earlier searches whose tree was reused.
	Visits int
	// Value is the move's mean value for the player who plays it: exact
	// when proven, 0 when unvisited.
	Value float64
	// Proof is the proven result of playing the move, for the player who
	// plays it.
	Proof Proof
}

// Searcher runs searches for one game at a time. It keeps its tree between
// calls for tree reuse, its arenas for allocation-free steady state, and its
// random generator for determinism. A Searcher belongs to one goroutine: it
// is not safe for concurrent use (SearchParallel runs its own threads).
type Searcher struct {
	cfg    Config
	ev     Evaluator
	arenas [2]*arena
	cur    int   // the live arena
	root   int32 // root node in the live arena; 0: no tree

	rootPos   rules.Position
	treeStart rules.Position // the game whose continuation the tree describes
	treeMoves []rules.Move
	history   []uint64

	main    *worker
	helpers []*worker
	counts  *parallelCounts

	noise       [rules.MaxMoves]float64
	cleanPriors [rules.MaxMoves]uint16
	walk        []int32 // settleTree's stack
}

// NewSearcher returns a searcher for cfg scoring with ev, its generator
// seeded with cfg.Seed. Its trees start small and grow to at most
// cfg.MaxNodes node slots (two trees' worth when tree reuse copies one).
func NewSearcher(cfg Config, ev Evaluator) (*Searcher, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if ev == nil {
		return nil, errNilEvaluator
	}
	s := &Searcher{cfg: cfg, ev: ev}
	s.arenas[0] = newArena(cfg.MaxNodes)
	s.arenas[1] = newArena(cfg.MaxNodes)
	s.main = &worker{}
	s.main.init(s, ev)
	s.main.rng.Seed(cfg.Seed)
	s.counts = &parallelCounts{}
	s.counts.stop = &s.counts.never
	return s, nil
}

// Config returns the searcher's settings.
func (s *Searcher) Config() Config { return s.cfg }

// Reset starts a new game: it forgets the tree and reseeds the generator with
// seed, so the searches that follow repeat exactly for the same seed.
func (s *Searcher) Reset(seed uint64) {
	s.root = 0
	s.treeMoves = s.treeMoves[:0]
	s.main.rng.Seed(seed)
}

// Search runs Config.Sims simulations from g's current position and returns
// the root's statistics; it stops early once the root is proven. When g
// continues the game searched last (same start, the moves played then as a
// prefix of g's moves) and Config.ReuseTree is set, the subtree of the new
// position is kept with its visits. Repetitions count g's history since its
// last capture as well as the search path. g is not modified. If g is over,
// Search returns Best = NoMove with the game's result as Proof and Value.
// Search panics if g.Rules() differs from Config.Rules (a programmer error).
func (s *Searcher) Search(g *rules.Game) Result {
	return s.search(g, 1)
}

// SearchParallel is Search with threads goroutines sharing one tree
// (tree-parallel search with virtual loss); threads <= 1 is Search. It runs
// the same number of simulations, but the threads interleave by timing, so
// visit counts vary from run to run around those of Search: the results are
// statistically equivalent, not bit-identical. The searcher's generator seeds
// the helper threads, so the calls after it stay reproducible only in
// distribution. Evaluators are shared by the threads unless they implement
// Cloner.
func (s *Searcher) SearchParallel(g *rules.Game, threads int) Result {
	return s.search(g, threads)
}

// SearchContext is SearchParallel (threads <= 1: Search) that stops early
// when ctx is done, returning the statistics gathered so far (Result.Sims
// tells how many) with ctx's error. Without cancellation it returns exactly
// what SearchParallel would.
func (s *Searcher) SearchContext(ctx context.Context, g *rules.Game, threads int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	// A fresh flag per call: a cancellation that fires late writes to its
	// own flag, never to a later search's.
	flag := new(atomic.Bool)
	stop := context.AfterFunc(ctx, func() { flag.Store(true) })
	s.counts.stop = flag
	r := s.search(g, threads)
	s.counts.stop = &s.counts.never
	if !stop() {
		// The context ended during the search: the result may be partial.
		if err := ctx.Err(); err != nil {
			return r, err
		}
	}
	return r, nil
}

func (s *Searcher) search(g *rules.Game, threads int) Result {
	if g.Rules() != s.cfg.Rules {
		panic(fmt.Sprintf("mcts: game rules %v differ from Config.Rules %v", g.Rules(), s.cfg.Rules))
	}
	if g.IsTerminal() {
		pos := g.Position()
		r := Result{Best: rules.NoMove, Value: g.Outcome().Return(pos.SideToMove())}
		switch r.Value {
		case 1:
			r.Proof = ProofWin
		case -1:
			r.Proof = ProofLoss
		default:
			r.Proof = ProofDraw
		}
		return r
	}
	s.prepare(g)
	a := s.arenas[s.cur]
	m := s.main
	m.begin()
	done := 0
	if atomic.LoadInt32(&a.node(s.root).first) <= 0 {
		m.simulate() // expands the root, so that noise has priors to mix into
		done++
	}
	noisy := s.cfg.NoiseWeight > 0 && !s.rootProven()
	if noisy {
		s.addNoise()
	}
	if threads <= 1 {
		atomic.StoreInt64(&s.counts.claimed, int64(done))
		for done < s.cfg.Sims && !s.rootProven() && !s.counts.stop.Load() {
			m.simulate()
			done++
			if done%progressEvery == 0 {
				atomic.StoreInt64(&s.counts.claimed, int64(done))
			}
		}
		atomic.StoreInt64(&s.counts.claimed, int64(done))
	} else {
		done = s.parallel(threads, done)
	}
	if noisy {
		s.removeNoise()
	}
	return s.result(done)
}

// prepare sets the root for g: the reused subtree when g continues the
// searched game and the tree knows the moves since, else a fresh root.
func (s *Searcher) prepare(g *rules.Game) {
	moves := g.Moves()
	reused := false
	if s.cfg.ReuseTree && s.root != 0 && g.Start() == s.treeStart &&
		len(moves) >= len(s.treeMoves) && slices.Equal(moves[:len(s.treeMoves)], s.treeMoves) {
		a := s.arenas[s.cur]
		idx := s.root
		for _, mv := range moves[len(s.treeMoves):] {
			idx = a.child(idx, mv)
			if idx == 0 {
				break
			}
		}
		if idx != 0 && a.node(idx).first > 0 {
			if idx != s.root {
				s.root = s.arenas[1-s.cur].copyTree(a, idx)
				s.cur = 1 - s.cur
			}
			reused = true
		}
	}
	if !reused {
		a := s.arenas[s.cur]
		a.reset()
		s.root = a.alloc(1)
		*a.node(s.root) = node{}
	}
	s.rootPos = g.Position()
	s.treeStart = g.Start()
	s.treeMoves = append(s.treeMoves[:0], moves...)
	s.history = g.History(s.history[:0])
}

// child returns the child of idx reached by m, or 0 if idx has no such
// expanded child list.
func (a *arena) child(idx int32, m rules.Move) int32 {
	nd := a.node(idx)
	if nd.first <= 0 {
		return 0
	}
	kids := a.block(nd.first, int(nd.meta&kidsMask))
	for k := range kids {
		if kids[k].move == m {
			return nd.first + int32(k)
		}
	}
	return 0
}

// progressEvery is how many simulations a single-threaded search runs
// between updates of the count SimsDone reads: rare enough to cost nothing.
const progressEvery = 256

// SimsDone returns about how many simulations the search in progress has
// run (a parallel search's claimed ones; a single thread's, to the last 256),
// for progress displays; after a search, the number it ran. It is safe to
// call from another goroutine while the search runs.
func (s *Searcher) SimsDone() int {
	return int(min(atomic.LoadInt64(&s.counts.claimed), int64(s.cfg.Sims)))
}

func (s *Searcher) rootProven() bool {
	return metaProof(atomic.LoadUint32(&s.arenas[s.cur].node(s.root).meta)) != ProofNone
}

// parallel runs the remaining simulations on threads goroutines, the
// caller's one included, and returns the number done in all.
func (s *Searcher) parallel(threads, done int) int {
	for len(s.helpers) < threads-1 {
		h := &worker{}
		ev := s.ev
		if c, ok := ev.(Cloner); ok {
			ev = c.Clone()
		}
		h.init(s, ev)
		s.helpers = append(s.helpers, h)
	}
	s.settleTree()
	c := s.counts
	atomic.StoreInt64(&c.claimed, int64(done))
	c.completed = int64(done)
	workers := s.helpers[:threads-1]
	var wg sync.WaitGroup
	s.main.setShared(true)
	for _, h := range workers {
		h.rng.Seed(s.main.rng.Uint64())
		h.begin()
		h.setShared(true)
		wg.Add(1)
		go func() {
			defer wg.Done()
			h.run()
		}()
	}
	s.main.run()
	wg.Wait()
	// run flushed every thread's pending counts into the tree.
	s.main.setShared(false)
	for _, h := range workers {
		h.setShared(false)
	}
	atomic.StoreInt64(&c.claimed, c.completed) // batches claim past the end
	return int(c.completed)
}

// settleTree ends the lazy shuffle of every block of the live tree (see
// lazyBit), whose in-place swaps threads sharing the tree could not make.
func (s *Searcher) settleTree() {
	a := s.arenas[s.cur]
	s.walk = append(s.walk[:0], s.root)
	for len(s.walk) > 0 {
		nd := a.node(s.walk[len(s.walk)-1])
		s.walk = s.walk[:len(s.walk)-1]
		if nd.first <= 0 {
			continue
		}
		kids := a.block(nd.first, int(nd.meta&kidsMask))
		settle(&s.main.rng, nd, kids)
		for k := range kids {
			if kids[k].first > 0 {
				s.walk = append(s.walk, nd.first+int32(k))
			}
		}
	}
}

// parallelCounts are the simulation counters of SearchParallel, padded to
// cache lines of their own so that updating them does not slow down threads
// reading neighbouring fields.
type parallelCounts struct {
	_         [64]byte
	claimed   int64
	_         [56]byte
	completed int64
	_         [56]byte
	stop      *atomic.Bool // set when SearchContext's context ends
	never     atomic.Bool  // stop's target outside SearchContext
	_         [52]byte
}

// claimBatch is the number of simulations a thread claims at a time, so
// that the shared counter is touched rarely.
const claimBatch = 16

// flushInterval returns how many simulations a thread of a parallel search
// of sims simulations runs between flushes of its pending counts (see
// worker.flush): 1/16 of the search, at least 16 and at most 1024. A flush
// is the costliest thing the threads share: every busy-block cache line it
// writes moves to the flushing core and back to the others, lines that a
// single thread would find in its own cache (with value leaves on two cores,
// flushing every 128 simulations ran at 1.7 times one thread, every 1024 at
// 1.8). Between flushes each thread sees the others' statistics of busy
// nodes at most 1/16 of the search behind; in matches such searches played
// as strongly as searches flushing eight times as often (docs/BENCHMARKS.md).
func flushInterval(sims int) int {
	return min(max(sims/16, 16), 1024)
}

// run simulates until the shared count reaches Config.Sims or the root is
// proven.
func (w *worker) run() {
	c := w.s.counts
	limit := int64(w.s.cfg.Sims)
	every := int64(flushInterval(w.s.cfg.Sims))
	done, flushed := int64(0), int64(0)
	for !w.rootProven() && !c.stop.Load() {
		end := atomic.AddInt64(&c.claimed, claimBatch)
		n := min(claimBatch, limit-(end-claimBatch))
		if n <= 0 {
			break
		}
		for ; n > 0 && !w.rootProven() && !c.stop.Load(); n-- {
			w.simulate()
			done++
		}
		if done-flushed >= every {
			w.flush()
			flushed = done
		}
	}
	w.flush()
	atomic.AddInt64(&c.completed, done)
}

func (w *worker) rootProven() bool {
	return metaProof(atomic.LoadUint32(&w.a.node(w.root).meta)) != ProofNone
}

func (s *Searcher) addNoise() {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	// Noise makes the priors differ, so the lazy shuffle of the children
	// (see lazyBit) cannot go on: it ends here, before the draw.
	settle(&s.main.rng, root, kids)
	eta := s.noise[:len(kids)]
	s.main.rng.Dirichlet(eta, s.cfg.NoiseAlpha/float64(len(kids)))
	wt := s.cfg.NoiseWeight
	root.meta &^= orderedBit
	for k := range kids {
		s.cleanPriors[k] = kids[k].prior
		p := (1-wt)*float64(kids[k].prior)/priorScale + wt*eta[k]
		kids[k].prior = uint16(math.Min(p, 1)*priorScale + 0.5)
	}
}

// removeNoise restores the root priors, so that a reused tree searches from
// clean priors and noise never compounds.
func (s *Searcher) removeNoise() {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	for k := range kids {
		kids[k].prior = s.cleanPriors[k]
	}
}

// qOf returns a node's mean value for its mover: exact when proven.
func qOf(nd *node) float64 {
	if pr := metaProof(nd.meta); pr != ProofNone {
		return pr.Value()
	}
	if nd.n == 0 {
		return 0
	}
	return float64(nd.w) / valueScale / float64(nd.n)
}

// bestChild returns the index among kids of the move to play: a proven win
// (a terminal one first, then the most visited), else the most visited move
// not proven to lose, else the most visited move; ties go to the higher
// value, then to the earlier move.
func bestChild(kids []node) int {
	rank := func(c *node) int {
		switch metaProof(c.meta) {
		case ProofWin:
			if c.first == terminal {
				return 3
			}
			return 2
		case ProofLoss:
			return 0
		}
		return 1
	}
	best := 0
	for k := 1; k < len(kids); k++ {
		c, b := &kids[k], &kids[best]
		if d := rank(c) - rank(b); d != 0 {
			if d > 0 {
				best = k
			}
			continue
		}
		if c.n != b.n {
			if c.n > b.n {
				best = k
			}
			continue
		}
		if qOf(c) > qOf(b) {
			best = k
		}
	}
	return best
}

// maxPV bounds the principal variation's length.
const maxPV = 64

func (s *Searcher) result(sims int) Result {
	a := s.arenas[s.cur]
	root := a.node(s.root)
	kids := a.block(root.first, int(root.meta&kidsMask))
	r := Result{Sims: sims, Nodes: a.used() - 1, Moves: make([]MoveStat, len(kids))}
	for k := range kids {
		c := &kids[k]
		r.Moves[k] = MoveStat{Move: c.move, Visits: int(c.n), Value: qOf(c), Proof: metaProof(c.meta)}
	}
	r.Proof = metaProof(root.meta).Flip()
	switch {
	case r.Proof != ProofNone:
		r.Value = r.Proof.Value()
	case root.n > 0:
		r.Value = -float64(root.w) / valueScale / float64(root.n)
	}
	for idx := s.root; len(r.PV) < maxPV; {
		nd := a.node(idx)
		if nd.first <= 0 {
			break
		}
		kids := a.block(nd.first, int(nd.meta&kidsMask))
		k := bestChild(kids)
		if kids[k].n == 0 && metaProof(kids[k].meta) == ProofNone {
			break
		}
		if r.PV == nil {
			r.PV = make([]rules.Move, 0, 16)
		}
		r.PV = append(r.PV, kids[k].move)
		idx = nd.first + int32(k)
	}
	r.Best = kids[bestChild(kids)].move
	slices.SortStableFunc(r.Moves, func(x, y MoveStat) int {
		if c := cmp.Compare(y.Visits, x.Visits); c != 0 {
			return c
		}
		return cmp.Compare(y.Value, x.Value)
	})
	return r
}

// Choose returns the move to play from r at game ply ply (0 for the game's
// first move). A proven winning move is played at once. For ply <
// Config.TemperaturePlies it samples among the moves not proven to lose (all
// moves if every one is) with probability proportional to
// visits^(1/Temperature), drawing from the searcher's generator; otherwise
// it returns r.Best. It returns NoMove when r has no moves.
func (s *Searcher) Choose(r *Result, ply int) rules.Move {
	if len(r.Moves) == 0 || ply >= s.cfg.TemperaturePlies {
		return r.Best
	}
	allLose := true
	maxV := 0
	for _, ms := range r.Moves {
		if ms.Proof == ProofWin {
			return r.Best
		}
		if ms.Proof != ProofLoss {
			allLose = false
		}
	}
	eligible := func(ms *MoveStat) bool { return allLose || ms.Proof != ProofLoss }
	for i := range r.Moves {
		if eligible(&r.Moves[i]) && r.Moves[i].Visits > maxV {
			maxV = r.Moves[i].Visits
		}
	}
	if maxV == 0 {
		return r.Best
	}
	inv := 1 / s.cfg.Temperature
	weight := func(ms *MoveStat) float64 {
		if !eligible(ms) || ms.Visits == 0 {
			return 0
		}
		return math.Pow(float64(ms.Visits)/float64(maxV), inv)
	}
	total := 0.0
	for i := range r.Moves {
		total += weight(&r.Moves[i])
	}
	x := s.main.rng.Float64() * total
	last := r.Best
	for i := range r.Moves {
		wt := weight(&r.Moves[i])
		if wt == 0 {
			continue
		}
		last = r.Moves[i].Move
		if x < wt {
			return last
		}
		x -= wt
	}
	return last // rounding left x just above the last weight
}
