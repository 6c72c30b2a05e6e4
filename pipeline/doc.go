// Package pipeline runs the project's whole job in one call: self-play under
// both endgame variants from paired openings, verification of the dataset,
// a fit of linear evaluation weights, a match of the fitted evaluator against
// the material baseline, and the statistics and variant report. It is the
// logic behind `surakarta pipeline`, kept out of the command so that the
// command stays a thin layer of flags.
//
// Files: pipeline.go runs the stages in order; each stage has its own file
// (selfplay.go, verify.go, fit.go, match.go, report.go); config.go holds the
// settings and summary.go what Run returns; its JSON records are written
// and read by internal/atomicfile (WriteJSON, ReadJSON).
//
// # Layout
//
// Everything goes under Config.Run.Out:
//
//	OUT/data/                 the dataset (package dataset): games and positions,
//	                          one Hive partition per variant
//	OUT/verify.json           what dataset.Verify checked, with the files' fingerprint
//	OUT/weights.json          the fitted weights with their held-out report (package eval)
//	OUT/match.json            the match settings and result (arena.ArenaResult)
//	OUT/report/report.md      the variant report (package experiments), with
//	OUT/report/report.json    every figure, the plots, and
//	OUT/report/stats.json     the statistics of `surakarta stats OUT/data --compare --json`
//	OUT/summary.json          the Summary that Run returns
//
// # Stages and resuming
//
// Run plays the variants with selfplay.Run: game i of both variants starts
// from the same random opening (same seed, same game id), so the report
// compares the variants game by game. Without Config.Run.Resume an OUT that
// holds any of these outputs is refused. With it, self-play continues each variant
// (complete games are kept, the rest played; the settings must be those of
// the run in OUT), and every later stage is skipped when its output exists,
// is complete and was made with the same settings from the same data, and
// rerun otherwise: verification is keyed by the data files' names, sizes and
// rows; the fit by its options and the dataset's provenance; the match by its
// settings and the weights file's hash. The report is always rewritten (it
// takes well under a second).
//
// Every random choice derives from Config.Run.Seed, and every count is fixed
// (simulations, games), so the same Config gives the same data, weights,
// match and report on any machine of the same architecture and any number of
// workers.
package pipeline
