//go:build !unix

package selfplay

import "time"

// cpuTime is unavailable here; benchmarks then report no CPU figure.
func cpuTime() time.Duration { return 0 }
