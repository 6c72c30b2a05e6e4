package main

import (
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval"
)

// featureValue is one line of the features command's JSON.
type featureValue struct {
	Name    string  `json:"name"`
	Value   float64 `json:"value"`
	Meaning string  `json:"meaning"`
}

func newFeaturesCommand() *cobra.Command {
	var (
		fen    string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "features [--fen FEN] [--json]",
		Short: "Print the evaluation features of a position",
		Long: "features prints every feature of the evaluation feature set for --fen (the start\n" +
			"position by default), one line each: name, value and meaning. Features are for the\n" +
			"side to move: \"own\" is the side to move, \"opp\" its opponent. --json prints one\n" +
			"object with the FEN, the feature-set version and the features in order.",
		Example: "  surakarta features --fen '6/6/6/6/r5/1b2b1 r 0 1'",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := parseFENFlag(fen)
			if err != nil {
				return err
			}
			x := eval.Extract(nil, &p)
			feats := eval.Features()
			if asJSON {
				out := struct {
					FEN               string         `json:"fen"`
					FeatureSetVersion int            `json:"feature_set_version"`
					Features          []featureValue `json:"features"`
				}{FEN: p.FEN(), FeatureSetVersion: eval.FeatureSetVersion}
				for i, f := range feats {
					out.Features = append(out.Features, featureValue{f.Name, x[i], f.Meaning})
				}
				return writeJSON(cmd.OutOrStdout(), out)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintf(tw, "# %s (feature set v%d, own = %s to move)\n", p.FEN(), eval.FeatureSetVersion, p.SideToMove())
			for i, f := range feats {
				fmt.Fprintf(tw, "%s\t%s\t%s\n", f.Name, strconv.FormatFloat(x[i], 'g', 6, 64), f.Meaning)
			}
			return tw.Flush()
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	return cmd
}
