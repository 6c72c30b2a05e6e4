package main

import (
	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval/tournament"
)

func newTournamentPGNCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "pgn DIR",
		Short:   "Print the games of a tournament as match pgn prints a match's",
		Long:    helpText("tournament-pgn"),
		Example: "  surakarta tournament pgn runs/t > tournament.pgn",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, err := tournament.WritePGN(cmd.OutOrStdout(), args[0])
			return err
		},
	}
}
