package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// pipeEngine is `surakarta engine` run as a separate process, driven
// through its stdin and stdout as an outside program would.
type pipeEngine struct {
	t     *testing.T
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

func startEngine(t *testing.T, args ...string) *pipeEngine {
	t.Helper()
	t.Setenv(childEnv, "1")
	cmd := exec.Command(os.Args[0], append([]string{"engine"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	e := &pipeEngine{t: t, cmd: cmd, in: in, lines: make(chan string, 64)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	t.Cleanup(func() { in.Close(); cmd.Process.Kill(); cmd.Wait() })
	return e
}

func (e *pipeEngine) send(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.in, l+"\n"); err != nil {
			e.t.Fatalf("writing %q: %v", l, err)
		}
	}
}

// read returns the next line, failing after limit.
func (e *pipeEngine) read(limit time.Duration) string {
	e.t.Helper()
	select {
	case l, ok := <-e.lines:
		if !ok {
			e.t.Fatal("the engine closed its output")
		}
		return l
	case <-time.After(limit):
		e.t.Fatalf("no line from the engine within %v", limit)
	}
	return ""
}

// expect reads lines that must start with the prefixes, in order.
func (e *pipeEngine) expect(prefixes ...string) {
	e.t.Helper()
	for _, p := range prefixes {
		if l := e.read(10 * time.Second); !strings.HasPrefix(l, p) {
			e.t.Fatalf("engine said %q, want %q...", l, p)
		}
	}
}

// bestmove reads info lines up to the bestmove and returns its move.
func (e *pipeEngine) bestmove(limit time.Duration) (string, protocol.SearchInfo) {
	e.t.Helper()
	var info protocol.SearchInfo
	for {
		r, err := protocol.ParseReply(e.read(limit))
		if err != nil {
			e.t.Fatal(err)
		}
		switch r.Kind {
		case protocol.Info:
			info = r.Info
		case protocol.BestMove:
			return r.Move, info
		default:
			e.t.Fatalf("%q during go, want info or bestmove", r.String())
		}
	}
}

// TestEngineThroughPipePlaysAWholeGame: identify, then a whole game under
// the majority rules, each move a legal one in canonical notation, the
// position sent as start FEN plus every move.
func TestEngineThroughPipePlaysAWholeGame(t *testing.T) {
	e := startEngine(t, "--sims", "24", "--leaf", "value")
	e.send("identify")
	e.expect("id name surakarta", "id author", "id protocol 1", "id game surakarta", "id budgets sims nodes movetime", "id rules variant no-capture-limit repetition no-moves")
	sawSims := false
	for {
		l := e.read(5 * time.Second)
		if l == "ok" {
			break
		}
		if !strings.HasPrefix(l, "option ") {
			t.Fatalf("identify: %q, want option lines then ok", l)
		}
		sawSims = sawSims || strings.HasPrefix(l, "option sims default 24 ")
	}
	if !sawSims {
		t.Error("identify lists no sims option with the command line's 24 as default")
	}
	r := rules.DefaultRules()
	r.Variant = rules.Majority
	e.send("newgame " + r.String())
	e.expect("ok")
	g, _ := rules.NewGame(r, rules.Start())
	var moves []string
	for !g.IsTerminal() {
		e.send("position startpos moves "+strings.Join(moves, " "), "go sims 24")
		e.expect("ok")
		m, info := e.bestmove(10 * time.Second)
		pos := g.Position()
		mv, err := rules.ParseMove(&pos, m)
		if err != nil {
			t.Fatalf("ply %d: bestmove %q: %v", g.Ply(), m, err)
		}
		if canon := pos.MoveString(mv); canon != m {
			t.Fatalf("ply %d: bestmove %q, want canonical %q", g.Ply(), m, canon)
		}
		// A root the solver proves as it is expanded reports no simulations.
		if info.Sims > 24 || !info.HasValue || (len(info.PV) > 0 && info.PV[0] != m) {
			t.Fatalf("ply %d: info %+v", g.Ply(), info)
		}
		g.Play(mv)
		moves = append(moves, m)
		if g.Ply() > 400 {
			t.Fatal("game did not end in 400 plies")
		}
	}
	e.send("position startpos moves "+strings.Join(moves, " "), "go")
	e.expect("ok", "error go: the game is over")
	e.send("quit")
	e.expect("ok")
	if err := e.cmd.Wait(); err != nil {
		t.Fatalf("engine exit after quit: %v", err)
	}
}

// TestEngineIdentifyShowsThePresetsSettings: under --preset baseline the
// identify answer gives the settings in force (playout leaves, cpuct 1.5,
// material), not the strongest engine's that the flags hold, with a flag
// given beside the preset on top; --preset is no option of its own.
func TestEngineIdentifyShowsThePresetsSettings(t *testing.T) {
	e := startEngine(t, "--preset", "baseline", "--sims", "24")
	e.send("identify")
	e.expect("id name surakarta", "id author", "id protocol 1", "id game surakarta", "id budgets", "id rules")
	opts := map[string]string{}
	for {
		l := e.read(5 * time.Second)
		if l == "ok" {
			break
		}
		f := strings.Fields(l)
		if len(f) < 4 || f[0] != "option" || f[2] != "default" {
			t.Fatalf("identify: %q, want option lines then ok", l)
		}
		opts[f[1]] = f[3]
	}
	b := runspec.BaselineEngine()
	want := map[string]string{"sims": "24"}
	for _, name := range []string{"leaf", "cpuct", "evaluator"} {
		want[name] = mcts.LookupSetting(name).Get(&b)
	}
	if want["leaf"] != "playout" || want["cpuct"] != "1.5" || want["evaluator"] != "material" {
		t.Fatalf("the baseline is %v: this test's known answer (playout, 1.5, material) is out of date", want)
	}
	for name, v := range want {
		if opts[name] != v {
			t.Errorf("identify under --preset baseline --sims 24: option %s default %q, want %q (the settings in force)", name, opts[name], v)
		}
	}
	if _, ok := opts["preset"]; ok {
		t.Error("identify lists a preset option, which setoption refuses")
	}
	// And the search is the preset's: the same answer as the baseline's
	// settings spelled out as flags.
	search := func(e *pipeEngine) string {
		e.send("newgame "+rules.DefaultRules().String(), "position startpos", "go")
		e.expect("ok", "ok")
		mv, info := e.bestmove(30 * time.Second)
		info.TimeMS = 0 // the clock's, not the search's
		return fmt.Sprintf("%s %+v", mv, info)
	}
	spelled := startEngine(t, "--leaf", want["leaf"], "--cpuct", want["cpuct"], "--evaluator", want["evaluator"], "--sims", "24")
	if got, want := search(e), search(spelled); got != want {
		t.Errorf("go under --preset baseline: %s; the baseline spelled out: %s", got, want)
	}
}

// TestEngineRefusesBadInputAndKeepsGoing: illegal and malformed input gets
// an error line each, and the engine still plays.
func TestEngineRefusesBadInputAndKeepsGoing(t *testing.T) {
	e := startEngine(t, "--sims", "8")
	e.send("position startpos moves b2-b3 b3-b4",
		"position startpos moves b2xe5",
		"position fen 7/6/6/6/6/6 r 0 1",
		"go depth 5",
		"setoption sims -3",
		"setoption sims abc",
		"setoption sims 1,leaf=value",
		"setoption nosuch 1",
		"newgame variant=fancy",
		"\x00\x01\xff garbage",
		strings.Repeat("b2-b3 ", 300000),
		"hello",
		"go")
	e.expect("error position: move 2 (b3-b4): illegal move",
		"error position: move 1 (b2xe5): illegal move",
		"error position: fen rank 6",
		`error go: budget "depth 5"`,
		"error setoption sims: sims -3: want at least 1",
		"error setoption sims: sims abc: want a whole number",
		"error setoption sims: sims 1,leaf=value: want a whole number",
		"error setoption nosuch: unknown option",
		"error newgame: bad variant",
		"error control character",
		"error line longer than",
		`error unknown command "hello"`,
		"error go: no position")
	e.send("position startpos moves b2-b3", "setoption sims 8", "go")
	e.expect("ok", "ok")
	if m, _ := e.bestmove(10 * time.Second); m == "" {
		t.Fatal("no move after bad input")
	}
	// Routes are optional on input; the wrong route of a legal capture is
	// refused with the legal ones.
	fen := "position fen 6/2b3/1r4/6/6/5r r 0 30 moves "
	e.send(fen+"b4xc5", fen+"b4xc5[top-left]", fen+"b4xc5[top-right]")
	e.expect("ok", "ok", `error position: move 1 (b4xc5[top-right]): illegal move "b4xc5[top-right]": no route`)
	// The old spellings of options still work, as the flags' do.
	e.send("setoption eval material", "setoption capture-prob 0.5")
	e.expect("ok", "ok")
}

// TestEngineStopsDuringSearch: stop ends a long search at once with a
// legal move, and commands sent during the search are answered after it.
func TestEngineStopsDuringSearch(t *testing.T) {
	e := startEngine(t)
	e.send("position startpos", "go sims 100000000")
	e.expect("ok")
	time.Sleep(200 * time.Millisecond)
	e.send("position startpos moves b2-b3", "stop")
	start := time.Now()
	m, info := e.bestmove(5 * time.Second)
	if d := time.Since(start); d > time.Second {
		t.Errorf("bestmove %v after stop, want at once", d)
	}
	if info.Sims < 1 || info.Sims >= 100000000 || m == "" {
		t.Fatalf("stopped search: %q, %+v", m, info)
	}
	e.expect("ok") // the position sent during the search
}

// moveTimeTolerance is how late past its movetime budget `surakarta
// engine` may answer, measured from writing go to reading bestmove through
// the pipes (the referee's view). Measured on the shared 2-core machine at
// load 14-15 (docs/BENCHMARKS.md): median about 1 ms, worst 12-18 ms; the
// bound leaves room for a busier one. The median of five moves must lie
// within it; a single move may be later, up to moveTimeWorst, because a
// loaded machine (go test runs packages side by side, CI on 2 cores) can
// deschedule the engine or the reader for a scheduler slice or two.
const (
	moveTimeTolerance = 100 * time.Millisecond
	moveTimeWorst     = time.Second
)

// TestEngineHonoursMoveTime: a movetime budget is answered no earlier than
// the budget, the median of five moves within moveTimeTolerance after it
// and none later than moveTimeWorst; -v logs the lateness.
func TestEngineHonoursMoveTime(t *testing.T) {
	e := startEngine(t)
	e.send("position startpos moves b2-b3 e5-e4")
	e.expect("ok")
	for _, ms := range []int{20, 100} {
		budget := time.Duration(ms) * time.Millisecond
		var late []time.Duration
		for range 5 {
			start := time.Now()
			e.send("go movetime " + strconv.Itoa(ms))
			_, info := e.bestmove(budget + 5*time.Second)
			d := time.Since(start)
			if d < budget || d > budget+moveTimeWorst {
				t.Errorf("go movetime %d answered after %v, want %v to %v", ms, d, budget, budget+moveTimeWorst)
			}
			if info.TimeMS < int64(ms) {
				t.Errorf("go movetime %d: info time %d", ms, info.TimeMS)
			}
			late = append(late, d-budget)
		}
		slices.Sort(late)
		if late[2] > moveTimeTolerance {
			t.Errorf("go movetime %d: median lateness %v over 5 moves, want at most %v", ms, late[2], moveTimeTolerance)
		}
		t.Logf("movetime %d ms: lateness median %v, worst %v (5 moves)", ms, late[2], late[4])
	}
}

// TestEngineSetOptionDoesNotReReadTheEvaluator: the engine opens its
// evaluator file once; other options, the rules and the same evaluator
// name change without reading it again (the file is gone by then), and
// naming the file after another evaluator reads it afresh.
func TestEngineSetOptionDoesNotReReadTheEvaluator(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.json")
	var w eval.Vector
	w[0] = 0.1
	if err := eval.NewWeightsFile(eval.NewLinear(eval.Ridge, w)).Save(path); err != nil {
		t.Fatal(err)
	}
	e := startEngine(t, "--sims", "8", "--leaf", "value", "--evaluator", path)
	e.send("position startpos")
	e.expect("ok")
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	e.send("setoption sims 12", "setoption leaf playout", "newgame variant=majority", "position startpos", "go")
	e.expect("ok", "ok", "ok", "ok")
	if m, _ := e.bestmove(10 * time.Second); m == "" {
		t.Fatal("no move after changing options with the evaluator file gone")
	}
	e.send("setoption evaluator "+path, "setoption evaluator material", "setoption evaluator "+path)
	e.expect("ok", "ok", "error setoption evaluator: evaluator "+path)
}
