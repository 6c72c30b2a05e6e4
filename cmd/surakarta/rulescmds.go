package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/rules"
)

// perftDivideJSON is one root move of perft --divide --json.
type perftDivideJSON struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

// perftJSON is what perft --json prints.
type perftJSON struct {
	Depth     int               `json:"depth"`
	FEN       string            `json:"fen"`
	Nodes     uint64            `json:"nodes"`
	Seconds   float64           `json:"seconds"`
	NodesPerS float64           `json:"nodes_per_s"`
	Threads   int               `json:"threads"`
	Divide    []perftDivideJSON `json:"divide,omitempty"`
}

func newPerftCommand() *cobra.Command {
	var f perftFlags
	cmd := &cobra.Command{
		Use:   "perft --depth N [--game G] [--fen FEN] [--divide] [--threads T] [--json]",
		Short: "Count the leaf positions of the move tree to a depth",
		Long: "perft counts the positions reached by every sequence of --depth legal moves\n" +
			"(distinct moves; game endings ignored). The last line printed is the bare count;\n" +
			"--divide first prints each root move with its count, and stderr gets the time taken\n" +
			"and, while a long count runs (depth 7 and more), the root moves done so far.\n" +
			"--json prints one object instead: depth, fen, nodes, seconds, nodes_per_s, threads and,\n" +
			"with --divide, divide [{move, nodes}] sorted by move.\n" +
			"--game alquerque counts Alquerque's moves (docs/RULES-ALQUERQUE.md) from its start,\n" +
			"or from --fen given in its position text, on one thread.",
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
	out := cmd.OutOrStdout()
	start := time.Now()
	text, total, entries, err := count()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if !f.divide {
		entries = nil
	}
	if f.asJSON {
		j := perftJSON{Depth: f.depth, FEN: text, Nodes: total, Seconds: elapsed.Seconds(), Threads: f.threads, Divide: entries}
		if j.Seconds > 0 {
			j.NodesPerS = float64(total) / j.Seconds
		}
		return writeJSON(out, j)
	}
	for _, e := range entries {
		fmt.Fprintf(out, "%s %d\n", e.Move, e.Nodes)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "perft depth %d: %d leaves in %.3f s (%.1f M leaves/s, %d %s)\n",
		f.depth, total, elapsed.Seconds(), float64(total)/elapsed.Seconds()/1e6, f.threads, words.Plural(f.threads, "thread", "threads"))
	fmt.Fprintln(out, total)
	return nil
}

// counter returns the count of the flags' game, position and depth (its
// position's text, the leaves and each root move's), after checking them.
func (f *perftFlags) counter(cmd *cobra.Command) (func() (text string, total uint64, entries []perftDivideJSON, err error), error) {
	switch f.gameName {
	case rules.Rules{}.Name():
		if f.depth < 0 || f.depth > 12 {
			return nil, fmt.Errorf("--depth %d out of range: want 0..12", f.depth)
		}
		p, err := parseFENFlag(f.fen)
		if err != nil {
			return nil, err
		}
		return func() (string, uint64, []perftDivideJSON, error) {
			total, entries, err := perftWithProgress(cmd.Context(), cmd.ErrOrStderr(), p, f.depth, f.threads, f.quiet)
			return p.FEN(), total, entries, err
		}, nil
	case alquerque.Rules{}.Name():
		if f.depth < 0 || f.depth > 16 {
			return nil, fmt.Errorf("--depth %d out of range for alquerque: want 0..16", f.depth)
		}
		if f.threads != 1 {
			return nil, fmt.Errorf("--threads %d: alquerque's perft counts on one thread (depth 13 in under a second); leave --threads out", f.threads)
		}
		p := alquerque.Start()
		if cmd.Flags().Changed("fen") {
			var err error
			if p, err = alquerque.ParsePosition(f.fen); err != nil {
				return nil, fmt.Errorf("--fen: %w", err)
			}
		}
		return func() (string, uint64, []perftDivideJSON, error) {
			total, entries, err := alquerquePerft(cmd.Context(), p, f.depth)
			if err != nil {
				return "", 0, nil, fmt.Errorf("perft --game alquerque --depth %d interrupted", f.depth)
			}
			return p.Text(), total, entries, nil
		}, nil
	default:
		return nil, checkGameFlag(f.gameName)
	}
}

// alquerquePerft counts the leaves depth plies below the Alquerque
// position p, and each root move's count, sorted by move.
func alquerquePerft(ctx context.Context, p alquerque.Position, depth int) (uint64, []perftDivideJSON, error) {
	if depth == 0 {
		return 1, nil, nil
	}
	var buf [alquerque.MaxMoves]alquerque.Move
	moves := p.GenerateMoves(buf[:0])
	var total uint64
	entries := make([]perftDivideJSON, len(moves))
	for i, m := range moves {
		n, err := alquerque.PerftContext(ctx, p.Apply(m), depth-1)
		if err != nil {
			return 0, nil, err
		}
		entries[i] = perftDivideJSON{p.MoveString(m), n}
		total += n
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move < entries[j].Move })
	return total, entries, nil
}

