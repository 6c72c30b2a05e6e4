package protocol

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// fakeEngine plays the first legal move: at once for a plain go, at the
// end of a movetime budget, and only when stopped for a sims budget (so
// tests control when it answers). It panics in a position with move
// number 99.
type fakeEngine struct{ games int }

func (e *fakeEngine) Identity() (string, string) { return "fake", "tests" }
func (e *fakeEngine) Options() []OptionInfo {
	return []OptionInfo{{Name: "sims", Default: "10", Doc: "simulations"}}
}
func (e *fakeEngine) SetOption(name, value string) error {
	if name != "sims" {
		return io.ErrUnexpectedEOF
	}
	return nil
}
func (e *fakeEngine) NewGame(rules.Rules) error { e.games++; return nil }
func (e *fakeEngine) Search(ctx context.Context, g *game.Line[rules.Rules, rules.Position, rules.Move], b Budget) (Result, error) {
	pos := g.Position()
	if pos.MoveNumber() == 99 {
		panic("boom")
	}
	if b.Kind != Default {
		<-ctx.Done()
	}
	var buf [rules.MaxMoves]rules.Move
	m := g.LegalMoves(buf[:0])[0]
	return Result{Move: m, PV: []rules.Move{m}, Info: SearchInfo{Sims: 7, Nodes: 7, Value: 0.5, HasValue: true}}, nil
}

// session runs Serve on pipes and reads its lines.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
}

func newSession(t *testing.T, e Engine) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() { s.done <- Serve(context.Background(), inR, outW, e); outW.Close() }()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(lines ...string) {
	s.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.t.Fatal(err)
		}
	}
}

// expect reads the next lines and checks that each starts with its prefix.
func (s *session) expect(prefixes ...string) {
	s.t.Helper()
	for _, p := range prefixes {
		if !s.out.Scan() {
			s.t.Fatalf("engine output ended, want %q", p)
		}
		if got := s.out.Text(); !strings.HasPrefix(got, p) {
			s.t.Fatalf("engine said %q, want %q...", got, p)
		}
	}
}

func TestServeAnswersEveryCommandInOrder(t *testing.T) {
	e := &fakeEngine{}
	s := newSession(t, e)
	s.send("identify")
	s.expect("id name fake", "id author tests", "id protocol 1", "id game surakarta", "option sims default 10 doc simulations", "ok")
	s.send("", "# comment", "setoption sims 5", "setoption hash 5", "frobnicate", "go")
	s.expect("ok", "error setoption hash:", `error unknown command "frobnicate"`, "error go: no position")
	s.send("position fen 6/6/6/6/6/6 x 0 1", "position startpos moves b2-b3 zz", "position startpos moves b2-b3 e5-e4", "go movetime 20")
	s.expect("error position: ", "error position: move 2 (zz)", "ok", "info sims 7 nodes 7 time ", "bestmove ")
	if e.games != 1 {
		t.Errorf("NewGame called %d times before the first position, want 1 (implicitly)", e.games)
	}
	// During a search, other commands wait for its answer; stop acts at once.
	s.send("go sims 5", "newgame", "position startpos", "stop")
	s.expect("info", "bestmove", "ok", "ok")
	s.send("stop") // idle: no answer
	s.send("position fen 6/2b3/1r4/6/6/5r r 0 99", "go movetime 1")
	s.expect("ok", "error go: search failed: boom")
	s.send(strings.Repeat("x", MaxLine+10), "position fen 6/6/6/6/6/6 r 0 1", "go")
	s.expect("error line longer than", "ok", "error go: the game is over")
	s.send("quit")
	s.expect("ok")
	if err := <-s.done; err != nil {
		t.Fatalf("Serve after quit: %v", err)
	}
}

