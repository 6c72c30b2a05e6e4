// Package tournament plays a tournament of N engines and rates them on
// one scale: every pairing of a round robin (each engine against each
// other) or of a gauntlet (the first engine against each of the others)
// is a match of eval/match, played in colour-swapped pairs from the same
// openings (one seed, one opening set for every pairing), recorded in a
// directory of its own under the tournament's and resumed from it; one
// Bradley–Terry fit by maximum likelihood over every pairing's pairs
// (stats.PoolRatings) gives each engine its Elo with an interval,
// relative to an anchor engine; the crosstable says who scored what
// against whom, with the pairs' pentanomial counts, and each engine's
// cost a move (eval/match's SideCost over its games). A tournament plays
// any game through the contract (OptionsOf, with the game's
// match.GameOf; Options is Surakarta's): its pairings are recorded in the
// game's partitions and its report names a game other than Surakarta.
//
// Files: tournament.go the Options (Config, OptionsOf), the schedule (Pairings) and Run, with
// the tournament's directory (its lock and its settings file, checked on
// resume); ratings.go the rating list (the fit over the pairings);
// report.go the report: the rating list and the crosstable in text,
// Markdown and JSON; pgn.go the games of a recorded tournament as PGN.
package tournament
