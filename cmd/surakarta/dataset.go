package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/eval/match"
)

func newDatasetCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "dataset",
		Short:   "Inspect and verify self-play datasets and match records",
		Long:    helpText("dataset"),
		Example: "  surakarta dataset inspect out/data\n  surakarta dataset verify --complete out/data",
	}
	cmd.AddCommand(newDatasetInspectCommand(), newDatasetVerifyCommand())
	return cmd
}

func newDatasetInspectCommand() *cobra.Command {
	var files, asJSON bool
	cmd := &cobra.Command{
		Use:     "inspect DIR [--files] [--json]",
		Short:   "List a dataset's partitions, files, rows and metadata",
		Long:    helpText("dataset-inspect"),
		Example: "  surakarta dataset inspect data\n  surakarta dataset inspect --files data\n  surakarta dataset inspect --json data",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := verify.CheckDir(args[0]); err != nil {
				return err
			}
			in, err := verify.Inspect(args[0])
			if err != nil {
				return err
			}
			if !asJSON {
				in.WriteText(cmd.OutOrStdout(), files, match.EngineLines)
			} else if err := writeJSON(cmd.OutOrStdout(), in.JSON()); err != nil {
				return err
			}
			return in.ProblemsErr()
		},
	}
	cmd.Flags().BoolVar(&files, "files", false, "list every file with its footer metadata")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text (every file included)")
	return cmd
}

func newDatasetVerifyCommand() *cobra.Command {
	var (
		opt           verify.Options
		quiet, asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "verify DIR [--complete] [--expect-games N] [--shards S] [--json]",
		Short: "Replay every game of a dataset and check every row",
		Long:  helpText("dataset-verify"),
		Example: "  surakarta dataset verify data\n" +
			"  surakarta dataset verify --complete --shards 8 /shared/run1\n" +
			"  surakarta dataset verify --expect-games 100000 --json /shared/run1",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if opt.Games < 0 {
				return fmt.Errorf("--expect-games %d: want the run's number of games, 1 or more", opt.Games)
			}
			if opt.Shards < 0 {
				return fmt.Errorf("--shards %d: want the run's number of shards, 1 or more", opt.Shards)
			}
			if opt.Shards > 0 && !opt.Complete && opt.Games == 0 {
				return errors.New("--shards names the shards missing games: give it with --complete or --expect-games N")
			}
			if err := verify.CheckDir(dir); err != nil {
				return err
			}
			res, err := verify.WithProgress(cmd.Context(), dir, opt, cmd.ErrOrStderr(), quiet)
			if err != nil {
				return err
			}
			if !asJSON {
				res.WriteText(cmd.OutOrStdout())
			} else if err := writeJSON(cmd.OutOrStdout(), res.JSON(dir)); err != nil {
				return err
			}
			return res.Err(dir)
		},
	}
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	cmd.Flags().BoolVar(&opt.Complete, "complete", false, "check that each variant holds every game of its run (N from its manifest)")
	cmd.Flags().Int64Var(&opt.Games, "expect-games", 0, "N: check that each variant holds exactly the games 0..N-1 (implies --complete)")
	deprecatedAlias(cmd, "games", "expect-games", "--games N is the games a run plays; verify checks a count")
	cmd.Flags().IntVar(&opt.Shards, "shards", 0, "the run's --shards: name the shards that play missing games")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}

func addAllowDamagedFlag(cmd *cobra.Command, allow *bool) {
	cmd.Flags().BoolVar(allow, "allow-damaged", false,
		"read a dataset that has files that do not belong, damaged or duplicated parts (dataset verify lists them) instead of refusing it")
}
