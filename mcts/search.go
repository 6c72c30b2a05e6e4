package mcts

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

// Searcher runs searches for one game at a time. It keeps its tree between
// calls for tree reuse, its arenas for allocation-free steady state, and its
// random generator for determinism. A Searcher belongs to one goroutine: it
// is not safe for concurrent use (SearchParallel runs its own threads).
type Searcher struct {
	cfg    Config
	ev     Evaluator
	tables *tablebase.Tables // nil: none (Settings.Tablebase)
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
	walk        []int32          // settleTree's stack
	walkPos     []rules.Position // the positions of walk's nodes
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
	if cfg.Tablebase != "" {
		t, err := loadTables(cfg.Tablebase, cfg.Rules)
		if err != nil {
			return nil, err
		}
		s.tables = t
	}
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
		v := g.Outcome().Return(pos.SideToMove())
		return Result{Best: rules.NoMove, Value: v, Proof: proofOf(v)}
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
	if root := a.node(s.root); root.meta&priorsBit != 0 {
		m.fillPriors(root, &m.rootPos) // noise mixes into them
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
	r := s.result(done)
	s.tableRoot(&r)
	return r
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
