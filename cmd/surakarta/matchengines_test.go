package main

import (
	"encoding/json"
	"github.com/surakarta/surakarta/eval/match"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMatchStartsEachEngineOnce: the process match starts to check an
// engine before the games is the one that plays them: one identify per
// worker, not one more for the check.
func TestMatchStartsEachEngineOnce(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "engines.log")
	if _, _, err := run(t, "", "match", "--a", "engine:"+childCommand(t, "simple first"), "--b", "engine:"+childCommand(t, "simple random"),
		"--games", "4", "--concurrency", "1", "--log", logPath, "--quiet"); err != nil {
		t.Fatal(err)
	}
	log, _ := os.ReadFile(logPath)
	for _, side := range []string{"a", "b"} {
		if n := len(regexp.MustCompile(`(?m) `+side+`\[\d+\] > identify$`).FindAll(log, -1)); n != 1 {
			t.Errorf("side %s was sent identify %d times on one worker, want once:\n%.3000s", side, n, log)
		}
	}
}

// TestMatchRefusesAnEngineThatFailsBeforeTheFirstGame: an engine that
// exits, hangs on identify or answers with a line over the limit stops the
// match before it begins, with the start-up rule and what to try, and
// nothing is recorded.
func TestMatchRefusesAnEngineThatFailsBeforeTheFirstGame(t *testing.T) {
	for _, tc := range []struct{ mode, want string }{
		{"exit", "crash: the engine closed its output (exit status 4); stderr ends: enginetest: exiting at once as asked"},
		{"mute", "timeout: no answer within 5s"},
		{"huge", "garbage: a line longer than 1048576 bytes"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "m")
			_, _, err := run(t, "", "match", "--a", "sims=4", "--b", "engine:"+childCommand(t, "simple "+tc.mode), "--games", "2", "--out", out, "--quiet")
			if err == nil {
				t.Fatal("the match began")
			}
			for _, want := range []string{"--b: engine engine:", "failed before the first game, so the match cannot begin", tc.want, "printf 'identify\\nquit\\n' | "} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q lacks %q", err, want)
				}
			}
			if _, serr := os.Stat(out); serr == nil {
				t.Errorf("a refused match left %s behind", out)
			}
		})
	}
}

// TestMatchRefusesWhatTheEngineSaysItCannotDo: an engine that lists its
// budgets and rules (id budgets, id rules) is refused up front for a
// budget or a rule it lacks, with what it lists; one that lists what the
// match needs, or lists nothing, plays.
func TestMatchRefusesWhatTheEngineSaysItCannotDo(t *testing.T) {
	side := func(args string) string { return "engine:" + childCommand(t, "simple first "+args) }
	for _, tc := range []struct {
		args, goB, want string
	}{
		{"budgets=sims,nodes", "movetime 50", "it takes go budgets sims, nodes (id budgets), not go movetime 50: give the side a budget (--go, --go-b)"},
		{"rules=variant,repetition=0", "", "it plays repetition=0 only (id rules), not the repetition=3 of these rules"},
		{"rules=variant=majority", "", "it plays variant=majority only (id rules), not the variant=standard"},
		{"budgets=frob", "", `"id budgets frob" in answer to identify: id budgets: unknown budget "frob"`},
	} {
		args := []string{"match", "--a", "sims=4", "--b", side(tc.args), "--games", "2", "--quiet"}
		if tc.goB != "" {
			args = append(args, "--go-b", tc.goB)
		}
		if _, _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s with --go-b %q: %v, want %q", tc.args, tc.goB, err, tc.want)
		}
	}
	for _, tc := range []struct{ args, goB string }{
		{"budgets=sims,movetime rules=variant=standard|majority,no-capture-limit,repetition,no-moves=loss", "movetime 20"},
		{"", "movetime 20"}, // lists nothing: tried
	} {
		if _, _, err := run(t, "", "match", "--a", "sims=4", "--b", side(tc.args), "--go-b", tc.goB, "--games", "2", "--quiet"); err != nil {
			t.Errorf("%q: %v, want a match", tc.args, err)
		}
	}
}

