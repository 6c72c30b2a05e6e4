//go:build unix

package external

import (
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// watchdog starts, in the engine's process group, a shell that waits on a
// pipe only the match holds open: when the match dies without ending the
// engine (kill -9), the pipe ends and the shell kills the group, the
// engine, what it started and itself. It is the fallback where the kernel
// has no parent-death signal (dieWithParent). stop closes the match's end
// (after killGroup, when the watchdog is gone with the group); without
// /bin/sh there is no watchdog and stop does nothing.
func watchdog(cmd *exec.Cmd) (stop func()) {
	r, w, err := os.Pipe()
	if err != nil {
		return func() {}
	}
	pgid := cmd.Process.Pid
	wd := exec.Command("/bin/sh", "-c", `read _; kill -9 -"$1"`, "watchdog", strconv.Itoa(pgid))
	wd.Stdin = r
	wd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pgid: pgid}
	err = wd.Start()
	r.Close()
	if err != nil {
		w.Close()
		return func() {}
	}
	go wd.Wait()
	return func() { w.Close() }
}
