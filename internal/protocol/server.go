package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// EngineOf is what ServeOf runs behind the protocol: an engine of game G
// (positions P, moves M). Serve calls its methods one at a time: Search
// runs on a goroutine of its own, but no other method is called until it
// returns.
type EngineOf[G game.Game[P, M], P any, M game.Move] interface {
	// Identity returns the engine's name and author for the id lines.
	Identity() (name, author string)
	// Options lists the options setoption accepts, in the order identify
	// lists them.
	Options() []OptionInfo
	// SetOption sets an option; an error leaves the settings unchanged
	// and is sent as an error line.
	SetOption(name, value string) error
	// NewGame starts a game under r.
	NewGame(r G) error
	// Search chooses a legal move in g, which is not over, within budget
	// b. It must return promptly once ctx is done (stop, the end of a
	// movetime budget, quit), with the best move found so far. Sims, Nodes,
	// Value and HasValue of the returned Info are reported; Serve measures
	// the time itself.
	Search(ctx context.Context, g *game.Line[G, P, M], b Budget) (ResultOf[M], error)
}

// Engine is a Surakarta EngineOf.
type Engine = EngineOf[rules.Rules, rules.Position, rules.Move]

// Capable is an Engine that says what it can do: Serve sends its
// Capabilities in the identify answer (id budgets, id rules) after the
// protocol version.
type Capable interface {
	Capabilities() Capabilities
}

// ResultOf is a search's answer.
type ResultOf[M game.Move] struct {
	Move M
	// PV is the principal variation from the searched position; Serve
	// writes it in canonical notation.
	PV   []M
	Info SearchInfo
}

// Result is a Surakarta ResultOf.
type Result = ResultOf[rules.Move]

// Line is one line read from the other side, without its newline.
type Line struct {
	Text string
	// TooLong reports a line longer than MaxLine, whose text is dropped.
	TooLong bool
}

// ReadLines sends in's lines to out until EOF or a read error, then closes
// out; it gives up when done is closed. A last line without a newline is
// sent too. Both sides of the protocol read with it.
func ReadLines(in io.Reader, out chan<- Line, done <-chan struct{}) {
	defer close(out)
	r := bufio.NewReaderSize(in, 64<<10)
	var buf []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong && len(buf)+len(chunk) <= MaxLine+1 {
			buf = append(buf, chunk...)
		} else {
			tooLong, buf = true, buf[:0]
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == nil || len(buf) > 0 || tooLong {
			n := len(buf)
			if n > 0 && buf[n-1] == '\n' {
				n--
			}
			select {
			case out <- Line{Text: string(buf[:n]), TooLong: tooLong}:
			case <-done:
				return
			}
		}
		if err != nil {
			return
		}
		buf, tooLong = buf[:0], false
	}
}

// writer writes whole lines, flushing after each answer.
type writer struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (w *writer) lines(ls ...string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, l := range ls {
		if w.err == nil {
			_, w.err = w.w.WriteString(l + "\n")
		}
	}
	if w.err == nil {
		w.err = w.w.Flush()
	}
	return w.err
}

type searchDone struct {
	lines []string
}

// server is one Serve call's state.
type server[G game.Game[P, M], P any, M game.Move] struct {
	e       EngineOf[G, P, M]
	out     *writer
	started bool // NewGame called at least once
	game    *game.Line[G, P, M]
	rules   G
	rulesOf func(rules.Rules) G // newgame's settings as G's rules

	// ServeOf's loop: the lines read and not yet answered, whether a
	// search runs (its cancel, and where it answers) and whether quit
	// was answered.
	queue     []Line
	searching bool
	quit      bool
	cancel    context.CancelFunc
	results   chan searchDone
}

// Serve speaks the protocol on in and out with e behind it until quit, the
// end of in, ctx's end or a write error (the controller went away). It
// answers every command in order: commands that arrive during a search wait
// until the search has answered, except stop, which ends the search at
// once (or, when a go waits behind the search, the search of the last
// waiting go once it starts, so that a controller may send a whole
// session at once). At the end of in it finishes the commands it has read, as if quit
// followed them. Malformed lines get an error line; nothing the controller
// sends makes Serve panic, and a panicking Search becomes an error line. It
// returns nil after quit or the end of in, ctx's error when ctx ends.
func Serve(ctx context.Context, in io.Reader, out io.Writer, e Engine) error {
	return ServeOf(ctx, in, out, e, func(r rules.Rules) rules.Rules { return r })
}