// TestServeQuitAndEndOfInputWaitForTheSearch: quit and the end of input
// come after the commands before them, a search included; stop ends it.
func TestServeQuitAndEndOfInputWaitForTheSearch(t *testing.T) {
	s := newSession(t, &fakeEngine{})
	s.send("position startpos", "go sims 100000", "quit")
	s.expect("ok")
	select {
	case err := <-s.done:
		t.Fatalf("quit ended a search it should wait for: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	s.send("stop")
	s.expect("info", "bestmove", "ok")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
	s = newSession(t, &fakeEngine{})
	s.send("position startpos", "go", "go movetime 30")
	s.in.Close()
	s.expect("ok", "info", "bestmove", "info", "bestmove")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

// TestServeStopQueuedBehindGoStopsThatSearch: a controller that sends a
// whole session at once (docs/PROTOCOL.md's transcript piped in) has a stop
// meant for the go before it, not for the search that runs when it
// arrives: the timed search runs its budget and the stopped one ends, where
// the stop applied at once would cut the first and leave the second
// searching forever.
func TestServeStopQueuedBehindGoStopsThatSearch(t *testing.T) {
	s := newSession(t, &fakeEngine{})
	s.send("position startpos", "go movetime 50", "go sims 100000", "stop", "quit")
	start := time.Now()
	s.expect("ok", "info", "bestmove")
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("the movetime search answered after %v: the stop meant for the next search cut it", d)
	}
	s.expect("info", "bestmove", "ok")
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stopped search never ended")
	}
}

// TestServeReturnsOnCancel: the context's end stops a search and Serve.
func TestServeReturnsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, inR, io.Discard, &fakeEngine{}) }()
	io.WriteString(inW, "position startpos\ngo sims 5\n")
	time.Sleep(20 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err != context.Canceled {
			t.Fatalf("Serve after cancel: %v", err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
}

// quickEngine answers every go at once with the first legal move.
type quickEngine struct{ fakeEngine }

func (e *quickEngine) Search(_ context.Context, g *game.Line[rules.Rules, rules.Position, rules.Move], _ Budget) (Result, error) {
	var buf [rules.MaxMoves]rules.Move
	return Result{Move: g.LegalMoves(buf[:0])[0]}, nil
}

// FuzzServe: no input makes Serve panic or hang, and every line it writes
// is a reply of the protocol.
func FuzzServe(f *testing.F) {
	for _, s := range []string{"identify\nposition startpos\ngo\nquit\n", "go\nstop\n", "position fen 6/2b3/1r4/6/6/5r r 0 30 moves b4xc5\ngo sims 3\n",
		"setoption sims\nnewgame variant=majority\n\x00\xff\n", "position startpos moves b2-b3 b2-b3\n", "quit\nidentify\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- Serve(context.Background(), strings.NewReader(string(in)), &out, &quickEngine{}) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Serve: %v", err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Serve did not finish on %q", in)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if l == "" && out.Len() == 0 {
				continue
			}
			if _, err := ParseReply(l); err != nil {
				t.Fatalf("Serve wrote %q, not a reply: %v", l, err)
			}
		}
	})
}

// instantEngine answers at once with the first legal move and reports
// nothing about a search, as the baseline engines do.
type instantEngine struct{ fakeEngine }

func (e *instantEngine) Search(_ context.Context, g *game.Line[rules.Rules, rules.Position, rules.Move], _ Budget) (Result, error) {
	var buf [rules.MaxMoves]rules.Move
	return Result{Move: g.LegalMoves(buf[:0])[0]}, nil
}

// TestServeSendsNoEmptyInfoLine: a baseline engine's go was answered with
// a bare "info" line before its bestmove; an info line with nothing in it
// is not sent (one that reports the time, on a machine slow enough to
// take a millisecond, still is).
func TestServeSendsNoEmptyInfoLine(t *testing.T) {
	s := newSession(t, &instantEngine{})
	s.send("position startpos")
	s.expect("ok")
	for range 5 {
		s.send("go")
		for {
			if !s.out.Scan() {
				t.Fatal("engine output ended before its bestmove")
			}
			line := s.out.Text()
			if line == "info" {
				t.Fatalf("the engine sent an empty info line before its bestmove")
			}
			if strings.HasPrefix(line, "bestmove ") {
				break
			}
			if !strings.HasPrefix(line, "info time ") {
				t.Fatalf("engine said %q, want bestmove (or an info line of its time)", line)
			}
		}
	}
	if !(SearchInfo{}).reportsNothing() || (SearchInfo{TimeMS: 1}).reportsNothing() || (SearchInfo{HasValue: true}).reportsNothing() {
		t.Error("reportsNothing: want true for the zero info alone")
	}
}
