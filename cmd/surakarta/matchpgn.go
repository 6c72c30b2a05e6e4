package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
)

func newMatchPGNCommand() *cobra.Command {
	var (
		ids     []int64
		variant string
	)
	cmd := &cobra.Command{
		Use:   "pgn DIR [--game N]... [--variant V]",
		Short: "Print the games of a match (or any games table) as standard PGN",
		Long:  helpText("match-pgn"),
		Example: "  surakarta match pgn runs/mine --game 0 --game 1\n" +
			"  surakarta match pgn out/data --variant majority > games.pgn",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := verify.CheckDir(dir); err != nil {
				return err
			}
			found, err := arena.WriteDirPGN(cmd.OutOrStdout(), dir, variant, ids, match.PGNWriters())
			if err != nil {
				return err
			}
			for _, id := range ids {
				if !found[id] {
					return fmt.Errorf("--game %d: no such game in %s", id, dir)
				}
			}
			return nil
		},
	}
	cmd.Flags().Int64SliceVar(&ids, "game", nil, "game id to print (repeatable; default: every game)")
	cmd.Flags().StringVar(&variant, "variant", "", "variant to read, of every game (standard) or of one (alquerque/standard) (default: all)")
	return cmd
}
