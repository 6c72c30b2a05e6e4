//go:build !unix

package eval_test

import "time"

// cpuTime is unavailable here; benchmarks then report no CPU figure.
func cpuTime() time.Duration { return 0 }
