//go:build !linux

package train

import "time"

// threadCPU has no per-thread CPU clock here: the calibration times by
// the wall clock (false).
func threadCPU() (time.Duration, bool) { return 0, false }
