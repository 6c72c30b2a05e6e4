package play

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/analysis"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
)

// Options are the settings of a game at the terminal, positions P and
// moves M.
type Options[P any, M game.Move] struct {
	// In gives the human's lines; Out gets the board, the moves and the
	// prompts, ErrOut the search's progress.
	In          io.Reader
	Out, ErrOut io.Writer
	// Humans[pl] is true where a person plays player pl (game.First,
	// game.Second); none: the engine plays both sides to the end.
	Humans  [2]bool
	Threads int
	// Color draws the board with ANSI escapes; Quiet shows no search
	// progress.
	Color, Quiet bool
	// OnPosition, if set, is called with each position of the game before
	// it is moved from (the command's note that larger endgame tables
	// would solve it).
	OnPosition func(*P)
	// View shows the game (SurakartaView, AlquerqueView).
	View View[P, M]
}

// Play plays g to its end at the terminal, the engine s against the
// humans of o, in g's notation and position text. The user's quit (or the
// end of input) ends it with nil; an interrupt (ctx ending) with an error
// that wraps ctx's. Either way the position to continue from is printed.
func Play[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, g *game.Line[G, P, M], s *mcts.SearcherOf[G, P, M], o Options[P, M]) error {
	done := make(chan struct{})
	defer close(done)
	p := &player[G, P, M]{Options: o, ctx: ctx, out: o.Out, lines: readLines(o.In, done), g: g, s: s, r: g.Rules()}
	return p.run()
}

// inputLine is one line of the player's input, or the error that ended it.
type inputLine struct {
	text string
	err  error
}

// readLines reads r line by line on its own goroutine, so that the game
// can stop waiting for input when the command's context ends (Ctrl-C at the
// prompt); the channel closes at the end of input. The goroutine ends at
// the end of input or once done is closed.
func readLines(r io.Reader, done <-chan struct{}) <-chan inputLine {
	ch := make(chan inputLine)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case ch <- inputLine{text: sc.Text()}:
			case <-done:
				return
			}
		}
		if err := sc.Err(); err != nil {
			select {
			case ch <- inputLine{err: err}:
			case <-done:
			}
		}
	}()
	return ch
}

// player runs one game.
type player[G mcts.Game[P, M], P comparable, M game.Move] struct {
	Options[P, M]
	ctx   context.Context
	out   io.Writer
	lines <-chan inputLine
	g     *game.Line[G, P, M]
	s     *mcts.SearcherOf[G, P, M]
	r     G
}

// errQuit ends the game at the user's request (quit, end of input); an
// interrupt (Ctrl-C) ends it with the context's error.
var errQuit = errors.New("quit")

func (p *player[G, P, M]) run() error {
	watching := !p.Humans[game.First] && !p.Humans[game.Second]
	p.showBoard()
	for !p.g.IsTerminal() {
		if p.OnPosition != nil {
			pos := p.g.Position()
			p.OnPosition(&pos)
		}
		var err error
		if side := p.g.ToMove(); p.Humans[side] {
			err = p.humanMove()
		} else if err = p.engineMove(); err == nil && !watching && !p.g.IsTerminal() {
			p.showBoard()
		}
		if errors.Is(err, errQuit) || errors.Is(err, context.Canceled) {
			pos := p.g.Position()
			if !errors.Is(err, errQuit) {
				fmt.Fprintln(p.out, "\ninterrupted")
			}
			fmt.Fprint(p.out, setting.Sprintf("game abandoned after %s; to continue: %s\n", plies(p.g.Ply()), setting.Set("fen", p.r.FormatPosition(&pos))))
			if errors.Is(err, errQuit) {
				return nil
			}
			return errors.New("interrupted: the game was abandoned") // exit status 130; no "context canceled" for users
		}
		if err != nil {
			return err
		}
	}
	p.showBoard()
	fmt.Fprintf(p.out, "game over after %s: %s\n", plies(p.g.Ply()), game.OutcomeText(p.r, p.g.Outcome()))
	return nil
}

func (p *player[G, P, M]) showBoard() {
	pos := p.g.Position()
	fmt.Fprint(p.out, p.View.Board(&pos, p.Color))
}

// plies counts plies in words: "1 ply", "2 plies".
func plies(n int) string { return words.Count(n, "ply") }

// moveLabel numbers the move about to be played in pos as its text
// (FEN) does: "12." before the first player's move, "12..." before the
// second's.
func (p *player[G, P, M]) moveLabel(pos *P) string {
	if p.r.ToMove(pos) == game.First {
		return fmt.Sprintf("%d.", p.View.MoveNumber(pos))
	}
	return fmt.Sprintf("%d...", p.View.MoveNumber(pos))
}

// side names the player to move in pos.
func (p *player[G, P, M]) side(pos *P) string { return p.r.PlayerName(p.r.ToMove(pos)) }

