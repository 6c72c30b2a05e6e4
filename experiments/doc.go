// Package experiments plays experiment specs (package experiments/spec)
// and reports their answers about the rules: how much moving first
// matters, how often games are drawn, and whether a rule change (the
// majority ending) or more search changes that, by how much, and how sure
// we are. Package experiments/gamestats computes the figures from the
// games, package experiments/report words and draws them.
//
// Files: shipped.go lists the specs shipped in specs/ (embedded),
// check.go resolves and checks a spec's arms (experiment check, and run
// before its first game), run.go and selfplay.go play their arms
// (ProgressPlayer with its progress lines), runreport.go reads an
// experiment directory back into its report (package experiments/report)
// and states its design.
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
package experiments
