package mcts

import (
	"runtime"
	"sync/atomic"

	"github.com/surakarta/surakarta/game"
)

// worker is one thread's search state: its generator, evaluator and
// buffers. Search uses the searcher's main worker; SearchParallel adds
// helpers, and sets shared on all of them so that node statistics are
// updated atomically and virtual losses are applied.
type worker[G Game[P, M], P comparable, M game.Move] struct {
	_       [64]byte // no cache line shared with a neighbouring allocation
	s       *SearcherOf[G, P, M]
	a       *arena
	root    int32
	rootPos P
	g       G // the game: Config.Rules
	ev      EvaluatorOf[P, M]
	pf      PriorFillerOf[P, M] // ev's, if it gives priors apart (lazily); nil else
	// The game's optional capabilities, looked up once (init): the moves
	// playouts prefer, and the moves that win at once. nil: none.
	forcing  game.Forcing[P, M]
	decisive game.Decisive[P, M]
	rng      RNG
	shared   bool
	solver   bool
	mode     LeafMode
	plies    int
	capProb  float64
	cpuct    float32

	// pos and ppos are the positions on the search path and in the playout;
	// they live here, not on the stack, because evaluators receive pointers
	// to them through an interface call (a local would escape per call).
	pos, ppos P

	// lo..hi is the run of arena slots this worker allocates children
	// from, reserved in batches so that threads rarely touch the arena's
	// shared counter.
	lo, hi int64

	// During a parallel search the root's statistics and its children's
	// are kept per thread and added to the tree every few simulations
	// (flush): every simulation passes through them, and updating them in
	// place would bounce their cache lines between the cores on every
	// simulation. rootFirst is the root's first child; rootN and rootW
	// collect the root's visits and value sum, rootKids its children's.
	rootFirst int32
	rootN     int32
	rootW     int64
	rootKids  blockSlot

	// Below the root, a parallel search keeps the same kind of pending
	// counts for the children of hot nodes (see hotVisits): slots hold
	// them and slotFirst[i] is the first child of slot i's block.
	// pathPending[i] says where the pending counts of path[i] are kept
	// (a nil slot: in the tree).
	slots       [maxSlots]blockSlot
	slotFirst   [maxSlots]int32
	nslots      int
	pathPending []pending

	// moves, caps and priors have the game's MaxMoves entries.
	moves  []M
	caps   []M // playoutMove's scratch
	priors []float32
	path   []int32 // node indices from the root

	// hashes holds the game's history since its last capture (the first
	// baseLen entries), then the positions of the search path and playout.
	hashes     []uint64
	baseLen    int
	baseFilter uint64
	since      int    // index in hashes of the first position after the last capture
	filter     uint64 // bit h&63 set for every hash since the last capture
	maybeRep   bool   // the last hash pushed passed the filter: count it
	_          [64]byte
}

func (w *worker[G, P, M]) init(s *SearcherOf[G, P, M], ev EvaluatorOf[P, M]) {
	w.s, w.ev = s, ev
	w.pf, _ = ev.(PriorFillerOf[P, M])
	c := &s.cfg
	w.g = c.Rules
	w.forcing, _ = any(&w.g).(game.Forcing[P, M])
	w.decisive, _ = any(&w.g).(game.Decisive[P, M])
	n := w.g.MaxMoves()
	w.moves, w.caps, w.priors = make([]M, n), make([]M, n), make([]float32, n)
	w.rootKids = newBlockSlot(n)
	for i := range w.slots {
		w.slots[i] = newBlockSlot(n)
	}
	w.solver, w.mode, w.plies, w.capProb = c.Solver, c.Leaf, c.PlayoutPlies, c.PlayoutCaptureProb
	w.cpuct = float32(c.CPUCT)
	w.path = make([]int32, 0, 64)
	w.pathPending = make([]pending, 0, 64)
	w.hashes = make([]uint64, 0, 256)
}

// begin readies the worker for a search of the searcher's current root.
func (w *worker[G, P, M]) begin() {
	s := w.s
	w.a, w.root, w.rootPos = s.arenas[s.cur], s.root, s.rootPos
	w.lo, w.hi = 0, 0
	w.rootN, w.rootW = 0, 0
	w.hashes = append(w.hashes[:0], s.history...)
	w.baseLen = len(w.hashes)
	w.baseFilter = 0
	for _, h := range s.history {
		w.baseFilter |= 1 << (h & 63)
	}
}

