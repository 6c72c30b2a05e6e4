//go:build unix && !linux

package external

import (
	"os/exec"
	"syscall"
)

// dieWithParent does nothing where the kernel has no parent-death signal:
// there the watchdog (watchGroup) ends the engines of a match that died.
func dieWithParent(*syscall.SysProcAttr) {}

// watchGroup starts the engine's watchdog: the fallback for the missing
// parent-death signal.
func watchGroup(cmd *exec.Cmd) (stop func()) { return watchdog(cmd) }
