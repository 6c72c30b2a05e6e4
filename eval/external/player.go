package external

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Player returns a factory of arena players, each running its own process
// of the engine s describes. A player starts its process when it is made
// (a failure then ends the match: the setup is wrong), keeps it for every
// game its worker plays, and starts a fresh one for the next game after a
// fault; Close ends it. Start is the form a match uses: it checks the
// engine before any game and keeps that process for the first player.
func Player(s Spec) arena.PlayerFactory {
	return PlayerOf[rules.Rules, rules.Position, rules.Move](s)
}

// PlayerOf is Player for game G: the engine is sent G's positions and
// moves in G's notation.
func PlayerOf[G mcts.Game[P, M], P comparable, M game.Move](s Spec) arena.PlayerFactoryOf[G, P, M] {
	s = s.withDefaults()
	return func() (arena.PlayerOf[G, P, M], error) {
		p := &player{spec: s}
		if err := p.start(); err != nil {
			return nil, fmt.Errorf("engine %s: %w", s.String(), err)
		}
		return gamePlayer[G, P, M]{p}, nil
	}
}

// gamePlayer is an engine's process playing game G: the arena's player.
type gamePlayer[G mcts.Game[P, M], P comparable, M game.Move] struct{ *player }

// NewGame starts a game under r (player.newGame).
func (p gamePlayer[G, P, M]) NewGame(seed uint64, r G) error { return p.newGame(seed, r.String()) }

// Move sends the game as its start position and every move since, in G's
// notation, and reads the engine's move as a legal move of g.
func (p gamePlayer[G, P, M]) Move(ctx context.Context, g *game.Line[G, P, M]) (arena.PlayedOf[M], error) {
	return p.moveIn(ctx, g, p.spec.Budget, p.spec.deadline())
}

// MoveClock is Move under a game clock: the go gives both clocks and the
// increment in G's words (protocol.ClockWords: Surakarta's redtime,
// blacktime, redinc, blackinc), and the engine has the side to move's
// time left plus the margin to answer.
func (p gamePlayer[G, P, M]) MoveClock(ctx context.Context, g *game.Line[G, P, M], clock arena.Clock) (arena.PlayedOf[M], error) {
	b := protocol.Budget{Kind: protocol.Clock}
	for c, left := range clock.Left {
		b.Time[c], b.Inc[c] = max(left.Milliseconds(), 0), clock.Inc.Milliseconds()
	}
	return p.moveIn(ctx, g, b, max(clock.Left[g.ToMove()], 0)+p.spec.Margin)
}

// moveIn sends the game and a go with budget b, and waits until deadline
// for the move.
func (p gamePlayer[G, P, M]) moveIn(ctx context.Context, g *game.Line[G, P, M], budget protocol.Budget, deadline time.Duration) (arena.PlayedOf[M], error) {
	r, start := g.Rules(), g.Start()
	var b strings.Builder
	b.WriteString("position fen " + r.FormatPosition(&start))
	if moves := g.Moves(); len(moves) > 0 {
		b.WriteString(" moves")
		pos := start
		for _, m := range moves {
			b.WriteString(" " + r.FormatMove(&pos, m))
			r.Apply(&pos, m)
		}
	}
	var played M
	players := [2]string{r.PlayerName(game.First), r.PlayerName(game.Second)}
	nodes, err := p.move(ctx, b.String(), budget.Text(players), deadline, func(move string) (err error) {
		pos := g.Position()
		played, err = r.ParseMove(&pos, move)
		return err
	})
	return arena.PlayedOf[M]{Move: played, Nodes: nodes}, err
}

// Identify starts the engine once, reads its identify answer and ends it:
// the name it gives, or the error that would stop a match.
func Identify(s Spec) (string, error) {
	e, err := Start(s)
	if err != nil {
		return "", err
	}
	e.Close()
	return e.Name, nil
}

type player struct {
	spec   Spec
	p      *process // nil when no process runs
	name   string   // the id name
	game   string   // the id game; "" when the engine did not say
	caps   protocol.Capabilities
	seeded bool // the engine lists a seed option
	broken bool // a fault left the process in an unknown state
}

// process is one running engine.
type process struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan protocol.Line
	done   chan struct{} // closed when the reader should stop
	exited chan struct{} // closed when the process has been waited for
	err    error         // the exit error, once exited is closed
	stderr *tail
	// unwatch ends the watchdog that kills the engine if the match dies
	// (watchGroup), once the engine has been killed.
	unwatch func()
}

// tail keeps the last bytes written to it: the end of an engine's stderr,
// for the record of a crash.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailBytes = 512

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailBytes {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailBytes:]...)
	}
	return len(b), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// start runs the process and goes through identify and the options.
