package rules

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
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
	// Quiet moves by their upper square and the step down to the lower:
	// moves toward higher squares by their targets, moves toward lower
	// squares by their sources. The file masks drop the shifts that wrap
	// around the board's edge.
	empty := BoardMask &^ (us | them)
	up := [4]Bitboard{us << 1 & notFileA & empty, us << 5 & notFileF & empty, us << 6 & empty, us << 7 & notFileA & empty}
	down := [4]Bitboard{empty << 1 & notFileA & us, empty << 5 & notFileF & us, empty << 6 & us, empty << 7 & notFileA & us}
	var n uint64
	for k, shift := range [4]uint{1, 5, 6, 7} {
		if depth == 2 {
			// Bulk counting: each child's moves are counted, not played.
			n += quietPerft2(up[k], shift, us, them) + quietPerft2(down[k], shift, us, them)
		} else {
			n += quietPerft(up[k], shift, us, them, depth) + quietPerft(down[k], shift, us, them, depth)
		}
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

// quietPerft sums perft(depth-1) over quiet moves: each square of hi is the
// upper end of a move and the square shift below it the lower end (the
// target and source of a move upward, the source and target of one
// downward). Either way the move flips both squares in us.
func quietPerft(hi Bitboard, shift uint, us, them Bitboard, depth int) uint64 {
	var n uint64
	for hi != 0 {
		b := hi & -hi
		hi ^= b
		n += perft(them, us^(b|b>>shift), depth-1)
	}
	return n
}

// quietPerft2 is quietPerft at depth 2: it counts each child's moves.
func quietPerft2(hi Bitboard, shift uint, us, them Bitboard) uint64 {
	var n uint64
	for hi != 0 {
		b := hi & -hi
		hi ^= b
		n += uint64(countMoves(them, us^(b|b>>shift)))
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
// means one per CPU the process may use, GOMAXPROCS). The counts do not depend on threads. With depth >= 3
// the work is split by the replies to the root moves (a few hundred pieces of
// uneven size), so the goroutines stay busy until the end.
func PerftDivide(p Position, depth, threads int) []DivideEntry {
	out, _ := PerftDivideContext(context.Background(), p, depth, threads)
	return out
}

// PerftDivideContext is PerftDivide that stops when ctx is done, returning
// ctx's error: every node more than perftStopDepth plies above the leaves
// looks at a stop flag first, so that even a count of hours (depth 9 from
// the start) ends within a fraction of a second.
func PerftDivideContext(ctx context.Context, p Position, depth, threads int) ([]DivideEntry, error) {
	if threads < 1 {
		threads = runtime.GOMAXPROCS(0)
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	out := make([]DivideEntry, len(moves))
	children := make([]Position, len(moves))
	size := len(moves)
	for i, m := range moves {
		out[i].Move = m
		children[i] = p.Apply(m)
		if depth >= 3 {
			size += children[i].CountMoves()
		}
	}
	// A task counts the leaves depth-1 below a root move or, with depth >=
	// 3, depth-2 below one of its replies.
	type task struct {
		root int
		pos  Position
	}
	tasks := make([]task, 0, size)
	sub := depth - 1
	if depth >= 3 {
		sub = depth - 2
	}
	for i, child := range children {
		if depth < 3 {
			tasks = append(tasks, task{i, child})
			continue
		}
		var replies [MaxMoves]Move
		for _, r := range child.GenerateMoves(replies[:0]) {
			tasks = append(tasks, task{i, child.Apply(r)})
		}
	}
	counts := make([]uint64, len(tasks))
	var next atomic.Int64
	work := func() {
		for !stop.Load() {
			k := int(next.Add(1) - 1)
			if k >= len(tasks) {
				return
			}
			counts[k] = perftUntil(tasks[k].pos, sub, &stop)
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < threads && w < len(tasks); w++ {
		wg.Go(work)
	}
	work()
	wg.Wait()
	if stop.Load() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	for k, t := range tasks {
		out[t.root].Nodes += counts[k]
	}
	return out, nil
}

// perftStopDepth is the height above the leaves up to which perftUntil
// counts without looking at its stop flag: perft 5 takes a few
// milliseconds, and the nodes above it are too few for the look to cost.
const perftStopDepth = 5

// perftUntil is Perft(p, depth) that gives up, with a partial count, once
// stop is set.
func perftUntil(p Position, depth int, stop *atomic.Bool) uint64 {
	if depth <= perftStopDepth {
		return Perft(p, depth)
	}
	var buf [MaxMoves]Move
	var n uint64
	for _, m := range p.GenerateMoves(buf[:0]) {
		if stop.Load() {
			return n
		}
		n += perftUntil(p.Apply(m), depth-1, stop)
	}
	return n
}

// PerftParallel returns Perft(p, depth) with the work split across threads
// goroutines as PerftDivide splits it (threads < 1 means one per CPU).
func PerftParallel(p Position, depth, threads int) uint64 {
	if depth <= 1 || threads == 1 {
		return Perft(p, depth)
	}
	n, _ := PerftParallelContext(context.Background(), p, depth, threads)
	return n
}

// PerftParallelContext is PerftParallel that stops when ctx is done, as
// PerftDivideContext does, returning ctx's error.
func PerftParallelContext(ctx context.Context, p Position, depth, threads int) (uint64, error) {
	if depth <= 1 {
		return Perft(p, depth), ctx.Err()
	}
	entries, err := PerftDivideContext(ctx, p, depth, threads)
	var n uint64
	for _, e := range entries {
		n += e.Nodes
	}
	return n, err
}
