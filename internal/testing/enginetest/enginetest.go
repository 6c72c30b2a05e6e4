package enginetest

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta/surakarta/rules"
)

// EnvVar, when set in a test binary's environment, makes TestMain run Main
// with the binary's arguments instead of the tests.
const EnvVar = "SURAKARTA_ENGINETEST"

// The modes, the first argument of Main.
const (
	First   = "first"   // the first legal move in generation order
	Random  = "random"  // a uniformly random legal move, seeded by setoption seed
	Slow    = "slow"    // a random move after ten times the movetime plus 2 s
	Illegal = "illegal" // a move from an empty point
	Crash   = "crash"   // exit with status 3 on go
	Garbage = "garbage" // a line that is no reply of the protocol
	Refuse  = "refuse"  // an error line in answer to go
	// Start-up failures: before its first answer the engine
	Exit = "exit" // exits with status 4
	Mute = "mute" // never answers identify (nor anything else)
	Huge = "huge" // answers identify with a line of 2 MiB
	// Deaf plays random moves but ignores the end of its input (and quit):
	// it runs until it is killed, as some engines do.
	Deaf = "deaf"
)

// Main runs the engine on in and out until quit or the end of in and
// returns the exit status. args are the mode and optionally after=N: the
// misbehaving modes play N good (random) moves first, counted over the
// process's life; budgets=K1,K2 and rules=W1,W2 make identify list those
// budgets and rules words (id budgets K1 K2, id rules W1 W2).
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	mode, after := Random, 0
	var ids []string
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "after="); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				fmt.Fprintf(errOut, "enginetest: bad %q\n", a)
				return 2
			}
			after = n
		} else if k, v, ok := strings.Cut(a, "="); ok && (k == "budgets" || k == "rules") {
			ids = append(ids, "id "+k+" "+strings.ReplaceAll(v, ",", " "))
		} else if i == 0 {
			mode = a
		}
	}
	switch mode {
	case Exit:
		fmt.Fprintln(errOut, "enginetest: exiting at once as asked")
		return 4
	case Mute:
		io.Copy(io.Discard, in)
		return 0
	}
	e := &simple{mode: mode, after: after, ids: ids, out: bufio.NewWriter(out), rng: rand.New(rand.NewPCG(1, 2)), r: rules.DefaultRules()}
	defer func() {
		if mode == Deaf {
			for {
				time.Sleep(time.Hour) // until killed
			}
		}
	}()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if !e.handle(strings.Fields(sc.Text())) && mode != Deaf {
			return 0
		}
		if e.crashed {
			fmt.Fprintln(errOut, "enginetest: crashing as asked")
			return 3
		}
		e.out.Flush()
	}
	return 0
}

type simple struct {
	mode    string
	after   int
	ids     []string // the id budgets and id rules lines
	played  int
	out     *bufio.Writer
	rng     *rand.Rand
	r       rules.Rules
	g       *rules.Game
	crashed bool
}

func (e *simple) say(format string, a ...any) { fmt.Fprintf(e.out, format+"\n", a...) }

// handle answers one command; false on quit.
func (e *simple) handle(f []string) bool {
	if len(f) == 0 {
		return true
	}
	switch f[0] {
	case "identify":
		e.say("id name simple-%s", e.mode)
		e.say("id author the surakarta tests")
		e.say("id protocol 1")
		if e.mode == Huge {
			e.say("id author %s", strings.Repeat("x", 2<<20))
		}
		for _, l := range e.ids {
			e.say("%s", l)
		}
		e.say("option seed default 1 doc seed of the random mover")
		e.say("ok")
	case "setoption":
		if len(f) == 3 && f[1] == "seed" {
			n, err := strconv.ParseUint(f[2], 10, 64)
			if err != nil {
				e.say("error bad seed %q: want a whole number from 0 to 18446744073709551615", f[2])
				return true
			}
			e.rng = rand.New(rand.NewPCG(n, 2))
			e.say("ok")
			return true
		}
		e.say("error unknown option")
	case "newgame":
		e.r = rules.DefaultRules()
		if len(f) > 1 {
			r, err := rules.ParseRules(f[1])
			if err != nil {
				e.say("error %v", err)
				return true
			}
			e.r = r
		}
		e.g = nil
		e.say("ok")
	case "position":
		e.position(f[1:])
	case "go":
		e.move(f[1:])
	case "stop":
	case "quit":
		return false
	default:
		e.say("error unknown command %s", f[0])
	}
	return true
}

func (e *simple) position(f []string) {
	fen := rules.StartFEN
	if len(f) >= 5 && f[0] == "fen" {
		fen, f = strings.Join(f[1:5], " "), f[5:]
	} else if len(f) >= 1 && f[0] == "startpos" {
		f = f[1:]
	} else {
		e.say("error bad position")
		return
	}
	p, err := rules.ParseFEN(fen)
	if err != nil {
		e.say("error %v", err)
		return
	}
	g, err := rules.NewGame(e.r, p)
	if err != nil {
		e.say("error %v", err)
		return
	}
	if len(f) > 0 && f[0] == "moves" {
		for _, m := range f[1:] {
			if _, err := g.PlayString(m); err != nil {
				e.say("error %v", err)
				return
			}
		}
	}
	e.g = g
	e.say("ok")
}

func (e *simple) move(f []string) {
	if e.g == nil || e.g.IsTerminal() {
		e.say("error no position to move in")
		return
	}
	var buf [rules.MaxMoves]rules.Move
	moves := e.g.LegalMoves(buf[:0])
	m := moves[0]
	if e.mode != First {
		m = moves[e.rng.IntN(len(moves))]
	}
	pos := e.g.Position()
	misbehave := e.mode != First && e.mode != Random && e.played >= e.after
	e.played++
	if misbehave {
		switch e.mode {
		case Slow:
			wait := 2 * time.Second
			if len(f) == 2 && f[0] == "movetime" {
				if ms, err := strconv.Atoi(f[1]); err == nil {
					wait += 10 * time.Duration(ms) * time.Millisecond
				}
			}
			time.Sleep(wait)
		case Illegal:
			for sq := rules.Square(0); sq < 36; sq++ {
				if !pos.Occupied().Has(sq) {
					e.say("bestmove %v-%v", sq, sq)
					return
				}
			}
		case Crash:
			e.crashed = true
			return
		case Garbage:
			e.say("I think b2-b3 is nice")
			return
		case Refuse:
			e.say("error go: cannot search this position")
			return
		}
	}
	e.say("info nodes %d", len(moves))
	e.say("bestmove %s", pos.MoveString(m))
}
