package mcts

import (
	"fmt"
	"math"
	"strconv"

	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// LeafMode selects how a new leaf of the tree is evaluated.
type LeafMode uint8

const (
	// LeafPlayout plays the leaf out with the capture-aware random policy
	// for at most Config.PlayoutPlies plies and scores where it stops: the
	// exact result if the game ended, else the Evaluator's value.
	LeafPlayout LeafMode = iota
	// LeafValue takes the Evaluator's value of the leaf directly.
	LeafValue
)

var leafModes = setting.NewNames[LeafMode]("playout", "value")

// String returns "playout" or "value".
func (m LeafMode) String() string { return leafModes.String(m) }

// ParseLeafMode parses "playout" or "value"; its error says only what is
// wanted: the caller names the value.
func ParseLeafMode(s string) (LeafMode, error) { return leafModes.Parse(s) }

// Set parses s into m, as a flag.Value: the settings table reads --leaf
// so.
func (m *LeafMode) Set(s string) error {
	v, err := ParseLeafMode(s)
	if err == nil {
		*m = v
	}
	return err
}

// Proof is the proven game-theoretic result of a move or position, from the
// view of the player choosing: for a move (MoveStat.Proof), the player who
// plays it; for a position (Result.Proof), its side to move.
type Proof int8

// The proof states. ProofNone means not proven (the value is an estimate).
const (
	ProofNone Proof = iota
	ProofWin
	ProofLoss
	ProofDraw
)

// String returns "", "win", "loss" or "draw".
func (p Proof) String() string {
	switch p {
	case ProofWin:
		return "win"
	case ProofLoss:
		return "loss"
	case ProofDraw:
		return "draw"
	}
	return ""
}

// Flip returns the same result seen by the other player.
func (p Proof) Flip() Proof {
	switch p {
	case ProofWin:
		return ProofLoss
	case ProofLoss:
		return ProofWin
	}
	return p
}

// Value returns the proof's exact value: +1 win, -1 loss, 0 draw or none.
func (p Proof) Value() float64 {
	switch p {
	case ProofWin:
		return 1
	case ProofLoss:
		return -1
	}
	return 0
}

// MaxNodesLimit is the largest Config.MaxNodes: node indices are int32.
const MaxNodesLimit = 1 << 30

// minNodes is the smallest Config.MaxNodes for Surakarta: room for the
// root and a full expansion of it, with slack for a block skipped at a
// chunk boundary (nodesFor gives any game's).
const minNodes = 4 * rules.MaxMoves

// nodesFor returns the smallest node budget for a game whose positions
// have at most maxMoves legal moves, as minNodes is Surakarta's.
func nodesFor(maxMoves int) int { return 4 * maxMoves }

// gameNodes refuses a node budget below what the game needs (nodesFor
// its most legal moves), naming the game's minimum, where that is not
// the setting's own range's (Surakarta's, minNodes, which the setting's
// error quotes): Alquerque's is larger, and its searches must not quote
// Surakarta's.
func (c ConfigOf[G]) gameNodes() error {
	g, ok := any(c.Rules).(interface {
		Name() string
		MaxMoves() int
	})
	if !ok {
		return nil
	}
	if n := g.MaxMoves(); nodesFor(n) != minNodes && c.MaxNodes < nodesFor(n) {
		return Refused("max_nodes", strconv.Itoa(c.MaxNodes),
			fmt.Errorf("%s needs at least %d node slots (%d for each of up to %d legal moves)", g.Name(), nodesFor(n), nodesFor(1), n))
	}
	return nil
}

// Settings are the search settings an engine is described by. Every field
// is declared once, in the table of EngineSettings below (name, default,
// range, meaning): the command-line flags, the text form of match and
// experiment specs, a run's recorded description and its comparison all
// come from that table, and a test fails when a field has no entry.
type Settings struct {
	// Sims is the number of simulations per Search: a count, never a clock.
	Sims int
	// CPUCT scales the exploration term of PUCT selection:
	// score = Q + CPUCT·P·sqrt(N)/(1+n), with Q the child's mean value for
	// the player choosing, P its prior, N the parent's and n the child's
	// visits. Unvisited children take the parent's mean value as Q.
	CPUCT float64
	// Leaf selects playouts or the evaluator's value at new leaves.
	Leaf LeafMode
	// PlayoutPlies cuts playouts off after this many plies (LeafPlayout);
	// 0 scores the leaf itself, like LeafValue.
	PlayoutPlies int
	// PlayoutCaptureProb is the probability that a playout ply takes a
	// uniformly chosen capture when one exists; otherwise it plays a
	// uniformly chosen legal move (which may also be a capture).
	PlayoutCaptureProb float64
	// Solver enables MCTS-Solver: proven wins, losses and draws propagate
	// up the tree and decide the move. Terminal positions are always scored
	// exactly; without the solver their proofs stay at the leaves.
	Solver bool
	// NoiseWeight mixes root Dirichlet noise into the root priors:
	// P' = (1-w)·P + w·η. 0 turns noise off.
	NoiseWeight float64
	// NoiseAlpha is the total Dirichlet concentration: with n legal moves
	// each component of η has concentration NoiseAlpha/n, so the noise is
	// as spiky in a 5-move position as in a 40-move one (KataGo's scaling;
	// AlphaZero's chess setting corresponds to about 10).
	NoiseAlpha float64
	// TemperaturePlies is the number of opening plies (game plies counted
	// from the game's start, as passed to Choose) whose move is sampled
	// from the visit counts; later plies play the best move.
	TemperaturePlies int
	// Temperature shapes that sampling: probability ∝ visits^(1/Temperature).
	Temperature float64
	// MaxNodes bounds the node slots of the live tree (24 bytes each); see
	// the package documentation for what happens when they run out.
	MaxNodes int
	// ReuseTree keeps the subtree of the new position when Search is called
	// on a continuation of the game searched last.
	ReuseTree bool
	// Tablebase is a directory of endgame tables (package tablebase) for
	// the searched rules, or "" for none: a node whose position they cover
	// is proven at once with their result and distance, and a root they
	// cover plays their best move (oracle.go). The searcher's caller opens
	// them and gives them to NewSearcherOf as its oracle.
	Tablebase string
}

// ConfigOf is what a searcher needs: the search settings, the seed of its
// random generator and the game it searches, under its settings (a
// game.Game value: Surakarta's rules.Rules). DefaultConfig gives
// Surakarta's analysis defaults; Validate checks every field.
type ConfigOf[G interface{ Validate() error }] struct {
	Settings
	// Seed seeds the searcher's random generator (NewSearcher; Reset
	// reseeds).
	Seed uint64
	// Rules is the game and its settings, which the search plays and
	// adjudicates endings by; it must equal the searched game's rules.
	Rules G
}

// Config is Surakarta's ConfigOf.
type Config = ConfigOf[rules.Rules]

// Engine is an engine as commands, match and experiment specs and run
// manifests describe it: the search settings and the evaluator, by name.
// It holds neither a seed nor rules: those belong to the game or the run
// (Config).
type Engine struct {
	Settings
	// Evaluator names the leaf evaluator: "material" (the built-in one), a
	// name or a file that package eval's registry resolves; in a run's
	// recorded description, the evaluator's identity (a file by its hash).
	Evaluator string
}

// MaterialName is the name of the built-in evaluator, Material.
const MaterialName = "material"

// engineSettings declares every engine setting once, in the order of a
// run's description (Engine.Describe). Adding a setting is a field of
// Settings (or Engine) and one entry here; everything else follows.
// leafPlayout is the setting the playouts' settings are used under, as
// their docs name it.
var leafPlayout = setting.Set("leaf", LeafPlayout)

var engineSettings = []Setting{
	declare("sims", 10000, "at least 1",
		"simulations per move (a count, never a time: results do not depend on the machine)",
		func(e *Engine) *int { return &e.Sims }, func(v int, _ *Engine) bool { return v >= 1 }),
	declare("cpuct", 1.5, "a positive number",
		"PUCT exploration constant",
		func(e *Engine) *float64 { return &e.CPUCT }, func(v float64, _ *Engine) bool { return finite(v) && v > 0 }),
	declare("leaf", LeafPlayout, "playout or value",
		"leaf evaluation: value (the evaluator's value) or playout (capture-aware random playouts)",
		func(e *Engine) *LeafMode { return &e.Leaf }, func(v LeafMode, _ *Engine) bool { return v <= LeafValue }),
	naming(usedWhen(playouts, declare("playout_plies", 40, "0..100000",
		"playout length in plies before the evaluator scores the position (leaf=playout)",
		func(e *Engine) *int { return &e.PlayoutPlies }, func(v int, _ *Engine) bool { return v >= 0 && v <= 100000 })), leafPlayout),
	naming(usedWhen(playouts, declare("playout_capture_prob", 0.9, "a probability 0..1",
		"probability that a playout ply takes a capture when one exists (leaf=playout)",
		func(e *Engine) *float64 { return &e.PlayoutCaptureProb }, func(v float64, _ *Engine) bool { return finite(v) && v >= 0 && v <= 1 },
		"capture-prob")), leafPlayout),
	naming(declare("solver", true, "true or false",
		"prove wins, losses and draws in the tree (MCTS-Solver); solver=false to turn off",
		func(e *Engine) *bool { return &e.Solver }, nil), setting.Set("solver", false)),
	declare("noise_weight", 0.0, "0..1 (0: no noise)",
		"weight of Dirichlet noise mixed into the root priors (0: off)",
		func(e *Engine) *float64 { return &e.NoiseWeight }, func(v float64, _ *Engine) bool { return finite(v) && v >= 0 && v <= 1 }),
	usedWhen(noise, rangeOn("noise_weight", declare("noise_alpha", 10.0, "a positive concentration when noise_weight is above 0",
		"total Dirichlet concentration, shared among the legal moves (alpha per move = this / moves)",
		func(e *Engine) *float64 { return &e.NoiseAlpha }, func(v float64, e *Engine) bool { return !noise(e) || finite(v) && v > 0 }))),
	declare("temperature_plies", 0, "0 or more",
		"opening plies whose move is sampled by visit count (0: always the best move)",
		func(e *Engine) *int { return &e.TemperaturePlies }, func(v int, _ *Engine) bool { return v >= 0 }),
	usedWhen(sampling, rangeOn("temperature_plies", declare("temperature", 1.0, "a positive number when temperature_plies is above 0",
		"sampling temperature: probability proportional to visits^(1/T)",
		func(e *Engine) *float64 { return &e.Temperature }, func(v float64, e *Engine) bool { return !sampling(e) || finite(v) && v > 0 }))),
	declare("max_nodes", 1<<20, fmt.Sprintf("%d..%d", minNodes, MaxNodesLimit),
		"node budget of the search tree (24 bytes a node, allocated as used); past it the tree stops growing: raise it for searches of more than about a million simulations",
		func(e *Engine) *int { return &e.MaxNodes }, func(v int, _ *Engine) bool { return v >= minNodes && v <= MaxNodesLimit }),
	declare("reuse_tree", true, "true or false",
		"keep the searched subtree from one move to the next",
		func(e *Engine) *bool { return &e.ReuseTree }, nil),
	omittedAtDefault(declare("tablebase", "", "a directory of endgame tables, or empty for none",
		"directory of endgame tables (surakarta tablebase build) for these rules: positions they hold are solved exactly",
		func(e *Engine) *string { return &e.Tablebase }, nil)),
	declare("evaluator", MaterialName, "an evaluator's name or a file",
		"evaluator: a built-in name or an evaluator file (package eval's registry)",
		func(e *Engine) *string { return &e.Evaluator }, func(v string, _ *Engine) bool { return v != "" },
		"eval"),
}

// When some settings matter: playout settings with playout leaves, the
// noise concentration with root noise, the temperature with sampled plies.
func playouts(e *Engine) bool { return e.Leaf == LeafPlayout }
func noise(e *Engine) bool    { return e.NoiseWeight > 0 }
func sampling(e *Engine) bool { return e.TemperaturePlies > 0 }

// DefaultSettings returns the analysis defaults of the table: 10,000
// simulations, PUCT constant 1.5, capture-aware playouts of 40 plies
// taking a capture with probability 0.9 when there is one, solver on,
// noise and temperature off (noise concentration 10 and temperature 1
// ready for self-play), 1M node slots (24 MiB), tree reuse on.
//
// Playouts are the default because Material, the built-in evaluator, is
// flat until pieces fall: with value leaves every move of a quiet position
// scores 0 and the search cannot tell them apart. Value leaves run 5 to 25
// times more simulations a second and suit an evaluator with more to say
// (a fitted one).
func DefaultSettings() Settings { return DefaultEngine().Settings }

// DefaultEngine returns DefaultSettings with the built-in evaluator.
func DefaultEngine() Engine { return setting.Defaults[Engine](engineSettings) }

// DefaultConfig returns DefaultSettings with seed 1 and the default rules.
func DefaultConfig() Config {
	return Config{Settings: DefaultSettings(), Seed: 1, Rules: rules.DefaultRules()}
}

// Config returns the settings of e as a searcher's configuration for a
// game under rules r, seeded with seed.
func (e Engine) Config(r rules.Rules, seed uint64) Config {
	return Config{Settings: e.Settings, Seed: seed, Rules: r}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate reports the first setting out of range as a *SettingError,
// which names the setting.
func (s Settings) Validate() error {
	e := Engine{Settings: s, Evaluator: MaterialName}
	return e.Validate()
}

// Validate reports the first setting out of range, the evaluator's name
// included, as a *SettingError, which names the setting.
func (e Engine) Validate() error {
	for i := range engineSettings {
		if st := &engineSettings[i]; !st.valid(&e) {
			return &SettingError{Setting: st, Value: st.Get(&e)}
		}
	}
	return nil
}

// Validate reports the first setting out of range (a *SettingError), or
// a problem with the rules.
func (c ConfigOf[G]) Validate() error {
	if err := c.gameNodes(); err != nil {
		return err
	}
	if err := c.Settings.Validate(); err != nil {
		return err
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	return nil
}
