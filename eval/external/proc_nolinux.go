//go:build unix && !linux

package external

import "syscall"

// dieWithParent does nothing where the kernel has no parent-death signal:
// there the watchdog (watchGroup) alone ends the engines of a match that
// died.
func dieWithParent(*syscall.SysProcAttr) {}