// ServeOf is Serve for an engine of game G: positions and moves in G's
// notation, identify naming G (id game). rulesOf turns the settings of a
// newgame (the variant and limits every game's rules string holds,
// package rules) into G's rules; a game starts under rulesOf of the
// defaults.
func ServeOf[G game.Game[P, M], P any, M game.Move](ctx context.Context, in io.Reader, out io.Writer, e EngineOf[G, P, M], rulesOf func(rules.Rules) G) error {
	s := &server[G, P, M]{
		e: e, out: &writer{w: bufio.NewWriter(out)}, rules: rulesOf(rules.DefaultRules()), rulesOf: rulesOf,
		cancel: func() {}, results: make(chan searchDone, 1),
	}
	lines := make(chan Line, 16)
	done := make(chan struct{})
	defer close(done)
	go ReadLines(in, lines, done)
	defer func() { s.cancel() }()
	eof := false
	for !s.quit && !(eof && !s.searching && len(s.queue) == 0) {
		select {
		case <-ctx.Done():
			s.cancel()
			if s.searching {
				<-s.results
			}
			return ctx.Err()
		case r := <-s.results:
			s.searching = false
			s.cancel()
			if err := s.out.lines(r.lines...); err != nil {
				return err
			}
		case l, ok := <-lines:
			if !ok {
				eof, lines = true, nil
				break
			}
			if c, err := s.parseLine(l); err == nil && c.Kind == Stop && s.searching && !s.queuedGo(s.queue) {
				s.cancel()
				continue
			}
			s.queue = append(s.queue, l)
		}
		if err := s.next(ctx); err != nil {
			return err
		}
	}
	return nil
}

