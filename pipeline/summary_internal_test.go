package pipeline

import (
	"testing"

	"github.com/surakarta/surakarta/experiments"
)

// TestSummaryIntervalsKeepTheSignOfTheirBounds: the summary writes changes
// with stats.PointsText, as the report does, so a bound just below zero
// (issue 24: report.json's [−0.00048, +0.00148]) is not printed "+0.0" as
// if the interval excluded 0.
func TestSummaryIntervalsKeepTheSignOfTheirBounds(t *testing.T) {
	e := experiments.Estimate{Value: 0.001, CI: [2]float64{-0.00048, 0.00148}}
	if got, want := pts(e), "+0.1 [-0.048, +0.1]"; got != want {
		t.Errorf("pts(%+v) = %q, want %q", e, got, want)
	}
}
