// Package rng holds the project's random generators, fully specified so
// that a seed gives the same numbers on every platform and Go release
// (math/rand/v2 does not promise stable bounded draws): datasets, and the
// findings drawn from them, are reproducible from their seeds.
//
// SplitMix is the SplitMix64 stream of Steele, Lea and Flood (2014): the
// per-game seeds and random openings of self-play (package dataset).
// Xoshiro is Blackman and Vigna's xoshiro256** seeded through SplitMix64:
// the searcher's generator (package mcts). Both draw bounded integers with
// Lemire's multiply-and-reject method (2019), so IntN(n) is exactly uniform
// and usually costs one multiplication.
//
// The streams are pinned by known-answer tests; changing a single value
// changes every dataset a seed produces. A generator is a value: copying it
// forks an identical stream. It is not safe for concurrent use.
//
// The package imports only the standard library.
package rng
