package mcts

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// goldenSearchSHA256 is the SHA-256 of every result of goldenSearches: the
// moves, visits, values, proofs and proof distances, the PV, the counts and
// the move Choose picks. Single-threaded search is deterministic per seed,
// and code that reorganises the engine must keep its results bit for bit; a
// change here changes every dataset and finding made since. (Set by issue
// 22's proof distances: the shortest proven win, the longest proven loss.)
const goldenSearchSHA256 = "b5b0ea5811d99303b73e70d37ff86d61d07bd45fa13078476afd01c569bac947"

// goldenSearches searches the positions of symmetryGame under every setting
// of symmetrySettings, as TestSearchCommutesWithRotate does, and hashes the
// results.
func goldenSearches(t *testing.T) string {
	h := sha256.New()
	var b [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	variants := []rules.Rules{
		{Variant: rules.Standard, NoCaptureLimit: 50, Repetition: 3},
		{Variant: rules.Majority, NoCaptureLimit: 30, Repetition: 2, NoMoves: rules.NoMovesDraw},
	}
	for si, st := range symmetrySettings(48) {
		for gi := range 2 {
			r := variants[gi%len(variants)]
			cfg := st.cfg
			cfg.Rules, cfg.Seed = r, uint64(1000*si+gi)
			s := mustSearcher(t, cfg, st.ev)
			rng := NewRNG(uint64(gi))
			symmetryGame(t, r, &rng, 80, func(g *rules.Game) {
				if g.Ply()%3 != 0 {
					return
				}
				res := s.Search(g)
				put(uint64(res.Best))
				put(math.Float64bits(res.Value))
				put(uint64(res.Proof))
				put(uint64(res.Distance))
				put(uint64(res.Sims))
				put(uint64(res.Nodes))
				for _, ms := range res.Moves {
					put(uint64(ms.Move))
					put(uint64(ms.Visits))
					put(math.Float64bits(ms.Value))
					put(uint64(ms.Proof))
					put(uint64(ms.Distance))
				}
				for _, m := range res.PV {
					put(uint64(m))
				}
				put(uint64(s.Choose(&res, g.Ply())))
			})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestSearchResultsOfASeedAreUnchanged(t *testing.T) {
	if got := goldenSearches(t); got != goldenSearchSHA256 {
		t.Fatalf("the golden searches hash to %s, want %s: the same seed and settings no longer give the same results", got, goldenSearchSHA256)
	}
}
