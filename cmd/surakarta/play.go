package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/analysis"
	"github.com/surakarta/surakarta/internal/app/play"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newPlayCommand() *cobra.Command {
	var (
		sf           searchFlags
		human        string
		threads      int
		color, quiet bool
	)
	cmd := &cobra.Command{
		Use:   "play [--fen FEN] [--human SIDE|none] [--game G] [--sims N] [engine flags] [rules flags]",
		Short: "Play against the engine in the terminal",
		Long:  helpText("play"),
		Example: "  surakarta play\n  surakarta play --human black --sims 20000\n  surakarta play --human none --sims 200\n" +
			"  surakarta play --fen '6/2b3/1r4/6/6/5r r 0 30' --variant majority\n" +
			"  surakarta play --game alquerque --human black",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opt := playOptions{threads: threads, color: color, quiet: quiet}
			check := func(players [2]string) error {
				var err error
				if opt.humans, err = humansOf(players, human); err != nil {
					return err
				}
				if threads < 1 {
					return fmt.Errorf("--threads %d: want at least 1", threads)
				}
				return nil
			}
			return sf.onGame(cmd, "", quiet, check, func(st analysis.Start[rules.Rules, rules.Position, rules.Move]) error {
				return playGame(cmd, st, play.SurakartaView(), opt)
			}, func(st analysis.Start[alquerque.Rules, alquerque.Position, alquerque.Code]) error {
				return playGame(cmd, st, play.AlquerqueView(), opt)
			})
		},
	}
	addSearchFlags(cmd, &sf)
	cmd.Flags().StringVar(&human, "human", "", "the side you play: red or black (white or black in Alquerque), or none to watch the engine play itself; by default the first player")
	cmd.Flags().IntVar(&threads, "threads", 1, "engine search threads (above 1: not bit-reproducible)")
	cmd.Flags().BoolVar(&color, "color", false, "colour the board with ANSI escapes")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no search progress on stderr")
	return cmd
}

// playOptions are play's flags besides the search's.
type playOptions struct {
	humans       [2]bool
	threads      int
	color, quiet bool
}

// humansOf returns the players --human (human) names as the humans, by
// the game's players' names (First's, Second's): the first player when
// it is empty, neither for none.
func humansOf(players [2]string, human string) ([2]bool, error) {
	var humans [2]bool
	switch human {
	case "", players[game.First]:
		humans[game.First] = true
	case players[game.Second]:
		humans[game.Second] = true
	case "none":
	default:
		return humans, fmt.Errorf("--human %q: want %s, %s or none", human, players[game.First], players[game.Second])
	}
	return humans, nil
}

// playGame plays st's game at the terminal, shown by view, against its
// searcher with the settings of o.
func playGame[G mcts.Game[P, M], P comparable, M game.Move](cmd *cobra.Command, st analysis.Start[G, P, M], view play.View[P, M], o playOptions) error {
	return play.Play(cmd.Context(), st.Line, st.Searcher, play.Options[P, M]{
		In: cmd.InOrStdin(), Out: cmd.OutOrStdout(), ErrOut: cmd.ErrOrStderr(),
		Humans: o.humans, Threads: o.threads, Color: o.color, Quiet: o.quiet,
		OnPosition: st.OnPosition, View: view,
	})
}
