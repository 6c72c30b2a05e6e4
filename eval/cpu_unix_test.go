//go:build unix

package eval_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user + system) the process has used: on a
// shared machine it measures work where wall-clock time measures the load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
