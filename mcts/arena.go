package mcts

import (
	"sync"
	"sync/atomic"
)

// node is one tree node: the position reached by move from its parent.
// Values and proofs are from the view of the player who played move (the
// parent's side to move). Fields updated during tree-parallel search (w, n,
// first, meta) are accessed atomically there; move and prior are written
// once before the node is published through its parent's first.
type node struct {
	w     int64  // sum of simulation values, fixed point (valueScale), mover's view
	n     int32  // visits, including those in flight
	first int32  // index of the first child, or one of the state constants
	meta  uint32 // child count (bits 0-8), proof (bits 9-10), ordered (bit 11), lazy (bit 12), refining (bit 13), priors pending (bit 14), proof distance (bits 15-31)
	move  uint16 // the move's code (game.Move), read in the parent's position
	prior uint16 // prior probability × priorScale
}

// States of node.first below 1.
const (
	unexpanded int32 = 0  // a leaf not yet evaluated as a tree node
	expanding  int32 = -1 // claimed by a thread expanding it
	terminal   int32 = -2 // the game is over here; meta holds the exact proof
)

const (
	valueScale = 1 << 24 // fixed-point scale of node.w: exact, order-free sums
	priorScale = 65535
	kidsMask   = 0x1ff
	proofShift = 9

	// maxChildren is the most children a node numbers (kidsMask): a
	// game's MaxMoves may not exceed it.
	maxChildren = kidsMask

	// orderedBit in node.meta says that the children's priors never
	// increase along the block and that the visited children form a
	// prefix of it. PUCT then never prefers a child after the first
	// unvisited one (all unvisited children share the first-play value),
	// so selection may stop there: in a large tree most blocks have few
	// visited children, and the unvisited rest of a block, freshly written
	// by whichever thread expanded it, need not be read at all. Every block
	// is created ordered (uniform priors, or priors sorted highest first
	// at expansion); root noise breaks both halves of the contract and
	// clears the bit for good.
	orderedBit = 1 << 11

	// lazyBit in node.meta says that the block's priors are uniform and
	// that its unvisited children are still in move-generation order: the
	// search shuffles them lazily (an inside-out Fisher–Yates shuffle),
	// each simulation that enters the first unvisited child swapping a
	// uniformly drawn unvisited child into its place first (drawUnvisited).
	// The children so come in a uniformly random order, as if shuffled at
	// expansion, for one draw a simulation instead of one per child, which
	// would cost value-leaf searches a fifth of their speed. Set only with
	// orderedBit and only by a search on one thread: a parallel search
	// shuffles its blocks whole and settles the lazy ones first (settle).
	lazyBit = 1 << 12

	// refineBit in the root's meta says that the root has a move proven
	// to win but is not yet proven itself: a shorter win may lie among its
	// open moves, which the search goes on examining (see
	// worker.proveRoot).
	refineBit = 1 << 13

	// priorsBit in node.meta says that the block's priors are not yet
	// computed: the evaluator gives them apart from its value
	// (PriorFiller), and the search asks for them only when it first
	// selects among the children (worker.fillPriors), which most expanded
	// nodes never reach. Until then the block is in its shuffled order and
	// each child's prior field holds the child's index in move-generation
	// order, the order the evaluator is asked in. Set only by a search on
	// one thread, with orderedBit; a parallel search fills the pending
	// blocks first (settleTree).
	priorsBit = 1 << 14

	// distShift is the position in node.meta of a proven node's distance:
	// the plies from its position to the end of the game along the proof
	// (see worker.setProof).
	distShift = 15
)

// MaxDistance is the largest proof distance a node holds; longer ones are
// recorded as MaxDistance.
const MaxDistance = 1<<(32-distShift) - 1

func metaProof(m uint32) Proof { return Proof(m >> proofShift & 3) }

// metaDist returns the proof distance recorded in m (0 while unproven).
func metaDist(m uint32) int { return int(m >> distShift) }

// Chunks of nodes: a node's children never straddle two chunks.
const (
	chunkBits = 14
	chunkSize = 1 << chunkBits
	chunkMask = chunkSize - 1
)

type chunk [chunkSize]node

