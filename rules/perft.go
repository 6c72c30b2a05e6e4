package rules

import (
	"runtime"
	"sync"
)

// Perft returns the number of leaf positions reached by playing every
// sequence of depth legal moves from p (distinct moves, game endings ignored).
// The last ply is counted without being played.
func Perft(p Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountMoves())
	}
	var buf [MaxMoves]Move
	var n uint64
	for _, m := range p.GenerateMoves(buf[:0]) {
		n += Perft(p.Apply(m), depth-1)
	}
	return n
}

// DivideEntry is one root move of PerftDivide with its leaf count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// PerftDivide returns, for each legal move of p in generation order, the perft
// count of depth-1 below it, computed on up to threads goroutines (threads < 1
// means one per CPU). The counts do not depend on threads.
func PerftDivide(p Position, depth, threads int) []DivideEntry {
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	out := make([]DivideEntry, len(moves))
	next := make(chan int, len(moves))
	for i, m := range moves {
		out[i].Move = m
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for w := 0; w < threads && w < len(moves); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i].Nodes = Perft(p.Apply(out[i].Move), depth-1)
			}
		}()
	}
	wg.Wait()
	return out
}

// PerftParallel returns Perft(p, depth) with the root moves split across
// threads goroutines.
func PerftParallel(p Position, depth, threads int) uint64 {
	if depth <= 1 || threads == 1 {
		return Perft(p, depth)
	}
	var n uint64
	for _, e := range PerftDivide(p, depth, threads) {
		n += e.Nodes
	}
	return n
}
