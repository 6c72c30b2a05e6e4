package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
)

func newStatsCommand() *cobra.Command {
	var (
		opt    gamestats.StatsOptions
		by     string
		margin float64
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "stats DIR... [--by variant,reason,...] [--json] [--compare]",
		Short: "Outcome statistics of datasets: win and draw rates, first-player advantage, game length",
		Long: "stats streams the games table of each dataset DIR and reports per variant (another game's\n" +
			"as GAME/VARIANT, e.g. alquerque/standard: the game is read from the data): games; the\n" +
			"first player's wins (red, or Alquerque's white), the second's and draws with Wilson intervals; the first player's score with\n" +
			"its score-test interval and the advantage (score - 0.5); the decisive games' red share;\n" +
			"ending reasons; game length and captures; and for standard-variant data how the\n" +
			"majority rule would have scored the same endings.\n\n" +
			"--by adds grouping fields (" + strings.Join(gamestats.GroupFields, ", ") + ");\n" +
			"the variant is always one. Several DIRs are reported apart (grouped by source)\n" +
			"unless --pool merges them, e.g. shards copied from several machines. Pooling refuses\n" +
			"datasets that hold the same games of one run (they would count twice) and runs of\n" +
			"different settings (seeds aside) unless --allow-mixed, which labels the result mixed.\n" +
			"A dataset with files that do not belong or damaged parts is refused unless\n" +
			"--allow-damaged.\n" +
			"--compare tests each pair of variants of a dataset, and each variant across datasets:\n" +
			"the 3-outcome table (chi-square, exact when counts are small), each rate (two-proportion\n" +
			"tests with Newcombe intervals), and, where the same openings appear under both (same\n" +
			"seed and random openings), a paired analysis that says how much pairing narrows the\n" +
			"interval and how strongly the paired games' scores correlate. Every comparison A → B\n" +
			"reports the change from A to B, B − A, in the text and in the JSON (diff fields), and\n" +
			"tests the headline changes (first-player score, draw rate) for equivalence within\n" +
			"±--equivalence-margin by two one-sided tests (TOST), as experiment reports do: \"within\"\n" +
			"is a claim of no change, \"not shown within\" is not (JSON: changes). --compare refuses\n" +
			"datasets of two games (Surakarta's and Alquerque's): their difference measures the games.",
		Example: "  surakarta stats data/\n  surakarta stats data/ --by variant,reason\n  surakarta stats data/ --compare --json",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkConfidence(opt.Confidence); err != nil {
				return err
			}
			var err error
			if opt.By, err = gamestats.ParseBy(by); err != nil {
				return fmt.Errorf("--by: %w", err)
			}
			if opt.Compare {
				if err := gamestats.OneGame(args); err != nil {
					return fmt.Errorf("--compare: %w, or leave --compare out to report each game apart", err)
				}
			}
			opt.Warn = cmd.ErrOrStderr()
			res, err := gamestats.Stats(cmd.Context(), args, opt)
			if err != nil {
				return err
			}
			if opt.Compare {
				if err := res.TestEquivalence(margin); err != nil {
					return fmt.Errorf("--equivalence-margin: %w", err)
				}
			}
			return printResult(cmd, asJSON, res, func(w io.Writer) error {
				for _, m := range res.Mixed {
					fmt.Fprintf(w, "mixed: pooled runs of different settings (--allow-mixed): %s\n", m)
				}
				return report.WriteText(w, res)
			})
		},
	}
	cmd.Flags().StringVar(&by, "by", "variant", "comma-separated grouping fields")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&opt.Compare, "compare", false, "test the differences between variants and datasets")
	cmd.Flags().BoolVar(&opt.Pool, "pool", false, "merge several DIRs into one source instead of reporting each")
	cmd.Flags().Float64Var(&opt.Confidence, "confidence", 0.95, "confidence level of every interval")
	cmd.Flags().Float64Var(&margin, "equivalence-margin", spec.DefaultEquivalenceMargin, "with --compare, the margin (a fraction, as the spec's equivalence_margin) within which TOST may call a change no change")
	cmd.Flags().BoolVar(&opt.AllowMixed, "allow-mixed", false, "with --pool, pool runs of different settings (the result is labelled mixed)")
	addAllowDamagedFlag(cmd, &opt.AllowDamaged)
	cmd.AddCommand(newStatsPlanCommand())
	return cmd
}

