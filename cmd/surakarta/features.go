package main

import (
	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval"
)

func newFeaturesCommand() *cobra.Command {
	var (
		fen    string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:     "features [--fen FEN] [--json]",
		Short:   "Print the evaluation features of a position",
		Long:    helpText("features"),
		Example: "  surakarta features --fen '6/6/6/6/r5/1b2b1 r 0 1'",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := parseFENFlag(fen)
			if err != nil {
				return err
			}
			f := eval.FeaturesOf(&p)
			return printResult(cmd, asJSON, f, f.WriteText)
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}
