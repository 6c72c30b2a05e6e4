package mcts

import (
	"cmp"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync/atomic"

	"github.com/surakarta/surakarta/rules"
)

// worker is one thread's search state: its generator, evaluator and
// buffers. Search uses the searcher's main worker; SearchParallel adds
// helpers, and sets shared on all of them so that node statistics are
// updated atomically and virtual losses are applied.
type worker struct {
	_       [64]byte // no cache line shared with a neighbouring allocation
	s       *Searcher
	a       *arena
	root    int32
	rootPos rules.Position
	rules   rules.Rules
	ev      Evaluator
	rng     RNG
	shared  bool
	solver  bool
	mode    LeafMode
	plies   int
	capProb float64
	cpuct   float32

	// pos and ppos are the positions on the search path and in the playout;
	// they live here, not on the stack, because evaluators receive pointers
	// to them through an interface call (a local would escape per call).
	pos, ppos rules.Position

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

	moves  [rules.MaxMoves]rules.Move
	caps   [rules.MaxMoves]rules.Move // playoutMove's scratch
	priors [rules.MaxMoves]float32
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
	n       [rules.MaxMoves]int32
	w       [rules.MaxMoves]int64
	touched [(rules.MaxMoves + 63) / 64]uint64 // children with pending counts
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
func (w *worker) pendingSlot(first, visits int32) *blockSlot {
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

func (w *worker) init(s *Searcher, ev Evaluator) {
	w.s, w.ev = s, ev
	c := &s.cfg
	w.rules = c.Rules
	w.solver, w.mode, w.plies, w.capProb = c.Solver, c.Leaf, c.PlayoutPlies, c.PlayoutCaptureProb
	w.cpuct = float32(c.CPUCT)
	w.path = make([]int32, 0, 64)
	w.pathPending = make([]pending, 0, 64)
	w.hashes = make([]uint64, 0, 256)
}

// begin readies the worker for a search of the searcher's current root.
func (w *worker) begin() {
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
func (w *worker) setShared(on bool) {
	w.shared = on
	if on {
		w.rootFirst = atomic.LoadInt32(&w.a.node(w.root).first)
	}
}

// push records the position with hash h, reached by a capture or not.
func (w *worker) push(h uint64, capture bool) {
	if capture {
		w.since, w.filter = len(w.hashes), 0
	}
	bit := uint64(1) << (h & 63)
	w.maybeRep = w.filter&bit != 0
	w.filter |= bit
	w.hashes = append(w.hashes, h)
}

// occurrences counts the last position pushed among those since the last
// capture, itself included.
func (w *worker) occurrences() int {
	if !w.maybeRep {
		return 1
	}
	hs := w.hashes[w.since:]
	h := hs[len(hs)-1]
	n := 0
	for _, x := range hs {
		if x == h {
			n++
		}
	}
	return n
}

// status adjudicates p, the position after the last push, in the order of
// RULES.md. It returns whether the game is over there and, if so, the result
// for the player who moved into p; else p's legal moves (in w.moves).
func (w *worker) status(p *rules.Position) (Proof, bool, []rules.Move) {
	r := &w.rules
	if p.Pieces(p.SideToMove()) == 0 {
		return ProofWin, true, nil
	}
	moves := p.GenerateMoves(w.moves[:0])
	if len(moves) == 0 {
		if r.NoMoves == rules.NoMovesDraw {
			return ProofDraw, true, nil
		}
		return ProofWin, true, nil
	}
	if r.NoCaptureLimit > 0 && p.NoCapturePlies() >= r.NoCaptureLimit {
		return scoreProof(r, p, rules.NoCaptureLimit), true, nil
	}
	if r.Repetition > 0 && w.maybeRep && w.occurrences() >= r.Repetition {
		return scoreProof(r, p, rules.RepetitionEnding), true, nil
	}
	return ProofNone, false, moves
}

// scoreProof returns the result of a limit or repetition ending at p for the
// player who moved into p.
func scoreProof(r *rules.Rules, p *rules.Position, reason rules.Reason) Proof {
	switch r.Score(p, reason).Return(p.SideToMove().Other()) {
	case 1:
		return ProofWin
	case -1:
		return ProofLoss
	}
	return ProofDraw
}

func clampValue(v float32) float32 {
	switch {
	case v > 1:
		return 1
	case v < -1:
		return -1
	case v != v: // NaN from a broken evaluator: no information
		return 0
	}
	return v
}

// simulate runs one simulation: select down the tree, evaluate or expand the
// leaf, back the value up.
func (w *worker) simulate() {
	a := w.a
	idx := w.root
	w.path = append(w.path[:0], idx)
	w.pathPending = append(w.pathPending[:0], pending{})
	w.hashes = w.hashes[:w.baseLen]
	w.since, w.filter, w.maybeRep = 0, w.baseFilter, false
	w.pos = w.rootPos
	if w.shared {
		w.rootN++ // see rootFirst
	} else {
		a.node(idx).n++
	}
	// pendN and pendW are this thread's pending counts of the node at idx
	// (all zero in a search on one thread).
	pendN, pendW := w.rootN, w.rootW
	var v float32 // value for the player who moved into the last node
	proven := false
	for {
		nd := a.node(idx)
		if pr := metaProof(atomic.LoadUint32(&nd.meta)); pr != ProofNone {
			v, proven = float32(pr.Value()), true
			break
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
			v, proven = w.leaf(nd, f, claimed)
			break
		}
		meta := atomic.LoadUint32(&nd.meta)
		kids := a.block(f, int(meta&kidsMask))
		sl := w.pendingSlot(f, atomic.LoadInt32(&nd.n)+pendN)
		var k int
		if sl != nil {
			k = w.selectPending(nd, kids, meta&orderedBit != 0, sl, pendN, pendW)
		} else {
			k = w.selectChild(nd, kids, meta&orderedBit != 0, pendN, pendW)
		}
		if k < 0 {
			// Every child is proven lost for the side to move here.
			pr := w.prove(nd)
			v, proven = float32(pr.Value()), true
			break
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
		w.pos = w.pos.Apply(c.move)
		w.push(w.pos.Hash(), c.move.IsCapture())
		w.path = append(w.path, idx)
		w.pathPending = append(w.pathPending, pending{sl, k})
	}
	w.backup(v, proven)
}

// selectChild returns the PUCT choice among kids, the children of nd, or
// -1 if the solver has proven every child lost for the player choosing.
// The children's counts are the tree's; nd's are the tree's plus this
// thread's pending pendN and pendW (zero in a search on one thread);
// ordered is nd's orderedBit.
func (w *worker) selectChild(nd *node, kids []node, ordered bool, pendN int32, pendW int64) int {
	fpu, cs := w.puctTerms(nd, pendN, pendW)
	best, bestScore := -1, float32(math.Inf(-1))
	for k := range kids {
		c := &kids[k]
		n := atomic.LoadInt32(&c.n)
		var q float32
		if w.solver {
			switch metaProof(atomic.LoadUint32(&c.meta)) {
			case ProofWin:
				return k
			case ProofLoss:
				continue
			case ProofDraw:
				q = 0
				goto scored
			}
		}
		if n == 0 {
			if score := fpu + cs*float32(c.prior); score > bestScore {
				best, bestScore = k, score
			}
			if ordered {
				break // see orderedBit
			}
			continue
		}
		q = float32(atomic.LoadInt64(&c.w)) / (float32(n) * valueScale)
	scored:
		if score := q + cs*float32(c.prior)/float32(1+n); score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// selectPending is selectChild for a block whose children also have this
// thread's pending counts in sl: each child counts with the tree's visits
// and value sum plus sl's. It makes the same choice selectChild would on a
// tree holding those sums (TestPendingSelectionMatchesTree). It is a
// separate loop because this scan is the search's inner loop: testing per
// child whether there are pending counts, and checking the slot's indices,
// cost a 2-thread search 3-4% of its speed.
func (w *worker) selectPending(nd *node, kids []node, ordered bool, sl *blockSlot, pendN int32, pendW int64) int {
	fpu, cs := w.puctTerms(nd, pendN, pendW)
	slotN, slotW := sl.n[:len(kids)], sl.w[:len(kids)]
	best, bestScore := -1, float32(math.Inf(-1))
	for k := range kids {
		c := &kids[k]
		n := atomic.LoadInt32(&c.n) + slotN[k]
		var q float32
		if w.solver {
			switch metaProof(atomic.LoadUint32(&c.meta)) {
			case ProofWin:
				return k
			case ProofLoss:
				continue
			case ProofDraw:
				q = 0
				goto scored
			}
		}
		if n == 0 {
			if score := fpu + cs*float32(c.prior); score > bestScore {
				best, bestScore = k, score
			}
			if ordered {
				break // see orderedBit
			}
			continue
		}
		q = float32(atomic.LoadInt64(&c.w)+slotW[k]) / (float32(n) * valueScale)
	scored:
		if score := q + cs*float32(c.prior)/float32(1+n); score > bestScore {
			best, bestScore = k, score
		}
	}
	return best
}

// puctTerms returns the first-play value of nd's unvisited children (nd's
// mean value from their player's view, 0 before any visit) and the factor
// of a child's prior in its exploration term, from nd's counts: the tree's
// plus pendN and pendW.
func (w *worker) puctTerms(nd *node, pendN int32, pendW int64) (fpu, cs float32) {
	pn := atomic.LoadInt32(&nd.n) + pendN
	if pn > 0 {
		fpu = -float32(atomic.LoadInt64(&nd.w)+pendW) / (float32(pn) * valueScale)
	}
	return fpu, w.cpuct * float32(math.Sqrt(float64(pn))) / priorScale
}

// flush adds this thread's pending counts (the root's, its children's and
// the hot blocks') to the tree.
func (w *worker) flush() {
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
func (w *worker) flushSlot(sl *blockSlot, first int32) {
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

// claimLeaf decides what a simulation does at nd, whose first field read f
// (unexpanded, expanding or terminal): expand it (claimed), wait for
// another thread's expansion (wait), or neither (a terminal node).
func (w *worker) claimLeaf(nd *node, f int32) (claimed, wait bool) {
	switch {
	case f == terminal:
		return false, false
	case !w.shared:
		return true, false
	case f == unexpanded && atomic.CompareAndSwapInt32(&nd.first, unexpanded, expanding):
		return true, false
	}
	return false, true
}

// leaf evaluates the node nd at w.pos, whose first field read f
// (unexpanded or terminal), expanding it if claimed (see claimLeaf) and the
// budget allows. It returns the value for the player who moved into nd and
// whether the value is exact.
func (w *worker) leaf(nd *node, f int32, claimed bool) (float32, bool) {
	pos := &w.pos
	if f == terminal {
		return float32(metaProof(atomic.LoadUint32(&nd.meta)).Value()), true
	}
	pr, over, moves := w.status(pos)
	if over {
		if claimed {
			w.setProof(nd, pr)
			atomic.StoreInt32(&nd.first, terminal)
		}
		return float32(pr.Value()), true
	}
	first := int32(-1)
	if claimed {
		if first = w.alloc(len(moves)); first < 0 {
			atomic.StoreInt32(&nd.first, unexpanded) // out of budget: stay a leaf
			claimed = false
		}
	}
	var priors []float32
	if claimed {
		priors = w.priors[:len(moves)]
	}
	value, hasPriors := w.ev.Evaluate(pos, moves, priors)
	if claimed && w.expand(nd, first, moves, priors, hasPriors, pos.Count(pos.SideToMove().Other()) == 1) && w.solver {
		// A capture of the opponent's last piece wins at once: nd is lost
		// for the player who moved into it.
		return float32(w.setProof(nd, ProofLoss).Value()), true
	}
	if w.mode == LeafPlayout {
		value = w.playout(moves)
	}
	return -clampValue(value), false
}

// allocBatch is the number of slots a worker reserves at a time.
const allocBatch = 2048

// alloc returns the first of n contiguous free slots, or -1 when the node
// budget is spent.
func (w *worker) alloc(n int) int32 {
	if w.hi-w.lo < int64(n) {
		lo, hi, ok := w.a.reserve(n, allocBatch)
		if !ok {
			return -1
		}
		w.lo, w.hi = lo, hi
	}
	f := w.lo
	w.lo += int64(n)
	return int32(f)
}

// expand fills the children block at first and publishes it in nd. With
// lastPiece set (the opponent of the side to move has one piece left) every
// capture ends the game, and those children are created terminal, proven
// won: the solver then sees a mate in one without visiting it. expand
// reports whether it found such a move.
//
// The children are put in a uniformly random order drawn from the worker's
// generator, at once or lazily (lazyBit): selection, the best move and
// Result.Moves break their ties by child order, and the order of move
// generation, though the same for both colours, would still prefer one
// side of the board.
func (w *worker) expand(nd *node, first int32, moves []rules.Move, priors []float32, hasPriors, lastPiece bool) bool {
	kids := w.a.block(first, len(moves))
	sum := float32(0)
	if hasPriors {
		for _, p := range priors {
			if p > 0 { // also drops NaN
				sum += p
			}
		}
	}
	if !(sum > 0) || math.IsInf(float64(sum), 0) {
		hasPriors = false
	}
	uniform := uint16(priorScale / len(moves))
	decisive := false
	for k, m := range moves {
		kids[k] = node{move: m, prior: uniform}
		if hasPriors {
			kids[k].prior = 0
			if x := priors[k]; x > 0 {
				kids[k].prior = uint16(min(x/sum, 1)*priorScale + 0.5)
			}
		}
		if lastPiece && m.IsCapture() {
			kids[k].first = terminal
			kids[k].meta = uint32(ProofWin) << proofShift
			decisive = true
		}
	}
	order := uint32(orderedBit | lazyBit)
	if hasPriors || w.shared {
		order = orderedBit
		shuffle(&w.rng, kids)
		if hasPriors {
			// Highest prior first, equal priors in the shuffled order: the
			// block is then ordered (see orderedBit).
			slices.SortStableFunc(kids, func(x, y node) int { return cmp.Compare(y.prior, x.prior) })
		}
	}
	atomic.StoreUint32(&nd.meta, uint32(len(moves))|order|atomic.LoadUint32(&nd.meta)&^(kidsMask|orderedBit|lazyBit))
	atomic.StoreInt32(&nd.first, first)
	return decisive
}

// playout plays w.pos (not over; moves are its legal moves) out with the
// capture-aware random policy and returns the value for its side to move.
func (w *worker) playout(moves []rules.Move) float32 {
	w.ppos = w.pos
	p := &w.ppos
	stm := p.SideToMove()
	for range w.plies {
		m := w.playoutMove(moves)
		*p = p.Apply(m)
		w.push(p.Hash(), m.IsCapture())
		pr, over, next := w.status(p)
		if over {
			v := float32(pr.Value()) // for the player who moved into p
			if p.SideToMove() == stm {
				v = -v
			}
			return v
		}
		moves = next
	}
	v, _ := w.ev.Evaluate(p, moves, nil)
	v = clampValue(v)
	if p.SideToMove() != stm {
		v = -v
	}
	return v
}

// playoutMove takes a uniformly chosen capture with probability capProb
// when there is one, else a uniformly chosen move.
func (w *worker) playoutMove(moves []rules.Move) rules.Move {
	if w.capProb > 0 && (w.capProb >= 1 || w.rng.Float64() < w.capProb) {
		// Branch-free compaction of the captures: whether a move captures
		// is data, and a mispredicted branch per move would cost more. Bit
		// 12 is the capture flag of rules.Move's documented layout
		// (TestCaptureBit guards it).
		n := 0
		for _, m := range moves {
			w.caps[n] = m
			n += int(m>>12) & 1
		}
		if n > 0 {
			return w.caps[w.rng.IntN(n)]
		}
	}
	return moves[w.rng.IntN(len(moves))]
}

// visit counts a simulation entering nd; in tree-parallel search it also
// adds a virtual loss, undone by addValue.
func (w *worker) visit(nd *node) {
	if w.shared {
		atomic.AddInt32(&nd.n, 1)
		atomic.AddInt64(&nd.w, -valueScale)
		return
	}
	nd.n++
}

func (w *worker) addValue(nd *node, v float32) {
	x := int64(v * valueScale)
	if w.shared {
		atomic.AddInt64(&nd.w, x+valueScale)
		return
	}
	nd.w += x
}

// backup adds v, the value for the player who moved into the last node of
// the path, along the path, flipping sides at each step. While the solver
// proves nodes on the way up (proven: the last node's value is exact), the
// exact values replace the estimate.
func (w *worker) backup(v float32, proven bool) {
	a := w.a
	path := w.path
	for i := len(path) - 1; i >= 0; i-- {
		switch {
		case i == 0 && w.shared:
			w.rootW += int64(v * valueScale)
		case w.pathPending[i].sl != nil:
			p := w.pathPending[i]
			p.sl.w[p.k] += int64(v * valueScale)
		default:
			w.addValue(a.node(path[i]), v)
		}
		if proven && i > 0 {
			if pr := w.prove(a.node(path[i-1])); pr != ProofNone {
				v = -float32(pr.Value())
			} else {
				proven = false
			}
		}
		v = -v
	}
}

// prove derives nd's proof from its children's and records it: lost for
// its mover if some child wins for the side to move there, else once every
// child is proven, drawn if some child draws and won if all lose. It returns
// nd's proof, ProofNone if still open or if the solver is off.
func (w *worker) prove(nd *node) Proof {
	if !w.solver {
		return ProofNone
	}
	meta := atomic.LoadUint32(&nd.meta)
	if pr := metaProof(meta); pr != ProofNone {
		return pr
	}
	f := atomic.LoadInt32(&nd.first)
	if f <= 0 {
		return ProofNone
	}
	open, draw := false, false
	kids := w.a.block(f, int(meta&kidsMask))
	for k := range kids {
		c := &kids[k]
		switch metaProof(atomic.LoadUint32(&c.meta)) {
		case ProofWin:
			return w.setProof(nd, ProofLoss)
		case ProofDraw:
			draw = true
		case ProofNone:
			open = true
		}
	}
	switch {
	case open:
		return ProofNone
	case draw:
		return w.setProof(nd, ProofDraw)
	}
	return w.setProof(nd, ProofWin)
}

// setProof records pr as nd's proof unless it has one, and returns the proof
// nd holds.
func (w *worker) setProof(nd *node, pr Proof) Proof {
	for {
		old := atomic.LoadUint32(&nd.meta)
		if cur := metaProof(old); cur != ProofNone {
			return cur
		}
		if atomic.CompareAndSwapUint32(&nd.meta, old, old|uint32(pr)<<proofShift) {
			return pr
		}
	}
}
