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
// engine (kill -9), the pipe ends, as the engines' input does; the shell
// gives the group the grace an engine gets after quit (quitGrace) and then
// kills it with SIGKILL, which no process can ignore: the engine, what it
// started in its group and the shell itself. stop closes the match's end
// (after killGroup, when the watchdog is gone with the group); without
// /bin/sh there is no watchdog and stop does nothing.
func watchdog(cmd *exec.Cmd) (stop func()) {
	r, w, err := os.Pipe()
	if err != nil {
		return func() {}
	}
	pgid := cmd.Process.Pid
	grace := strconv.FormatFloat(quitGrace.Seconds(), 'f', -1, 64)
	wd := exec.Command("/bin/sh", "-c", `trap '' HUP TERM INT; read _; sleep "$2"; kill -9 -"$1"`, "watchdog", strconv.Itoa(pgid), grace)
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
