package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/version"
)

// progressFlag is --progress's value, every command's: a progress.Format
// by its name.
type progressFlag struct{ f progress.Format }

func (p *progressFlag) String() string { return progress.FormatNames[p.f] }
func (p *progressFlag) Type() string   { return "format" }
func (p *progressFlag) Set(s string) (err error) {
	p.f, err = progress.ParseFormat(s)
	return err
}

// apply makes the format every Reporter's from now on; under JSON the
// command's other stderr lines become notes (execute flushes the writer).
func (p *progressFlag) apply(cmd *cobra.Command) {
	progress.SetFormat(p.f)
	if p.f == progress.JSON {
		cmd.SetErr(progress.NewNoteWriter(cmd.ErrOrStderr()))
	}
}

// progressHelp is the root help's paragraph on --progress: the JSON lines'
// schema (progress.Event, progress.Note).
var progressHelp = "  - --progress json makes stderr one JSON object a line, for a scheduler or a dashboard,\n" +
	fmt.Sprintf("    each with \"version\": %d (the schema's) and a kind: \"progress\" lines, the same for\n", progress.Version) +
	"    every long command (selfplay, match, tournament, experiment run, train, pipeline,\n" +
	"    tablebase build, bench, fit, dataset verify), give id (each counter of the run its\n" +
	"    own: a job's stages), unit, done, total (0: unknown), initial (done before a resume),\n" +
	"    elapsed_s, rate (this run's units a second), eta_s (null: unknown), final (the\n" +
	"    counter's last line) and extra (the command's own fields, as the text line gives\n" +
	"    them); every other line (a stage's start, a warning, the error) is a \"note\" with its\n" +
	"    text\n"

// newRootCommand builds the command tree; each subcommand comes from its own
// constructor.
func newRootCommand() *cobra.Command {
	var progressFormat progressFlag
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
			progressHelp +
			"  - old forms of these flags still work and print a deprecation note naming the new one",
		Example: "  surakarta pipeline\n  surakarta play --human black\n  surakarta stats out/data --compare\n" +
			"  surakarta selfplay --help",
		SilenceUsage: true,
		PersistentPreRun: func(cmd *cobra.Command, _ []string) {
			progressFormat.apply(cmd)
			noteDeprecatedFlags(cmd)
		},
		SilenceErrors: true,
		Version:       version.String(),
	}
	root.PersistentFlags().Var(&progressFormat, "progress", "progress on stderr: text (a live line on a terminal, plain lines otherwise) or json (one JSON object a line)")
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
