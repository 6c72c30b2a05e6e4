package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/positions"
	"github.com/surakarta/surakarta/rules"
)

func newPerftCommand() *cobra.Command {
	var f perftFlags
	cmd := &cobra.Command{
		Use:   "perft --depth N [--game G] [--fen FEN] [--divide] [--threads T] [--json]",
		Short: "Count the leaf positions of the move tree to a depth",
		Long:  helpText("perft"),
		Example: "  surakarta perft --depth 5\n  surakarta perft --depth 3 --divide\n" +
			"  surakarta perft --depth 8 --threads 2 --json\n  surakarta perft --depth 4 --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  surakarta perft --game alquerque --depth 10",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return f.run(cmd) },
	}
	cmd.Flags().IntVar(&f.depth, "depth", 5, "plies to search")
	addGameFlag(cmd, &f.gameName)
	addFENFlag(cmd, &f.fen)
	cmd.Flags().BoolVar(&f.divide, "divide", false, "print each root move with its count first")
	cmd.Flags().IntVar(&f.threads, "threads", 1, "goroutines splitting the root moves")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print one JSON object instead of text")
	cmd.Flags().BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	return cmd
}

// perftFlags are perft's flags.
type perftFlags struct {
	depth    int
	gameName string
	fen      string
	divide   bool
	threads  int
	asJSON   bool
	quiet    bool
}

// run counts and prints as the flags say.
func (f *perftFlags) run(cmd *cobra.Command) error {
	if f.threads < 1 {
		return fmt.Errorf("--threads %d: want at least 1", f.threads)
	}
	count, err := f.counter(cmd)
	if err != nil {
		return err
	}
	start := time.Now()
	text, total, entries, err := count()
	if err != nil {
		return err
	}
	if !f.divide {
		entries = nil
	}
	j := positions.NewPerft(f.depth, text, total, time.Since(start), f.threads, entries)
	if f.asJSON {
		return writeJSON(cmd.OutOrStdout(), j)
	}
	j.WriteText(cmd.OutOrStdout(), cmd.ErrOrStderr())
	return nil
}

// counter returns the count of the flags' game, position and depth (its
// position's text, the leaves and each root move's), after checking them.
func (f *perftFlags) counter(cmd *cobra.Command) (func() (text string, total uint64, entries []positions.Divide, err error), error) {
	switch f.gameName {
	case rules.Rules{}.Name():
		if f.depth < 0 || f.depth > 12 {
			return nil, fmt.Errorf("--depth %d out of range: want 0..12", f.depth)
		}
		p, err := parseFENFlag(f.fen)
		if err != nil {
			return nil, err
		}
		return func() (string, uint64, []positions.Divide, error) {
			total, entries, err := positions.Surakarta(cmd.Context(), cmd.ErrOrStderr(), p, f.depth, f.threads, f.quiet)
			if i := (*positions.Interrupted)(nil); errors.As(err, &i) {
				return "", 0, nil, fmt.Errorf("perft --depth %d interrupted after %d of %d root moves: there is no count to print", f.depth, i.Done, i.Of)
			}
			return p.FEN(), total, entries, err
		}, nil
	case alquerque.Rules{}.Name():
		if f.depth < 0 || f.depth > 16 {
			return nil, fmt.Errorf("--depth %d out of range for alquerque: want 0..16", f.depth)
		}
		if f.threads != 1 {
			return nil, fmt.Errorf("--threads %d: alquerque's perft counts on one thread (depth 13 in under a second); leave --threads out", f.threads)
		}
		p, err := fenFlag(cmd, alquerque.Rules{}, f.fen)
		if err != nil {
			return nil, err
		}
		return func() (string, uint64, []positions.Divide, error) {
			total, entries, err := positions.Alquerque(cmd.Context(), p, f.depth)
			if err != nil {
				return "", 0, nil, fmt.Errorf("perft --game alquerque --depth %d interrupted", f.depth)
			}
			return p.Text(), total, entries, nil
		}, nil
	default:
		return nil, checkGameFlag(f.gameName)
	}
}

