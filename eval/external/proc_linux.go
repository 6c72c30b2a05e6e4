package external

import (
	"os/exec"
	"syscall"
)

// dieWithParent asks the kernel to kill the engine when the match dies
// (prctl PR_SET_PDEATHSIG), so that an engine that ignores the end of its
// input does not outlive a match killed with kill -9. The signal reaches
// the engine process itself, not what it started; it is sent when the OS
// thread that started the engine exits, which for a Go program is the
// process's end (the runtime ends threads only for goroutines that exit
// locked to one, which this package never does).
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }

// watchGroup needs no watchdog where the kernel kills the engine.
func watchGroup(*exec.Cmd) (stop func()) { return func() {} }