// setShared switches the worker into (on) or out of a parallel search's
// mode: statistics updated atomically with virtual losses, and pending
// counts for the root's children and busy blocks, which needs the root
// expanded. Switching on follows begin.
func (w *worker[G, P, M]) setShared(on bool) {
	w.shared = on
	if on {
		w.rootFirst = atomic.LoadInt32(&w.a.node(w.root).first)
	}
}

// simulate runs one simulation: select down the tree, evaluate or expand the
// leaf, back the value up.
func (w *worker[G, P, M]) simulate() {
	w.path = append(w.path[:0], w.root)
	w.pathPending = append(w.pathPending[:0], pending{})
	w.hashes = w.hashes[:w.baseLen]
	w.since, w.filter, w.maybeRep = 0, w.baseFilter, false
	w.pos = w.rootPos
	if w.shared {
		w.rootN++ // see rootFirst
	} else {
		w.a.node(w.root).n++
	}
	w.backup(w.descend())
	if atomic.LoadUint32(&w.a.node(w.root).meta)&refineBit != 0 {
		w.settleRoot()
	}
}

// descend selects from the root down the tree, applying each move to
// w.pos and adding each node to the path, until a proven node or a leaf,
// which it evaluates or expands; it returns the value for the player who
// moved into the last node, and whether it is proven. Its loop's state
// stays in its locals: nothing but the worker crosses a call.
func (w *worker[G, P, M]) descend() (v float32, proven bool) {
	a := w.a
	idx := w.root
	// pendN and pendW are this thread's pending counts of the node at idx
	// (all zero in a search on one thread).
	pendN, pendW := w.rootN, w.rootW
	for {
		nd := a.node(idx)
		if pr := metaProof(atomic.LoadUint32(&nd.meta)); pr != ProofNone {
			return float32(pr.Value()), true
		}
		f := atomic.LoadInt32(&nd.first)
		if f <= 0 {
			claimed, wait := w.claimLeaf(nd, f)
			if wait {
				// Another thread is expanding nd. Evaluating nd once more
				// would add a copy of the value it is about to back up,
				// and a thread descheduled mid-expansion would let the
				// others pile thousands of copies onto nd; so wait for
				// nd's children (the expansion takes about a microsecond)
				// and select among them.
				runtime.Gosched()
				continue
			}
			return w.leaf(nd, f, claimed)
		}
		meta := atomic.LoadUint32(&nd.meta)
		if meta&priorsBit != 0 {
			w.fillPriors(nd, &w.pos)
			meta = nd.meta
		}
		kids := a.block(f, int(meta&kidsMask))
		sl := w.pendingSlot(f, atomic.LoadInt32(&nd.n)+pendN)
		var k int
		if sl != nil {
			k = w.selectPending(nd, kids, meta&orderedBit != 0, sl, pendN, pendW)
		} else {
			k = w.selectChild(nd, kids, meta&orderedBit != 0, pendN, pendW)
		}
		if k < 0 {
			// Every child is proven lost for the side to move here (at a
			// refining root: every child is proven).
			pr := w.prove(nd)
			return float32(pr.Value()), true
		}
		if meta&lazyBit != 0 && kids[k].n == 0 {
			drawUnvisited(&w.rng, kids, k)
		}
		idx = f + int32(k)
		c := &kids[k]
		if sl != nil {
			sl.n[k]++
			sl.touched[k>>6] |= 1 << (k & 63)
			pendN, pendW = sl.n[k], sl.w[k]
		} else {
			w.visit(c)
			pendN, pendW = 0, 0
		}
		w.push(w.g.Apply(&w.pos, M(c.move)))
		w.path = append(w.path, idx)
		w.pathPending = append(w.pathPending, pending{sl, k})
	}
}

// run simulates until the shared count reaches Config.Sims or the root is
// proven.
func (w *worker[G, P, M]) run() {
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

func (w *worker[G, P, M]) rootProven() bool {
	return metaProof(atomic.LoadUint32(&w.a.node(w.root).meta)) != ProofNone
}