// perftWithProgress counts the leaves depth plies below p one root move at
// a time, each on threads goroutines, showing the root moves done on w
// while a long count runs; it returns the total and each root move's count,
// sorted by move. Interrupted (ctx done) it stops within a fraction of a
// second and says how far it got.
func perftWithProgress(ctx context.Context, w io.Writer, p rules.Position, depth, threads int, quiet bool) (uint64, []perftDivideJSON, error) {
	if depth == 0 {
		return 1, nil, nil
	}
	var buf [rules.MaxMoves]rules.Move
	moves := p.GenerateMoves(buf[:0])
	var done atomic.Int64
	stop := progress.Watch(w, progress.Options{Unit: "root moves", Total: int64(len(moves)), Quiet: quiet}, done.Load)
	defer stop()
	var total uint64
	entries := make([]perftDivideJSON, len(moves))
	for i, m := range moves {
		n, err := rules.PerftParallelContext(ctx, p.Apply(m), depth-1, threads)
		if err != nil {
			return 0, nil, fmt.Errorf("perft --depth %d interrupted after %d of %d root moves: there is no count to print", depth, i, len(moves))
		}
		entries[i] = perftDivideJSON{p.MoveString(m), n}
		total += n
		done.Add(1)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Move < entries[j].Move })
	return total, entries, nil
}

// movesJSON is one position of moves --json: its FEN and legal moves.
type movesJSON struct {
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"`
}

// movesOf is p with its legal moves under r, an empty list (not null)
// for none.
func movesOf[G game.Game[P, M], P any, M game.Move](r G, p *P) movesJSON {
	return movesJSON{FEN: r.FormatPosition(p), Moves: append([]string{}, legalMoveStrings(r, p)...)}
}

// legalMoveStrings lists p's legal moves in canonical notation, in the
// game's own order (its position's LegalMoveStrings, Surakarta's by from
// point then to point), else sorted.
func legalMoveStrings[G game.Game[P, M], P any, M game.Move](r G, p *P) []string {
	if l, ok := any(p).(interface{ LegalMoveStrings() []string }); ok {
		return l.LegalMoveStrings()
	}
	moves := r.Moves(p, make([]M, 0, r.MaxMoves()))
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = r.FormatMove(p, m)
	}
	slices.Sort(out)
	return out
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
		Long: "moves prints each legal move of --fen on its own line in canonical notation,\n" +
			"sorted by from point then to point. With --stdin it reads one FEN a line and writes\n" +
			"one line per position with its moves separated by single spaces (empty for none).\n" +
			"--json prints one object instead: fen and moves (a list), or with --stdin positions,\n" +
			"a list of those objects in input order. --game alquerque lists Alquerque's moves\n" +
			"(its position text for --fen, its start by default; moves sorted by their text).",
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
		return printResult(cmd, asJSON, movesOf(r, &p), func(w io.Writer) error {
			for _, m := range legalMoveStrings(r, &p) {
				fmt.Fprintln(out, m)
			}
			return nil
		})
	}
	if asJSON {
		var all struct {
			Positions []movesJSON `json:"positions"`
		}
		all.Positions = []movesJSON{}
		err := eachFEN(cmd.InOrStdin(), r, func(p *P) { all.Positions = append(all.Positions, movesOf(r, p)) })
		if err != nil {
			return err
		}
		return writeJSON(cmd.OutOrStdout(), all)
	}
	return eachFEN(cmd.InOrStdin(), r, func(p *P) { fmt.Fprintln(out, strings.Join(legalMoveStrings(r, p), " ")) })
}

