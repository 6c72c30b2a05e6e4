//go:build unix && !linux

package external

import "syscall"

// dieWithParent does nothing where the kernel has no parent-death signal:
// there an engine must exit at the end of its input (docs/PROTOCOL.md),
// which a match killed with kill -9 still gives it.
func dieWithParent(*syscall.SysProcAttr) {}
