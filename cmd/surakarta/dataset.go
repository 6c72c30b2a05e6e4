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
		Use:   "dataset",
		Short: "Inspect and verify self-play datasets and match records",
		Long: "dataset looks into the Parquet datasets that selfplay and match --out write: inspect lists what is there,\n" +
			"verify replays every game with the rules core and checks every row.",
		Example: "  surakarta dataset inspect out/data\n  surakarta dataset verify --complete out/data",
	}
	cmd.AddCommand(newDatasetInspectCommand(), newDatasetVerifyCommand())
	return cmd
}

func newDatasetInspectCommand() *cobra.Command {
	var files, asJSON bool
	cmd := &cobra.Command{
		Use:   "inspect DIR [--files] [--json]",
		Short: "List a dataset's partitions, files, rows and metadata",
		Long: "inspect prints, for each variant, the run settings of its manifest, then for each table\n" +
			"its files, rows, bytes, bytes per row, row groups and the game ids covered; --files lists\n" +
			"every part with its footer metadata. It reads footers only, so it is fast on any size.\n" +
			"--json prints one object instead: dir, variants, files, rows and bytes in all, manifests\n" +
			"(per variant) and partitions [{table, variant, dir, files, rows, bytes, games, ids,\n" +
			"unfinished, journals, unexpected, parts [{path, rows, bytes, row_groups, first_game,\n" +
			"last_game, shard, shards, version, revision, error}]}]. It exits non-zero when a part is\n" +
			"unreadable or a partition holds a file that does not belong (a copy of a part under\n" +
			"another name, which *.parquet globs would read as duplicate rows).",
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
		Long: "verify replays every game from its start_fen and moves with the rules core and checks that\n" +
			"the moves are legal and canonical, that the game ends with the recorded winner and reason,\n" +
			"that every position row agrees with the replay (FEN, bitboards, counts, legal moves, move,\n" +
			"result), that every policy lists only legal moves, each once and in order, including the move\n" +
			"played, that the random openings are those of the run's seed, that footers agree with the run\n" +
			"manifest, and that game ids are unique. Given a match's record (match --out, of either\n" +
			"game), it replays the games the same way (a pair's opening from the seed and the pair,\n" +
			"a game an engine's fault ended not over by the rules and won by the other side) and checks\n" +
			"the matches rows instead of positions: one a game, the engines on each side, their names.\n" +
			"It prints each problem with its file, game and ply, and exits non-zero if there is any.\n\n" +
			"--complete also checks that every variant holds all the games of its run: ids 0..N-1, N from\n" +
			"the run's manifest (a replay run: exactly the ids it chose); --expect-games N checks for\n" +
			"0..N-1 instead (the old spelling --games N still works, with a deprecation note). After a sharded run, --shards S (the run's --shards) names the shards that play the\n" +
			"missing games, to rerun with --resume. --json prints one object: ok, dir, variants, files,\n" +
			"games, positions, problems, omitted (problems beyond those listed) and partitions [{variant,\n" +
			"games, ids, run_games, game_ids, checked, want, missing, surplus, missing_shards}].",
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
	cmd.Flags().BoolVar(allow, verify.AllowDamagedFlag, false,
		"read a dataset that has files that do not belong, damaged or duplicated parts (dataset verify lists them) instead of refusing it")
}
