package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/app/runspec"
)

func newExperimentCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "experiment",
		Short: "Run rule-variant and strength experiments from a spec and report them",
		Long: "experiment plays the arms of an experiment spec (YAML or JSON: variants, engine settings,\n" +
			"games per arm, seed, pairing of openings) into one directory and writes report.md,\n" +
			"report.json and PNG and SVG plots there. The specs shipped in experiments/specs/ (each\n" +
			"file's first comment says what it asks; run --games N plays a smaller study of any):\n\n" +
			experiments.ShippedSpecsText(),
		Example: "  surakarta experiment check experiments/specs/variants.yaml\n" +
			"  surakarta experiment run experiments/specs/variants.yaml --out runs/variants\n" +
			"  surakarta experiment report runs/variants",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newExperimentRunCommand(), newExperimentReportCommand(), newExperimentCheckCommand())
	return cmd
}

func newExperimentRunCommand() *cobra.Command {
	f := &experimentRunFlags{}
	f.run = runFlags{Settings: new(runspec.Defaults())}
	f.run.Games = 0 // the spec's
	cmd := &cobra.Command{
		Use:   "run SPEC.yaml|SPEC.json --out DIR [--games N] [--resume] [--concurrency C] [--quiet] [--json]",
		Short: "Play every arm of an experiment spec and write its report",
		Long:  helpText("experiment-run"),
		Example: "  surakarta experiment run experiments/specs/variants.yaml --out runs/variants\n" +
			"  surakarta experiment run experiments/specs/ladder.yaml --out runs/ladder --concurrency 8\n" +
			"  surakarta experiment run experiments/specs/ladder.yaml --out runs/ladder --resume",
		Args: cobra.ExactArgs(1),
		RunE: f.runE,
	}
	f.bind(cmd)
	return cmd
}

// experimentRunFlags are experiment run's flags, bound by bind and read by runE.
type experimentRunFlags struct {
	run    runFlags
	quiet  bool
	asJSON bool
	tables string
}

// bind declares experiment run's flags on cmd.
func (f *experimentRunFlags) bind(cmd *cobra.Command) {
	addRunFlags(cmd, &f.run, map[string]string{
		"out":         "experiment directory to write (created if missing)",
		"resume":      "continue the experiment in --out: play only the games not yet written",
		"games":       "games per arm instead of the spec's (recorded in the report)",
		"concurrency": "games played at once (default: the spec's concurrency, else one per CPU)",
	}, "seed", "random_opening", "shard", "shards") // the spec's
	cmd.Flags().StringVar(&f.tables, "tables", "", "endgame tables directory (surakarta tablebase build): the report says what they make of each draw")
	cmd.Flags().BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the report's location and headline figures as one JSON object")
}

// runE checks the flags and plays the spec.
func (f *experimentRunFlags) runE(cmd *cobra.Command, args []string) error {
	out, games := f.run.Out, f.run.Games
	if out == "" {
		return errors.New("--out DIR is required: the experiment directory to write")
	}
	if err := f.run.Validate("concurrency"); err != nil { // games: the spec's unless given
		return err
	}
	s, err := spec.Read(args[0])
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(out, experiments.SpecFile)); err == nil && !f.run.Resume {
		fmt.Fprintf(cmd.ErrOrStderr(), "surakarta: %s holds an experiment: continuing it without --resume is deprecated; add --resume, as selfplay and pipeline require\n", out)
	}
	for _, n := range s.Notes {
		fmt.Fprintf(cmd.ErrOrStderr(), "surakarta: %s: %s\n", args[0], n)
	}
	if f.run.changed("concurrency") {
		s.Concurrency = f.run.Concurrency
	}
	command := fmt.Sprintf("surakarta experiment run %s --out %s", args[0], out)
	games, resumed, err := experiments.GamesPerArm(out, s, games, cmd.Flags().Changed("games"))
	if err != nil {
		return err
	}
	if resumed { // a resume continues the run's own number of games
		fmt.Fprintf(cmd.ErrOrStderr(), "surakarta: resuming %s with its %d games per arm (the spec file has %d: give --games %d to grow every arm to it)\n",
			out, games, s.Games, s.Games)
	}
	if games != s.Games {
		s.OverrideGames(games)
		command += fmt.Sprintf(" --games %d", games)
	}
	player := experiments.ProgressPlayer(cmd.ErrOrStderr(), f.quiet)
	opt := experiments.RunOptions{
		Out: out, SpecDir: filepath.Dir(args[0]),
		Command: command, Tables: f.tables,
		Log: cmd.ErrOrStderr(), Quiet: f.quiet, // --f.quiet: only what a resume removed
	}
	r, err := experiments.Run(cmd.Context(), s, player, opt)
	if err != nil {
		return err
	}
	return printReportSummary(cmd, out, r, f.asJSON)
}

func newExperimentReportCommand() *cobra.Command {
	var (
		asJSON bool
		tables string
	)
	cmd := &cobra.Command{
		Use:   "report DIR [--tables TB] [--json]",
		Short: "Rewrite an experiment's report from the games in its directory",
		Long:  helpText("experiment-report"),
		Example: "  surakarta experiment report runs/variants\n  surakarta experiment report runs/ladder --json\n" +
			"  surakarta experiment report runs/strength-variants --tables tb",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := experiments.WriteExperimentReportTables(cmd.Context(), args[0], "", tables)
			if err != nil {
				return err
			}
			return printReportSummary(cmd, args[0], r, asJSON)
		},
	}
	cmd.Flags().StringVar(&tables, "tables", "", "endgame tables directory (surakarta tablebase build): the report says what they make of each draw")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report's location and headline figures as one JSON object")
	return cmd
}

func newExperimentCheckCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "check SPEC [--json]",
		Short:   "Validate an experiment spec and print its arms and comparisons",
		Long:    helpText("experiment-check"),
		Example: "  surakarta experiment check experiments/specs/ladder.yaml\n  surakarta experiment check --json my-spec.yaml",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := experiments.CheckSpec(args[0])
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), c)
			}
			c.WriteText(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

// printReportSummary prints where the report went and its answer, or with
// asJSON those and the headline figures as one object.
func printReportSummary(cmd *cobra.Command, dir string, r *report.Report, asJSON bool) error {
	h := report.NewHeadline(dir, r)
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), h)
	}
	h.WriteText(cmd.OutOrStdout())
	return nil
}
