package main

import (
	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/version"
)

// newRootCommand builds the command tree; each subcommand comes from its own
// constructor.
func newRootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:           "surakarta",
		Short:         "Self-play, datasets, evaluation and rule statistics for Surakarta",
		Long:          "surakarta plays the Javanese board game Surakarta against itself at scale and turns\nthe games into Parquet datasets, fitted evaluation weights and statistics about the rules.",
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version.String(),
	}
	root.AddCommand(
		newPerftCommand(),
		newMovesCommand(),
		newReplayCommand(),
		newShowCommand(),
		newDocsCommand(),
		newStatsCommand(),
		newExperimentCommand(),
		newFeaturesCommand(),
		newFitCommand(),
		newMatchCommand(),
		newAnalyzeCommand(),
		newPlayCommand(),
		newSelfplayCommand(),
		newDatasetCommand(),
		newPipelineCommand(),
	)
	// Added here rather than lazily at Execute so that docs and help list it.
	root.InitDefaultCompletionCmd()
	return root
}
