package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

func newExperimentCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "experiment",
		Short: "Run rule-variant and strength experiments from a spec and report them",
		Long: "experiment plays the arms of an experiment spec (YAML or JSON: variants, engine settings,\n" +
			"games per arm, seed, pairing of openings) into one directory and writes report.md,\n" +
			"report.json and PNG plots there. Shipped specs: experiments/specs/variants.yaml\n" +
			"(standard against majority ending, paired openings) and experiments/specs/ladder.yaml\n" +
			"(first-player advantage at 50, 200 and 800 simulations per move).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newExperimentRunCommand(), newExperimentReportCommand(), newExperimentCheckCommand())
	return cmd
}

func newExperimentRunCommand() *cobra.Command {
	var (
		out     string
		workers int
		quiet   bool
	)
	cmd := &cobra.Command{
		Use:   "run SPEC.yaml|SPEC.json --out DIR",
		Short: "Play every arm of an experiment spec and write its report",
		Long: "run plays each arm of the spec with the self-play engine into DIR/arms/NAME (one dataset\n" +
			"per arm), then writes DIR/report.md (tables and the plain-language answer), DIR/report.json\n" +
			"(every figure) and PNG plots. Arms start from the self-play engine defaults (root noise,\n" +
			"temperature opening; see surakarta selfplay --help); the spec's engine fields override them.\n" +
			"With pairing: openings every arm plays game i from the same random opening, so arms are\n" +
			"compared game by game.\n\n" +
			"The run is resumable: after Ctrl-C, or on another day, the same command skips the arms\n" +
			"already complete and plays only the missing games. DIR remembers its spec (spec.json) and\n" +
			"refuses a different one. --workers changes only the speed, never the games.",
		Example: "  surakarta experiment run experiments/specs/variants.yaml --out runs/variants\n" +
			"  surakarta experiment run experiments/specs/ladder.yaml --out runs/ladder --workers 8",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("--out DIR is required: the experiment directory to write")
			}
			if workers < 0 {
				return fmt.Errorf("--workers %d: want 0 (one per CPU) or more", workers)
			}
			s, err := experiments.ReadSpec(args[0])
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("workers") {
				s.Workers = workers
			}
			player := experimentPlayer(cmd, quiet)
			opt := experiments.RunOptions{
				Out: out, SpecDir: filepath.Dir(args[0]),
				Command: fmt.Sprintf("surakarta experiment run %s --out %s", args[0], out),
			}
			if !quiet {
				opt.Log = cmd.ErrOrStderr()
			}
			r, err := experiments.Run(cmd.Context(), s, player, opt)
			if err != nil {
				return err
			}
			printReportSummary(cmd, out, r)
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "experiment directory (created if missing; an existing one is resumed)")
	cmd.Flags().IntVar(&workers, "workers", 0, "games played at once (default: the spec's workers, else one per CPU)")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	return cmd
}

// experimentPlayer returns the self-play player of experiment run, with a
// progress bar per arm on stderr.
func experimentPlayer(cmd *cobra.Command, quiet bool) experiments.Player {
	var (
		rep                      *progress.Reporter
		positions, red, black, d atomic.Int64
	)
	p := &experiments.SelfPlayer{
		Defaults: selfplayEngineDefaults(),
		Evaluator: func(name string) (mcts.Evaluator, string, error) {
			if name == "" {
				name = "material"
			}
			ev, err := newEvaluator(name)
			if err != nil {
				return nil, "", err
			}
			id, err := evaluatorIdentity(name)
			return ev, id, err
		},
		Logf: func(format string, args ...any) {
			if !quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), format+"\n", args...)
			}
		},
	}
	p.OnStart = func(arm experiments.ArmRun, planned, skipped int64) {
		positions.Store(0)
		red.Store(0)
		black.Store(0)
		d.Store(0)
		rep = progress.Start(cmd.ErrOrStderr(), progress.Options{
			Unit: "games", Total: planned, Initial: skipped, Quiet: quiet,
			Extra: func(elapsed time.Duration) string {
				return fmt.Sprintf("%s | %s positions/s | red %d black %d draw %d", arm.Name,
					progress.FormatRate(float64(positions.Load())/elapsed.Seconds()), red.Load(), black.Load(), d.Load())
			},
		})
	}
	p.OnGame = func(_ experiments.ArmRun, g selfplay.GameStats) {
		positions.Add(int64(g.Positions))
		switch g.Result {
		case rules.RedWins:
			red.Add(1)
		case rules.BlackWins:
			black.Add(1)
		default:
			d.Add(1)
		}
		rep.Add(1)
	}
	return &stoppingPlayer{SelfPlayer: p, stop: func() {
		if rep != nil {
			rep.Stop()
			rep = nil
		}
	}}
}

// stoppingPlayer closes the arm's progress line when the arm ends.
type stoppingPlayer struct {
	*experiments.SelfPlayer
	stop func()
}

func (s *stoppingPlayer) PlayArm(ctx context.Context, a experiments.ArmRun) error {
	defer s.stop()
	return s.SelfPlayer.PlayArm(ctx, a)
}

func newExperimentReportCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "report DIR",
		Short: "Rewrite an experiment's report from the games in its directory",
		Long: "report reads an experiment directory (its spec.json and the datasets under arms/)\n" +
			"and writes report.md, report.json and the plots again; an unfinished experiment is\n" +
			"reported with the games it has, and the report says so.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := experiments.WriteExperimentReport(cmd.Context(), args[0], "")
			if err != nil {
				return err
			}
			printReportSummary(cmd, args[0], r)
			return nil
		},
	}
	return cmd
}

func newExperimentCheckCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "check SPEC",
		Short: "Validate an experiment spec and print its arms and comparisons",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			s, err := experiments.ReadSpec(args[0])
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "experiment %s: %d arms of %d games, seed %d, %d random opening plies, pairing %s\n",
				s.Name, len(s.Arms), s.Games, s.Seed, s.RandomOpening, s.Pairing)
			for i, a := range s.Arms {
				r, _ := s.ArmRules(i)
				e := s.ArmEngine(i)
				eval := e.Evaluator
				if eval == "" {
					eval = "built-in"
				}
				fmt.Fprintf(out, "  %-16s rules %s, %d sims, evaluator %s, seed %d\n", a.Name, r, e.Sims, eval, s.ArmSeed(i))
			}
			for _, p := range s.Comparisons() {
				fmt.Fprintf(out, "  compare %s with %s\n", s.Arms[p[0]].Name, s.Arms[p[1]].Name)
			}
			return nil
		},
	}
}

// printReportSummary prints where the report went and its answer.
func printReportSummary(cmd *cobra.Command, dir string, r *experiments.Report) {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "wrote %s/report.md, report.json and %s\n\n", strings.TrimSuffix(dir, "/"), strings.Join(r.Plots, ", "))
	for _, p := range r.Answer {
		fmt.Fprintf(out, "%s\n\n", strings.ReplaceAll(p, "**", ""))
	}
}
