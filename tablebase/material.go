package tablebase

import (
	"fmt"
	"math/bits"

	"github.com/surakarta/surakarta/rules"
)

// MaxPieces is the largest total of pieces a table may hold: up to 8 the
// ranks of every balance fit in 32 bits (4 v 4: C(36,4)·C(32,4) ≈ 2.1e9).
const MaxPieces = 8

// Material is a balance in the side to move's frame: Own pieces for the side
// to move, Enemy for the other side, both at least 1.
type Material struct{ Own, Enemy int }

// String returns "OvE", e.g. "2v1": the side to move has two pieces.
func (m Material) String() string { return fmt.Sprintf("%dv%d", m.Own, m.Enemy) }

// Total returns the number of pieces on the board.
func (m Material) Total() int { return m.Own + m.Enemy }

// Swap returns the balance seen by the other side: the balance after a quiet
// move.
func (m Material) Swap() Material { return Material{m.Enemy, m.Own} }

func (m Material) valid() bool {
	return m.Own >= 1 && m.Enemy >= 1 && m.Total() <= MaxPieces
}

// Balances lists every balance of at most n pieces in build order: by
// total, then by Own descending, so that each balance comes after every
// balance its captures reach (one piece fewer).
func Balances(n int) []Material {
	var out []Material
	for total := 2; total <= n; total++ {
		for own := total - 1; own >= 1; own-- {
			out = append(out, Material{own, total - own})
		}
	}
	return out
}

// binom[n][k] is n choose k for n ≤ 36, k ≤ MaxPieces.
var binom = func() (t [rules.NumSquares + 1][MaxPieces + 1]uint64) {
	for n := range t {
		t[n][0] = 1
		for k := 1; k <= MaxPieces && k <= n; k++ {
			t[n][k] = t[n-1][k-1]
			if k <= n-1 {
				t[n][k] += t[n-1][k]
			}
		}
	}
	return t
}()

// rawCount returns the number of placements of the balance: C(36, Own) ·
// C(36-Own, Enemy), the range of rank.
func (m Material) rawCount() uint64 {
	return binom[rules.NumSquares][m.Own] * binom[rules.NumSquares-m.Own][m.Enemy]
}

// rankSet returns the colexicographic rank of the squares of b among the
// sets of as many squares: Σ C(s_i, i+1) over its squares in order. Colex
// order is the numeric order of the bitboards.
func rankSet(b uint64) uint64 {
	var r uint64
	for i := 1; b != 0; i++ {
		r += binom[bits.TrailingZeros64(b)][i]
		b &= b - 1
	}
	return r
}

// rank numbers a placement of the balance: the own set's rank, then the
// enemy set's among the 36-Own squares the own pieces leave free (each
// enemy square counted down by the own pieces below it).
func (m Material) rank(own, enemy rules.Bitboard) uint32 {
	var packed uint64
	for e := uint64(enemy); e != 0; e &= e - 1 {
		s := bits.TrailingZeros64(e)
		packed |= 1 << (s - bits.OnesCount64(uint64(own)&(1<<s-1)))
	}
	return uint32(rankSet(uint64(own))*binom[rules.NumSquares-m.Own][m.Enemy] + rankSet(packed))
}

// placements calls f for every placement of the balance in rank order.
func (m Material) placements(f func(rank uint32, own, enemy rules.Bitboard)) {
	free := rules.NumSquares - m.Own
	r := uint32(0)
	for own := uint64(1)<<m.Own - 1; own < 1<<rules.NumSquares; own = nextSet(own) {
		var sq [rules.NumSquares]uint8
		n := 0
		for s := 0; s < rules.NumSquares; s++ {
			if own>>s&1 == 0 {
				sq[n] = uint8(s)
				n++
			}
		}
		for e := uint64(1)<<m.Enemy - 1; e < 1<<free; e = nextSet(e) {
			var enemy uint64
			for x := e; x != 0; x &= x - 1 {
				enemy |= 1 << sq[bits.TrailingZeros64(x)]
			}
			f(r, rules.Bitboard(own), rules.Bitboard(enemy))
			r++
		}
	}
}

// nextSet returns the next larger number with as many bits set as x
// (Gosper's hack); x must be non-zero.
func nextSet(x uint64) uint64 {
	c := x & -x
	r := x + c
	return (((r ^ x) >> 2) / c) | r
}

// unrankSet returns the set of k squares among the first n whose rankSet is r.
func unrankSet(r uint64, k, n int) uint64 {
	var b uint64
	for i, s := k, n-1; i >= 1; i-- {
		for binom[s][i] > r {
			s--
		}
		b |= 1 << s
		r -= binom[s][i]
		s--
	}
	return b
}

// unrank returns the placement of m with rank r, rank's inverse.
func unrank(m Material, r uint32) (own, enemy rules.Bitboard) {
	free := rules.NumSquares - m.Own
	per := binom[free][m.Enemy]
	o := unrankSet(uint64(r)/per, m.Own, rules.NumSquares)
	packed := unrankSet(uint64(r)%per, m.Enemy, free)
	var e uint64
	for s := 0; s < rules.NumSquares && packed != 0; s++ {
		if o>>s&1 != 0 {
			continue
		}
		if packed&1 != 0 {
			e |= 1 << s
		}
		packed >>= 1
	}
	return rules.Bitboard(o), rules.Bitboard(e)
}
