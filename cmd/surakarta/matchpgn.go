package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval/arena"
)

func newMatchPGNCommand() *cobra.Command {
	var (
		ids     []int64
		variant string
	)
	cmd := &cobra.Command{
		Use:   "pgn DIR [--game N]... [--variant V]",
		Short: "Print the games of a match (or any games table) as PGN-like text",
		Long: "pgn prints the games of the games table in DIR (a match's --out, or a self-play\n" +
			"dataset) in a PGN-like form: tag pairs with the game's settings, result and ending,\n" +
			"and for a match the engines and their time and nodes; then the moves in canonical\n" +
			"notation, numbered as the start FEN numbers them, and the result (1-0 Red won, 0-1\n" +
			"Black won, 1/2-1/2 a draw). --game selects games by id (repeat it for several).",
		Example: "  surakarta match pgn runs/mine --game 0 --game 1\n" +
			"  surakarta match pgn out/data --variant majority > games.pgn",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir := args[0]
			if err := dataset.CheckDir(dir); err != nil {
				return err
			}
			found, err := arena.WriteDirPGN(cmd.OutOrStdout(), dir, variant, ids)
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
	cmd.Flags().StringVar(&variant, "variant", "", "variant partition to read (default: all)")
	return cmd
}
