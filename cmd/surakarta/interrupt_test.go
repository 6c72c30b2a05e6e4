package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta/surakarta/internal/testing/testutil"
)

// TestCtrlCExits130Promptly: Ctrl-C (SIGINT) ends each long command
// within seconds with status 130, as README promises and shells expect,
// and with the command's own word on what it kept, never Go's "context
// canceled". selfplay, pipeline and train exited 1; perft --depth 9 ran on
// for 90 s; match and analyze ended on "context canceled"; experiment run
// said "run the same command again", which without --resume is refused.
func TestCtrlCExits130Promptly(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"selfplay", []string{"selfplay", "--games", "400", "--sims", "50", "--out", "OUT"}, "Run the same command with --resume"},
		{"pipeline", []string{"pipeline", "--out", "OUT"}, "run the same command with --resume"},
		{"train", []string{"train", "--out", "OUT"}, "run the same command with --resume"},
		{"perft", []string{"perft", "--depth", "9", "--quiet"}, "perft --depth 9 interrupted after 0 of 16 root moves"},
		{"match", []string{"match", "--a", "sims=400", "--games", "100", "--out", "OUT"}, " games completed in order\nthe same command with --resume continues it\nsurakarta: match interrupted\n"},
		{"tournament", []string{"tournament", "--engine", "sims=400", "--engine", "sims=200", "--games", "100", "--out", "OUT"}, "\nthe same command with --resume continues it\nsurakarta: tournament interrupted\n"},
		{"perft alquerque", []string{"perft", "--game", "alquerque", "--depth", "16"}, "perft --game alquerque --depth 16 interrupted"},
		{"tablebase", []string{"tablebase", "build", "--pieces", "5", "--out", "OUT", "--quiet"}, "tablebase build interrupted: the "},
		{"analyze", []string{"analyze", "--sims", "100000000", "--quiet"}, "surakarta: search interrupted after "},
		{"experiment", []string{"experiment", "run", "../../experiments/specs/variants.yaml", "--out", "OUT"}, "interrupted: its finished games are kept; run the same command with --resume to continue"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "OUT", out)
			}
			t.Setenv(childEnv, "1")
			cmd := exec.Command(os.Args[0], args...)
			var stderr testutil.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(1500 * time.Millisecond) // past the signal handler's set-up
			cpuAtSignal, cpuKnown := processCPU(cmd.Process.Pid)
			cmd.Process.Signal(os.Interrupt)
			sent := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 10 s after SIGINT; stderr:\n%s", stderr.String())
			}
			took := time.Since(sent)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
				t.Errorf("exit %v after SIGINT, want status %d", err, exitInterrupted)
			}
			// Late by the wall clock is a fault only when the command also
			// worked on after the signal: on a loaded machine (several test
			// binaries on two cores) a prompt command can wait seconds for a
			// core, and the 10 s bound above still catches one that ignores
			// the signal.
			if took > 3*time.Second {
				after := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime() - cpuAtSignal
				if !cpuKnown || after > time.Second {
					t.Errorf("exited %v after SIGINT (%v of CPU after it), want within about a second", took, after)
				}
			}
			if msg := stderr.String(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "context canceled") {
				t.Errorf("stderr lacks %q (or speaks of context canceled):\n%s", tc.want, msg)
			}
		})
	}
}

// processCPU is the CPU time (user and system, all threads) process pid has
// used so far, read from /proc/PID/stat; false where there is no /proc.
func processCPU(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// The command name (field 2) is in parentheses and may hold spaces:
	// the fields after it start at the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, false
	}
	// utime and stime are fields 14 and 15 of stat(5), in clock ticks of
	// USER_HZ, which is 100 on every Linux Go supports.
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * (time.Second / 100), true
}

// TestASecondCtrlCEndsACommandSlowToStop: after the first Ctrl-C the
// signal's default action is back, so a second ends at once a command that
// does not stop for the first (tablebase build, which runs its balances to
// the end, once went on for the whole build whatever was pressed).
func TestASecondCtrlCEndsACommandSlowToStop(t *testing.T) {
	t.Setenv(childEnv, "1")
	cmd := exec.Command(os.Args[0], "tablebase", "build", "--pieces", "5", "--out", filepath.Join(t.TempDir(), "tb"), "--quiet")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(1500 * time.Millisecond) // past the signal handler's set-up
	cmd.Process.Signal(os.Interrupt)
	select {
	case err := <-done: // the build stopped for the first: as good
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitInterrupted {
			t.Errorf("stopped by the first Ctrl-C with %v, want status %d", err, exitInterrupted)
		}
		return
	case <-time.After(time.Second):
	}
	cmd.Process.Signal(os.Interrupt)
	sent := time.Now()
	select {
	case err := <-done:
		var exit *exec.ExitError
		took := time.Since(sent)
		// On a loaded machine the stop the first Ctrl-C began may end
		// (status 130) just as the second arrives: as good, when it comes
		// at once. A command that ignored both would run on for its build.
		stoppedForFirst := errors.As(err, &exit) && exit.ExitCode() == exitInterrupted && took <= time.Second
		if !stoppedForFirst && (!errors.As(err, &exit) || exit.ExitCode() != -1 || !strings.Contains(err.Error(), "interrupt")) {
			t.Errorf("after the second Ctrl-C: %v, want the process ended by SIGINT", err)
		}
		if took > time.Second {
			t.Errorf("ended %v after the second Ctrl-C, want at once", took)
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("still running 10 s after a second Ctrl-C")
	}
}

// TestProcessCPUCountsWork: the CPU reading that excuses a late exit on a
// loaded machine must see work done; a reading stuck at zero would excuse
// a command that goes on computing after Ctrl-C. The test spins until the
// reading has moved by 50 ms, for up to 20 s of wall time: on a loaded
// machine it may get a tenth of a core, and a stuck reading still fails.
func TestProcessCPUCountsWork(t *testing.T) {
	before, ok := processCPU(os.Getpid())
	if !ok {
		t.Skip("no /proc on this system")
	}
	const want, patience = 50 * time.Millisecond, 20 * time.Second
	x := uint64(1)
	after := before
	for start := time.Now(); after-before < want && time.Since(start) < patience; {
		for range 1 << 16 {
			x = x*6364136223846793005 + 1442695040888963407
		}
		after, _ = processCPU(os.Getpid())
	}
	if after-before < want || x == 0 {
		t.Errorf("CPU went from %v to %v over %v of spinning, want at least %v more", before, after, patience, want)
	}
}
