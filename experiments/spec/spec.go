package spec

import (
	"encoding/json"
	"regexp"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// Spec describes an experiment: arms of self-play games that differ in the
// endgame variant, the engine settings or the rules, played from the same
// random openings when paired, and the comparisons to report. It is read
// from YAML or JSON (Parse); experiments/specs holds examples.
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
	Name string `yaml:"name" json:"name"`
	// Game is the game every arm plays: "surakarta" (the default, which
	// spec.json leaves out, as every spec before Alquerque recorded it) or
	// "alquerque" (package alquerque, under the same rules settings:
	// variant, no-capture limit, repetition, no-moves), whose arms play
	// Alquerque's evaluators (eval.OpenAlquerqueEvaluator) without endgame
	// tables.
	Game        string `yaml:"game,omitempty" json:"game,omitempty"`
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
	// Workers is the old name of Concurrency, still read (Parse moves
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
	// before the key existed played shared (ParseRecorded).
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
	// Parse turns them into the fractions above, which spec.json
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
	if MustJSON(s.ArmSides(i)) != MustJSON(s.ArmSides(j)) {
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

// MustJSON returns v's JSON, as spec.json records it; it panics only on a
// value that cannot be marshalled, which no spec's value is.
func MustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic("spec: " + err.Error())
	}
	return string(b)
}

// StudyEngine returns the engine configuration every arm of an experiment
// starts from, runspec.StudyEngine: the self-play engine playing its best
// move, with no root noise and no temperature opening (a study's diversity
// comes from its random openings). An arm asks for noise or temperature
// explicitly (noise_weight, temperature_plies), and the report states each
// arm's regime.
func StudyEngine() mcts.Engine { return runspec.StudyEngine() }
