package mcts

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// hotVisits is the visit count from which a node's children get a slot of
// pending counts in a parallel search. Nodes this busy are entered by both
// threads on nearly every simulation, so updating their children in place
// would move a cache line between the cores at each level of every path;
// and with this many visits one simulation in flight, the virtual loss that
// a slot hides from the other threads until the next flush, hardly changes
// their choice. Below it, visits and virtual losses go to the tree at once.
const hotVisits = 128

// maxSlots bounds the hot blocks one thread buffers between flushes; past
// it, updates go to the tree directly.
const maxSlots = 32

// blockSlot holds a thread's pending visits and value sums for the children
// of one hot node, added to the tree at the next flush.
type blockSlot struct {
	n       []int32
	w       []int64
	touched []uint64 // children with pending counts, a bit each
}

// newBlockSlot returns a slot for blocks of up to n children (the game's
// MaxMoves).
func newBlockSlot(n int) blockSlot {
	return blockSlot{n: make([]int32, n), w: make([]int64, n), touched: make([]uint64, (n+63)/64)}
}

// pending locates a thread's pending counts of one node: child k of slot
// sl's block, or nowhere (sl nil) when the node's counts go to the tree.
type pending struct {
	sl *blockSlot
	k  int
}

// pendingSlot returns the slot that keeps this thread's pending counts for
// the children at first, whose parent has visits visits (this thread's
// pending ones included), or nil when their counts go to the tree at once:
// always in a search on one thread, and below the root for nodes that are
// not hot or when the slots are all taken.
func (w *worker[G, P, M]) pendingSlot(first, visits int32) *blockSlot {
	switch {
	case !w.shared:
		return nil
	case first == w.rootFirst:
		return &w.rootKids
	case visits < hotVisits:
		return nil
	}
	for i := range w.nslots {
		if w.slotFirst[i] == first {
			return &w.slots[i]
		}
	}
	if w.nslots == maxSlots {
		return nil
	}
	i := w.nslots
	w.nslots++
	w.slotFirst[i] = first
	return &w.slots[i]
}

// flush adds this thread's pending counts (the root's, its children's and
// the hot blocks') to the tree.
func (w *worker[G, P, M]) flush() {
	for i := range w.nslots {
		w.flushSlot(&w.slots[i], w.slotFirst[i])
	}
	w.nslots = 0
	if w.rootN != 0 || w.rootW != 0 {
		root := w.a.node(w.root)
		atomic.AddInt32(&root.n, w.rootN)
		atomic.AddInt64(&root.w, w.rootW)
		w.rootN, w.rootW = 0, 0
	}
	w.flushSlot(&w.rootKids, w.rootFirst)
}

// flushSlot adds sl's pending counts to the block at first and empties sl.
// It goes in child order, so that the tree never shows a later child of an
// ordered block visited before an earlier one (see orderedBit).
func (w *worker[G, P, M]) flushSlot(sl *blockSlot, first int32) {
	for j, t := range sl.touched {
		for ; t != 0; t &= t - 1 {
			k := j<<6 | bits.TrailingZeros64(t)
			c := w.a.node(first + int32(k))
			atomic.AddInt32(&c.n, sl.n[k])
			if sl.w[k] != 0 {
				atomic.AddInt64(&c.w, sl.w[k])
			}
			sl.n[k], sl.w[k] = 0, 0
		}
		sl.touched[j] = 0
	}
}

// parallel runs the remaining simulations on threads goroutines, the
// caller's one included, and returns the number done in all.
func (s *SearcherOf[G, P, M]) parallel(threads, done int) int {
	for len(s.helpers) < threads-1 {
		h := &worker[G, P, M]{}
		ev := s.ev
		if c, ok := ev.(ClonerOf[P, M]); ok {
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
		wg.Go(h.run)
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
// lazyBit), whose in-place swaps threads sharing the tree could not make,
// and fills the priors a search on one thread left pending (priorsBit).
func (s *SearcherOf[G, P, M]) settleTree() {
	a := s.arenas[s.cur]
	s.walk = append(s.walk[:0], s.root)
	s.walkPos = append(s.walkPos[:0], s.rootPos)
	for len(s.walk) > 0 {
		top := len(s.walk) - 1
		nd := a.node(s.walk[top])
		s.walk = s.walk[:top]
		if nd.first <= 0 {
			s.walkPos = s.walkPos[:top]
			continue
		}
		if nd.meta&priorsBit != 0 {
			s.main.fillPriors(nd, &s.walkPos[top])
		}
		p := s.walkPos[top]
		s.walkPos = s.walkPos[:top]
		kids := a.block(nd.first, int(nd.meta&kidsMask))
		settle(&s.main.rng, nd, kids)
		for k := range kids {
			if kids[k].first > 0 {
				s.walk = append(s.walk, nd.first+int32(k))
				s.walkPos = append(s.walkPos, p)
				s.cfg.Rules.Apply(&s.walkPos[len(s.walkPos)-1], M(kids[k].move))
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
