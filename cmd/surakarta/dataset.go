package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/progress"
)

func newDatasetCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dataset",
		Short: "Inspect and verify self-play datasets",
		Long: "dataset looks into the Parquet datasets that selfplay writes: inspect lists what is there,\n" +
			"verify replays every game with the rules core and checks every row.",
	}
	cmd.AddCommand(newDatasetInspectCommand(), newDatasetVerifyCommand())
	return cmd
}

func newDatasetInspectCommand() *cobra.Command {
	var files bool
	cmd := &cobra.Command{
		Use:   "inspect DIR",
		Short: "List a dataset's partitions, files, rows and metadata",
		Long: "inspect prints, for each variant, the run settings of its manifest, then for each table\n" +
			"its files, rows, bytes, bytes per row, row groups and the game ids covered; --files lists\n" +
			"every part with its footer metadata. It reads footers only, so it is fast on any size.",
		Example: "  surakarta dataset inspect data\n  surakarta dataset inspect --files data",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := dataset.Inspect(args[0])
			if err != nil {
				return err
			}
			printInspection(cmd.OutOrStdout(), in, files)
			return nil
		},
	}
	cmd.Flags().BoolVar(&files, "files", false, "list every file with its footer metadata")
	return cmd
}

func printInspection(w io.Writer, in *dataset.Inspection, files bool) {
	fmt.Fprintf(w, "dataset %s\n", in.Dir)
	variant := ""
	for _, p := range in.Partitions {
		if p.Variant != variant {
			variant = p.Variant
			fmt.Fprintf(w, "\nvariant=%s\n", variant)
			if r, ok := in.Manifests[variant]; ok {
				fmt.Fprintf(w, "  run: seed %d, games %d, random opening %d plies, schema version %d\n", r.Seed, r.Games, r.RandomOpening, r.SchemaVersion)
				if r.GameIDs != "" {
					fmt.Fprintf(w, "  game ids: %s\n", r.GameIDs)
				}
				fmt.Fprintf(w, "  rules: %s\n  engine: %s\n", r.Rules, r.Engine)
			} else {
				fmt.Fprintf(w, "  run: no manifest (%s)\n", dataset.ManifestName)
			}
		}
		perRow := 0.0
		if p.Rows > 0 {
			perRow = float64(p.Bytes) / float64(p.Rows)
		}
		ranges := make([]string, len(p.Ranges))
		for i, r := range p.Ranges {
			ranges[i] = fmt.Sprintf("%d..%d", r.First, r.Last)
		}
		fmt.Fprintf(w, "  %-9s %d files, %d rows, %s, %.1f bytes/row, %d games (ids %s)\n",
			p.Table, len(p.Files), p.Rows, formatBytes(p.Bytes), perRow, p.Games, strings.Join(ranges, ", "))
		for _, t := range p.TempFiles {
			fmt.Fprintf(w, "    unfinished: %s (resume the run to remove it)\n", filepath.Base(t))
		}
		for _, f := range p.Files {
			if f.Err != nil {
				fmt.Fprintf(w, "    unreadable: %v\n", f.Err)
				continue
			}
			if files {
				m := f.Meta
				fmt.Fprintf(w, "    %s  games %d..%d  %d rows  %d row groups  %s  shard %d/%d  version %s  revision %s\n",
					filepath.Base(f.Path), m.FirstGame, m.LastGame, f.Rows, f.RowGroups, formatBytes(f.Size), m.Shard, m.Shards, m.Version, m.Revision)
			}
		}
	}
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.2f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func newDatasetVerifyCommand() *cobra.Command {
	var quiet bool
	cmd := &cobra.Command{
		Use:   "verify DIR",
		Short: "Replay every game of a dataset and check every row",
		Long: "verify replays every game from its start_fen and moves with the rules core and checks that\n" +
			"the moves are legal and canonical, that the game ends with the recorded winner and reason,\n" +
			"that every position row agrees with the replay (FEN, bitboards, counts, legal moves, move,\n" +
			"result), that every policy lists only legal moves, each once and in order, including the move\n" +
			"played, that the random openings are those of the run's seed, that footers agree with the run\n" +
			"manifest, and that game ids are unique. It prints each problem with its file, game and ply,\n" +
			"and exits non-zero if there is any.",
		Example: "  surakarta dataset verify data",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, err := dataset.Inspect(args[0])
			if err != nil {
				return err
			}
			var total int64
			for _, p := range in.Partitions {
				if p.Table == dataset.TableGames {
					total += p.Games
				}
			}
			rep := progress.Start(cmd.ErrOrStderr(), progress.Options{Unit: "games", Total: total, Quiet: quiet})
			var last int64
			res, err := dataset.Verify(args[0], func(games int64) {
				rep.Add(games - last)
				last = games
			})
			rep.Stop()
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			for _, p := range res.Problems {
				fmt.Fprintln(out, p)
			}
			if res.Omitted > 0 {
				fmt.Fprintf(out, "... and %d more problems\n", res.Omitted)
			}
			if !res.OK() {
				n := len(res.Problems) + res.Omitted
				return fmt.Errorf("%s: %d %s found (%d games, %d positions checked)", args[0], n, plural(n, "problem", "problems"), res.Games, res.Positions)
			}
			fmt.Fprintf(out, "ok: %d games and %d positions in %d files (variants %s) agree with the rules\n",
				res.Games, res.Positions, res.Files, strings.Join(res.Variants, ", "))
			return nil
		},
	}
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	return cmd
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
