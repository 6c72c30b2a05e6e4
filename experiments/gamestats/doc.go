// Package gamestats turns game records into statistically sound figures
// about the rules: how much moving first matters, how often games are
// drawn, and whether two groups of games differ, by how much, and how sure
// we are. It computes; package experiments/report words and draws the
// figures. It reads datasets' games tables (read.go) and the endgame
// tables that judge draws (tables.go), writes nothing, and the rest is
// arithmetic on counts.
//
// Files: game.go reads a games-table row into a Game, read.go streams
// datasets' games tables (ScanGames, Collector.AddDir; Stats, as surakarta
// stats does, refusing datasets that would be miscounted), onegame.go
// refuses a comparison across datasets of two games (OneGame), collect.go
// counts the games per group and arm (Collector) and analyses the counts,
// summary.go and histogram.go count games, analysis.go turns a
// group's counts into GroupStats, compare.go compares two groups (and
// pairs their games by opening: PairIndex), change.go the changes between
// them with their equivalence tests, openings.go counts by opening (the
// stratified score, free captures), anatomy.go says what draws are made
// of, tables.go judges draws by the endgame tables, laddertrend.go is the
// pairing-aware trend of a ladder, plan.go plans sample sizes.
//
// # From games to figures
//
// A Collector streams the games table of one or more datasets (ScanGames
// reads dataset.GameRow into Game) and keeps counts only: per group
// (Summarizer, grouped by variant and any of GroupFields) and per arm (a
// variant of one source), with exact histograms of game length and
// captures. Memory does not grow with the number of games, except for the
// optional PairIndex (about 40 bytes a game) that pairs games played from
// the same opening under two settings. Summaries of disjoint games merge
// (Collector.Merge), so shards can be summarised apart and added up; the
// merged figures equal those of the whole.
//
// Analyze turns a group's counts into GroupStats: rates with Wilson
// intervals, the first player's score (wins + draws/2) with the score-test
// interval of internal/base/stats, its advantage (score − 0.5) and Elo, the
// decisive games' red share, ending reasons, game length and captures, and
// for standard-variant data how the majority rule would have scored the
// same endings (majority_winner). Compare tests two groups: the 3-outcome
// table (chi-square, Fisher–Freeman–Halton when counts are small), each
// rate (two-proportion z-test, Newcombe interval, Cohen's h) and the score;
// PairGames adds the paired analysis over games that share game id, start
// position and random opening moves, and says how much the pairing narrows
// the interval. Plan sizes samples for a target half-width.
//
// # Claims
//
// Every verdict is read off an interval: a change is "real" when its
// interval excludes 0 (at the level Significance); "no change" needs an
// equivalence test (TOST, internal/base/stats) against a margin; otherwise
// the change is not detected.
//
// # Conventions
//
// Intervals are two-sided at the given confidence level (0.95 by default)
// and written in JSON as {"value": x, "ci": [low, high]}. Figures that can
// be infinite or undefined (Elo at a clean sweep, the spread of one game)
// are stats.Num, written as null. One sign convention holds everywhere: a
// comparison of A with B reports the change from A to B, B − A.
// Everything a user's data can cause returns an error naming the file,
// game or field; nothing panics on bad input.
package gamestats
