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
		Long: "pgn prints the games of the games table in DIR (a match's --out, or a self-play\n" +
			"dataset) of either game as PGN in the standard's export format, which PGN tools read:\n" +
			"the seven-tag roster (Event, Site, Date, Round, White, Black, Result; White is the\n" +
			"first player, Surakarta's Red or Alquerque's White, and the engines' names come from a\n" +
			"match's matches table, \"?\" for a self-play game; Round is the game id plus one; a\n" +
			"games table records no site or date), then Game (Surakarta or Alquerque), Variant and\n" +
			"Rules, SetUp and FEN (the game's position text) for a game that does not start at the\n" +
			"standard start, PlyCount, Termination and Reason (the ending, or the fault that lost\n" +
			"the game), OpeningPlies and Seed, and for a match each side by the game's players\n" +
			"(RedSide, BlackSide; WhiteSide, BlackSide: a or b), its time and nodes and the fault,\n" +
			"and TimeControl for a match on a game clock (--tc BASE+INC: the standard's form in\n" +
			"whole seconds, else cutechess-cli's, e.g. 10+0.1).\n" +
			"The moves follow in the game's canonical notation, numbered as the start numbers\n" +
			"them, a capture's route (where the notation names one) in a comment after it ({route\n" +
			"top-right}: PGN has no brackets in moves), an Alquerque chain of captures as its first\n" +
			"and last points with its path in a comment after it (c4xe2 {path c4xc2xe2}: PGN\n" +
			"readers take each jump for a move), and the result (1-0 the first player won, 0-1 the\n" +
			"second, 1/2-1/2 a draw). --game selects games by id (repeat it for several); --variant\n" +
			"a variant (standard, or alquerque/standard for Alquerque's alone).",
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