// arena holds one tree's nodes in chunks allocated on first use and kept for
// the life of the searcher. Index 0 is never a node (0 in node.first means
// "no children"). Allocation is a compare-and-swap on next, so threads of a
// tree-parallel search allocate without locks except when a chunk is first
// created.
type arena struct {
	chunks []atomic.Pointer[chunk] // fixed length: enough for limit slots
	limit  int64                   // slots 1..limit-1 may hold nodes
	_      [64]byte                // keep next off the line every node access reads
	next   int64                   // first free slot
	mu     sync.Mutex              // creates chunks
}

func newArena(maxNodes int) *arena {
	a := &arena{limit: int64(maxNodes) + 1}
	a.chunks = make([]atomic.Pointer[chunk], (a.limit+chunkSize-1)>>chunkBits)
	a.chunks[0].Store(new(chunk))
	a.next = 1
	return a
}

// reset empties the arena, keeping its chunks.
func (a *arena) reset() { a.next = 1 }

// used returns the number of slots in use, including the reserved slot 0
// and slots skipped at chunk ends.
func (a *arena) used() int { return int(atomic.LoadInt64(&a.next)) }

func (a *arena) node(i int32) *node {
	return &a.chunks[i>>chunkBits].Load()[i&chunkMask]
}

// block returns the n nodes from first on, which lie in one chunk.
func (a *arena) block(first int32, n int) []node {
	c := a.chunks[first>>chunkBits].Load()
	o := int(first & chunkMask)
	return c[o : o+n : o+n]
}

// alloc reserves n contiguous slots (1 <= n <= maxChildren) and returns
// the first, or -1 when the node budget is spent. Slots skipped at the end
// of a chunk are zeroed so that walking indices in order (compaction) sees
// them as childless leaves. Safe for concurrent use.
func (a *arena) alloc(n int) int32 {
	for {
		old := atomic.LoadInt64(&a.next)
		start := old
		if last := start + int64(n) - 1; start>>chunkBits != last>>chunkBits {
			start = last >> chunkBits << chunkBits
		}
		end := start + int64(n)
		if end > a.limit {
			return -1
		}
		if !atomic.CompareAndSwapInt64(&a.next, old, end) {
			continue
		}
		if start != old {
			skipped := a.block(int32(old), int(start-old))
			clear(skipped)
		}
		a.ensure(int(start >> chunkBits))
		return int32(start)
	}
}

// reserve claims a run of slots for one thread to allocate from: at least
// need and at most want slots inside one chunk, within the budget. It
// returns the run [start, end), or ok false when the budget cannot give
// need slots. Safe for concurrent use.
func (a *arena) reserve(need, want int) (start, end int64, ok bool) {
	for {
		old := atomic.LoadInt64(&a.next)
		start = old
		if last := start + int64(need) - 1; start>>chunkBits != last>>chunkBits {
			start = last >> chunkBits << chunkBits
		}
		end = min(start+int64(max(need, want)), (start>>chunkBits+1)<<chunkBits, a.limit)
		if end-start < int64(need) {
			return 0, 0, false
		}
		if atomic.CompareAndSwapInt64(&a.next, old, end) {
			a.ensure(int(start >> chunkBits))
			return start, end, true
		}
	}
}

func (a *arena) ensure(k int) {
	if a.chunks[k].Load() != nil {
		return
	}
	a.mu.Lock()
	if a.chunks[k].Load() == nil {
		a.chunks[k].Store(new(chunk))
	}
	a.mu.Unlock()
}

// copyTree copies the subtree of src rooted at root into a (emptied first)
// and returns its new root, 1. Children keep their order, so the copy
// searches exactly as the original would. Not for concurrent use.
func (a *arena) copyTree(src *arena, root int32) int32 {
	a.reset()
	r := a.alloc(1)
	*a.node(r) = *src.node(root)
	// Breadth first: every node at an index below next is either copied
	// with its children still in src, or a zeroed skip slot.
	for i := int64(r); i < a.next; i++ {
		nd := a.node(int32(i))
		if nd.first <= 0 {
			continue
		}
		k := int(nd.meta & kidsMask)
		f := a.alloc(k)
		if f < 0 {
			// Blocks skipped at chunk ends can make the copy a little
			// larger than its part of the original; past the budget the
			// deepest nodes (copied last) lose their children and keep
			// their statistics and proof.
			nd.first = unexpanded
			nd.meta &^= kidsMask
			continue
		}
		copy(a.block(f, k), src.block(nd.first, k))
		nd.first = f
	}
	return r
}