// next answers queued lines until one starts a search or quits.
func (s *server[G, P, M]) next(ctx context.Context) error {
	for len(s.queue) > 0 && !s.searching && !s.quit {
		l := s.queue[0]
		s.queue = s.queue[1:]
		c, err := s.parseLine(l)
		switch {
		case errors.Is(err, ErrEmpty):
			continue
		case err != nil:
			err = s.out.lines("error " + err.Error())
		case c.Kind == Quit:
			s.quit = true
			err = s.out.lines("ok")
		case c.Kind == Stop: // idle: nothing to stop, no answer
		case c.Kind == Go:
			err = s.goSearch(ctx, c.Budget)
		default:
			err = s.out.lines(s.handle(c)...)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// goSearch starts a go's search, or answers why it cannot.
func (s *server[G, P, M]) goSearch(ctx context.Context, b Budget) error {
	stop, err := s.startSearch(ctx, b, s.results)
	if err != nil {
		return s.out.lines("error " + err.Error())
	}
	s.cancel, s.searching = stop, true
	// A stop queued right behind this go (it arrived during an earlier
	// search, after this go) stops this search.
	if len(s.queue) > 0 {
		if sc, err := s.parseLine(s.queue[0]); err == nil && sc.Kind == Stop {
			s.queue = s.queue[1:]
			s.cancel()
		}
	}
	return nil
}

// queuedGo reports whether a go waits in queue: a stop that arrives then
// is meant for the last such go, not for the search running now, and
// waits behind it in the queue.
func (s *server[G, P, M]) queuedGo(queue []Line) bool {
	for _, l := range queue {
		if c, err := s.parseLine(l); err == nil && c.Kind == Go {
			return true
		}
	}
	return false
}

// parseLine parses a line from the controller, a go's clock in the
// words of the game's players (or the neutral ones).
func (s *server[G, P, M]) parseLine(l Line) (Command, error) {
	if l.TooLong {
		return Command{}, fmt.Errorf("line longer than %d bytes ignored", MaxLine)
	}
	return ParseCommandOf(l.Text, [2]string{s.rules.PlayerName(game.First), s.rules.PlayerName(game.Second)})
}

// handle answers a command other than go, stop and quit.
func (s *server[G, P, M]) handle(c Command) []string {
	fail := func(err error) []string { return []string{"error " + err.Error()} }
	switch c.Kind {
	case Identify:
		name, author := s.e.Identity()
		out := []string{"id name " + name, "id author " + author, "id protocol " + strconv.Itoa(Version), "id " + IDGame + " " + s.rules.Name()}
		if c, ok := s.e.(Capable); ok {
			out = append(out, c.Capabilities().String()...)
		}
		for _, o := range s.e.Options() {
			out = append(out, Reply{Kind: Option, Opt: o}.String())
		}
		return append(out, "ok")
	case SetOption:
		if err := s.e.SetOption(c.Name, c.Value); err != nil {
			return fail(fmt.Errorf("setoption %s: %w", c.Name, err))
		}
	case NewGame:
		r := s.rulesOf(c.Rules)
		if err := s.e.NewGame(r); err != nil {
			return fail(fmt.Errorf("newgame: %w", err))
		}
		s.started, s.rules, s.game = true, r, nil
	case SetPosition:
		if !s.started {
			if err := s.e.NewGame(s.rules); err != nil {
				return fail(fmt.Errorf("newgame: %w", err))
			}
			s.started = true
		}
		g, err := ReplayOf(s.rules, c.FEN, c.Moves)
		if err != nil {
			return fail(err)
		}
		s.game = g
	}
	return []string{"ok"}
}

// ReplayOf builds the game a position command describes: fen (r's
// position text; StartPos for r's start) under r, then each move in turn,
// so that the game's repetition history is exact. The error names the
// move that cannot be played and why.
func ReplayOf[G game.Game[P, M], P any, M game.Move](r G, fen string, moves []string) (*game.Line[G, P, M], error) {
	start := r.Start()
	if fen != StartPos {
		var err error
		if start, err = r.ParsePosition(fen); err != nil {
			return nil, fmt.Errorf("position: %w", err)
		}
	}
	g, err := game.NewLine(r, start)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	for i, m := range moves {
		if _, err := g.PlayString(m); err != nil {
			return nil, fmt.Errorf("position: move %d (%s): %w", i+1, m, err)
		}
	}
	return g, nil
}

// startSearch checks that a go can start and runs the search on its own
// goroutine, which sends the answer's lines on results.
func (s *server[G, P, M]) startSearch(ctx context.Context, b Budget, results chan<- searchDone) (context.CancelFunc, error) {
	if s.game == nil {
		return nil, errors.New("go: no position: send position first")
	}
	if s.game.IsTerminal() {
		return nil, fmt.Errorf("go: the game is over (%s): no move to search", game.OutcomeText(s.rules, s.game.Outcome()))
	}
	// The clock starts once, here: the deadline and the time the info line
	// reports both count from it, so a search's goroutine that starts late
	// on a busy machine cannot report less time than its movetime.
	start := time.Now()
	var sctx context.Context
	var cancel context.CancelFunc
	if b.Kind == MoveTime {
		sctx, cancel = context.WithDeadline(ctx, start.Add(time.Duration(b.N)*time.Millisecond))
	} else {
		sctx, cancel = context.WithCancel(ctx)
	}
	g := s.game.Clone()
	go func() {
		res, err := s.search(sctx, g, b)
		if err != nil {
			results <- searchDone{lines: []string{"error go: " + err.Error()}}
			return
		}
		r, pos := g.Rules(), g.Position()
		legal := make([]M, 0, r.MaxMoves())
		if !slices.Contains(r.Moves(&pos, legal), res.Move) {
			results <- searchDone{lines: []string{fmt.Sprintf("error go: the engine chose a move (code %d) that is not legal in %s", uint16(res.Move), r.FormatPosition(&pos))}}
			return
		}
		info := res.Info
		info.Text = ""
		info.TimeMS = time.Since(start).Milliseconds()
		p := pos
		for _, m := range res.PV {
			if !slices.Contains(r.Moves(&p, legal), m) {
				break
			}
			info.PV = append(info.PV, r.FormatMove(&p, m))
			r.Apply(&p, m)
		}
		lines := []string{info.String(), "bestmove " + r.FormatMove(&pos, res.Move)}
		if info.reportsNothing() {
			lines = lines[1:]
		}
		results <- searchDone{lines: lines}
	}()
	return cancel, nil
}

// search runs the engine's search, turning a panic into an error.
func (s *server[G, P, M]) search(ctx context.Context, g *game.Line[G, P, M], b Budget) (res ResultOf[M], err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("search failed: %v", r)
		}
	}()
	return s.e.Search(ctx, g, b)
}