// eachFEN calls do with the position of each line of in, one FEN (r's
// position text) a line.
func eachFEN[G game.Game[P, M], P any, M game.Move](in io.Reader, r G, do func(*P)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		p, err := r.ParsePosition(text)
		if err != nil {
			return fmt.Errorf("stdin line %d: %w", line, err)
		}
		do(&p)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading stdin: %w", err)
	}
	return nil
}

// replayJSON is what replay --json prints: the position reached and the
// game's outcome, whole and in its parts.
type replayJSON struct {
	FEN     string `json:"fen"`
	Plies   int    `json:"plies"`
	Outcome string `json:"outcome"`
	Result  string `json:"result"`
	Reason  string `json:"reason,omitempty"`
}

func newReplayCommand() *cobra.Command {
	var (
		fen      string
		rf       rulesFlags
		asJSON   bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:   "replay [--fen FEN] [rules flags] [--game G] MOVE...",
		Short: "Apply moves to a position and print the resulting FEN and outcome",
		Long: "replay plays the moves from --fen (the start position by default) and prints the\n" +
			"resulting FEN on the first line and the outcome on the second: ongoing,\n" +
			"red wins (REASON), black wins (REASON) or draw (REASON). The notation and the\n" +
			"endings are those of docs/RULES.md. --json prints one object instead: fen, plies (the\n" +
			"moves given), outcome (as the text's second line), result (ongoing, red, black, draw)\n" +
			"and reason (once the game is over). --game alquerque replays Alquerque\n" +
			"(docs/RULES-ALQUERQUE.md: its notation, position text and start; white and black).",
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

// legalAfter returns the legal moves in r's notation (legalMoveStrings)
// of the position moves reach from --fen, none when they do not play or
// the game is over.
func legalAfter[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string, moves []string) []string {
	g, err := startLine(cmd, r, fen, strings.Join(moves, " "))
	if err != nil || g.IsTerminal() {
		return nil
	}
	p := g.Position()
	return legalMoveStrings(r, &p)
}

// replay is replay for game r: args played from --fen, the position and
// the outcome printed.
func replay[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, r G, fen string, args []string, asJSON bool) error {
	p, err := fenFlag(cmd, r, fen)
	if err != nil {
		return err
	}
	g, err := game.NewLine(r, p)
	if err != nil {
		return err
	}
	for i, s := range args {
		if g.IsTerminal() {
			return fmt.Errorf("move %d %q: the game is already over (%s) after move %d", i+1, s, game.OutcomeText(r, g.Outcome()), i)
		}
		if _, err := g.PlayString(s); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	pos, o := g.Position(), g.Outcome()
	j := replayJSON{FEN: r.FormatPosition(&pos), Plies: len(args), Outcome: game.OutcomeText(r, o), Result: game.ResultName(r, o.Result), Reason: r.ReasonName(o.Reason)}
	return printResult(cmd, asJSON, j, func(w io.Writer) error {
		fmt.Fprintln(w, j.FEN)
		fmt.Fprintln(w, j.Outcome)
		return nil
	})
}

func newShowCommand() *cobra.Command {
	var (
		fen      string
		color    bool
		gameName string
	)
	cmd := &cobra.Command{
		Use:   "show [--fen FEN] [--game G]",
		Short: "Draw a position with both circuits",
		Long: "show draws the board of --fen (the start position by default) with the inner and\n" +
			"outer circuits, the side to move, the piece counts, the no-capture count and the move\n" +
			"number; --color colours the circuits and pieces. --game alquerque draws Alquerque's\n" +
			"board (its position text for --fen, its start by default) with its lines.",
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
