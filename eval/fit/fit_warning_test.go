package fit

import (
	"github.com/surakarta/surakarta/eval"
	"strings"
	"testing"
)

// TestFitWorseThanBaselineWarns: a held-out log-loss above the material
// baseline's (issue 24: 0.7254 against 0.6940 after 150 games, weights that
// then lost 0-20 to material) gives a warning naming both figures; an
// equal or better one none.
func TestFitWorseThanBaselineWarns(t *testing.T) {
	r := eval.Report{Holdout: eval.HoldoutReport{Counts: eval.Counts{Games: 30}, LogLoss: 0.7254, BaselineLogLoss: 0.6940}}
	w := r.WorseThanBaseline()
	if !strings.Contains(w, "0.7254 is worse than the material-only baseline's 0.6940") {
		t.Errorf("warning %q", w)
	}
	for _, ll := range []float64{0.6940, 0.6084} {
		r.Holdout.LogLoss = ll
		if w := r.WorseThanBaseline(); w != "" {
			t.Errorf("log-loss %v against 0.6940: warning %q, want none", ll, w)
		}
	}
}
