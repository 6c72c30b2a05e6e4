package experiments

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// Spec describes an experiment: arms of self-play games that differ in the
// endgame variant, the engine settings or the rules, played from the same
// random openings when paired, and the comparisons to report. It is read
// from YAML or JSON (ParseSpec); experiments/specs holds examples.
//
//	name: variants
//	description: Standard against majority ending, paired openings.
//	seed: 1
//	games: 2000           # per arm
//	random_opening: 4     # random plies that start every game
//	pairing: openings     # openings | none
//	equivalence_margin: 0.02
//	engine: {sims: 200}   # defaults for every arm (best play: no noise, no temperature)
//	arms:
//	  - {name: standard, variant: standard}
//	  - {name: majority, variant: majority}
type Spec struct {
	// Name names the experiment (letters, digits, '-', '_', '.').
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	// Seed is the seed of every arm when paired; with pairing none, arm i
	// plays with seed Seed + i.
	Seed uint64 `yaml:"seed" json:"seed"`
	// Games is the number of games per arm.
	Games int64 `yaml:"games" json:"games"`
	// SpecGames is, for a run that played another number of games than the
	// spec file asks for (OverrideGames: experiment run --games), the
	// spec file's games per arm; 0 otherwise. A spec file cannot set it;
	// the experiment's spec.json and report.json record it.
	SpecGames int64 `yaml:"-" json:"spec_games,omitempty"`
	// Concurrency is the number of games played at once (0: one per CPU
	// the process may use), the --concurrency of every command that
	// plays. It does not change the games played.
	Concurrency int `yaml:"concurrency,omitempty" json:"concurrency,omitempty"`
	// Workers is the old name of Concurrency, still read (ParseSpec moves
	// it to Concurrency and notes the rename in Notes).
	Workers int `yaml:"workers,omitempty" json:"workers,omitempty"`
	// RandomOpening is the number of opening plies that start every game
	// (an arm may set its own), chosen by Opening.
	RandomOpening int `yaml:"random_opening" json:"random_opening"`
	// Opening is the procedure that chooses the opening plies:
	// dataset.OpeningRandom ("random", the default: each ply uniformly
	// random from game i's stream) or dataset.OpeningEnumerated
	// ("enumerated": game i plays opening i mod N of the N openings of
	// that many plies from the start position, so that games a multiple
	// of N play every opening equally often).
	Opening string `yaml:"opening,omitempty" json:"opening,omitempty"`
	// Players says who plays each game (an arm may set its own):
	// PlayersIndependent, the default, gives each colour its own searcher
	// and tree, as two programs in a match, which is what "the first
	// player's advantage" means; PlayersShared is one searcher for both
	// colours, which with tree reuse hands the tree it searched for one
	// side to the other (self-play data's procedure). A run recorded
	// before the key existed played shared (ParseRecordedSpec).
	Players string `yaml:"players,omitempty" json:"players"`
	// Pairing is "openings" (every arm plays game i from the same random
	// opening with the same search seed, so arms compare game by game and
	// a game that never meets the arms' difference is played identically)
	// or "none" (independent arms).
	Pairing string `yaml:"pairing" json:"pairing"`
	// Confidence is the level of every interval in the report (default
	// 0.95).
	Confidence float64 `yaml:"confidence,omitempty" json:"confidence,omitempty"`
	// EquivalenceMargin is the margin (a fraction: 0.02 is 2 percentage
	// points) within which the report calls a change of the first-player
	// score or the draw rate "no change", by an equivalence test (TOST);
	// default DefaultEquivalenceMargin.
	EquivalenceMargin float64 `yaml:"equivalence_margin,omitempty" json:"equivalence_margin,omitempty"`
	// ConvergenceMargin is the margin within which two successive rungs of
	// a strength ladder must agree, for the first-player advantage and the
	// draw rate alike, for the ladder to count as converged there (an
	// equivalence test of their paired change); default
	// DefaultConvergenceMargin.
	ConvergenceMargin float64 `yaml:"convergence_margin,omitempty" json:"convergence_margin,omitempty"`
	// EquivalenceMarginPoints and ConvergenceMarginPoints give the margins
	// in percentage points (2 for ±2 points), as every output says them:
	// ParseSpec turns them into the fractions above, which spec.json
	// records, so that a spec written either way is the same experiment.
	// (The fraction keys, in a YAML spec, are noted as deprecated.)
	EquivalenceMarginPoints float64 `yaml:"equivalence_margin_points,omitempty" json:"equivalence_margin_points,omitempty"`
	ConvergenceMarginPoints float64 `yaml:"convergence_margin_points,omitempty" json:"convergence_margin_points,omitempty"`
	// Ladder names the arms of a strength ladder, weakest first. When
	// empty, every group of arms that differ only in simulations forms a
	// ladder ordered by simulations; naming the rungs lets a ladder climb
	// by other means too (a stronger evaluator as a further rung).
	Ladder []string `yaml:"ladder,omitempty" json:"ladder,omitempty"`
	// Extend is the named ladder's stopping rule (ExtendSpec): add rungs
	// at doubled simulations until the top step agrees or the budget is
	// spent.
	Extend *ExtendSpec `yaml:"extend,omitempty" json:"extend,omitempty"`
	// Baseline names an arm that every other arm is compared with when
	// Compare is empty, and makes the report's sensitivity table: does the
	// baseline's conclusion survive each change of setting?
	Baseline string `yaml:"baseline,omitempty" json:"baseline,omitempty"`
	// Engine and Rules are the defaults of every arm.
	Engine EngineSpec `yaml:"engine" json:"engine"`
	Rules  RulesSpec  `yaml:"rules,omitempty" json:"rules,omitempty"`
	Arms   []ArmSpec  `yaml:"arms" json:"arms"`
	// Notes holds remarks about the spec as written (a deprecated key);
	// not part of the spec.
	Notes []string `yaml:"-" json:"-"`
	// Compare lists pairs of arm names to compare; when empty, every arm
	// against the Baseline, or without one every pair of arms that differ
	// in exactly one setting (variant, simulations, evaluator, another
	// engine or rules setting).
	Compare [][2]string `yaml:"compare,omitempty" json:"compare,omitempty"`
}

