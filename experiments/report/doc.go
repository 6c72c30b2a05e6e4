// Package report builds an experiment's report from the statistics of its
// games (package experiments/gamestats) and writes it: report.md with the
// plain-language answer, the design (each arm's regime) and tables,
// report.json with every figure, and plots made with gonum.org/v1/plot as
// PNG and SVG in the style of package experiments/figure (outcome shares
// with error bars, game-length distributions, the ladder's advantage and
// draw rate against simulations with the fitted line where one fits, and
// the sensitivity forest plot).
//
// Files: report.go the Report (what report.json holds) and Build,
// ladder.go, sensitivity.go, openingsens.go, handicap.go (the first move's
// worth in simulations: r*, doublings and Elo, with handicapmd.go its
// section of report.md) and sizes.go a report's figures from gamestats'
// counts, stopping.go a ladder's stopping rule's verdict, answer.go words
// the conclusions (engine.go an engine's settings and regime), markdown.go,
// render.go and openingsmd.go write report.md, plots.go draws the figures,
// headline.go says where a report went and its headline figures.
//
// # Claims
//
// Every verdict is read off an interval: a change is "real" when its
// interval excludes 0; "no change" needs an equivalence test (TOST,
// internal/base/stats) against the spec's margin; otherwise the report says the
// change is not detected and quotes both ends of the interval. A ladder
// converges where successive rungs agree within the convergence margin by
// the same test; its slope per doubling comes with a lack-of-fit test and
// an interval widened for it (stats.FitLine).
//
// # Conventions
//
// Intervals are two-sided at the report's confidence level (0.95 by
// default) and written in JSON as {"value": x, "ci": [low, high]}. Figures
// that can be infinite or undefined (Elo at a clean sweep, the spread of
// one game) are stats.Num, written as null. One sign convention holds everywhere
// (answers, tables, the majority rescoring, stats --compare and JSON): a
// comparison of A with B reports the change from A to B, B − A.
// Everything a user's data or spec can cause returns an error naming the
// file, game or field; nothing panics on bad input.
package report
