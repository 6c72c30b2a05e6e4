package mcts

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// Game is the constraint on the games a searcher plays: a game.Game whose
// values compare with == (equal values: the same game under the same
// settings).
type Game[P comparable, M game.Move] interface {
	comparable
	game.Game[P, M]
}

// SearcherOf runs searches of game G (positions P, moves M) for one game
// at a time. It keeps its tree between calls for tree reuse, its arenas
// for allocation-free steady state, and its random generator for
// determinism. A searcher belongs to one goroutine: it is not safe for
// concurrent use (SearchParallel runs its own threads).
type SearcherOf[G Game[P, M], P comparable, M game.Move] struct {
	cfg    ConfigOf[G]
	ev     EvaluatorOf[P, M]
	oracle game.Oracle[P, M] // exact values (endgame tables); nil: none
	arenas [2]*arena
	cur    int   // the live arena
	root   int32 // root node in the live arena; 0: no tree

	rootPos   P
	treeStart P // the game whose continuation the tree describes
	treeMoves []M
	history   []uint64

	main    *worker[G, P, M]
	helpers []*worker[G, P, M]
	counts  *parallelCounts

	noise       []float64
	cleanPriors []uint16
	walk        []int32 // settleTree's stack
	walkPos     []P     // the positions of walk's nodes
}

// Searcher is Surakarta's SearcherOf.
type Searcher = SearcherOf[rules.Rules, rules.Position, rules.Move]

// NewSearcher returns a Surakarta searcher for cfg scoring with ev and
// without endgame tables (NewSearcherOf with a nil oracle): a cfg that
// names tables (Settings.Tablebase) is refused, since their caller opens
// them (tablebase.OpenOracle) and gives them to NewSearcherOf.
func NewSearcher(cfg Config, ev Evaluator) (*Searcher, error) {
	return NewSearcherOf(cfg, ev, nil)
}

// NewSearcherOf returns a searcher of cfg.Rules's game for cfg scoring
// with ev, its generator seeded with cfg.Seed. oracle, when not nil, gives
// the exact values of the positions it covers (oracle.go): the endgame
// tables cfg.Tablebase names, which the caller has opened (a cfg that
// names tables without an oracle is refused, rather than searched without
// them). It refuses a game whose turns do not alternate (game.Turns) or
// whose positions may have more moves than a node's children can number.
// Its trees start small and grow to at most cfg.MaxNodes node slots (two
// trees' worth when tree reuse copies one).
func NewSearcherOf[G Game[P, M], P comparable, M game.Move](cfg ConfigOf[G], ev EvaluatorOf[P, M], oracle game.Oracle[P, M]) (*SearcherOf[G, P, M], error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if ev == nil {
		return nil, errNilEvaluator
	}
	if cfg.Tablebase != "" && oracle == nil {
		return nil, fmt.Errorf("endgame tables %s named but not opened: give them to the searcher as its oracle", cfg.Tablebase)
	}
	g := cfg.Rules
	if t, ok := any(&g).(game.Turns); ok && !t.Alternating() {
		return nil, fmt.Errorf("%s: the search needs turns that alternate, and this game's may hold several decisions", g.Name())
	}
	// cfg.Validate refused a node budget below the game's minimum.
	n := g.MaxMoves()
	if n > maxChildren {
		return nil, fmt.Errorf("%s has up to %d legal moves: the search numbers at most %d children a node", g.Name(), n, maxChildren)
	}
	s := &SearcherOf[G, P, M]{cfg: cfg, ev: ev, oracle: oracle}
	s.arenas[0] = newArena(cfg.MaxNodes)
	s.arenas[1] = newArena(cfg.MaxNodes)
	s.noise = make([]float64, n)
	s.cleanPriors = make([]uint16, n)
	s.main = &worker[G, P, M]{}
	s.main.init(s, ev)
	s.main.rng.Seed(cfg.Seed)
	s.counts = &parallelCounts{}
	s.counts.stop = &s.counts.never
	return s, nil
}

var errNilEvaluator = errors.New("nil evaluator: pass Material{} for the built-in one")

// Config returns the searcher's settings.
func (s *SearcherOf[G, P, M]) Config() ConfigOf[G] { return s.cfg }