func (p *player) start() error {
	cmd := exec.Command(p.spec.Argv[0], p.spec.Argv[1:]...)
	cmd.Dir = p.spec.Dir
	cmd.WaitDelay = time.Second // a grandchild holding stderr open must not hang the wait
	ownGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	pr := &process{cmd: cmd, in: in, lines: make(chan protocol.Line, 64), done: make(chan struct{}), exited: make(chan struct{}), stderr: &tail{}}
	cmd.Stderr = pr.stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("cannot start %s: %w", p.spec.Argv[0], err)
	}
	pr.unwatch = watchGroup(cmd)
	go protocol.ReadLines(out, pr.lines, pr.done)
	go func() { pr.err = cmd.Wait(); close(pr.exited) }()
	p.p, p.broken = pr, false

	if err := p.send("identify"); err != nil {
		return p.fail(err)
	}
	for {
		r, err := p.answer(p.spec.answerTimeout())
		if err != nil {
			return p.fail(err)
		}
		switch r.Kind {
		case protocol.ID:
			var err error
			switch r.Key {
			case "name":
				p.name = r.Text
			case protocol.IDGame:
				p.game = r.Text
			case protocol.IDBudgets:
				p.caps.Budgets, err = protocol.ParseBudgetKinds(r.Text)
			case protocol.IDRules:
				p.caps.Rules, err = protocol.ParseRulesSupport(r.Text)
			}
			if err != nil {
				return p.fail(&arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("%q in answer to identify: %v", r.String(), err)})
			}
		case protocol.Option:
			p.seeded = p.seeded || r.Opt.Name == "seed"
		case protocol.OK:
			if p.spec.Name == "" {
				p.spec.Name = p.name
			}
			for _, o := range p.spec.Options {
				if err := p.command("setoption " + o.Name + " " + o.Value); err != nil {
					return p.fail(err)
				}
			}
			return nil
		default:
			return p.fail(&arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("%q in answer to identify", r.String())})
		}
	}
}

// log writes a line of the transcript, if there is one.
func (p *player) log(dir, text string) {
	p.spec.Log.line(p.spec.tag(), p.p.cmd.Process.Pid, dir, text)
}

// logFault writes the transcript's ! line for a fault (or another error)
// that ends the process: every way an engine loses a game shows there.
func (p *player) logFault(err error) {
	if err != nil && p.p != nil {
		p.log("!", err.Error())
	}
}

// fail ends the process after a failed start and returns err.
func (p *player) fail(err error) error {
	p.logFault(err)
	p.kill()
	return err
}

func (p *player) send(line string) error {
	p.log(">", line)
	if _, err := io.WriteString(p.p.in, line+"\n"); err != nil {
		return p.crash(fmt.Sprintf("cannot write to the engine: %v", err))
	}
	return nil
}

// crash returns the crash fault, with the exit status and the end of
// stderr once the process has exited.
func (p *player) crash(what string) *arena.Fault {
	select {
	case <-p.p.exited:
		what += " (" + exitStatus(p.p.err) + ")"
	case <-time.After(200 * time.Millisecond):
	}
	if t := p.p.stderr.String(); t != "" {
		what += "; stderr ends: " + t
	}
	return &arena.Fault{Reason: arena.FaultCrash, Detail: what}
}

func exitStatus(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}

// answer reads the next engine line within limit. An error line is a
// refused fault, anything unparseable garbage, the end of output a crash.
func (p *player) answer(limit time.Duration) (protocol.Reply, error) {
	t := time.NewTimer(limit)
	defer t.Stop()
	for {
		select {
		case l, ok := <-p.p.lines:
			r, err := p.parse(l, ok)
			switch {
			case err != nil:
				return r, err
			case r.Kind == 0:
				continue // a blank line
			case r.Kind == protocol.Error:
				return r, &arena.Fault{Reason: arena.FaultRefused, Detail: r.Text}
			}
			return r, nil
		case <-t.C:
			return protocol.Reply{}, &arena.Fault{Reason: arena.FaultTimeout, Detail: fmt.Sprintf("no answer within %v", limit)}
		}
	}
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}

// command sends a command answered by ok.
func (p *player) command(line string) error {
	if err := p.send(line); err != nil {
		return err
	}
	r, err := p.answer(p.spec.answerTimeout())
	if err != nil {
		if f, ok := err.(*arena.Fault); ok {
			f.Detail = fmt.Sprintf("%s, in answer to %q", f.Detail, clip(line))
		}
		return err
	}
	if r.Kind != protocol.OK {
		return &arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("%q in answer to %q, want ok", r.String(), clip(line))}
	}
	return nil
}

