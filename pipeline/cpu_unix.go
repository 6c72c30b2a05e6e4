//go:build unix

package pipeline

import "syscall"

// cpuSeconds returns the CPU time (user + system) the process has used,
// in seconds: on a shared machine it measures the work where wall-clock
// time measures the load; 0 where the system does not say.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}
