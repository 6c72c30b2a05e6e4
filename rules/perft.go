package rules

import (
	"runtime"
	"sync"
)

// Perft returns the number of leaf positions reached by playing every
// sequence of depth legal moves from p (distinct moves, game endings ignored).
// The last ply is counted without being played. It does not allocate and
// keeps nothing between nodes: every node's moves are generated afresh.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.pieces[p.side], p.pieces[p.side^1], depth)
}

// perft counts the leaves below the position where the side owning us is to
// move. Only the two bitboards matter to the count, so a child is two
// bitboards (the mover's pieces become "them"), not a Position: no hash or
// counters to update. The moves are those of GenerateMoves, visited in a
// different order: quiet moves direction by direction, then captures.
func perft(us, them Bitboard, depth int) uint64 {
	if depth == 1 {
		return uint64(countMoves(us, them))
	}
	empty := BoardMask &^ (us | them)
	var n uint64
	if depth == 2 {
		// Bulk counting: each child's moves are counted, not played.
		n += quietPerft2(us<<1&notFileA&empty, 1, us, them)
		n += quietPerft2(us>>1&notFileF&empty, -1, us, them)
		n += quietPerft2(us<<6&empty, 6, us, them)
		n += quietPerft2(us>>6&empty, -6, us, them)
		n += quietPerft2(us<<7&notFileA&empty, 7, us, them)
		n += quietPerft2(us<<5&notFileF&empty, 5, us, them)
		n += quietPerft2(us>>5&notFileA&empty, -5, us, them)
		n += quietPerft2(us>>7&notFileF&empty, -7, us, them)
	} else {
		n += quietPerft(us<<1&notFileA&empty, 1, us, them, depth)
		n += quietPerft(us>>1&notFileF&empty, -1, us, them, depth)
		n += quietPerft(us<<6&empty, 6, us, them, depth)
		n += quietPerft(us>>6&empty, -6, us, them, depth)
		n += quietPerft(us<<7&notFileA&empty, 7, us, them, depth)
		n += quietPerft(us<<5&notFileF&empty, 5, us, them, depth)
		n += quietPerft(us>>5&notFileA&empty, -5, us, them, depth)
		n += quietPerft(us>>7&notFileF&empty, -7, us, them, depth)
	}
	var caps [64]Bitboard
	for b := captureMap(us, them, &caps); b != 0; {
		from := b.PopFirst()
		fb := from.Bit()
		for t := caps[from&63]; t != 0; {
			tb := t & -t
			t &= t - 1
			if depth == 2 {
				n += uint64(countMoves(them&^tb, us^fb^tb))
			} else {
				n += perft(them&^tb, us^fb^tb, depth-1)
			}
		}
	}
	return n
}

const (
	notFileA = BoardMask &^ fileA
	notFileF = BoardMask &^ fileF
)

// quietPerft sums perft(depth-1) over the quiet moves onto the squares of
// targets, each made by the piece delta squares behind its target.
func quietPerft(targets Bitboard, delta int, us, them Bitboard, depth int) uint64 {
	var n uint64
	for targets != 0 {
		to := targets.PopFirst()
		move := Bitboard(1)<<(to&63) | Bitboard(1)<<(uint(int(to)-delta)&63)
		n += perft(them, us^move, depth-1)
	}
	return n
}

// quietPerft2 is quietPerft at depth 2: it counts each child's moves.
func quietPerft2(targets Bitboard, delta int, us, them Bitboard) uint64 {
	var n uint64
	for targets != 0 {
		to := targets.PopFirst()
		move := Bitboard(1)<<(to&63) | Bitboard(1)<<(uint(int(to)-delta)&63)
		n += uint64(countMoves(them, us^move))
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
