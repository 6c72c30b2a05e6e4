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
		Short: "Print the games of a match (or any games table) as standard PGN",
		Long: "pgn prints the games of the games table in DIR (a match's --out, or a self-play\n" +
			"dataset) as PGN in the standard's export format, which PGN tools read: the seven-tag\n" +
			"roster (Event, Site, Date, Round, White, Black, Result; White is Red, who moves first,\n" +
			"and the engines' names come from a match's matches table, \"?\" for a self-play game;\n" +
			"Round is the game id plus one; a games table records no site or date), then Game\n" +
			"(Surakarta), Variant and Rules, SetUp and FEN for a game that does not start at the\n" +
			"standard start, PlyCount, Termination and Reason (the ending, or the fault that lost\n" +
			"the game), OpeningPlies and Seed, and for a match each side (RedSide, BlackSide: a or\n" +
			"b), its time and nodes and the fault. The moves follow in canonical notation, numbered\n" +
			"as the start FEN numbers them, a capture's route (where the notation names one) in a\n" +
			"comment after it ({route top-right}: PGN has no brackets in moves), and the result\n" +
			"(1-0 Red won, 0-1 Black won, 1/2-1/2 a draw). --game selects games by id (repeat it\n" +
			"for several).",
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
