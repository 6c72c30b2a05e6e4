package spec

import (
	"fmt"
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

// extendPrefix starts the names of the rungs a stopping rule adds.
const ExtendPrefix = "extend-sims"

func (s *Spec) validateExtend() error {
	if s.Extend == nil {
		return nil
	}
	if len(s.Ladder) < 2 {
		return fmt.Errorf("extend: name the ladder to extend (ladder: [weakest, ..., strongest])")
	}
	top := s.ArmIndex(s.Ladder[len(s.Ladder)-1])
	sims := s.ArmEngine(top).Sims()
	if s.Extend.MaxSims < sims || s.Extend.MaxSims > MaxSpecSims {
		return fmt.Errorf("extend: max_sims %d: want at least the top rung's %d simulations and at most %d", s.Extend.MaxSims, sims, MaxSpecSims)
	}
	for _, a := range s.Arms {
		if len(a.Name) > len(ExtendPrefix) && a.Name[:len(ExtendPrefix)] == ExtendPrefix {
			return fmt.Errorf("arm %q: names starting %s are the stopping rule's", a.Name, ExtendPrefix)
		}
	}
	return nil
}

func (s *Spec) ArmIndex(name string) int {
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
func (s *Spec) WithExtension(n int) (*Spec, error) {
	if s.Extend == nil || n == 0 {
		return s, nil
	}
	x := *s
	x.Arms = append([]ArmSpec(nil), s.Arms...)
	x.Ladder = append([]string(nil), s.Ladder...)
	x.Compare = append([][2]string(nil), s.Compare...)
	top := s.ArmIndex(s.Ladder[len(s.Ladder)-1])
	base := s.ArmEngine(top).Sims()
	prev := s.Arms[top].Name
	for i := 1; i <= n; i++ {
		a := s.Arms[top]
		a.Name = fmt.Sprintf("%s%d", ExtendPrefix, base<<i)
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
