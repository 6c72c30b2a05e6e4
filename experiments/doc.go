// Package experiments plays experiment specs and reports their answers
// about the rules: how much moving first matters, how often games are
// drawn, and whether a rule change (the majority ending) or more search
// changes that, by how much, and how sure we are. It counts and compares
// the games with package experiments/gamestats.
//
// Files: ladder.go, sensitivity.go, openingsens.go, handicap.go (the
// first move's worth in simulations: r*, doublings and Elo, with
// handicapmd.go its section of report.md) and sizes.go compute a report's
// figures from gamestats' counts, stopping.go is a ladder's stopping
// rule's verdict, answer.go words the conclusions, report.go builds a
// report, markdown.go, render.go, openingsmd.go and plots.go write it
// (plots.go draws the figures in the style of package experiments/figure);
// shipped.go lists the specs shipped in specs/ (embedded), check.go
// resolves and checks a spec's arms (experiment check, and run before its
// first game), run.go and selfplay.go play their arms (ProgressPlayer with
// its progress lines), runreport.go reads an experiment directory back
// into its report, headline.go says where a report went and its headline
// figures.
//
// # Experiments
//
// A spec (package experiments/spec) names arms that differ in variant,
// engine settings or rules. A spec travels (shared, shipped with
// findings), so the files it names (an evaluator: weights.json or
// models/m.json) are paths relative to the spec's own folder and inside
// it: an absolute path, or one that climbs out ("../../etc/passwd"), is
// refused before anything is opened (copy the file beside the spec
// instead); what the folder holds, symbolic links included, is its owner's
// choice. A file that is not an evaluator's is refused without quoting its
// contents. A spec's game: alquerque plays every arm in Alquerque through
// the same self-play runner (selfplay.RunOf), with Alquerque's evaluators
// (eval.OpenAlquerqueEvaluator) and its openings, into the datasets'
// alquerque partitions, whose keys (GAME/VARIANT) name the arms' variants
// in the report (gamestats.FromRow).
// Run plays each arm into OUT/arms/NAME through a Player (the self-play
// runner), skipping complete arms and resuming partial ones, then writes
// the Report: report.md with the plain-language answer, the design (each
// arm's regime) and tables, report.json with every figure, and plots made
// with gonum.org/v1/plot as PNG and SVG (outcome shares with error bars,
// game-length distributions, the ladder's advantage and draw rate against
// simulations with the fitted line where one fits, and the sensitivity
// forest plot).
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
package experiments
