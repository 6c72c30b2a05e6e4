package main

import (
	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval/tournament"
)

func newTournamentPGNCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "pgn DIR",
		Short: "Print the games of a tournament as match pgn prints a match's",
		Long: "pgn prints the games of the tournament recorded in DIR (tournament --out), pairing after\n" +
			"pairing in the order they are played, each pairing's games as surakarta match pgn prints\n" +
			"the games of a match (engines' names from the pairing's records); a pairing without games\n" +
			"yet is skipped.",
		Example: "  surakarta tournament pgn runs/t > tournament.pgn",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := tournament.WritePGN(cmd.OutOrStdout(), args[0])
			return err
		},
	}
}