func newMovesCommand() *cobra.Command {
	var (
		fen      string
		stdin    bool
		asJSON   bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:   "moves [--fen FEN | --stdin] [--game G]",
		Short: "List the legal moves of a position",
		Long:  helpText("moves"),
		Example: "  surakarta moves\n  surakarta moves --fen '6/2b3/1r4/6/6/5r r 0 30'\n" +
			"  printf '%s\\n' 'bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 1' | surakarta moves --stdin",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if stdin && cmd.Flags().Changed("fen") {
				return errors.New("--fen and --stdin exclude each other: give positions one way")
			}
			return onGame(gameName, rules.DefaultRules(), gameCommand{
				surakarta: func(r rules.Rules) error { return listMoves(cmd, r, fen, stdin, asJSON) },
				alquerque: func(r alquerque.Rules) error { return listMoves(cmd, r, fen, stdin, asJSON) },
			})
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().BoolVar(&stdin, "stdin", false, "read one FEN per line from standard input")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	addGameFlag(cmd, &gameName)
	return cmd
}

// listMoves is moves for game r: the moves of --fen, or of each position
// on stdin.
func listMoves[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string, stdin, asJSON bool) error {
	out := bufio.NewWriter(cmd.OutOrStdout())
	defer out.Flush()
	if !stdin {
		p, err := fenFlag(cmd, r, fen)
		if err != nil {
			return err
		}
		m := positions.MovesOf(r, &p)
		return printResult(cmd, asJSON, m, func(io.Writer) error { return m.WriteText(out) })
	}
	if asJSON {
		var all struct {
			Positions []positions.Moves `json:"positions"`
		}
		all.Positions = []positions.Moves{}
		err := positions.EachPosition(cmd.InOrStdin(), "stdin", r, func(p *P) { all.Positions = append(all.Positions, positions.MovesOf(r, p)) })
		if err != nil {
			return err
		}
		return writeJSON(cmd.OutOrStdout(), all)
	}
	return positions.EachPosition(cmd.InOrStdin(), "stdin", r, func(p *P) { fmt.Fprintln(out, strings.Join(positions.LegalMoveStrings(r, p), " ")) })
}

func newReplayCommand() *cobra.Command {
	var (
		fen      string
		rf       rulesFlags
		asJSON   bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:     "replay [--fen FEN] [rules flags] [--game G] MOVE...",
		Short:   "Apply moves to a position and print the resulting FEN and outcome",
		Long:    helpText("replay"),
		Example: "  surakarta replay b2-b3 e5-e4\n  surakarta replay --variant majority --fen '6/2b3/6/6/2r3/6 r 0 1' c2-c3",
		RunE: func(cmd *cobra.Command, args []string) error {
			r, err := rf.rules()
			if err != nil {
				return err
			}
			return onGame(gameName, r, gameCommand{
				surakarta: func(r rules.Rules) error { return replay(cmd, r, fen, args, asJSON) },
				alquerque: func(r alquerque.Rules) error { return replay(cmd, r, fen, args, asJSON) },
			})
		},
	}
	addFENFlag(cmd, &fen)
	addRulesFlags(cmd, &rf)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object instead of text")
	addGameFlag(cmd, &gameName)
	// Completion offers the legal moves of the position reached so far, in
	// --game's notation.
	cmd.ValidArgsFunction = func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		r, err := rf.rules()
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		var legal []string
		_ = onGame(gameName, r, gameCommand{ // an unknown game completes nothing
			surakarta: func(r rules.Rules) error { legal = legalAfter(cmd, r, fen, args); return nil },
			alquerque: func(r alquerque.Rules) error { legal = legalAfter(cmd, r, fen, args); return nil },
		})
		return fixedValues(legal...)(cmd, args, toComplete)
	}
	return cmd
}

// legalAfter returns the legal moves in r's notation (LegalMoveStrings)
// of the position moves reach from --fen, none when they do not play or
// the game is over.
func legalAfter[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string, moves []string) []string {
	g, err := startLine(cmd, r, fen, strings.Join(moves, " "))
	if err != nil || g.IsTerminal() {
		return nil
	}
	p := g.Position()
	return positions.LegalMoveStrings(r, &p)
}

// replay is replay for game r: args played from --fen, the position and
// the outcome printed.
func replay[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string, args []string, asJSON bool) error {
	p, err := fenFlag(cmd, r, fen)
	if err != nil {
		return err
	}
	j, err := positions.ReplayOf(r, p, args)
	if err != nil {
		return err
	}
	return printResult(cmd, asJSON, j, j.WriteText)
}

func newShowCommand() *cobra.Command {
	var (
		fen      string
		color    bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:     "show [--fen FEN] [--game G]",
		Short:   "Draw a position with both circuits",
		Long:    helpText("show"),
		Example: "  surakarta show\n  surakarta show --fen '6/2b3/1r4/6/6/5r r 0 30' --color",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			draw := func(text string, err error) error {
				if err == nil {
					fmt.Fprint(cmd.OutOrStdout(), text)
				}
				return err
			}
			return onGame(gameName, rules.DefaultRules(), gameCommand{
				surakarta: func(r rules.Rules) error {
					p, err := fenFlag(cmd, r, fen)
					return draw(rules.Diagram(&p, color), err)
				},
				alquerque: func(r alquerque.Rules) error {
					p, err := fenFlag(cmd, r, fen)
					return draw(alquerque.Diagram(&p, color), err)
				},
			})
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().BoolVar(&color, "color", false, "colour the circuits and pieces with ANSI escapes")
	addGameFlag(cmd, &gameName)
	return cmd
}
