package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/play"
	"github.com/surakarta/surakarta/rules"
)

func newPlayCommand() *cobra.Command {
	var (
		fen     string
		human   string
		threads int
		color   bool
		quiet   bool
		rf      rulesFlags
		ef      engineFlags
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
			"to the end.",
		Example: "  surakarta play\n  surakarta play --human black --sims 20000\n  surakarta play --human none --sims 200\n" +
			"  surakarta play --fen '6/2b3/1r4/6/6/5r r 0 30' --variant majority",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var humans [2]bool
			switch human {
			case "red":
				humans[rules.Red] = true
			case "black":
				humans[rules.Black] = true
			case "none":
			default:
				return fmt.Errorf("--human %q: want red, black or none", human)
			}
			if threads < 1 {
				return fmt.Errorf("--threads %d: want at least 1", threads)
			}
			g, s, err := gameAndSearcher(&rf, &ef, fen, "")
			if err != nil {
				return err
			}
			return play.Play(cmd.Context(), g, s, play.Options{In: cmd.InOrStdin(), Out: cmd.OutOrStdout(), ErrOut: cmd.ErrOrStderr(),
				Humans: humans, Threads: threads, Color: color, Quiet: quiet})
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().StringVar(&human, "human", "red", "the side you play: red, black, or none to watch the engine play itself")
	cmd.Flags().IntVar(&threads, "threads", 1, "engine search threads (above 1: not bit-reproducible)")
	cmd.Flags().BoolVar(&color, "color", false, "colour the board with ANSI escapes")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no search progress on stderr")
	addEngineFlags(cmd, &ef)
	addRulesFlags(cmd, &rf)
	return cmd
}
