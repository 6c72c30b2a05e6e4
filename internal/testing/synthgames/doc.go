// Package synthgames draws synthetic populations of games (experiments/
// gamestats' Game, without moves beyond a two-ply opening) from a Plant of
// outcome probabilities with a seeded stream, for the tests of the packages
// that count, compare and report games (experiments/gamestats,
// experiments); no program uses it.
//
// Files: synthgames.go the plant and its games (Games).
package synthgames