// TestMatchBudgetsOfBuiltinSides: --go reaches built-in sides too (sims N
// as their sims, movetime MS as a clock), --go-a and --go-b set one side's,
// a CONFIG with sims as well is refused, and the budget is in the match's
// settings.
func TestMatchBudgetsOfBuiltinSides(t *testing.T) {
	out, _, err := run(t, "", "match", "--a", "leaf=value", "--b", "leaf=value", "--go", "movetime 40", "--go-b", "sims 7",
		"--games", "2", "--random-opening", "2", "--json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		A, B    string
		AEngine map[string]any `json:"a_engine"`
		BEng    map[string]any `json:"b_engine"`
		Costs   match.Costs    `json:"costs"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if m.A != "leaf=value go movetime 40" || m.AEngine["go"] != "movetime 40" || m.AEngine["sims"] != nil {
		t.Errorf("A %q, a_engine %v: want the movetime budget recorded in place of sims", m.A, m.AEngine)
	}
	if m.B != "leaf=value go sims 7" || m.BEng["sims"] != 7.0 || m.BEng["go"] != nil {
		t.Errorf("B %q, b_engine %v: want --go-b's sims", m.B, m.BEng)
	}
	// A's moves take their 40 ms (bar the last few, proven at once), B's
	// are 7 simulations each or fewer.
	if perMove := float64(m.Costs.A.TimeMS) / float64(m.Costs.A.Moves); perMove < 25 {
		t.Errorf("A spent %.1f ms a move under movetime 40", perMove)
	}
	if perMove := float64(m.Costs.B.Nodes) / float64(m.Costs.B.Moves); perMove > 7 || perMove < 1 {
		t.Errorf("B ran %.1f simulations a move under sims 7", perMove)
	}
	if _, _, err := run(t, "", "match", "--a", "sims=100", "--go", "sims 50", "--games", "2"); err == nil ||
		!strings.Contains(err.Error(), `--a: "sims=100" sets sims and --go "sims 50" sets the budget too`) {
		t.Errorf("two budgets for A: %v", err)
	}
	if _, _, err := run(t, "", "match", "--go-b", "movetime x", "--games", "2"); err == nil || !strings.Contains(err.Error(), "--go-b: budget") {
		t.Errorf("bad --go-b: %v", err)
	}
}

// TestEnginesDieWithAKilledMatch: an engine that ignores the end of its
// input (and quit) does not outlive a match killed with kill -9.
func TestEnginesDieWithAKilledMatch(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the parent-death signal is Linux's; looks for processes in /proc")
	}
	marker := "marker=" + strconv.Itoa(800000000+os.Getpid())
	cmd := exec.Command(os.Args[0], "match", "--a", "engine:"+childCommand(t, "simple deaf "+marker), "--b", "sims=50",
		"--games", "200", "--concurrency", "2", "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The match's own command line holds the marker too: the match and an
	// engine per worker.
	killMatchAndCheckNoneLeft(t, cmd, marker, 3, "the match and an engine per worker", "engine processes")
}

// TestAKilledMatchLeavesNoneOfTheEnginesGroup: what an engine starts in
// its own process group goes with a match killed with kill -9, even a
// child that ignores SIGTERM and SIGHUP (the parent-death signal reaches
// the engine process alone; docs/PROTOCOL.md promises the group).
func TestAKilledMatchLeavesNoneOfTheEnginesGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("looks for processes in /proc")
	}
	marker := "marker=" + strconv.Itoa(810000000+os.Getpid())
	script := filepath.Join(t.TempDir(), "engine.sh")
	body := "trap '' TERM HUP\n" +
		"sh -c 'while :; do sleep 1; done' child-" + marker + " &\n" +
		"exec " + childCommand(t, "simple random "+marker) + "\n"
	if err := os.WriteFile(script, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "match", "--a", "engine:sh "+script, "--b", "sims=50",
		"--games", "200", "--concurrency", "1", "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The engine and its child hold the marker.
	killMatchAndCheckNoneLeft(t, cmd, marker, 2, "the engine and its child", "processes of the engine's group")
}

// killMatchAndCheckNoneLeft waits for the started match cmd to have want
// processes holding marker (what they are, for the failure), kills the
// match with SIGKILL, and fails unless every process holding marker is
// gone within 5 s (killing and naming those left, as what).
func killMatchAndCheckNoneLeft(t *testing.T, cmd *exec.Cmd, marker string, want int, running, what string) {
	t.Helper()
	if n := waitForProcesses(t, marker, want); n < want {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("%d processes running, want %s", n, running)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	var left []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if left = processesWith(t, marker); len(left) == 0 {
			return
		}
	}
	for _, pid := range left {
		if n, err := strconv.Atoi(pid); err == nil {
			syscall.Kill(n, syscall.SIGKILL)
		}
	}
	t.Fatalf("%s %v outlived the killed match", what, left)
}

// waitForProcesses waits up to 30 s for n processes whose command line
// holds marker, seen in three polls in a row (a process forking, the match
// starting a watchdog, briefly shows its parent's command line), and
// returns how many it last saw.
func waitForProcesses(t *testing.T, marker string, n int) int {
	t.Helper()
	seen, inARow := 0, 0
	for deadline := time.Now().Add(30 * time.Second); inARow < 3 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if seen = len(processesWith(t, marker)); seen >= n {
			inARow++
		} else {
			inARow = 0
		}
	}
	return seen
}
