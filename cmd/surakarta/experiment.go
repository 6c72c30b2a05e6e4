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
		Long: "run plays each arm of the spec with the self-play engine into DIR/arms/NAME (one dataset\n" +
			"per arm), then writes DIR/report.md (tables and the plain-language answer), DIR/report.json\n" +
			"(every figure) and PNG and SVG plots. Arms start from the self-play engine (see surakarta\n" +
			"selfplay --help) playing its best move: no root noise and no temperature opening unless\n" +
			"the spec's engine fields ask for them, so a study's diversity comes from its random\n" +
			"openings; the report states each arm's regime. With pairing: openings every arm plays\n" +
			"game i from the same random opening and the same search seed, so arms are compared game\n" +
			"by game.\n\n" +
			"The run is resumable: after Ctrl-C, or on another day, the same command with --resume skips\n" +
			"the arms already complete and plays only the missing games, as selfplay and pipeline do. DIR\n" +
			"remembers its spec (spec.json) and refuses a different one; one run writes DIR at a time (a\n" +
			"second is refused with the first's pid and command line). (A DIR holding an experiment is\n" +
			"still continued without --resume, with a deprecation note.) --concurrency changes only the\n" +
			"speed, never the games. --games N plays N games per arm instead of the spec's (a smaller\n" +
			"study to try a spec, or a larger one): the report says so and records the spec's number\n" +
			"(report.json: spec.spec_games). A resume continues DIR's number of games per arm; a larger\n" +
			"--games grows every arm (game i does not depend on the number of games), a smaller one is\n" +
			"refused.\n\n" +
			"It prints where the report went and its answer; --json prints one object instead: dir,\n" +
			"report_json, report_md, plots, arms [{name, variant, games, red_wins, black_wins, draws,\n" +
			"red_win_rate, black_win_rate, draw_rate, first_player_score}], comparisons [{a, b,\n" +
			"games_a, games_b, outcomes_p, draw_rate, first_player_score}] and answer.",
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
		Long: "report reads an experiment directory (its spec.json and the datasets under arms/)\n" +
			"and writes report.md, report.json and the plots again; an unfinished experiment is\n" +
			"reported with the games it has, and the report says so. --tables TB (tables of\n" +
			"surakarta tablebase build, for the arms' rules) adds what the tables make of each draw:\n" +
			"the position its last capture left is won for one side, drawn, or beyond the tables.\n" +
			"--json prints the object of experiment run --json: where the report went and its\n" +
			"headline figures.",
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
		Use:   "check SPEC [--json]",
		Short: "Validate an experiment spec and print its arms and comparisons",
		Long: "check reads and validates a spec and prints its arms with their resolved settings and\n" +
			"the comparisons the report will make. It fails on what experiment run would fail on before\n" +
			"its first game: engine settings out of range, an evaluator that does not open (a missing\n" +
			"weights file), endgame tables (tablebase) that do not open for an arm's rules, a\n" +
			"concurrency above this machine's bound. --json prints one object instead:\n" +
			"name, games, seed, random_opening, pairing, arms [{name, variant, rules, sims, evaluator,\n" +
			"seed}] and comparisons [[a, b]].",
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
