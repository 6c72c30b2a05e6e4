// Package pipeline runs the project's whole job in one call: self-play under
// both endgame variants from paired openings, verification of the dataset,
// a fit of linear evaluation weights, matches of the fitted evaluator against
// the material baseline and against a model (the shipped one), and the
// statistics and variant report, which say at which strength the figures
// hold beside the findings' figures. It is the logic behind `surakarta
// pipeline`, kept out of the command so that the command stays a thin layer
// of flags.
//
// Files: pipeline.go runs the stages in order; each stage has its own file
// (selfplay.go, verify.go, fit.go, match.go, report.go), for every game
// (alquerque.go holds Alquerque's fit, its references and its strength
// block: Config.Game AlquerqueGame runs the job for Alquerque); config.go holds the
// settings, defaults.go their defaults (DefaultConfig, Alquerque's
// AlquerqueDefaults) and summary.go what Run returns (cpu_unix.go and cpu_other.go
// read the CPU time it reports); findings.go the figures of
// docs/findings the summary compares with (References) and the strength
// block; its JSON records are written and read by internal/base/atomicfile
// (WriteJSON, ReadJSON).
//
// # Layout
//
// Everything goes under Config.Run.Out:
//
//	OUT/data/                 the dataset (package dataset): games and positions,
//	                          one Hive partition per variant
//	OUT/verify.json           what verify.Verify checked, with the files' fingerprint
//	OUT/weights.json          the fitted weights with their held-out report (package eval)
//	OUT/match.json            the match against material: settings and result (arena.ArenaResult)
//	OUT/match-model.json      the match against Config.MatchModel, the same
//	OUT/report/report.md      the variant report (package experiments/report), with
//	OUT/report/report.json    every figure, the plots, and
//	OUT/report/stats.json     the statistics of `surakarta stats OUT/data --compare --json`
//	OUT/summary.json          the Summary that Run returns
//
// # Stages and resuming
//
// Run plays the variants with selfplay.Run, by Config.Players (two
// independent players by the command's default, the findings' estimand):
// game i of both variants starts
// from the same opening (same seed, same game id: under enumerated
// openings opening i mod N of every opening of that many plies, under
// random ones the same random plies), so the report compares the variants
// game by game. Without Config.Run.Resume an OUT that
// holds any of these outputs is refused. With it, self-play continues each variant
// (complete games are kept, the rest played; the settings must be those of
// the run in OUT: a run of other settings, such as one made under the
// defaults before the pipeline played the shipped model from every 2-ply
// opening, is refused before anything is played, naming each differing
// flag and the flags that continue it), and every later stage is skipped when its output exists,
// is complete and was made with the same settings from the same data, and
// rerun otherwise: verification is keyed by the data files' names, sizes and
// rows; the fit by its options and the dataset's provenance; each match by its
// settings, its opponent and the weights file's hash. The report is always rewritten (it
// takes well under a second).
//
// Every random choice derives from Config.Run.Seed, and every count is fixed
// (simulations, games), so the same Config gives the same data, weights,
// match and report on any machine of the same architecture and any number of
// workers.
package pipeline
