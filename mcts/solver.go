package mcts

import "sync/atomic"

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
