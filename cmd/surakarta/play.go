package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/play"
	"github.com/surakarta/surakarta/rules"
)

func newPlayCommand() *cobra.Command {
	var (
		sf    searchFlags
		human string
		opt   play.Options
	)
	cmd := &cobra.Command{
		Use:   "play [--fen FEN] [--human red|black|none] [--sims N] [engine flags] [rules flags]",
		Short: "Play against the engine in the terminal",
		Long: "play shows the board and alternates between you and the engine. Type a move in\n" +
			"notation (b2-c3, or a capture as b2xe5 with or without its loops); the engine's\n" +
			"captures are shown with the route they travel. Moves are numbered as the FEN numbers\n" +
			"them: \"12. red plays ...\", \"12... black plays ...\". The engine's value is its\n" +
			"expected result (-1 loss .. +1 win) for the side named.\n\n" +
			"At the prompt: 'moves' lists the legal moves, 'hint' searches your position and\n" +
			"suggests a move, 'undo' takes back your last move and the engine's reply, 'help'\n" +
			"lists these, 'quit' ends the game; so do the end of input and Ctrl-C (exit status\n" +
			"130), also while the engine thinks. A game that does not end prints its position (FEN) to continue\n" +
			"from with --fen. The engine's search shows its progress on stderr when it takes\n" +
			"more than a moment (--quiet: never). --human none lets the engine play both sides\n" +
			"to the end. Without --tablebase the engine reads the default endgame tables directory,\n" +
			"building the tables of up to 4 pieces there on first use (docs/TABLEBASE.md);\n" +
			"--tablebase= plays without tables.",
		Example: "  surakarta play\n  surakarta play --human black --sims 20000\n  surakarta play --human none --sims 200\n" +
			"  surakarta play --fen '6/2b3/1r4/6/6/5r r 0 30' --variant majority",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch human {
			case "red":
				opt.Humans[rules.Red] = true
			case "black":
				opt.Humans[rules.Black] = true
			case "none":
			default:
				return fmt.Errorf("--human %q: want red, black or none", human)
			}
			if opt.Threads < 1 {
				return fmt.Errorf("--threads %d: want at least 1", opt.Threads)
			}
			g, s, err := sf.start(cmd, "", opt.Quiet)
			if err != nil {
				return err
			}
			opt.In, opt.Out, opt.ErrOut = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			opt.OnPosition = sf.onPosition
			return play.Play(cmd.Context(), g, s, opt)
		},
	}
	addSearchFlags(cmd, &sf)
	cmd.Flags().StringVar(&human, "human", "red", "the side you play: red, black, or none to watch the engine play itself")
	cmd.Flags().IntVar(&opt.Threads, "threads", 1, "engine search threads (above 1: not bit-reproducible)")
	cmd.Flags().BoolVar(&opt.Color, "color", false, "colour the board with ANSI escapes")
	cmd.Flags().BoolVar(&opt.Quiet, "quiet", false, "no search progress on stderr")
	return cmd
}
