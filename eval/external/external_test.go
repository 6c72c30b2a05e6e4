package external

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/internal/testing/enginetest"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

// TestMain turns the test binary into the simple engine when asked: the
// arena's tests run it as a foreign process.
func TestMain(m *testing.M) {
	if os.Getenv(enginetest.EnvVar) != "" {
		os.Exit(enginetest.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// simple returns the Spec of the simple engine in mode with args.
func simple(t *testing.T, args ...string) Spec {
	t.Helper()
	t.Setenv(enginetest.EnvVar, "1")
	return Spec{Argv: append([]string{os.Args[0]}, args...), Budget: protocol.Budget{Kind: protocol.MoveTime, N: 20},
		Margin: 300 * time.Millisecond, MoveTimeout: 5 * time.Second}
}

func arenaOptions(games int) arena.ArenaOptions {
	return arena.ArenaOptions{Run: runspec.Settings{Games: int64(games), Seed: 7, RandomOpening: 2, Concurrency: 2}, Rules: rules.DefaultRules()}
}

// TestMatchBetweenTwoProcesses: two external processes play a whole match;
// every game ends by the rules, and the random mover's seeded games repeat.
func TestMatchBetweenTwoProcesses(t *testing.T) {
	play := func() (*arena.ArenaResult, map[int][2]arena.GameRecord) {
		opt := arenaOptions(6)
		recs := map[int][2]arena.GameRecord{}
		opt.OnPair = func(k int, g [2]arena.GameRecord) error { recs[k] = g; return nil }
		res, err := arena.Arena(context.Background(), Player(simple(t, enginetest.Random)), Player(simple(t, enginetest.First)), opt)
		if err != nil {
			t.Fatal(err)
		}
		return res, recs
	}
	res, recs := play()
	if res.Games != 6 || len(recs) != 3 {
		t.Fatalf("%d games, %d pairs recorded", res.Games, len(recs))
	}
	for _, pair := range recs {
		for _, r := range pair {
			if r.Faulted() || r.Nodes[rules.Red] == 0 || r.Nodes[rules.Black] == 0 || r.Time[rules.Red] <= 0 {
				t.Errorf("game %d: fault %q, nodes %v, time %v: want a clean game with both sides' info counted", r.Game, r.Fault, r.Nodes, r.Time)
			}
		}
	}
	again, recs2 := play()
	for k := range recs {
		for j := range 2 {
			if !reflect.DeepEqual(recs[k][j].Moves, recs2[k][j].Moves) {
				t.Fatalf("pair %d game %d differs between two runs with the same seed: the engines are not seeded per game", k, j)
			}
		}
	}
	if again.WDL != res.WDL {
		t.Fatalf("same seed, different results: %+v vs %+v", res.WDL, again.WDL)
	}
}

// TestFaultsLoseTheGameAndTheMatchGoesOn: each kind of misbehaviour loses
// the game in which it happens, with its reason, and the engine's next game
// gets a fresh process.
func TestFaultsLoseTheGameAndTheMatchGoesOn(t *testing.T) {
	for _, tc := range []struct {
		mode, reason, detail string
	}{
		{enginetest.Slow, arena.FaultTimeout, "no bestmove within 320ms"},
		{enginetest.Illegal, arena.FaultIllegalMove, "no piece on"},
		{enginetest.Crash, arena.FaultCrash, "exit status 3"},
		{enginetest.Garbage, arena.FaultGarbage, "I think"},
		{enginetest.Refuse, arena.FaultRefused, "cannot search this position, in answer to go"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			opt := arenaOptions(4)
			var recs []arena.GameRecord
			opt.OnPair = func(_ int, g [2]arena.GameRecord) error { recs = append(recs, g[:]...); return nil }
			res, err := arena.Arena(context.Background(), Player(simple(t, enginetest.First)), Player(simple(t, tc.mode, "after=3")), opt)
			if err != nil {
				t.Fatal(err)
			}
			// after=3 counts over a process's life, and each game after a
			// fault gets a fresh process: B misbehaves in every game.
			if res.Games != 4 || res.Wins != 4 || res.Reasons[tc.reason] != 4 {
				t.Fatalf("%+v: want all 4 games won by A, B losing each by %s", res, tc.reason)
			}
			for _, r := range recs {
				if r.Faulted() && (r.Reason != tc.reason || !strings.Contains(r.Fault, tc.detail) || r.Faulty == r.APlayer() || r.Winner != game.WinFor(r.APlayer())) {
					t.Errorf("game %d: reason %q, fault %q, faulty %v, winner %v; want %s by B mentioning %q", r.Game, r.Reason, r.Fault, r.Faulty, r.Winner, tc.reason, tc.detail)
				}
			}
		})
	}
}

// TestCloseEndsTheProcess: Close leaves no engine process behind, and a
// setup failure (an option the engine refuses) is an error of the factory.
func TestCloseEndsTheProcess(t *testing.T) {
	p, err := Player(simple(t, enginetest.Random))()
	if err != nil {
		t.Fatal(err)
	}
	pr := p.(gamePlayer[rules.Rules, rules.Position, rules.Move]).p
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-pr.exited:
	default:
		t.Fatal("the engine process is still running after Close")
	}
	bad := simple(t, enginetest.Random)
	bad.Options = []Option{{"hash", "64"}}
	if _, err := Player(bad)(); err == nil || !strings.Contains(err.Error(), "unknown option") {
		t.Fatalf("refused option: %v, want the engine's error", err)
	}
	missing := Spec{Argv: []string{filepath.Join(t.TempDir(), "no-such-engine")}}
	if _, err := Player(missing)(); err == nil || !strings.Contains(err.Error(), "cannot start") {
		t.Fatalf("missing binary: %v", err)
	}
}

// TestInterruptEndsTheMatchAndItsEngines: cancelling a match during a move
// returns promptly with the context's error and closes every process.
func TestInterruptEndsTheMatchAndItsEngines(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	slow := simple(t, enginetest.Slow)
	slow.Budget = protocol.Budget{Kind: protocol.MoveTime, N: 1000} // answers after 10 s
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	start := time.Now()
	_, err := arena.Arena(ctx, Player(simple(t, enginetest.First)), Player(slow), arenaOptions(2))
	if err == nil || time.Since(start) > 5*time.Second {
		t.Fatalf("interrupted match: %v after %v", err, time.Since(start))
	}
}

func TestSplitCommandLine(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"surakarta engine --sims 100", []string{"surakarta", "engine", "--sims", "100"}},
		{`./my\ engine 'a b' "c \"d\" \$x" e''f`, []string{"./my engine", "a b", `c "d" $x`, "ef"}},
		{"  x\t y  ", []string{"x", "y"}},
		{`"" ''`, []string{"", ""}},
		{`a "b\n"`, []string{"a", `b\n`}},
	} {
		got, err := SplitCommandLine(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "   ", "a 'b", `a "b`, `a\`} {
		if _, err := SplitCommandLine(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzSplitCommandLine: never panics, and quoting the words back gives
// the same words.
func FuzzSplitCommandLine(f *testing.F) {
	for _, s := range []string{"a b", `'a b' "c\"d"`, `x\ y`, `"`, `\`, "''", "a\tb\nc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if words, err := SplitCommandLine(s); err == nil {
			testutil.RoundTrip(t, s, words, SplitCommandLine, JoinCommandLine, nil)
		}
	})
}

func TestLoadEnginesFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "engines.json")
	os.WriteFile(path, []byte(`{"mine": {"command": "./mine --fast 'x y'", "dir": "e", "options": {"b": "2", "a": "1"}, "go": "movetime 100"}}`), 0o644)
	m, err := LoadEnginesFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := m["mine"].Spec("mine", protocol.Budget{})
	want := Spec{Name: "mine", Argv: []string{"./mine", "--fast", "x y"}, Dir: "e", Options: []Option{{"a", "1"}, {"b", "2"}},
		Budget: protocol.Budget{Kind: protocol.MoveTime, N: 100}, Margin: DefaultMargin, MoveTimeout: DefaultMoveTimeout}
	if err != nil || !reflect.DeepEqual(s, want) {
		t.Fatalf("%+v, %v", s, err)
	}
	for _, bad := range []string{`[]`, `{"x": {"command": ""}}`, `{"x": {"command": "a", "go": "sims"}}`, `{"x": {"command": "a", "args": []}}`} {
		os.WriteFile(path, []byte(bad), 0o644)
		if _, err := LoadEnginesFile(path); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestEngineRunsInItsDirectory: a relative command is found in Dir, and the
// engine runs there (as engines files give them).
func TestEngineRunsInItsDirectory(t *testing.T) {
	s := simple(t, enginetest.First)
	dir := t.TempDir()
	script := "#!/bin/sh\nexec '" + s.Argv[0] + "' first\n"
	if err := os.WriteFile(filepath.Join(dir, "eng"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	s.Argv, s.Dir = []string{"./eng"}, dir
	name, err := Identify(s)
	if err != nil || name != "simple-first" {
		t.Fatalf("engine ./eng in %s: %q, %v", dir, name, err)
	}
}
