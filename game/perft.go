package game

// Perft returns the number of leaf positions reached by playing every
// sequence of depth legal moves from p under g (game endings ignored, as
// perft counts are published), the last ply counted without being played.
// It is the contract's perft, one walk for every game: a game's own
// perft may be faster (Surakarta's counts bitboards), and the two must
// agree. It allocates one move buffer and one position per ply of depth,
// nothing per node.
func Perft[G Game[P, M], P any, M Move](g G, p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]M, depth)
	for i := range bufs {
		bufs[i] = make([]M, 0, g.MaxMoves())
	}
	// The children are played on positions of this slice: a child on the
	// walk's stack would move to the heap at every node, its address
	// passed to Apply through the game's dictionary.
	pos := make([]P, depth)
	pos[0] = p
	return perft(g, pos, bufs)
}

// perft counts the leaves below pos[0], playing its children on pos[1].
func perft[G Game[P, M], P any, M Move](g G, pos []P, bufs [][]M) uint64 {
	moves := g.Moves(&pos[0], bufs[0])
	if len(bufs) == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		pos[1] = pos[0]
		g.Apply(&pos[1], m)
		n += perft(g, pos[1:], bufs[1:])
	}
	return n
}
