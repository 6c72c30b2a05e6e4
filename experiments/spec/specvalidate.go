package spec

import (
	"errors"
	"fmt"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Validate checks every setting and names the first one out of range.
func (s *Spec) Validate() error {
	switch {
	case s.SpecGames < 0 || s.SpecGames > MaxSpecGames:
		return fmt.Errorf("spec_games %d: want 0 (no override) or 1..%d", s.SpecGames, MaxSpecGames)
	case !nameRE.MatchString(s.Name):
		return fmt.Errorf("spec name %q: want 1-64 letters, digits, '.', '-' or '_'", s.Name)
	case s.Games < 1 || s.Games > MaxSpecGames:
		return fmt.Errorf("games %d: want 1..%d games per arm", s.Games, MaxSpecGames)
	case s.Concurrency < 0 || s.Concurrency > 4096:
		return fmt.Errorf("concurrency %d: want 0 (one per CPU) to 4096", s.Concurrency)
	case s.Workers < 0 || s.Workers > 4096:
		return fmt.Errorf("workers %d: want 0 (one per CPU) to 4096", s.Workers)
	case s.Players != PlayersIndependent && s.Players != PlayersShared:
		return fmt.Errorf("players %q: want %s (each colour its own searcher and tree, as two programs in a match) or %s (one searcher for both colours, as self-play data is made)", s.Players, PlayersIndependent, PlayersShared)
	case s.Pairing != PairOpenings && s.Pairing != PairNone:
		return fmt.Errorf("pairing %q: want openings (arms share random openings) or none", s.Pairing)
	case !(s.Confidence > 0 && s.Confidence < 1):
		return fmt.Errorf("confidence %v: want a fraction in (0, 1) such as 0.95", s.Confidence)
	case !(s.EquivalenceMargin > 0 && s.EquivalenceMargin < 0.5):
		return fmt.Errorf("equivalence margin of %v points (equivalence_margin %v): want more than 0 and below 50 points, such as equivalence_margin_points: 2", 100*s.EquivalenceMargin, s.EquivalenceMargin)
	case !(s.ConvergenceMargin > 0 && s.ConvergenceMargin < 0.5):
		return fmt.Errorf("convergence margin of %v points (convergence_margin %v): want more than 0 and below 50 points, such as convergence_margin_points: 1.5", 100*s.ConvergenceMargin, s.ConvergenceMargin)
	case len(s.Arms) == 0:
		return errors.New("arms: want at least one arm")
	case len(s.Arms) > 64:
		return fmt.Errorf("%d arms: want at most 64", len(s.Arms))
	}
	if err := s.validateOpenings(); err != nil {
		return err
	}
	names, err := s.validateArms()
	if err != nil {
		return err
	}
	return s.validateArmNames(names)
}

// validateOpenings checks the rules, the opening and each arm's random
// plies.
func (s *Spec) validateOpenings() error {
	if s.Game != "" && s.Game != dataset.DefaultGame && s.Game != eval.AlquerqueGame {
		return fmt.Errorf("game %q: want %s (the default) or %s", s.Game, dataset.DefaultGame, eval.AlquerqueGame)
	}
	if err := s.Rules.validate("rules"); err != nil {
		return err
	}
	if _, err := dataset.ParseOpening(s.Opening); err != nil {
		return err
	}
	for i := range s.Arms {
		where := "random_opening"
		if s.Arms[i].RandomOpening != nil {
			where = fmt.Sprintf("arm %q random_opening", s.Arms[i].Name)
		}
		if err := s.checkOpening(where, s.ArmOpening(i)); err != nil {
			return err
		}
		if s.ArmOpening(i) != s.ArmOpening(0) && s.Pairing == PairOpenings {
			return fmt.Errorf("arms %q and %q open with %d and %d plies: arms of different openings cannot pair; use pairing none", s.Arms[0].Name, s.Arms[i].Name, s.ArmOpening(0), s.ArmOpening(i))
		}
	}
	return nil
}

// validateArms checks each arm and returns the arms' names.
func (s *Spec) validateArms() (map[string]bool, error) {
	names := map[string]bool{}
	for i, a := range s.Arms {
		where := fmt.Sprintf("arm %d", i+1)
		if !nameRE.MatchString(a.Name) {
			return nil, fmt.Errorf("%s: name %q: want 1-64 letters, digits, '.', '-' or '_'", where, a.Name)
		}
		where = fmt.Sprintf("arm %q", a.Name)
		if names[a.Name] {
			return nil, fmt.Errorf("%s: name used twice", where)
		}
		names[a.Name] = true
		if _, err := rules.ParseVariant(a.Variant); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if err := a.Rules.validate(where + " rules"); err != nil {
			return nil, err
		}
		if err := s.validatePlayers(i); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		e := s.ArmEngine(i)
		if _, ok := e.Get("sims"); !ok {
			return nil, fmt.Errorf("%s: no sims: set engine.sims for the experiment or the arm", where)
		}
		if sims := e.Sims(); sims > MaxSpecSims {
			return nil, fmt.Errorf("%s engine: sims %d: want at most %d, as extend's max_sims", where, sims, MaxSpecSims)
		}
		if err := e.Apply(StudyEngine()).Validate(); err != nil {
			var se *mcts.SettingError
			if errors.As(err, &se) { // in the spec's spelling
				return nil, fmt.Errorf("%s engine: %s %s: want %s", where, se.Setting.Name, se.Value, se.Setting.Want)
			}
			return nil, fmt.Errorf("%s engine: %w", where, err)
		}
		if _, err := s.ArmRules(i); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
	}
	return names, nil
}

// validateArmNames checks that the baseline, the ladder's rungs and the
// comparisons name arms (names), and the ladder's extension.
func (s *Spec) validateArmNames(names map[string]bool) error {
	if s.Baseline != "" && !names[s.Baseline] {
		return fmt.Errorf("baseline: no arm named %q", s.Baseline)
	}
	if len(s.Ladder) == 1 {
		return fmt.Errorf("ladder: one rung (%s): want at least two arms, weakest first", s.Ladder[0])
	}
	inLadder := map[string]bool{}
	for _, n := range s.Ladder {
		if !names[n] {
			return fmt.Errorf("ladder: no arm named %q", n)
		}
		if inLadder[n] {
			return fmt.Errorf("ladder: arm %q named twice", n)
		}
		inLadder[n] = true
	}
	if err := s.validateExtend(); err != nil {
		return err
	}
	for i, c := range s.Compare {
		for _, n := range c {
			if !names[n] {
				return fmt.Errorf("compare %d: no arm named %q", i+1, n)
			}
		}
		if c[0] == c[1] {
			return fmt.Errorf("compare %d: arm %q against itself", i+1, c[0])
		}
	}
	return nil
}

// CheckRunSettings checks the run settings the spec gives (its
// concurrency) as every command that plays checks them, through
// runspec's table, whose bound counts this machine's CPUs; Validate keeps
// to what holds on any machine. The error names the spec's key, as
// checkOpening's does, not the setting's flag the user may not have
// given.
func (s *Spec) CheckRunSettings() error {
	if p := runspec.Lookup("concurrency").Problem(&runspec.Settings{Concurrency: s.Concurrency}); p != "" {
		return setting.Errorf("spec key concurrency %d: %s; lower it in the spec, or give %s to experiment run", s.Concurrency, p, setting.Key("concurrency"))
	}
	return nil
}

// validatePlayers checks arm i's players and its settings by colour.
func (s *Spec) validatePlayers(i int) error {
	a := &s.Arms[i]
	if a.Players != "" && a.Players != PlayersIndependent && a.Players != PlayersShared {
		return fmt.Errorf("players %q: want %s or %s, or leave it to the experiment's", a.Players, PlayersIndependent, PlayersShared)
	}
	for _, side := range []struct {
		name string
		e    EngineSpec
	}{{"red", a.Red}, {"black", a.Black}} {
		if side.e.IsZero() {
			continue
		}
		if s.ArmPlayers(i) != PlayersIndependent {
			return fmt.Errorf("%s: settings for one colour need players: %s (with shared players one searcher plays both colours)", side.name, PlayersIndependent)
		}
		for _, k := range []string{"evaluator", "tablebase"} {
			if _, ok := side.e.Get(k); ok {
				return fmt.Errorf("%s: %s: both colours search with the arm's %s; set it in the arm's engine", side.name, k, k)
			}
		}
		e := side.e.Over(s.ArmEngine(i))
		if sims := e.Sims(); sims > MaxSpecSims {
			return fmt.Errorf("%s engine: sims %d: want at most %d, as extend's max_sims", side.name, sims, MaxSpecSims)
		}
		if err := e.Apply(StudyEngine()).Validate(); err != nil {
			var se *mcts.SettingError
			if errors.As(err, &se) {
				return fmt.Errorf("%s engine: %s %s: want %s", side.name, se.Setting.Name, se.Value, se.Setting.Want)
			}
			return fmt.Errorf("%s engine: %w", side.name, err)
		}
	}
	return nil
}

func (r *RulesSpec) validate(where string) error {
	if r.NoMoves != "" {
		if _, err := rules.ParseNoMovesRule(r.NoMoves); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
	}
	if r.NoCaptureLimit != nil && (*r.NoCaptureLimit < 0 || *r.NoCaptureLimit > rules.MaxNoCapture) {
		return fmt.Errorf("%s: no_capture_limit %d: want 0 (none) to %d", where, *r.NoCaptureLimit, rules.MaxNoCapture)
	}
	if r.Repetition != nil && *r.Repetition < 0 {
		return fmt.Errorf("%s: repetition %d: want 0 (off) or more", where, *r.Repetition)
	}
	return nil
}

// checkOpening checks k opening plies under the spec's procedure and
// pairing; where names the setting.
func (s *Spec) checkOpening(where string, k int) error {
	if p := runspec.Lookup("random_opening").Problem(&runspec.Settings{RandomOpening: k}); p != "" {
		return fmt.Errorf("%s %d: %s", where, k, p)
	}
	switch {
	case s.Pairing == PairOpenings && k == 0:
		return fmt.Errorf("pairing openings needs %s of at least 1: without opening plies every game starts alike and there is nothing to pair on", where)
	}
	if s.Opening != dataset.OpeningEnumerated {
		return nil
	}
	n, err := s.openings(k)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if s.Games%int64(n) != 0 {
		return fmt.Errorf("games %d with opening enumerated and %s %d: want a multiple of the %d openings of %d plies, so that every opening is played equally often", s.Games, where, k, n, k)
	}
	return nil
}

// GameName returns the game the spec's arms play: Game, or Surakarta's
// name when it is left out.
func (s *Spec) GameName() string {
	if s.Game == "" {
		return dataset.DefaultGame
	}
	return s.Game
}

// openings returns the number of openings of k plies from the start of
// the spec's game.
func (s *Spec) openings(k int) (int, error) {
	if s.GameName() == eval.AlquerqueGame {
		list, err := dataset.EnumerateOpeningsOf(alquerque.DefaultRules(), alquerque.Start(), k)
		return len(list), err
	}
	list, err := dataset.EnumerateOpenings(rules.DefaultRules(), rules.Start(), k)
	return len(list), err
}