// newGame restarts a broken process, seeds the engine when it has a seed
// option, and starts the game under the rules string r.
func (p *player) newGame(seed uint64, r string) error {
	if p.p == nil || p.broken {
		p.kill()
		if err := p.start(); err != nil {
			if _, ok := err.(*arena.Fault); ok {
				return err
			}
			return &arena.Fault{Reason: arena.FaultCrash, Detail: "restart failed: " + err.Error()}
		}
	}
	if p.seeded {
		if err := p.command("setoption seed " + strconv.FormatUint(seed, 10)); err != nil {
			return p.broke(err)
		}
	}
	return p.broke(p.command("newgame " + r))
}

// broke ends the process after a fault (its state is unknown: a late
// answer would be read as the next one); the next game starts a fresh one.
func (p *player) broke(err error) error {
	if err != nil {
		p.logFault(err)
		p.broken = true
		p.kill()
	}
	return err
}

// move sends position (the position command), then go with the budget's
// arguments (budget: protocol.Budget.Text, "" for none), and checks the
// answer: info lines, then a bestmove within the budget's limit that
// parse accepts as a legal move. It returns the nodes the engine
// reported.
func (p *player) move(ctx context.Context, position, budget string, deadline time.Duration, parse func(string) error) (int64, error) {
	if p.p == nil || p.broken {
		return 0, &arena.Fault{Reason: arena.FaultCrash, Detail: "no engine process"}
	}
	if err := p.command(position); err != nil {
		return 0, p.broke(err)
	}
	goLine := "go"
	if budget != "" {
		goLine += " " + budget
	}
	if err := p.send(goLine); err != nil {
		return 0, p.broke(err)
	}
	limit := time.NewTimer(deadline)
	defer limit.Stop()
	var nodes int64
	for {
		select {
		case <-ctx.Done():
			p.broken = true
			p.kill()
			return 0, ctx.Err()
		case <-limit.C:
			return nodes, p.broke(&arena.Fault{Reason: arena.FaultTimeout, Detail: fmt.Sprintf("no bestmove within %v (%s plus the margin)", deadline, goLine)})
		case l, ok := <-p.p.lines:
			r, err := p.parse(l, ok)
			if err != nil {
				if f, ok := err.(*arena.Fault); ok {
					f.Detail += ", in answer to " + goLine
				}
				return nodes, p.broke(err)
			}
			switch r.Kind {
			case 0: // a blank line
				continue
			case protocol.Info:
				nodes = max(r.Info.Nodes, r.Info.Sims, nodes)
				continue
			case protocol.BestMove:
				if err := parse(r.Move); err != nil {
					return nodes, p.broke(&arena.Fault{Reason: arena.FaultIllegalMove, Detail: err.Error()})
				}
				return nodes, nil
			case protocol.Error:
				return nodes, p.broke(&arena.Fault{Reason: arena.FaultRefused, Detail: r.Text + ", in answer to go"})
			}
			return nodes, p.broke(&arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("%q in answer to go, want info or bestmove", r.String())})
		}
	}
}

// parse turns a line from the engine into a reply; a blank line gives the
// zero Reply, the end of output a crash, anything unparseable garbage.
func (p *player) parse(l protocol.Line, ok bool) (protocol.Reply, error) {
	if !ok {
		return protocol.Reply{}, p.crash("the engine closed its output")
	}
	p.log("<", clip(l.Text))
	if l.TooLong {
		return protocol.Reply{}, &arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("a line longer than %d bytes", protocol.MaxLine)}
	}
	r, err := protocol.ParseReply(l.Text)
	if errors.Is(err, protocol.ErrEmpty) {
		return protocol.Reply{}, nil
	}
	if err != nil {
		return protocol.Reply{}, &arena.Fault{Reason: arena.FaultGarbage, Detail: fmt.Sprintf("%q: %v", clip(l.Text), err)}
	}
	return r, nil
}

// quitGrace is how long an engine has to exit once its input ends: after
// quit when the match closes it, or after the match died (the watchdog's
// wait); its process group is then killed.
const quitGrace = time.Second

// Close sends quit, gives the engine quitGrace to exit, then ends its
// process group.
func (p *player) Close() error {
	if p.p == nil {
		return nil
	}
	if !p.broken {
		p.send("quit")
		p.p.in.Close()
		select {
		case <-p.p.exited:
		case <-time.After(quitGrace):
		}
	}
	p.kill()
	return nil
}

// kill ends the process and its group and waits for it.
func (p *player) kill() {
	if p.p == nil {
		return
	}
	killGroup(p.p.cmd)
	p.p.in.Close()
	<-p.p.exited
	p.p.unwatch()
	close(p.p.done)
	p.p = nil
}