// search runs the engine on the current position, with progress on
// ErrOut.
func (p *player[G, P, M]) search() (mcts.ResultOf[M], error) {
	return analysis.Search(p.ctx, p.ErrOut, p.s, p.g, p.Threads, p.Quiet)
}

// engineMove searches and plays the engine's move, printing it.
func (p *player[G, P, M]) engineMove() error {
	r, err := p.search()
	if err != nil {
		return err
	}
	m := p.s.Choose(&r, p.g.Ply())
	pos := p.g.Position()
	side := p.side(&pos)
	fmt.Fprintf(p.out, "%s %s (engine) plays %s  [%s]\n", p.moveLabel(&pos), side, p.r.FormatMove(&pos, m), analysis.ValueNote(&r, side))
	p.printRoute(&pos, m)
	return p.g.Play(m)
}

// humanMove reads commands until a legal move is played, the game is
// rewound to the human's previous turn (undo), or the player stops.
func (p *player[G, P, M]) humanMove() error {
	for {
		pos := p.g.Position()
		fmt.Fprintf(p.out, "%s %s to move (e.g. %s; 'help' lists the commands): ", p.moveLabel(&pos), p.side(&pos), p.exampleMove(&pos))
		var in inputLine
		var ok bool
		select {
		case <-p.ctx.Done():
			return p.ctx.Err()
		case in, ok = <-p.lines:
		}
		if !ok {
			fmt.Fprintln(p.out)
			return errQuit // end of input
		}
		if in.err != nil {
			return fmt.Errorf("reading moves: %w", in.err)
		}
		text := strings.TrimSpace(in.text)
		switch strings.ToLower(text) {
		case "":
			continue
		case "quit", "exit", "q":
			return errQuit
		case "help", "?":
			fmt.Fprintln(p.out, "commands: a move ("+p.View.Examples+"), 'moves' (the legal moves), 'hint' (the engine's suggestion),\n"+
				"'undo' (take back your last move and the reply), 'quit'")
			continue
		case "moves":
			fmt.Fprintf(p.out, "legal moves: %s\n", strings.Join(p.View.Legal(&pos), " "))
			continue
		case "hint":
			r, err := p.search()
			if err != nil {
				return err
			}
			fmt.Fprintf(p.out, "hint: %s  [%s]\n", p.r.FormatMove(&pos, r.Best), analysis.ValueNote(&r, p.side(&pos)))
			continue
		case "undo":
			n, err := p.undo()
			switch {
			case err != nil:
				return err
			case n == 0:
				fmt.Fprintln(p.out, "nothing to undo: you have not moved yet")
			default:
				fmt.Fprintf(p.out, "took back %s\n", plies(n))
				p.showBoard()
			}
			continue
		}
		label := p.moveLabel(&pos)
		m, err := p.g.PlayString(text)
		if err != nil {
			// The error names the move; 'moves' lists the legal ones.
			fmt.Fprintf(p.out, "%v ('moves' lists the legal ones)\n", err)
			continue
		}
		fmt.Fprintf(p.out, "%s %s plays %s\n", label, p.side(&pos), p.r.FormatMove(&pos, m))
		p.printRoute(&pos, m)
		return nil
	}
}

// undo takes back the human's last move and the engine's moves after it,
// returning the plies taken back (0: the human has not moved). The game is
// replayed from its start, so repetitions and the no-capture count are
// those of the shorter game.
func (p *player[G, P, M]) undo() (int, error) {
	moves := p.g.Moves()
	start := p.g.Start()
	last := -1
	for i := len(moves) - 1; i >= 0 && last < 0; i-- {
		side := p.r.ToMove(&start)
		if i%2 == 1 {
			side = side.Other()
		}
		if p.Humans[side] {
			last = i
		}
	}
	if last < 0 {
		return 0, nil
	}
	g, err := game.NewLine(p.r, start)
	if err != nil {
		return 0, fmt.Errorf("undo: %w", err)
	}
	for _, m := range moves[:last] {
		if err := g.Play(m); err != nil {
			return 0, fmt.Errorf("undo: replaying the game: %w", err)
		}
	}
	n := len(moves) - last
	p.g = g
	return n, nil
}

// printRoute prints the line the view shows after m, played in pos (a
// capture's route), if any.
func (p *player[G, P, M]) printRoute(pos *P, m M) {
	if p.View.Route == nil {
		return
	}
	if line := p.View.Route(pos, m); line != "" {
		fmt.Fprintln(p.out, line)
	}
}

// exampleMove returns a legal move of pos in notation for the prompt: the
// first the game lists.
func (p *player[G, P, M]) exampleMove(pos *P) string {
	moves := p.r.Moves(pos, make([]M, 0, p.r.MaxMoves()))
	if len(moves) == 0 {
		return "none"
	}
	return p.r.FormatMove(pos, moves[0])
}
