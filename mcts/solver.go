package mcts

import "sync/atomic"

// Proof distances. A proven node carries, besides its result, its distance:
// the number of plies from its position to the end of the game along the
// proof, where the winner plays the shortest win and the loser the longest
// loss the tree has proven (a drawn node's distance is 0: draws are not
// told apart). A terminal node is at distance 0, a node whose side to move
// wins with a capture at 1. The solver derives a node's distance from
// its children's: lost for its mover (the side to move has a winning move),
// 1 + the shortest distance among the children proven won when the proof is
// made; won for its mover (every move loses), 1 + the longest distance among
// them. Below the root a proven win stops the search of the node, so its
// distance is the shortest win found, an upper bound on the shortest win;
// at the root the search goes on until no open move can win sooner (see
// proveRoot), so the root's distance is exact whenever the search ends
// there.

// prove derives nd's proof from its children's and records it: lost for
// its mover if some child wins for the side to move there, else once every
// child is proven, drawn if some child draws and won if all lose. It returns
// nd's proof, ProofNone if still open or if the solver is off. At the root a
// win is recorded only once no open move can win sooner (proveRoot).
func (w *worker[G, P, M]) prove(nd *node) Proof {
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
	open, draw, win := false, false, false
	winDist, lossDist := MaxDistance, 0
	kids := w.a.block(f, int(meta&kidsMask))
	for k := range kids {
		m := atomic.LoadUint32(&kids[k].meta)
		switch metaProof(m) {
		case ProofWin:
			win = true
			winDist = min(winDist, metaDist(m))
		case ProofLoss:
			lossDist = max(lossDist, metaDist(m))
		case ProofDraw:
			draw = true
		case ProofNone:
			open = true
		}
	}
	switch {
	case win:
		if open && nd == w.a.node(w.root) {
			return w.proveRoot(nd, kids, winDist)
		}
		return w.setProof(nd, ProofLoss, winDist+1)
	case open:
		return ProofNone
	case draw:
		return w.setProof(nd, ProofDraw, 0)
	}
	return w.setProof(nd, ProofWin, lossDist+1)
}

// setProof records that nd is proven: pr is the game's result for the
// player who moved into nd, dist the number of plies from nd's position to
// the end of the game along the proof (0: the game is over at nd; a
// drawn node's distance is not compared, pass 0). It is the one way a proof
// enters the tree: the solver's own (terminal positions, captures that
// win at once, prove) and any exact source, such as an endgame table, that
// knows a position's result and distance; the solver then propagates it to
// the ancestors like its own. A proof is recorded once: setProof keeps a
// proof nd already holds and returns the proof nd holds. Distances above
// MaxDistance are recorded as MaxDistance. Safe for concurrent use.
func (w *worker[G, P, M]) setProof(nd *node, pr Proof, dist int) Proof {
	d := uint32(min(max(dist, 0), MaxDistance))
	for {
		old := atomic.LoadUint32(&nd.meta)
		if cur := metaProof(old); cur != ProofNone {
			return cur
		}
		next := old&^refineBit | uint32(pr)<<proofShift | d<<distShift
		if atomic.CompareAndSwapUint32(&nd.meta, old, next) {
			return pr
		}
	}
}

// proveRoot decides the root nd, some of whose children kids are proven
// wins for the side to move (the shortest at distance winDist) and some
// still open: the root is proven won at distance winDist+1 once no open
// child can win sooner (atLeast), else it is marked refining
// (refineBit) and stays open, and the search goes on among its open
// children (selection skips the proven ones) until it can tell, every
// child is proven, or the simulations run out. It returns nd's proof.
func (w *worker[G, P, M]) proveRoot(nd *node, kids []node, winDist int) Proof {
	settled := true
	for k := range kids {
		c := &kids[k]
		if metaProof(atomic.LoadUint32(&c.meta)) == ProofNone && !w.atLeast(c, ProofWin, winDist, boundDepth) {
			settled = false
			break
		}
	}
	if settled {
		return w.setProof(nd, ProofLoss, winDist+1)
	}
	for {
		old := atomic.LoadUint32(&nd.meta)
		if metaProof(old) != ProofNone || old&refineBit != 0 ||
			atomic.CompareAndSwapUint32(&nd.meta, old, old|refineBit) {
			return metaProof(old)
		}
	}
}

// settleRoot rechecks a refining root (refineBit) after a simulation that
// may have expanded nodes below its open children.
func (w *worker[G, P, M]) settleRoot() {
	root := w.a.node(w.root)
	meta := atomic.LoadUint32(&root.meta)
	if meta&refineBit == 0 || metaProof(meta) != ProofNone {
		return
	}
	w.prove(root)
}

// boundDepth bounds how deep atLeast looks below an open node; past it it
// uses the bound every open expanded node has, a ply.
const boundDepth = 4

// atLeast reports whether the tree shows that nd's mover cannot reach the
// result want (ProofWin or ProofLoss) in fewer than k plies from nd's
// position: nd is proven so at distance k or more, proven otherwise, or
// expanded with its side to move's choices far enough. An unexpanded node
// may be over already (distance 0). A win for the mover needs every reply
// lost for its player, so it is at least k plies away if one reply's loss
// is at least k-1 away; a loss needs some reply that wins for its player,
// so it is at least k plies away if every reply's win is at least k-1 away.
// depth bounds the recursion.
func (w *worker[G, P, M]) atLeast(nd *node, want Proof, k, depth int) bool {
	if k <= 0 {
		return true
	}
	meta := atomic.LoadUint32(&nd.meta)
	switch metaProof(meta) {
	case want:
		return metaDist(meta) >= k
	case ProofNone:
	default:
		return true
	}
	f := atomic.LoadInt32(&nd.first)
	if f <= 0 {
		return false
	}
	if depth == 0 {
		return k <= 1
	}
	some := want == ProofWin // one reply suffices (win) or every reply must (loss)
	kids := w.a.block(f, int(meta&kidsMask))
	for i := range kids {
		if w.atLeast(&kids[i], want.Flip(), k-1, depth-1) == some {
			return some
		}
	}
	return !some
}
