package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/surakarta/surakarta/internal/words"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// analysisJSON is the object analyze --json prints. Values are for the side
// to move at the analysed position; each move's value and proof are for the
// player who plays it (the same side), null for a move the search neither
// visited nor proved (it has no value). Distances are plies to the end of
// the game along a proven win or loss (the move included for a move's),
// null without one.
type analysisJSON struct {
	FEN        string         `json:"fen"`
	SideToMove string         `json:"side_to_move"`
	Best       string         `json:"best"`
	Value      float64        `json:"value"`
	Proof      string         `json:"proof"`
	Distance   *int           `json:"distance"`
	Moves      []moveStatJSON `json:"moves"`
	PV         []string       `json:"pv"`
	Sims       int            `json:"sims"`
	Nodes      int            `json:"nodes"`
	Threads    int            `json:"threads"`
	Seconds    float64        `json:"seconds"`
	// Table is the endgame tables' verdict (--tablebase), when they cover
	// the position: the same object as tablebase probe --json prints.
	Table *probeJSON `json:"table,omitempty"`
}

type moveStatJSON struct {
	Move     string   `json:"move"`
	Visits   int      `json:"visits"`
	Value    *float64 `json:"value"`
	Proof    string   `json:"proof"`
	Distance *int     `json:"distance"`
}

// moveValue returns the value analyze prints for a move: its mean or exact
// value, or nil when the search neither visited nor proved it.
func moveValue(ms *mcts.MoveStat) *float64 {
	if ms.Visits == 0 && ms.Proof == mcts.ProofNone {
		return nil
	}
	v := ms.Value
	return &v
}

// proofDistance returns the distance analyze prints for a proof: d for a
// proven win or loss, else nil.
func proofDistance(pr mcts.Proof, d int) *int {
	if pr != mcts.ProofWin && pr != mcts.ProofLoss {
		return nil
	}
	return &d
}

// proofText is a proof as analyze's text prints it: "win in 3", "loss in
// 2", "draw", or "" when unproven.
func proofText(proof string, d *int) string {
	if d == nil {
		return proof
	}
	return fmt.Sprintf("%s in %d", proof, *d)
}

