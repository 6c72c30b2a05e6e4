package stats

import (
	"math"
	"testing"
)

// TestEloTextWritesOneForm: an even score is "+0.0", never "-0.0" or
// "+0"; a shut-out is ±inf, never a sentinel number.
func TestEloTextWritesOneForm(t *testing.T) {
	for x, want := range map[float64]string{0: "+0.0", math.Copysign(0, -1): "+0.0", 12.34: "+12.3", -7: "-7.0",
		math.Inf(1): "+inf", math.Inf(-1): "-inf", math.NaN(): "n/a"} {
		if got := EloText(x); got != want {
			t.Errorf("EloText(%v) = %q, want %q", x, got, want)
		}
	}
}
