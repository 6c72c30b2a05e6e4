package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/analysis"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newAnalyzeCommand() *cobra.Command {
	var (
		sf      searchFlags
		moves   string
		threads int
		top     int
		asJSON  bool
		quiet   bool
	)
	cmd := &cobra.Command{
		Use:   "analyze [--fen FEN] [--sims N] [--threads T] [--leaf playout|value] [--json] [engine flags] [rules flags] [MOVE...]",
		Short: "Search a position and print the top moves, values, proofs and principal variation",
		Long: "analyze runs the Monte Carlo tree search on --fen (after playing the MOVE arguments from\n" +
			"it, as replay takes them, which also gives the search the history repetitions count; the\n" +
			"old form --moves 'MOVES' still works, with a deprecation note) and prints the moves with\n" +
			"their visits, value (-1..1, for the side to move) and proof (win, loss or draw once solved;\n" +
			"'win in 3': the game ends 3 plies on, this move included, along the shortest proven\n" +
			"win; 'loss in 2': along the longest proven loss), then the principal variation.\n" +
			"--json prints one object instead: fen, side_to_move, best, value, proof, distance,\n" +
			"moves [{move, visits, value, proof, distance}], pv, sims, nodes, threads, seconds\n" +
			"(value: null for a move neither visited nor proven, which the text leaves blank;\n" +
			"distance: those plies for a proven win or loss, else null); on an error it prints\n" +
			"{error, fen, outcome} (fen and outcome for a finished game) and fails. A search that\n" +
			"takes more than a moment shows its simulations, rate and ETA on stderr (--quiet:\n" +
			"never). With --threads above 1 the search is tree-parallel: its visit counts vary\n" +
			"from run to run (statistically equivalent to one thread), unlike --threads 1, which\n" +
			"is reproducible from --seed. Without --tablebase the search reads the default endgame\n" +
			"tables directory, building the tables of up to 4 pieces there on first use\n" +
			"(docs/TABLEBASE.md); --tablebase= searches without tables.",
		Example: "  surakarta analyze --sims 50000\n" +
			"  surakarta analyze --fen '6/2b3/1r4/6/6/5r r 0 30' --json\n" +
			"  surakarta analyze b2-b3 e5-e4 --leaf value --sims 200000 --threads 2",
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) > 0 {
				if moves != "" {
					return errors.New("give the moves as arguments or with the deprecated --moves, not both")
				}
				moves = strings.Join(args, " ")
			}
			if threads < 1 {
				return fmt.Errorf("--threads %d: want at least 1", threads)
			}
			if top < 0 {
				return fmt.Errorf("--top %d: want 0 (all moves) or more", top)
			}
			g, s, err := sf.start(cmd, moves, quiet)
			if err != nil {
				return err
			}
			a, err := analysis.Analyze(cmd.Context(), cmd.ErrOrStderr(), g, s, threads, quiet)
			if err != nil {
				return err // under --json, execute prints it as {error, fen, outcome}
			}
			if asJSON {
				return writeJSON(out, a)
			}
			return a.WriteText(out, top)
		},
	}
	addSearchFlags(cmd, &sf)
	cmd.Flags().StringVar(&moves, "moves", "", "moves to play from --fen first, separated by spaces (their positions count for repetition)")
	deprecateFlag(cmd, "moves", "give the moves as arguments, as replay takes them: analyze [--fen FEN] MOVE...")
	cmd.Flags().IntVar(&threads, "threads", 1, "search threads sharing one tree (above 1: not bit-reproducible)")
	cmd.Flags().IntVar(&top, "top", 10, "moves to list (0: all); --json always lists all")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (on an error too: {error, fen, outcome})")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	return cmd
}

// searchFlags are what analyze and play start from: the position (--fen),
// the rules flags and the engine flags.
type searchFlags struct {
	fen    string
	rules  rulesFlags
	engine engineFlags
	// onPosition says, once, that larger endgame tables would solve a
	// position (engineTables.larger); set by start.
	onPosition func(*rules.Position)
}

func addSearchFlags(cmd *cobra.Command, f *searchFlags) {
	addFENFlag(cmd, &f.fen)
	addEngineFlags(cmd, &f.engine)
	addRulesFlags(cmd, &f.rules)
}

// start returns the game of --fen after the space-separated moves
// (startGame) and a searcher with the engine flags, both under the rules
// flags, with the endgame tables --tablebase names or else the default
// tables directory's, built on first use (engineTables; quiet: without a
// progress line).
func (f *searchFlags) start(cmd *cobra.Command, moves string, quiet bool) (*rules.Game, *mcts.Searcher, error) {
	r, err := f.rules.rules()
	if err != nil {
		return nil, nil, err
	}
	cfg, ev, err := f.engine.config(r)
	if err != nil {
		return nil, nil, err
	}
	g, err := startGame(r, f.fen, moves)
	if err != nil {
		return nil, nil, err
	}
	tb := newEngineTables(cmd.ErrOrStderr(), quiet, true)
	dir, t, err := tb.resolve(cfg.Tablebase, r, cmd.Flags().Changed("tablebase"))
	if err != nil {
		return nil, nil, err
	}
	cfg.Tablebase = dir
	f.onPosition = func(p *rules.Position) { tb.larger(t, p) }
	p := g.Position()
	f.onPosition(&p)
	s, err := mcts.NewSearcherOf(cfg, ev, oracleOf(t))
	if err != nil {
		return nil, nil, err
	}
	return g, s, nil
}

// startGame starts a game under r from the --fen value and plays the
// space-separated moves (analyze's MOVE arguments).
func startGame(r rules.Rules, fen, moves string) (*rules.Game, error) {
	p, err := parseFENFlag(fen)
	if err != nil {
		return nil, err
	}
	g, err := rules.NewGame(r, p)
	if err != nil {
		return nil, fmt.Errorf("--fen: %w", err)
	}
	return g, g.PlayStrings(strings.Fields(moves))
}
