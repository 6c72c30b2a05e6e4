package report

import (
	"fmt"
	"github.com/surakarta/surakarta/experiments/spec"
	"strconv"
)

// Stopping is a ladder's stopping-rule verdict.
type Stopping struct {
	// Converged: the top step agrees. BudgetSpent: it does not, and the
	// next rung would exceed the budget. Neither: the next rung (NextSims)
	// is still to be played.
	Converged   bool   `json:"converged"`
	BudgetSpent bool   `json:"budget_spent"`
	MaxSims     int    `json:"max_sims"`
	NextSims    int    `json:"next_sims,omitempty"`
	Verdict     string `json:"verdict"`
}

// stopping returns the verdict of the spec's stopping rule on ladder l
// (the spec's named ladder).
func stopping(s *spec.Spec, l *Ladder) *Stopping {
	if s.Extend == nil || len(l.Steps) == 0 || len(l.Points) == 0 {
		return nil
	}
	st := &Stopping{MaxSims: s.Extend.MaxSims}
	top := l.Steps[len(l.Steps)-1]
	sims := l.Points[len(l.Points)-1].Sims
	switch {
	case top.Agrees:
		st.Converged = true
		st.Verdict = fmt.Sprintf("converged: %s and %s agree within ±%s points on the first-player advantage and the draw rate", top.From, top.To, fmtMargin(l.Margin))
	case 2*sims > s.Extend.MaxSims:
		st.BudgetSpent = true
		st.Verdict = fmt.Sprintf("budget spent: %s and %s are not shown to agree within ±%s points, and a rung at %d simulations would exceed max_sims %d", top.From, top.To, fmtMargin(l.Margin), 2*sims, s.Extend.MaxSims)
	default:
		st.NextSims = 2 * sims
		st.Verdict = fmt.Sprintf("not settled: %s and %s are not shown to agree within ±%s points; the next rung, %d simulations, is not played yet (experiment run plays it)", top.From, top.To, fmtMargin(l.Margin), 2*sims)
	}
	return st
}

func fmtMargin(m float64) string { return strconv.FormatFloat(100*m, 'f', -1, 64) }
