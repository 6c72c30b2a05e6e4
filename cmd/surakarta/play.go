package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newPlayCommand() *cobra.Command {
	var (
		fen     string
		human   string
		threads int
		color   bool
		rf      rulesFlags
		ef      engineFlags
	)
	cmd := &cobra.Command{
		Use:   "play [--fen FEN] [--human red|black|none] [--sims N] [engine flags] [rules flags]",
		Short: "Play against the engine in the terminal",
		Long: "play shows the board and alternates between you and the engine. Type a move in\n" +
			"notation (b2-c3, or a capture as b2xe5 with or without its loops); the engine's\n" +
			"captures are shown with the route they travel. 'moves' lists the legal moves,\n" +
			"'quit' ends the game; so does the end of input. --human none lets the engine play\n" +
			"both sides to the end.",
		Example: "  surakarta play\n  surakarta play --human black --sims 20000\n  surakarta play --human none --sims 200",
		Args:    cobra.NoArgs,
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
			p := &player{cmd: cmd, out: cmd.OutOrStdout(), in: bufio.NewScanner(cmd.InOrStdin()),
				g: g, s: s, humans: humans, threads: threads, color: color}
			return p.run()
		},
	}
	addFENFlag(cmd, &fen)
	cmd.Flags().StringVar(&human, "human", "red", "the side you play: red, black, or none to watch the engine play itself")
	cmd.Flags().IntVar(&threads, "threads", 1, "engine search threads (above 1: not bit-reproducible)")
	cmd.Flags().BoolVar(&color, "color", false, "colour the board with ANSI escapes")
	addEngineFlags(cmd, &ef)
	addRulesFlags(cmd, &rf)
	return cmd
}

// player runs one game of the play command.
type player struct {
	cmd     *cobra.Command
	out     io.Writer
	in      *bufio.Scanner
	g       *rules.Game
	s       *mcts.Searcher
	humans  [2]bool
	threads int
	color   bool
}

// errQuit ends the game at the user's request.
var errQuit = errors.New("quit")

func (p *player) run() error {
	watching := !p.humans[rules.Red] && !p.humans[rules.Black]
	pos := p.g.Position()
	fmt.Fprint(p.out, rules.Diagram(&pos, p.color))
	for !p.g.IsTerminal() {
		side := p.g.CurrentPlayer()
		if !p.humans[side] {
			if err := p.engineMove(); err != nil {
				return err
			}
			if !watching && !p.g.IsTerminal() {
				pos := p.g.Position()
				fmt.Fprint(p.out, rules.Diagram(&pos, p.color))
			}
			continue
		}
		err := p.humanMove()
		if errors.Is(err, errQuit) {
			fmt.Fprintf(p.out, "game abandoned after %d plies\n", p.g.Ply())
			return nil
		}
		if err != nil {
			return err
		}
	}
	pos = p.g.Position()
	fmt.Fprint(p.out, rules.Diagram(&pos, p.color))
	fmt.Fprintf(p.out, "game over after %d plies: %v\n", p.g.Ply(), p.g.Outcome())
	return nil
}

// engineMove searches and plays the engine's move, printing it.
func (p *player) engineMove() error {
	r, err := p.s.SearchContext(p.cmd.Context(), p.g, p.threads)
	if err != nil {
		return fmt.Errorf("engine search interrupted: %w", err)
	}
	m := p.s.Choose(&r, p.g.Ply())
	pos := p.g.Position()
	note := fmt.Sprintf("value %+.3f, %d sims", r.Value, r.Sims)
	if r.Proof != mcts.ProofNone {
		note = "proven " + r.Proof.String() + ", " + note
	}
	fmt.Fprintf(p.out, "%d. %s (engine) plays %s  [%s]\n", p.g.Ply()+1, pos.SideToMove(), pos.MoveString(m), note)
	p.printRoute(&pos, m)
	return p.g.Play(m)
}

// humanMove reads moves until one is legal and plays it.
func (p *player) humanMove() error {
	for {
		pos := p.g.Position()
		fmt.Fprintf(p.out, "%s to move (e.g. %s; 'moves' lists them, 'quit' stops): ", pos.SideToMove(), exampleMove(&pos))
		if !p.in.Scan() {
			fmt.Fprintln(p.out)
			if err := p.in.Err(); err != nil {
				return fmt.Errorf("reading moves: %w", err)
			}
			return errQuit // end of input
		}
		text := strings.TrimSpace(p.in.Text())
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "q":
			return errQuit
		case "moves", "help", "?":
			fmt.Fprintf(p.out, "legal moves: %s\n", strings.Join(sortedMoveStrings(&pos), " "))
			continue
		}
		m, err := p.g.PlayString(text)
		if err != nil {
			fmt.Fprintf(p.out, "illegal move %q: %v\n", text, err)
			continue
		}
		fmt.Fprintf(p.out, "%d. %s plays %s\n", p.g.Ply(), pos.SideToMove(), pos.MoveString(m))
		p.printRoute(&pos, m)
		return nil
	}
}

// printRoute shows the squares a capture travels, for m played in pos.
func (p *player) printRoute(pos *rules.Position, m rules.Move) {
	if !m.IsCapture() {
		return
	}
	routes := pos.Routes(m)
	if len(routes) == 0 {
		return
	}
	path := routes[0].Path()
	squares := make([]string, 0, len(path)+1)
	squares = append(squares, m.From().String())
	for _, s := range path {
		squares = append(squares, s.String())
	}
	fmt.Fprintf(p.out, "   route: %s (captures on %s)\n", strings.Join(squares, " > "), m.To())
}

// exampleMove returns a legal move of pos in notation for the prompt.
func exampleMove(pos *rules.Position) string {
	var buf [rules.MaxMoves]rules.Move
	moves := pos.GenerateMoves(buf[:0])
	if len(moves) == 0 {
		return "none"
	}
	return pos.MoveString(moves[0])
}
