package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/version"
)

// newRootCommand builds the command tree; each subcommand comes from its own
// constructor.
func newRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "surakarta",
		Short: "Self-play, datasets, evaluation and rule statistics for Surakarta",
		Long: "surakarta plays the Javanese board game Surakarta against itself at scale and turns\n" +
			"the games into Parquet datasets, fitted evaluation weights and statistics about the rules.\n" +
			"The rules it implements, and the choices the project made where rule texts differ, are in\n" +
			"docs/RULES.md.\n\n" +
			"Every command speaks one dialect:\n" +
			"  - a dataset or experiment directory a command reads is its argument (stats DIR, fit DIR,\n" +
			"    dataset verify DIR, experiment report DIR); a spec it reads too (experiment run SPEC)\n" +
			"  - --out DIR is always a directory the command writes into, created if missing; a command\n" +
			"    that writes one file names it by what it is (fit --weights FILE, docs --file FILE)\n" +
			"  - --games N is the games one run plays: a self-play run of one variant (selfplay; each\n" +
			"    of pipeline's variants) or a match, both colours together; verify --expect-games N\n" +
			"    checks a count\n" +
			"  - a directory that holds an earlier run is continued only with --resume (selfplay,\n" +
			"    pipeline, train, match --out, experiment run)\n" +
			fmt.Sprintf("  - simulations per move default to %d where one position is searched (analyze, play,\n", runspec.AnalysisEngine().Sims) +
			fmt.Sprintf("    engine) and %d where many games are played (selfplay, experiment run, match); the\n", runspec.SelfPlayEngine().Sims) +
			fmt.Sprintf("    one-command jobs are sized to finish in minutes on two cores: pipeline %d (its\n", runspec.PipelineEngine().Sims) +
			fmt.Sprintf("    match %d), train %d\n", runspec.PipelineMatchEngine().Sims, runspec.TrainEngine().Sims) +
			"  - the engine is the strongest the project has unless told otherwise: the shipped model\n" +
			fmt.Sprintf("    (--evaluator %s) with %s leaves at cpuct %g (--preset best); the baseline, the\n", runspec.StrongestEngine().Evaluator, runspec.StrongestEngine().Leaf, runspec.StrongestEngine().CPUCT) +
			fmt.Sprintf("    former default, is one setting away: --preset baseline (%s leaves, cpuct %g,\n", runspec.BaselineEngine().Leaf, runspec.BaselineEngine().CPUCT) +
			fmt.Sprintf("    evaluator %s), preset=baseline in a match CONFIG\n", runspec.BaselineEngine().Evaluator) +
			"  - moves to play from a position are arguments (replay MOVE..., analyze MOVE...)\n" +
			"  - a job's match engines are one flag, --match-engine SETTINGS (pipeline, train), and the\n" +
			"    games of each kind of match --KIND-games (--match-games, --gate-games, --anchor-games)\n" +
			"  - --json prints one JSON object on stdout, indented two spaces, {\"error\": ...} where the\n" +
			"    command fails (exit status 1; 130 when stopped by Ctrl-C); progress goes to stderr,\n" +
			"    --quiet silences it\n" +
			"  - old forms of these flags still work and print a deprecation note naming the new one",
		Example: "  surakarta pipeline\n  surakarta play --human black\n  surakarta stats out/data --compare\n" +
			"  surakarta selfplay --help",
		SilenceUsage: true,
		PersistentPreRun: func(cmd *cobra.Command, _ []string) {
			noteDeprecatedFlags(cmd)
		},
		SilenceErrors: true,
		Version:       version.String(),
	}
	root.AddCommand(
		newPerftCommand(),
		newBenchCommand(),
		newMovesCommand(),
		newReplayCommand(),
		newShowCommand(),
		newDocsCommand(),
		newStatsCommand(),
		newExperimentCommand(),
		newFeaturesCommand(),
		newFitCommand(),
		newMatchCommand(),
		newTournamentCommand(),
		newEngineCommand(),
		newAnalyzeCommand(),
		newPlayCommand(),
		newSelfplayCommand(),
		newDatasetCommand(),
		newPipelineCommand(),
		newTrainCommand(),
		newTablebaseCommand(),
	)
	// Added here rather than lazily at Execute so that docs and help list it.
	root.InitDefaultCompletionCmd()
	addCompletionExamples(root)
	addCompletions(root)
	return root
}

// addCompletionExamples gives cobra's completion commands examples, as
// every command has.
func addCompletionExamples(root *cobra.Command) {
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Example = "  source <(surakarta completion bash)\n  surakarta completion zsh > \"${fpath[1]}/_surakarta\""
		for _, sh := range c.Commands() {
			sh.Example = "  surakarta completion " + sh.Name() + " > surakarta-completion." + sh.Name()
		}
	}
}
