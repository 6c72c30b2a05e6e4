package external

import "syscall"

// dieWithParent asks the kernel to kill the engine when the match dies
// (prctl PR_SET_PDEATHSIG), at once and without a shell, so that an engine
// that ignores the end of its input does not outlive a match killed with
// kill -9. The signal reaches the engine process itself, not what it
// started (the watchdog ends those); it is sent when the OS thread that
// started the engine exits, which for a Go program is the process's end
// (the runtime ends threads only for goroutines that exit locked to one,
// which this package never does).
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
