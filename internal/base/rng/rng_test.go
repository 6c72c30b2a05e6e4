package rng_test

import (
	"math"
	"testing"

	"github.com/surakarta/surakarta/internal/base/rng"
)

// source is what the pinned generators have in common.
type source interface {
	Uint64() uint64
	IntN(n int) int
}

// pinNs are the bounds of the pinned IntN draws: small ones (a single
// draw always accepted) up to ones near 2⁶³, where Lemire's method rejects
// a quarter or more of the draws, so that the rejection path is pinned too.
var pinNs = []int{1, 2, 3, 7, 36, 192, 1296, 1000003, 3 << 61, math.MaxInt64}

// pin is the start of a generator's stream for one seed: three Uint64,
// then one IntN for each of pinNs, then (xoshiro only) two Float64 bits.
type pin struct {
	seed  uint64
	mix   uint64 // SplitMix64(seed) (splitmix only)
	u     [3]uint64
	n     [10]int
	float [2]uint64
}

// splitMixPins were captured from dataset.Stream (dataset/seeds.go) before
// the generator moved here; the seed-0 outputs are those of Vigna's
// splitmix64.c. The datasets' openings and seeds depend on every value.
var splitMixPins = []pin{
	{seed: 0, mix: 0xe220a8397b1dcdaf, u: [3]uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f},
		n: [10]int{0, 0, 0, 1, 27, 47, 1233, 396469, 5264477702643151772, 4832591235763793340}},
	{seed: 1, mix: 0x910a2dec89025cc1, u: [3]uint64{0x910a2dec89025cc1, 0xbeeb8da1658eec67, 0xf893a2eefb32555e},
		n: [10]int{0, 0, 2, 6, 18, 54, 1029, 404143, 4188012976312013951, 4196061574266695391}},
	{seed: 42, mix: 0xbdd732262feb6e95, u: [3]uint64{0xbdd732262feb6e95, 0x28efe333b266f103, 0x47526757130f9f52},
		n: [10]int{0, 0, 2, 1, 28, 65, 801, 204902, 3410267003047927367, 4735243383115555698}},
	{seed: 0xdeadbeefcafef00d, mix: 0x901d4f652fb472cb, u: [3]uint64{0x901d4f652fb472cb, 0xa7ce246440f74527, 0x19b40bbbb9380d34},
		n: [10]int{0, 0, 0, 5, 34, 60, 887, 508886, 6568700896117463489, 8900794208586235488}},
}

// xoshiroPins were captured from mcts.RNG (mcts/rng.go) before the
// generator moved here: the engine's searches, hence every self-play row,
// depend on them.
var xoshiroPins = []pin{
	{seed: 0, u: [3]uint64{0x99ec5f36cb75f2b4, 0xbf6e1f784956452a, 0x1a5f849d4933e6e0},
		n:     [10]int{0, 1, 2, 2, 19, 164, 1190, 114297, 465078557668572259, 983899985154066253},
		float: [2]uint64{0x3fe4f464afed30db, 0x3fdfbf6aa558177e}},
	{seed: 1, u: [3]uint64{0xb3f2af6d0fc710c5, 0x853b559647364cea, 0x92f89756082a4514},
		n:     [10]int{0, 1, 0, 0, 13, 166, 715, 932575, 6621584455208335166, 8603309648191022199},
		float: [2]uint64{0x3fe5693da7b698cc, 0x3fe332a78d8af011}},
	{seed: 42, u: [3]uint64{0x15780b2e0c2ec716, 0x6104d9866d113a7e, 0xae17533239e499a1},
		n:     [10]int{0, 1, 2, 5, 30, 146, 756, 682454, 2010771854693880709, 7388145106668446554},
		float: [2]uint64{0x3fd4920219692d08, 0x3fe6c1bd877e5b10}},
	{seed: 0xdeadbeefcafef00d, u: [3]uint64{0x9e32cfb5bb93eebb, 0x16006bd9d4ac0014, 0x8ada5d6d34b6538e},
		n:     [10]int{0, 1, 2, 5, 26, 103, 1002, 541054, 5749739501953244971, 82669903936828757},
		float: [2]uint64{0x3fc79d077942e6a0, 0x3feadd3decb986a3}},
}

// checkPin compares the start of g's stream with p.
func checkPin(t *testing.T, name string, g source, p pin) {
	t.Helper()
	u := [3]uint64{g.Uint64(), g.Uint64(), g.Uint64()}
	if u != p.u {
		t.Errorf("%s seed %#x: Uint64 %#x, want %#x", name, p.seed, u, p.u)
	}
	var n [10]int
	for i, b := range pinNs {
		n[i] = g.IntN(b)
	}
	if n != p.n {
		t.Errorf("%s seed %#x: IntN %v, want %v", name, p.seed, n, p.n)
	}
}

// TestSplitMixStreamIsPinned: a changed value here changes every dataset's
// random openings and seeds; the committed datasets and findings could no
// longer be reproduced.
func TestSplitMixStreamIsPinned(t *testing.T) {
	for _, p := range splitMixPins {
		if got := rng.SplitMix64(p.seed); got != p.mix {
			t.Errorf("SplitMix64(%#x) = %#x, want %#x", p.seed, got, p.mix)
		}
		s := rng.NewSplitMix(p.seed)
		checkPin(t, "splitmix", &s, p)
	}
}

// TestXoshiroStreamIsPinned: a changed value here changes every search,
// hence every self-play game played from a given seed.
func TestXoshiroStreamIsPinned(t *testing.T) {
	for _, p := range xoshiroPins {
		r := rng.NewXoshiro(p.seed)
		checkPin(t, "xoshiro", &r, p)
		if f := [2]uint64{math.Float64bits(r.Float64()), math.Float64bits(r.Float64())}; f != p.float {
			t.Errorf("xoshiro seed %#x: Float64 bits %#x, want %#x", p.seed, f, p.float)
		}
	}
}
