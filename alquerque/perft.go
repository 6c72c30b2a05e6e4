package alquerque

import (
	"context"
	"sync/atomic"
)

// Perft returns the number of leaf positions reached by playing every
// sequence of depth legal moves from p (distinct moves, game endings
// ignored). The last ply is counted without being played. It does not
// allocate.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.pieces[p.side], p.pieces[p.side^1], depth)
}

// perft counts the leaves below the position where the side owning us is
// to move. Only the two bitboards matter to the count, so a child is two
// bitboards (the mover's pieces become "them"). The moves are those of
// GenerateMoves in square order.
func perft(us, them Bitboard, depth int) uint64 {
	empty := BoardMask &^ (us | them)
	if movers := jumpers(us, them, empty); movers != 0 {
		var buf [MaxMoves]Move
		caps := appendCaptures(buf[:0], movers, them, empty)
		if depth == 1 {
			return uint64(len(caps))
		}
		var n uint64
		for _, m := range caps {
			n += perft(them&^m.Captured(), us&^m.From().Bit()|m.To().Bit(), depth-1)
		}
		return n
	}
	if depth == 1 {
		return uint64(quietCount(us, empty))
	}
	var n uint64
	for d, t := range quietTargets(us, empty) {
		for t != 0 {
			b := t & -t
			t ^= b
			from := Bitboard(1) << uint(int8(b.First())-stepDelta[d])
			n += perft(them, us^(b|from), depth-1)
		}
	}
	return n
}

// perftStopDepth is the depth from which PerftContext looks at its stop
// flag before counting a node: the subtrees below are a few thousand leaves,
// microseconds each, so a stop takes effect at once.
const perftStopDepth = 6

// PerftContext is Perft that stops when ctx is done, returning ctx's error
// (and a partial count): a count of minutes (depth 16 from the start) ends
// within a fraction of a second of Ctrl-C.
func PerftContext(ctx context.Context, p Position, depth int) (uint64, error) {
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	n := perftStopping(p, depth, &stop)
	if stop.Load() {
		return n, ctx.Err()
	}
	return n, nil
}

// perftStopping counts as Perft does, through GenerateMoves and Apply above
// perftStopDepth, returning early once stop is set.
func perftStopping(p Position, depth int, stop *atomic.Bool) uint64 {
	if depth <= perftStopDepth {
		return Perft(p, depth)
	}
	if stop.Load() {
		return 0
	}
	var buf [MaxMoves]Move
	var n uint64
	for _, m := range p.GenerateMoves(buf[:0]) {
		n += perftStopping(p.Apply(m), depth-1, stop)
	}
	return n
}
