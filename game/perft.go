package game

// Perft returns the number of leaf positions reached by playing every
// sequence of depth legal moves from p under g (game endings ignored, as
// perft counts are published), the last ply counted without being played.
// It is the contract's perft, one walk for every game: a game's own
// perft may be faster (Surakarta's counts bitboards), and the two must
// agree. It allocates one move buffer per ply of depth.
func Perft[G Game[P, M], P any, M Move](g G, p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]M, depth)
	for i := range bufs {
		bufs[i] = make([]M, 0, g.MaxMoves())
	}
	return perft(g, &p, bufs)
}

func perft[G Game[P, M], P any, M Move](g G, p *P, bufs [][]M) uint64 {
	moves := g.Moves(p, bufs[0])
	if len(bufs) == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		g.Apply(&q, m)
		n += perft(g, &q, bufs[1:])
	}
	return n
}
