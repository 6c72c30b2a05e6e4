package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/analysis"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
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
		Use:   "analyze [--fen FEN] [--sims N] [--threads T] [--leaf playout|value] [--json] [--game G] [engine flags] [rules flags] [MOVE...]",
		Short: "Search a position and print the top moves, values, proofs and principal variation",
		Long:  helpText("analyze"),
		Example: "  surakarta analyze --sims 50000\n" +
			"  surakarta analyze --fen '6/2b3/1r4/6/6/5r r 0 30' --json\n" +
			"  surakarta analyze b2-b3 e5-e4 --leaf value --sims 200000 --threads 2\n" +
			"  surakarta analyze --game alquerque --fen '5/5/5/1bb2/wb3 w 0 1'",
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
			show := func(a analysis.Analysis, err error) error {
				if err != nil {
					return err // under --json, execute prints it as {error, fen, outcome}
				}
				if asJSON {
					return writeJSON(out, a)
				}
				return a.WriteText(out, top)
			}
			return sf.onGame(cmd, moves, quiet, nil, func(st analysis.Start[rules.Rules, rules.Position, rules.Move]) error {
				return show(analysis.Analyze(cmd.Context(), cmd.ErrOrStderr(), st.Line, st.Searcher, threads, quiet))
			}, func(st analysis.Start[alquerque.Rules, alquerque.Position, alquerque.Code]) error {
				return show(analysis.Analyze(cmd.Context(), cmd.ErrOrStderr(), st.Line, st.Searcher, threads, quiet))
			})
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

// searchFlags are what analyze and play start from: the game (--game),
// the position (--fen), the rules flags and the engine flags.
type searchFlags struct {
	fen      string
	gameName string
	rules    rulesFlags
	engine   engineFlags
}

func addSearchFlags(cmd *cobra.Command, f *searchFlags) {
	addFENFlag(cmd, &f.fen)
	addEngineFlags(cmd, &f.engine)
	addRulesFlags(cmd, &f.rules)
	addGameFlag(cmd, &f.gameName)
}

// onGame runs the body of --game's game for analyze and play, given what
// they search in it (the start of the search after moves); check, if not
// nil, first checks the command's own flags against the game's players'
// names (First's, Second's), before the search is prepared.
func (f *searchFlags) onGame(cmd *cobra.Command, moves string, quiet bool, check func(players [2]string) error,
	surakarta func(analysis.Start[rules.Rules, rules.Position, rules.Move]) error,
	alq func(analysis.Start[alquerque.Rules, alquerque.Position, alquerque.Code]) error) error {
	r, err := f.rules.rules()
	if err != nil {
		return err
	}
	return onGame(f.gameName, r, gameCommand{
		surakarta: func(r rules.Rules) error {
			if err := checkPlayers(r, check); err != nil {
				return err
			}
			st, err := f.surakarta(cmd, r, moves, quiet)
			if err != nil {
				return err
			}
			return surakarta(st)
		},
		alquerque: func(r alquerque.Rules) error {
			if err := checkPlayers(r, check); err != nil {
				return err
			}
			st, err := f.alquerque(cmd, r, moves)
			if err != nil {
				return err
			}
			return alq(st)
		},
	})
}

// checkPlayers calls check, if not nil, with r's players' names.
func checkPlayers[G interface{ PlayerName(game.Player) string }](r G, check func([2]string) error) error {
	if check == nil {
		return nil
	}
	return check(names(r))
}

// surakarta starts a Surakarta search under r: the engine flags' engine,
// with the endgame tables --tablebase names or else the default tables
// directory's, built on first use (analysis.StartWithTables; quiet:
// without a progress line).
func (f *searchFlags) surakarta(cmd *cobra.Command, r rules.Rules, moves string, quiet bool) (analysis.Start[rules.Rules, rules.Position, rules.Move], error) {
	cfg, ev, err := f.engine.config(r)
	if err != nil {
		return analysis.Start[rules.Rules, rules.Position, rules.Move]{}, err
	}
	line, err := startLine(cmd, r, f.fen, moves)
	if err != nil {
		return analysis.Start[rules.Rules, rules.Position, rules.Move]{}, err
	}
	tb := tablebase.NewResolver(cmd.ErrOrStderr(), quiet, true)
	return analysis.StartWithTables(line, cfg, ev, tb, cmd.Flags().Changed("tablebase"))
}

// alquerque starts an Alquerque search under r: Alquerque's engine
// (runspec.AlquerqueEngine) with the engine flags given on top, as engine
// --game alquerque plays it, its evaluator one of Alquerque's; there are
// no endgame tables.
func (f *searchFlags) alquerque(cmd *cobra.Command, r alquerque.Rules, moves string) (analysis.Start[alquerque.Rules, alquerque.Position, alquerque.Code], error) {
	var none analysis.Start[alquerque.Rules, alquerque.Position, alquerque.Code]
	if err := noTables(cmd, r); err != nil {
		return none, err
	}
	e, err := f.engine.resolvedOn(runspec.AlquerqueEngine())
	if err != nil {
		return none, err
	}
	ev, err := openAlquerqueEvaluator(e.Evaluator)
	if err != nil {
		return none, mcts.Refused("evaluator", e.Evaluator, err)
	}
	line, err := startLine(cmd, r, f.fen, moves)
	if err != nil {
		return none, err
	}
	return analysis.StartOf(line, mcts.ConfigOf[alquerque.Rules]{Settings: e.Settings, Seed: f.engine.seed, Rules: r}, ev)
}

// startLine starts a game under r from the --fen value (r's start when
// it is not given) and plays the space-separated moves (analyze's MOVE
// arguments) in r's notation.
func startLine[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen, moves string) (*game.Line[G, P, M], error) {
	p, err := fenFlag(cmd, r, fen)
	if err != nil {
		return nil, err
	}
	g, err := game.NewLine(r, p)
	if err != nil {
		return nil, fmt.Errorf("--fen: %w", err)
	}
	return g, g.PlayStrings(strings.Fields(moves))
}
