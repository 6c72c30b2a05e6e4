package mcts

// shuffle permutes xs uniformly at random (Fisher–Yates).
func shuffle[T any](r *RNG, xs []T) {
	for i := len(xs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		xs[i], xs[j] = xs[j], xs[i]
	}
}

// drawUnvisited is one step of the lazy shuffle of a lazyBit block (kids):
// k is its first unvisited child, and a child drawn uniformly from k on
// takes its place.
func drawUnvisited(r *RNG, kids []node, k int) {
	if j := k + r.IntN(len(kids)-k); j != k {
		kids[k], kids[j] = kids[j], kids[k]
	}
}

// settle ends the lazy shuffle of a block (see lazyBit): it shuffles the
// unvisited children, which follow the visited ones, and clears the bit.
func settle(r *RNG, nd *node, kids []node) {
	if nd.meta&lazyBit == 0 {
		return
	}
	k := 0
	for k < len(kids) && kids[k].n > 0 {
		k++
	}
	shuffle(r, kids[k:])
	nd.meta &^= lazyBit
}