// Reset starts a new game: it forgets the tree and reseeds the generator with
// seed, so the searches that follow repeat exactly for the same seed.
func (s *SearcherOf[G, P, M]) Reset(seed uint64) {
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
func (s *SearcherOf[G, P, M]) Search(g game.Record[G, P, M]) ResultOf[M] {
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
func (s *SearcherOf[G, P, M]) SearchParallel(g game.Record[G, P, M], threads int) ResultOf[M] {
	return s.search(g, threads)
}

// SearchContext is SearchParallel (threads <= 1: Search) that stops early
// when ctx is done, returning the statistics gathered so far (Result.Sims
// tells how many) with ctx's error. Without cancellation it returns exactly
// what SearchParallel would.
func (s *SearcherOf[G, P, M]) SearchContext(ctx context.Context, g game.Record[G, P, M], threads int) (ResultOf[M], error) {
	if err := ctx.Err(); err != nil {
		return ResultOf[M]{}, err
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

// SearchMove searches g as a player that must move does: SearchContext,
// then Choose at g's ply (the number of moves played). A search ctx stopped
// before it began gets a quick one of a millisecond, not cancelled with ctx
// (the first simulation, which expands the root, always runs once a search
// has begun), so a stop right away still gives a searched move. The error
// is SearchContext's (ctx's, when it stopped the search: the move is then
// the best of a partial search), or one naming the position when the
// search found no move (m is NoMove).
func (s *SearcherOf[G, P, M]) SearchMove(ctx context.Context, g game.Record[G, P, M], threads int) (res ResultOf[M], m M, err error) {
	res, err = s.SearchContext(ctx, g, threads)
	if err != nil && res.Best == game.NoMove[M]() {
		quick, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Millisecond)
		res, _ = s.SearchContext(quick, g, threads)
		cancel()
	}
	m = s.Choose(&res, len(g.Moves()))
	if m == game.NoMove[M]() {
		pos := g.Position()
		return res, m, fmt.Errorf("search found no move in %s", s.cfg.Rules.FormatPosition(&pos))
	}
	return res, m, err
}

func (s *SearcherOf[G, P, M]) search(g game.Record[G, P, M], threads int) ResultOf[M] {
	rl := s.cfg.Rules
	if g.Rules() != rl {
		panic(fmt.Sprintf("mcts: game rules %v differ from Config.Rules %v", g.Rules(), rl))
	}
	// The root position lives in the searcher, not on the stack: the
	// game's methods receive pointers to it through the dictionary of the
	// type parameters, which escape analysis cannot see through.
	s.history = g.History(s.history[:0])
	s.rootPos = g.Position()
	pos := &s.rootPos
	if o := rl.Judge(pos, len(rl.Moves(pos, s.main.moves[:0])) > 0, game.Occurrences(s.history)); o.IsTerminal() {
		v := o.Result.Value(rl.ToMove(pos))
		return ResultOf[M]{Value: v, Proof: proofOf(v)}
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

// prepare sets the root for g, whose position is s.rootPos: the reused
// subtree when g continues the searched game and the tree knows the moves
// since, else a fresh root.
func (s *SearcherOf[G, P, M]) prepare(g game.Record[G, P, M]) {
	moves := g.Moves()
	reused := false
	if s.cfg.ReuseTree && s.root != 0 && g.Start() == s.treeStart &&
		len(moves) >= len(s.treeMoves) && slices.Equal(moves[:len(s.treeMoves)], s.treeMoves) {
		a := s.arenas[s.cur]
		idx := s.root
		for _, mv := range moves[len(s.treeMoves):] {
			idx = a.child(idx, uint16(mv))
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
	s.treeStart = g.Start()
	s.treeMoves = append(s.treeMoves[:0], moves...)
}

// child returns the child of idx reached by the move with code m, or 0 if
// idx has no such expanded child list.
func (a *arena) child(idx int32, m uint16) int32 {
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
func (s *SearcherOf[G, P, M]) SimsDone() int {
	return int(min(atomic.LoadInt64(&s.counts.claimed), int64(s.cfg.Sims)))
}

func (s *SearcherOf[G, P, M]) rootProven() bool {
	return metaProof(atomic.LoadUint32(&s.arenas[s.cur].node(s.root).meta)) != ProofNone
}