// RulesSpec holds rules settings besides the variant; unset fields keep
// the defaults of RULES.md.
type RulesSpec struct {
	NoCaptureLimit *int   `yaml:"no_capture_limit,omitempty" json:"no_capture_limit,omitempty"`
	Repetition     *int   `yaml:"repetition,omitempty" json:"repetition,omitempty"`
	NoMoves        string `yaml:"no_moves,omitempty" json:"no_moves,omitempty"`
}

// ArmSpec is one arm: a variant, and engine and rules settings that
// override the experiment's defaults.
type ArmSpec struct {
	Name    string `yaml:"name" json:"name"`
	Variant string `yaml:"variant" json:"variant"`
	// RandomOpening, when set, is the arm's opening plies instead of the
	// experiment's (a study of how the answer depends on the opening;
	// such arms cannot pair).
	RandomOpening *int `yaml:"random_opening,omitempty" json:"random_opening,omitempty"`
	// Players, when set, is who plays the arm's games instead of the
	// experiment's Players.
	Players string     `yaml:"players,omitempty" json:"players,omitempty"`
	Engine  EngineSpec `yaml:"engine,omitempty" json:"engine,omitempty"`
	// Red and Black override the arm's engine for one colour (independent
	// players only): a handicap gives the second player more simulations,
	// black: {sims: 800}. They change search settings; the evaluator and
	// the tables are the arm's, for both colours.
	Red   EngineSpec `yaml:"red,omitempty" json:"red,omitempty"`
	Black EngineSpec `yaml:"black,omitempty" json:"black,omitempty"`
	Rules RulesSpec  `yaml:"rules,omitempty" json:"rules,omitempty"`
}

// Who plays an experiment's games (Spec.Players), as selfplay.Config's
// Players.
const (
	PlayersIndependent = selfplay.PlayersIndependent
	PlayersShared      = selfplay.PlayersShared
)

// Pairing modes.
const (
	PairOpenings = "openings"
	PairNone     = "none"
)

// Defaults of a spec's margins.
const (
	DefaultEquivalenceMargin = 0.02
	DefaultConvergenceMargin = 0.015
)

// Limits of a spec.
const (
	MaxSpecGames = 1_000_000_000
	// MaxSpecSims bounds the simulations a move of an arm and of a rung
	// the stopping rule adds (extend's max_sims): 2^20, about a day a game
	// on one core, where the engine alone would take any count.
	MaxSpecSims  = 1 << 20
	maxSpecBytes = 1 << 20
)

var nameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ReadSpec reads and validates a spec file (YAML, or JSON by a .json
// extension).
func ReadSpec(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSpecBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s, err := ParseSpec(data, strings.HasSuffix(strings.ToLower(path), ".json"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// ParseSpec parses a spec from YAML (or JSON when isJSON) strictly: an
// unknown field, a second document, a value of the wrong type or a setting
// out of range is an error that names it. Defaults are filled in
// (confidence 0.95 and the margins' defaults).
func ParseSpec(data []byte, isJSON bool) (*Spec, error) {
	if len(data) > maxSpecBytes {
		return nil, fmt.Errorf("spec of %d bytes: larger than %d", len(data), maxSpecBytes)
	}
	var s Spec
	if isJSON {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			if ierr := jsonIntError(data, err); ierr != nil {
				return nil, ierr
			}
			return nil, jsonSpecError(err)
		}
		if dec.More() {
			return nil, errors.New("spec: unexpected data after the JSON object")
		}
	} else {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := decodeYAML(dec, &s); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, errors.New("spec is empty: want a YAML mapping with name, games, engine and arms")
			}
			return nil, yamlSpecError(err)
		}
		var extra any
		if err := decodeYAML(dec, &extra); !errors.Is(err, io.EOF) {
			return nil, errors.New("spec holds more than one YAML document: want exactly one")
		}
		if err := checkIntegers(data); err != nil {
			return nil, err
		}
	}
	if s.Workers != 0 {
		if s.Concurrency != 0 && s.Concurrency != s.Workers {
			return nil, fmt.Errorf("spec sets concurrency %d and its old name workers %d: keep concurrency only", s.Concurrency, s.Workers)
		}
		s.Concurrency, s.Workers = s.Workers, 0
		s.Notes = append(s.Notes, "the spec key workers is deprecated: write concurrency (the same setting, named as the --concurrency flag)")
	}
	for _, m := range []struct {
		name      string
		pts, frac *float64
	}{{"equivalence_margin", &s.EquivalenceMarginPoints, &s.EquivalenceMargin}, {"convergence_margin", &s.ConvergenceMarginPoints, &s.ConvergenceMargin}} {
		switch {
		case *m.pts != 0 && *m.frac != 0:
			return nil, fmt.Errorf("spec sets %s_points %g and %s %g: keep %s_points only", m.name, *m.pts, m.name, *m.frac, m.name)
		case *m.pts != 0:
			*m.frac, *m.pts = *m.pts/100, 0
		case *m.frac != 0 && !isJSON:
			s.Notes = append(s.Notes, fmt.Sprintf("the spec key %s (a fraction) is deprecated: write %s_points: %g, in points as every output says them",
				m.name, m.name, 100**m.frac))
		}
	}
	if s.Opening == dataset.OpeningRandom {
		s.Opening = ""
	}
	if s.Players == "" {
		s.Players = PlayersIndependent
	}
	if s.Confidence == 0 {
		s.Confidence = 0.95
	}
	if s.EquivalenceMargin == 0 {
		s.EquivalenceMargin = DefaultEquivalenceMargin
	}
	if s.ConvergenceMargin == 0 {
		s.ConvergenceMargin = DefaultConvergenceMargin
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// ParseRecordedSpec parses an experiment directory's spec.json (SpecFile),
// as ParseSpec does, except that a spec recorded without a players key
// was played by one shared searcher: every run before the key existed
// was, so its games and its report keep the meaning they had.
func ParseRecordedSpec(data []byte) (*Spec, error) {
	s, err := ParseSpec(data, true)
	if err != nil {
		return nil, err
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) == nil {
		if _, ok := keys["players"]; !ok {
			s.Players = PlayersShared
		}
	}
	return s, nil
}

// decodeYAML decodes one document, turning a decoder panic (which no
// input should cause, but a parser fuzzed by users might) into an error.
func decodeYAML(dec *yaml.Decoder, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed YAML (%v)", r)
		}
	}()
	return dec.Decode(v)
}

var (
	unknownFieldRE = regexp.MustCompile(`field (\S+) not found in type experiments\.(\w+)`)
	typeErrorRE    = regexp.MustCompile("cannot unmarshal !!\\w+ (.*) into (\\S+)")
)

// kindName says in words what a Go type the spec decodes into expects.
func kindName(goType string) string {
	goType = strings.TrimPrefix(goType, "*")
	switch {
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "a string"
	case strings.HasPrefix(goType, "[]"), strings.HasPrefix(goType, "["):
		return "a list"
	}
	return "a mapping"
}

// yamlSpecError rewrites the YAML decoder's messages in the spec's terms.
func yamlSpecError(err error) error {
	msg := err.Error()
	msg = unknownFieldRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := unknownFieldRE.FindStringSubmatch(m)
		return fmt.Sprintf("unknown field %q in %s (want one of %s)", sub[1], sectionName(sub[2]), strings.Join(fieldNames(sub[2]), ", "))
	})
	msg = typeErrorRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := typeErrorRE.FindStringSubmatch(m)
		return fmt.Sprintf("%s is not %s", sub[1], kindName(sub[2]))
	})
	msg = strings.ReplaceAll(msg, "yaml: unmarshal errors:\n  ", "")
	msg = strings.ReplaceAll(msg, "\n  ", "; ")
	msg = strings.ReplaceAll(msg, "experiments.", "")
	return errors.New("spec: " + strings.TrimPrefix(msg, "yaml: "))
}

