package experiments

import (
	"fmt"
	"os"
	"strconv"
)

// ExtendSpec is a ladder's stopping rule: experiment run plays the named
// ladder, and while its top step does not agree (both figures' paired
// changes shown within ±convergence_margin by equivalence tests) it adds
// a rung at twice the top rung's simulations, until the steps agree or
// the next rung would exceed the budget MaxSims. The added rungs are arms
// named extend-simsN, the top rung's settings with N simulations, played
// from the same openings; the spec itself is unchanged, so the run is
// reproducible and resumable.
type ExtendSpec struct {
	// MaxSims is the budget: the most simulations a rung may have.
	MaxSims int `yaml:"max_sims" json:"max_sims"`
}

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

// extendPrefix starts the names of the rungs a stopping rule adds.
const extendPrefix = "extend-sims"

func (s *Spec) validateExtend() error {
	if s.Extend == nil {
		return nil
	}
	if len(s.Ladder) < 2 {
		return fmt.Errorf("extend: name the ladder to extend (ladder: [weakest, ..., strongest])")
	}
	top := s.armIndex(s.Ladder[len(s.Ladder)-1])
	sims := s.ArmEngine(top).sims()
	if s.Extend.MaxSims < sims || s.Extend.MaxSims > MaxSpecSims {
		return fmt.Errorf("extend: max_sims %d: want at least the top rung's %d simulations and at most %d", s.Extend.MaxSims, sims, MaxSpecSims)
	}
	for _, a := range s.Arms {
		if len(a.Name) > len(extendPrefix) && a.Name[:len(extendPrefix)] == extendPrefix {
			return fmt.Errorf("arm %q: names starting %s are the stopping rule's", a.Name, extendPrefix)
		}
	}
	return nil
}

func (s *Spec) armIndex(name string) int {
	for i, a := range s.Arms {
		if a.Name == name {
			return i
		}
	}
	return -1
}

// withExtension returns the spec with its stopping rule's first n rungs
// added: arms extend-simsN at twice, four times, ... the top rung's
// simulations, appended to the ladder (and to compare, each against the
// rung below, when the spec lists comparisons).
func (s *Spec) withExtension(n int) (*Spec, error) {
	if s.Extend == nil || n == 0 {
		return s, nil
	}
	x := *s
	x.Arms = append([]ArmSpec(nil), s.Arms...)
	x.Ladder = append([]string(nil), s.Ladder...)
	x.Compare = append([][2]string(nil), s.Compare...)
	top := s.armIndex(s.Ladder[len(s.Ladder)-1])
	base := s.ArmEngine(top).sims()
	prev := s.Arms[top].Name
	for i := 1; i <= n; i++ {
		a := s.Arms[top]
		a.Name = fmt.Sprintf("%s%d", extendPrefix, base<<i)
		e, err := a.Engine.With("sims", strconv.Itoa(base<<i))
		if err != nil {
			return nil, err
		}
		a.Engine = e
		x.Arms = append(x.Arms, a)
		x.Ladder = append(x.Ladder, a.Name)
		if len(s.Compare) > 0 {
			x.Compare = append(x.Compare, [2]string{prev, a.Name})
		}
		prev = a.Name
	}
	return &x, nil
}

// extensionOnDisk counts the stopping rule's rungs experiment directory
// out holds, in order.
func (s *Spec) extensionOnDisk(out string) int {
	if s.Extend == nil {
		return 0
	}
	top := s.armIndex(s.Ladder[len(s.Ladder)-1])
	base := s.ArmEngine(top).sims()
	n := 0
	for base<<(n+1) <= s.Extend.MaxSims {
		if _, err := os.Stat(ArmDir(out, fmt.Sprintf("%s%d", extendPrefix, base<<(n+1)))); err != nil {
			break
		}
		n++
	}
	return n
}

// stopping returns the verdict of the spec's stopping rule on ladder l
// (the spec's named ladder).
func (s *Spec) stopping(l *Ladder) *Stopping {
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
