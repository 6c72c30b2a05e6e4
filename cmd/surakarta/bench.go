package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval/bench"
)

func newBenchCommand() *cobra.Command {
	var (
		sims   int
		asJSON bool
		quiet  bool
	)
	cmd := &cobra.Command{
		Use:   "bench [--sims N] [--json] [--quiet]",
		Short: "Search a fixed list of positions and print the search's signature and the machine's speed",
		Long: fmt.Sprintf("bench searches %d fixed positions (both variants: the start, middlegames and\n", len(bench.Positions)) +
			"endings) with the strongest engine (the shipped model) at --sims simulations each, on\n" +
			"one thread, each from a fresh tree with a fixed seed, as Stockfish's bench does. It\n" +
			"prints each search (simulations, tree nodes, best move), the totals, the signature and\n" +
			"the speed (simulations and nodes a second).\n\n" +
			"The signature is a hash of what the searches found (each root move's visits and proof,\n" +
			"the principal variation): it depends only on the search's behaviour (the search, the\n" +
			"shipped model, the positions), never on the machine or its load, so two builds that\n" +
			"print the same signature search alike, and a change that alters the search changes it.\n" +
			fmt.Sprintf("At the default --sims %d it is the signature docs/BENCHMARKS.md quotes for this\n", bench.DefaultSims) +
			"build's search. Run bench first on a new machine: the signature checks the build, the\n" +
			"speed measures the machine (a wall-clock figure: run it on an idle machine). Progress\n" +
			"(the positions searched) goes to stderr; --quiet silences it.",
		Example: "  surakarta bench\n  surakarta bench --json\n  surakarta bench --sims 2000",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if sims < 1 {
				return fmt.Errorf("--sims %d: want at least 1 simulation a position", sims)
			}
			stderr := cmd.ErrOrStderr()
			if quiet {
				stderr = nil
			}
			res, err := bench.Run(sims, stderr)
			if err != nil {
				return err
			}
			return printResult(cmd, asJSON, res, res.WriteText)
		},
	}
	cmd.Flags().IntVar(&sims, "sims", bench.DefaultSims, "simulations of each position's search (the signature docs/BENCHMARKS.md quotes is at the default)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	return cmd
}