func checkConfidence(conf float64) error {
	if !(conf > 0 && conf < 1) {
		return fmt.Errorf("--confidence %v: want a fraction in (0, 1) such as 0.95", conf)
	}
	return nil
}

func newStatsPlanCommand() *cobra.Command {
	var (
		halfWidth    float64
		points       float64
		rate         string
		conf         float64
		asJSON       bool
		allowDamaged bool
	)
	cmd := &cobra.Command{
		Use:     "plan --halfwidth-points H [--rate P | DIR...]",
		Short:   "How many games give intervals of a chosen half-width",
		Long:    helpText("stats-plan"),
		Example: "  surakarta stats plan --halfwidth-points 1 --rate 0.5\n  surakarta stats plan --halfwidth-points 2.5 data/",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkConfidence(conf); err != nil {
				return err
			}
			if cmd.Flags().Changed("halfwidth") {
				if cmd.Flags().Changed("halfwidth-points") {
					return errors.New("give --halfwidth-points only (--halfwidth is its old form, a fraction)")
				}
				if !(halfWidth > 0 && halfWidth < 0.5) {
					return fmt.Errorf("--halfwidth %v: want a fraction in (0, 0.5) such as 0.01, or --halfwidth-points 1", halfWidth)
				}
				points = 100 * halfWidth
			}
			if !(points > 0 && points < 50) {
				return fmt.Errorf("--halfwidth-points %v: want more than 0 and below 50 points, such as 1", points)
			}
			halfWidth = points / 100
			var rows []gamestats.PlanRow
			switch {
			case rate != "" && len(args) > 0:
				return errors.New("give either --rate or dataset directories, not both")
			case rate != "":
				p, err := strconv.ParseFloat(rate, 64)
				if err != nil || !(p >= 0 && p <= 1) {
					return fmt.Errorf("--rate %q: want a proportion in [0, 1] such as 0.3", rate)
				}
				if rows, err = gamestats.PlanRate(p, halfWidth, conf); err != nil {
					return err
				}
			case len(args) > 0:
				res, err := gamestats.Stats(cmd.Context(), args, gamestats.StatsOptions{By: []string{"variant"}, Compare: true, Confidence: conf,
					AllowDamaged: allowDamaged, Warn: cmd.ErrOrStderr()})
				if err != nil {
					return err
				}
				if rows, err = gamestats.Plan(res, halfWidth); err != nil {
					return err
				}
			default:
				return errors.New("give --rate P or one or more dataset directories to plan from")
			}
			return printResult(cmd, asJSON, map[string]any{"halfwidth": halfWidth, "halfwidth_points": points, "confidence": conf, "rows": rows},
				func(w io.Writer) error { return report.WritePlanText(w, rows, halfWidth, conf) })
		},
	}
	cmd.Flags().Float64Var(&points, "halfwidth-points", 1, "target half-width of the interval, in percentage points")
	cmd.Flags().Float64Var(&halfWidth, "halfwidth", 0, "target half-width of the interval, as a fraction")
	deprecateFlag(cmd, "halfwidth", "use --halfwidth-points: intervals are given in points everywhere (--halfwidth 0.01 is --halfwidth-points 1)")
	cmd.Flags().StringVar(&rate, "rate", "", "plan for this rate instead of a dataset's")
	cmd.Flags().Float64Var(&conf, "confidence", 0.95, "confidence level")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	addAllowDamagedFlag(cmd, &allowDamaged)
	return cmd
}
