package experiments

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/words"
)

// SpecCheck is a validated spec as experiment check prints it: the spec's
// settings, its arms resolved and the pairs of arms it compares (by
// name); its JSON is experiment check --json's object.
type SpecCheck struct {
	Name          string      `json:"name"`
	Games         int64       `json:"games"`
	Seed          uint64      `json:"seed"`
	RandomOpening int         `json:"random_opening"`
	Pairing       string      `json:"pairing"`
	Arms          []ArmCheck  `json:"arms"`
	Comparisons   [][2]string `json:"comparisons"`

	spec *spec.Spec
}

// ArmCheck is one arm of a SpecCheck.
type ArmCheck struct {
	Name      string `json:"name"`
	Variant   string `json:"variant"`
	Rules     string `json:"rules"`
	Sims      int    `json:"sims"`
	Evaluator string `json:"evaluator"`
	Seed      uint64 `json:"seed"`
}

// CheckSpec reads and validates the spec at path and resolves its arms,
// failing on what Run would fail on before its first game: engine
// settings out of range, an evaluator or endgame tables that do not open.
func CheckSpec(path string) (*SpecCheck, error) {
	s, err := spec.Read(path)
	if err != nil {
		return nil, err
	}
	if err := s.CheckRunSettings(); err != nil {
		return nil, err
	}
	if err := checkArms(s, filepath.Dir(path)); err != nil {
		return nil, err
	}
	c := &SpecCheck{Name: s.Name, Games: s.Games, Seed: s.Seed, RandomOpening: s.RandomOpening, Pairing: s.Pairing,
		Arms: make([]ArmCheck, len(s.Arms)), Comparisons: [][2]string{}, spec: s}
	for i, a := range s.Arms {
		r, err := s.ArmRules(i)
		if err != nil {
			return nil, fmt.Errorf("arm %s: %w", a.Name, err)
		}
		e := s.ArmEngine(i).Apply(spec.StudyEngine())
		c.Arms[i] = ArmCheck{Name: a.Name, Variant: r.Variant.String(), Rules: r.String(), Sims: e.Sims, Evaluator: e.Evaluator, Seed: s.ArmSeed(i)}
	}
	for _, p := range s.Comparisons() {
		c.Comparisons = append(c.Comparisons, [2]string{s.Arms[p[0]].Name, s.Arms[p[1]].Name})
	}
	return c, nil
}

// WriteText prints the check as experiment check does: the spec, an arm a
// line, then the comparisons.
func (c *SpecCheck) WriteText(w io.Writer) {
	s := c.spec
	proc := "random"
	if s.Opening != "" {
		proc = s.Opening
	}
	fmt.Fprintf(w, "experiment %s: %s of %s, seed %d, %s (%s), pairing %s\n",
		s.Name, words.Count(int64(len(s.Arms)), "arm"), words.Count(s.Games, "game"), s.Seed, words.Count(int64(s.RandomOpening), "opening ply"), proc, s.Pairing)
	for i, a := range c.Arms {
		fmt.Fprintf(w, "  %-16s rules %s, %d sims, evaluator %s, seed %d, %s\n", a.Name, a.Rules, a.Sims, a.Evaluator, a.Seed, words.Count(int64(s.ArmOpening(i)), "opening ply"))
	}
	for _, p := range c.Comparisons {
		fmt.Fprintf(w, "  compare %s → %s (changes are %s − %s)\n", p[0], p[1], p[1], p[0])
	}
}

// checkArms checks every arm as its self-play would before its first game
// (ArmRun.Check), evaluator paths resolved in specDir as experiment run
// resolves them: experiment check and experiment run refuse a spec whole,
// before any game of any arm.
func checkArms(s *spec.Spec, specDir string) error {
	runs, err := ArmRuns(s, ".", specDir)
	if err != nil {
		return err
	}
	for _, a := range runs {
		if err := a.Check(); err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
	}
	return nil
}