func newAnalyzeCommand() *cobra.Command {
	var (
		fen     string
		moves   string
		threads int
		top     int
		asJSON  bool
		quiet   bool
		rf      rulesFlags
		ef      engineFlags
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
			"is reproducible from --seed.",
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
			a, err := analyze(cmd, &rf, &ef, fen, moves, threads, top, quiet)
			if err != nil {
				return err // under --json, execute prints it as {error, fen, outcome}
			}
			if asJSON {
				enc := json.NewEncoder(out)
				return enc.Encode(a)
			}
			return writeAnalysis(out, a, top)
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().StringVar(&moves, "moves", "", "moves to play from --fen first, separated by spaces (their positions count for repetition)")
	deprecateFlag(cmd, "moves", "give the moves as arguments, as replay takes them: analyze [--fen FEN] MOVE...")
	cmd.Flags().IntVar(&threads, "threads", 1, "search threads sharing one tree (above 1: not bit-reproducible)")
	cmd.Flags().IntVar(&top, "top", 10, "moves to list (0: all); --json always lists all")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object (on an error too: {error, fen, outcome})")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	addEngineFlags(cmd, &ef)
	addRulesFlags(cmd, &rf)
	return cmd
}

// gameOverError is analyze's error for a position whose game is over.
type gameOverError struct {
	fen     string
	outcome rules.Outcome
}

// errorFields gives analyze --json's error object the finished game's
// position and outcome.
func (e *gameOverError) errorFields() map[string]string {
	return map[string]string{"fen": e.fen, "outcome": e.outcome.String()}
}

func (e *gameOverError) Error() string {
	return fmt.Sprintf("the game is already over at %s (%v): nothing to analyze", e.fen, e.outcome)
}

// analyze checks the flags, searches the position they give and returns
// its analysis.
func analyze(cmd *cobra.Command, rf *rulesFlags, ef *engineFlags, fen, moves string, threads, top int, quiet bool) (analysisJSON, error) {
	if threads < 1 {
		return analysisJSON{}, fmt.Errorf("--threads %d: want at least 1", threads)
	}
	if top < 0 {
		return analysisJSON{}, fmt.Errorf("--top %d: want 0 (all moves) or more", top)
	}
	g, s, err := gameAndSearcher(rf, ef, fen, moves)
	if err != nil {
		return analysisJSON{}, err
	}
	if g.IsTerminal() {
		p := g.Position()
		return analysisJSON{}, &gameOverError{p.FEN(), g.Outcome()}
	}
	start := time.Now()
	res, err := searchWithProgress(cmd.Context(), cmd.ErrOrStderr(), s, g, threads, quiet)
	elapsed := time.Since(start)
	if err != nil {
		return analysisJSON{}, fmt.Errorf("search interrupted after %d simulations: %w", res.Sims, err)
	}
	return newAnalysis(g, &res, threads, elapsed), nil
}

// gameAndSearcher returns the game of --fen and --moves (startGame) and a
// searcher with the engine flags, both under the rules flags: what analyze
// and play start from.
func gameAndSearcher(rf *rulesFlags, ef *engineFlags, fen, moves string) (*rules.Game, *mcts.Searcher, error) {
	r, err := rf.rules()
	if err != nil {
		return nil, nil, err
	}
	cfg, ev, err := ef.config(r)
	if err != nil {
		return nil, nil, err
	}
	g, err := startGame(r, fen, moves)
	if err != nil {
		return nil, nil, err
	}
	s, err := mcts.NewSearcher(cfg, ev)
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
	for i, s := range strings.Fields(moves) {
		if g.IsTerminal() {
			return nil, fmt.Errorf("move %d %q: the game is already over (%v)", i+1, s, g.Outcome())
		}
		if _, err := g.PlayString(s); err != nil {
			return nil, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
	}
	return g, nil
}

func newAnalysis(g *rules.Game, r *mcts.Result, threads int, elapsed time.Duration) analysisJSON {
	p := g.Position()
	a := analysisJSON{
		FEN:        p.FEN(),
		SideToMove: p.SideToMove().String(),
		Best:       p.MoveString(r.Best),
		Value:      r.Value,
		Proof:      r.Proof.String(),
		Distance:   proofDistance(r.Proof, r.Distance),
		Moves:      make([]moveStatJSON, len(r.Moves)),
		PV:         pvStrings(p, r.PV),
		Sims:       r.Sims,
		Nodes:      r.Nodes,
		Threads:    threads,
		Seconds:    elapsed.Seconds(),
	}
	if t := r.Table; t != nil {
		a.Table = &probeJSON{Result: t.Proof.String(), Plies: t.Distance, Best: p.MoveString(t.Move)}
	}
	for i, ms := range r.Moves {
		a.Moves[i] = moveStatJSON{Move: p.MoveString(ms.Move), Visits: ms.Visits, Value: moveValue(&r.Moves[i]), Proof: ms.Proof.String(), Distance: proofDistance(ms.Proof, ms.Distance)}
	}
	// The chosen move leads the list even when it has fewer visits than
	// others, as a proven win found at expansion has (0 visits).
	for i := range a.Moves {
		if a.Moves[i].Move == a.Best {
			best := a.Moves[i]
			copy(a.Moves[1:i+1], a.Moves[:i])
			a.Moves[0] = best
			break
		}
	}
	return a
}

// pvStrings writes a line of moves from p in notation, each in the position
// it is played in.
func pvStrings(p rules.Position, pv []rules.Move) []string {
	out := make([]string, len(pv))
	for i, m := range pv {
		out[i] = p.MoveString(m)
		p = p.Apply(m)
	}
	return out
}

func writeAnalysis(w io.Writer, a analysisJSON, top int) error {
	rate := 0.0
	if a.Seconds > 0 {
		rate = float64(a.Sims) / a.Seconds
	}
	fmt.Fprintf(w, "position  %s (%s to move)\n", a.FEN, a.SideToMove)
	fmt.Fprintf(w, "search    %d sims in %.3f s (%.0f sims/s, %d %s), %d nodes\n", a.Sims, a.Seconds, rate, a.Threads, words.Plural(a.Threads, "thread", "threads"), a.Nodes)
	value := fmt.Sprintf("%+.3f for %s", a.Value, a.SideToMove)
	if a.Proof != "" {
		value += " (proven " + proofText(a.Proof, a.Distance) + ")"
	}
	fmt.Fprintf(w, "value     %s\n", value)
	if t := a.Table; t != nil {
		fmt.Fprint(w, "tables    ")
		if err := writeProbe(w, *t); err != nil {
			return err
		}
	}
	best := a.Best
	if len(a.Moves) > 0 && a.Moves[0].Proof != "" {
		// A move proven at its parent's expansion has no visits: say
		// what it is on its own line.
		best += " (" + proofText(a.Moves[0].Proof, a.Moves[0].Distance) + ")"
	}
	fmt.Fprintf(w, "best      %s\n\n", best)
	n := len(a.Moves)
	if top > 0 && top < n {
		n = top
	}
	width := len("move")
	for _, m := range a.Moves[:n] {
		width = max(width, len(m.Move))
	}
	total := 0
	for _, m := range a.Moves {
		total += m.Visits
	}
	fmt.Fprintf(w, "%-*s  %9s  %6s  %6s  %s\n", width, "move", "visits", "share", "value", "proof")
	for _, m := range a.Moves[:n] {
		// A move without visits has no share, and one the search did not
		// reach (unproven) no value: blank, not a 0 that reads as a draw.
		share, value := "", ""
		if m.Visits > 0 {
			share = fmt.Sprintf("%5.1f%%", 100*float64(m.Visits)/float64(total))
		}
		if m.Value != nil {
			value = fmt.Sprintf("%+6.3f", *m.Value)
		}
		line := fmt.Sprintf("%-*s  %9d  %6s  %6s  %s", width, m.Move, m.Visits, share, value, proofText(m.Proof, m.Distance))
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if n < len(a.Moves) {
		fmt.Fprintf(w, "(%d more moves; --top 0 lists all)\n", len(a.Moves)-n)
	}
	_, err := fmt.Fprintf(w, "\npv        %s\n", strings.Join(a.PV, " "))
	return err
}