func jsonSpecError(err error) error {
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Errorf("spec: unknown field %s", f)
	}
	return errors.New("spec: " + strings.ReplaceAll(strings.TrimPrefix(msg, "json: "), "experiments.", ""))
}

var specTypes = map[string]reflect.Type{
	"Spec":       reflect.TypeFor[Spec](),
	"RulesSpec":  reflect.TypeFor[RulesSpec](),
	"ArmSpec":    reflect.TypeFor[ArmSpec](),
	"ExtendSpec": reflect.TypeFor[ExtendSpec](),
}

func sectionName(typ string) string {
	switch typ {
	case "RulesSpec":
		return "rules"
	case "ArmSpec":
		return "an arm"
	case "ExtendSpec":
		return "extend"
	}
	return "the spec"
}

func fieldNames(typ string) []string {
	t := specTypes[typ]
	if t == nil {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("yaml")
		if name, _, _ := strings.Cut(tag, ","); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// OverrideGames makes the spec play n games per arm instead of its own
// Games, remembering the spec's in SpecGames (the report says so).
func (s *Spec) OverrideGames(n int64) {
	if n == s.Games {
		return
	}
	if s.SpecGames == 0 {
		s.SpecGames = s.Games
	}
	s.Games = n
	if s.Games == s.SpecGames {
		s.SpecGames = 0
	}
}

// CheckRunSettings checks the run settings the spec gives (its
// concurrency) as every command that plays checks them, through
// runspec's table, whose bound counts this machine's CPUs; Validate keeps
// to what holds on any machine. The error names the spec's key, as
// checkOpening's does, not the --concurrency flag the user may not have
// given.
func (s *Spec) CheckRunSettings() error {
	if p := runspec.Lookup("concurrency").Problem(&runspec.Settings{Concurrency: s.Concurrency}); p != "" {
		return fmt.Errorf("spec key concurrency %d: %s; lower it in the spec, or give --concurrency to experiment run", s.Concurrency, p)
	}
	return nil
}

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
	names := map[string]bool{}
	for i, a := range s.Arms {
		where := fmt.Sprintf("arm %d", i+1)
		if !nameRE.MatchString(a.Name) {
			return fmt.Errorf("%s: name %q: want 1-64 letters, digits, '.', '-' or '_'", where, a.Name)
		}
		where = fmt.Sprintf("arm %q", a.Name)
		if names[a.Name] {
			return fmt.Errorf("%s: name used twice", where)
		}
		names[a.Name] = true
		if _, err := rules.ParseVariant(a.Variant); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		if err := a.Rules.validate(where + " rules"); err != nil {
			return err
		}
		if err := s.validatePlayers(i); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		e := s.ArmEngine(i)
		if _, ok := e.Get("sims"); !ok {
			return fmt.Errorf("%s: no sims: set engine.sims for the experiment or the arm", where)
		}
		if sims := e.sims(); sims > MaxSpecSims {
			return fmt.Errorf("%s engine: sims %d: want at most %d, as extend's max_sims", where, sims, MaxSpecSims)
		}
		if err := e.Apply(StudyEngine()).Validate(); err != nil {
			var se *mcts.SettingError
			if errors.As(err, &se) { // in the spec's spelling
				return fmt.Errorf("%s engine: %s %s: want %s", where, se.Setting.Name, se.Value, se.Setting.Want)
			}
			return fmt.Errorf("%s engine: %w", where, err)
		}
		if _, err := s.ArmRules(i); err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
	}
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
		if sims := e.sims(); sims > MaxSpecSims {
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

// ArmPlayers returns who plays arm i's games: the arm's players, else the
// experiment's.
func (s *Spec) ArmPlayers(i int) string {
	if p := s.Arms[i].Players; p != "" {
		return p
	}
	return s.Players
}

// ArmSides returns arm i's engine settings for Red and for Black, each
// colour's over the arm's, or nil when the arm sets neither.
func (s *Spec) ArmSides(i int) *[2]EngineSpec {
	a := &s.Arms[i]
	if a.Red.IsZero() && a.Black.IsZero() {
		return nil
	}
	e := s.ArmEngine(i)
	return &[2]EngineSpec{a.Red.Over(e), a.Black.Over(e)}
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
	list, err := dataset.EnumerateOpenings(rules.DefaultRules(), rules.Start(), k)
	if err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if s.Games%int64(len(list)) != 0 {
		return fmt.Errorf("games %d with opening enumerated and %s %d: want a multiple of the %d openings of %d plies, so that every opening is played equally often", s.Games, where, k, len(list), k)
	}
	return nil
}

// ArmOpening returns arm i's opening plies: the arm's, else the
// experiment's.
func (s *Spec) ArmOpening(i int) int {
	if k := s.Arms[i].RandomOpening; k != nil {
		return *k
	}
	return s.RandomOpening
}

// ArmEngine returns arm i's engine settings: the arm's over the
// experiment's.
func (s *Spec) ArmEngine(i int) EngineSpec { return s.Arms[i].Engine.Over(s.Engine) }

// ArmRules returns arm i's rules: the defaults, the experiment's rules
// fields, the arm's, and its variant.
func (s *Spec) ArmRules(i int) (rules.Rules, error) {
	r := rules.DefaultRules()
	for _, rs := range []RulesSpec{s.Rules, s.Arms[i].Rules} {
		if rs.NoCaptureLimit != nil {
			r.NoCaptureLimit = *rs.NoCaptureLimit
		}
		if rs.Repetition != nil {
			r.Repetition = *rs.Repetition
		}
		if rs.NoMoves != "" {
			m, err := rules.ParseNoMovesRule(rs.NoMoves)
			if err != nil {
				return r, err
			}
			r.NoMoves = m
		}
	}
	v, err := rules.ParseVariant(s.Arms[i].Variant)
	if err != nil {
		return r, err
	}
	r.Variant = v
	if err := r.Validate(); err != nil {
		return r, err
	}
	return r, nil
}

// ArmSeed returns the seed arm i plays with: the experiment's seed when
// paired (so that game ids share openings), Seed + i otherwise.
func (s *Spec) ArmSeed(i int) uint64 {
	if s.Pairing == PairOpenings {
		return s.Seed
	}
	return s.Seed + uint64(i)
}

// Comparisons returns the pairs of arm indexes to compare: Compare, or
// when it is empty every arm against the Baseline, or without one every
// pair of arms whose settings differ in exactly one respect.
func (s *Spec) Comparisons() [][2]int {
	idx := map[string]int{}
	for i, a := range s.Arms {
		idx[a.Name] = i
	}
	var out [][2]int
	if len(s.Compare) > 0 {
		for _, c := range s.Compare {
			out = append(out, [2]int{idx[c[0]], idx[c[1]]})
		}
		return out
	}
	if b, ok := idx[s.Baseline]; ok {
		for i := range s.Arms {
			if i != b {
				out = append(out, [2]int{b, i})
			}
		}
		return out
	}
	for i := range s.Arms {
		for j := i + 1; j < len(s.Arms); j++ {
			if len(s.armDiff(i, j)) == 1 {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// armDiff names the settings in which arms i and j differ.
func (s *Spec) armDiff(i, j int) []string {
	var d []string
	if s.Arms[i].Variant != s.Arms[j].Variant {
		d = append(d, "variant")
	}
	if s.ArmOpening(i) != s.ArmOpening(j) {
		d = append(d, "random_opening")
	}
	def := StudyEngine()
	engine := false
	for _, name := range s.ArmEngine(i).Apply(def).Diff(s.ArmEngine(j).Apply(def)) {
		if name == "sims" {
			d = append(d, "sims")
		} else {
			engine = true
		}
	}
	if engine {
		d = append(d, "engine")
	}
	if s.ArmPlayers(i) != s.ArmPlayers(j) {
		d = append(d, "players")
	}
	if mustJSON(s.ArmSides(i)) != mustJSON(s.ArmSides(j)) {
		d = append(d, "sides")
	}
	ri, _ := s.ArmRules(i)
	rj, _ := s.ArmRules(j)
	ri.Variant, rj.Variant = 0, 0
	if ri != rj {
		d = append(d, "rules")
	}
	return d
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic("experiments: " + err.Error())
	}
	return string(b)
}
