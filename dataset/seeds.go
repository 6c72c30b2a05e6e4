package dataset

import (
	"github.com/surakarta/surakarta/internal/base/rng"
	"github.com/surakarta/surakarta/rules"
)

// The random streams of a self-play run. Every game has its own streams,
// derived from the run's seed and the game id alone, so a game's rows do not
// depend on how many workers play, in which order, or in which shard; and
// they are defined here, beside the data, so that the dataset says how to
// reproduce itself:
//
//	mix(x)                = SplitMix64 finaliser of x + 0x9e3779b97f4a7c15
//	OpeningSeed(seed, id) = mix(mix(seed) ^ id)
//	SearchSeed(seed, id)  = mix(OpeningSeed(seed, id) ^ 0xd1b54a32d192ed03)
//
// Both leave the variant (and every other setting) out on purpose: runs of
// one seed under two variants play game id from the same random opening
// with the same search stream, so a game that never meets the rule
// difference is played identically under both and a comparison of the
// variants is paired game by game, search included. (Until issue 12 the
// search stream mixed in the variant, which made the variants' searches
// independent and the pairs nearly uncorrelated; standard-variant games are
// unchanged, since the old formula multiplied the constant by variant + 1 =
// 1 for them.)

// SplitMix64 returns the SplitMix64 output for state x: the state advanced
// by the golden-ratio increment and passed through the finaliser of
// Steele, Lea and Flood (2014). It is a bijection of uint64.
func SplitMix64(x uint64) uint64 { return rng.SplitMix64(x) }

// OpeningSeed returns the seed of game id's random-opening stream.
func OpeningSeed(seed uint64, id int64) uint64 {
	return SplitMix64(SplitMix64(seed) ^ uint64(id))
}

// SearchSeed returns the seed a game's searcher is reset with: the same
// for every variant and setting, so that paired runs pair the search too.
func SearchSeed(seed uint64, id int64) uint64 {
	return SplitMix64(OpeningSeed(seed, id) ^ 0xd1b54a32d192ed03)
}

// Stream is a SplitMix64 random stream (its first output is
// SplitMix64(seed)): small, fast and fully specified, so that openings are
// reproducible across Go releases (math/rand/v2 does not promise stable
// bounded draws). Its IntN draws by Lemire's multiply-and-reject method
// (2019); n must be positive.
type Stream = rng.SplitMix

// NewStream returns the stream that starts from seed.
func NewStream(seed uint64) Stream { return rng.NewSplitMix(seed) }

// MaxRandomOpening is the most random opening plies any run (self-play,
// experiments, pipeline, match) may ask PlayRandomOpening for.
const MaxRandomOpening = 1000

// PlayRandomOpening plays up to k plies of g, each chosen uniformly among
// the legal moves in square order (rules.Game.PlayRandomPlies; the
// generation order of datasets before issue 12) with one IntN draw from
// the stream of OpeningSeed(seed, id); it stops early if the game ends,
// and returns the number of plies played.
func PlayRandomOpening(g *rules.Game, seed uint64, id int64, k int) int {
	s := NewStream(OpeningSeed(seed, id))
	return g.PlayRandomPlies(k, s.IntN)
}
