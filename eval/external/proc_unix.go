//go:build unix

package external

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the engine in a process group of its own, so that a
// terminal's Ctrl-C reaches the match alone (which then ends its engines in
// order) and killGroup also ends what the engine started (a wrapper
// script's children); where the system can, the engine process is also
// killed the moment the match dies without ending it (kill -9:
// dieWithParent).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
}

// watchGroup starts the engine's watchdog (watchdog), which ends the
// engine's whole group, whatever signals its processes ignore, when the
// match dies without ending it: the parent-death signal reaches the
// engine process alone, and what it started would outlive it.
func watchGroup(cmd *exec.Cmd) (stop func()) { return watchdog(cmd) }

// killGroup kills the engine's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
