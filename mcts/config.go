package mcts

import (
	"errors"
	"fmt"
	"math"

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

// String returns "playout" or "value".
func (m LeafMode) String() string {
	switch m {
	case LeafPlayout:
		return "playout"
	case LeafValue:
		return "value"
	}
	return fmt.Sprintf("LeafMode(%d)", uint8(m))
}

// ParseLeafMode parses "playout" or "value".
func ParseLeafMode(s string) (LeafMode, error) {
	switch s {
	case "playout":
		return LeafPlayout, nil
	case "value":
		return LeafValue, nil
	}
	return 0, fmt.Errorf("bad leaf mode %q: want playout or value", s)
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

// minNodes is the smallest Config.MaxNodes: room for the root and a full
// expansion of it, with slack for a block skipped at a chunk boundary.
const minNodes = 4 * rules.MaxMoves

// Config holds the search settings. DefaultConfig gives the analysis
// defaults; every field is checked by Validate.
type Config struct {
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
	// Seed seeds the searcher's random generator (NewSearcher; Reset
	// reseeds).
	Seed uint64
	// MaxNodes bounds the node slots of the live tree (24 bytes each); see
	// the package documentation for what happens when they run out.
	MaxNodes int
	// Rules are the game settings the search adjudicates endings by; they
	// must equal the searched game's rules.
	Rules rules.Rules
	// ReuseTree keeps the subtree of the new position when Search is called
	// on a continuation of the game searched last.
	ReuseTree bool
}

// DefaultConfig returns the analysis defaults: 10,000 simulations, PUCT
// constant 1.5, capture-aware playouts of 40 plies taking a capture with
// probability 0.9 when there is one, solver on, noise and temperature off
// (noise concentration 10 and temperature 1 ready for self-play), seed 1,
// 8M node slots (192 MiB), default rules, tree reuse on.
//
// Playouts are the default because Material, the built-in evaluator, is
// flat until pieces fall: with value leaves every move of a quiet position
// scores 0 and the search cannot tell them apart. Value leaves run 5 to 25
// times more simulations a second and suit an evaluator with more to say
// (a fitted one).
func DefaultConfig() Config {
	return Config{
		Sims:               10000,
		CPUCT:              1.5,
		Leaf:               LeafPlayout,
		PlayoutPlies:       40,
		PlayoutCaptureProb: 0.9,
		Solver:             true,
		NoiseWeight:        0,
		NoiseAlpha:         10,
		TemperaturePlies:   0,
		Temperature:        1,
		Seed:               1,
		MaxNodes:           1 << 23,
		Rules:              rules.DefaultRules(),
		ReuseTree:          true,
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate reports the first setting out of range, naming the field.
func (c Config) Validate() error {
	switch {
	case c.Sims < 1:
		return fmt.Errorf("sims %d: want at least 1", c.Sims)
	case !finite(c.CPUCT) || c.CPUCT <= 0:
		return fmt.Errorf("cpuct %v: want a positive number", c.CPUCT)
	case c.Leaf > LeafValue:
		return fmt.Errorf("bad leaf mode %d: want playout or value", c.Leaf)
	case c.PlayoutPlies < 0 || c.PlayoutPlies > 100000:
		return fmt.Errorf("playout plies %d out of range 0..100000", c.PlayoutPlies)
	case !finite(c.PlayoutCaptureProb) || c.PlayoutCaptureProb < 0 || c.PlayoutCaptureProb > 1:
		return fmt.Errorf("playout capture probability %v out of range 0..1", c.PlayoutCaptureProb)
	case !finite(c.NoiseWeight) || c.NoiseWeight < 0 || c.NoiseWeight > 1:
		return fmt.Errorf("noise weight %v out of range 0..1 (0: no noise)", c.NoiseWeight)
	case c.NoiseWeight > 0 && (!finite(c.NoiseAlpha) || c.NoiseAlpha <= 0):
		return fmt.Errorf("noise alpha %v: want a positive concentration when noise weight is above 0", c.NoiseAlpha)
	case c.TemperaturePlies < 0:
		return fmt.Errorf("temperature plies %d: want 0 or more", c.TemperaturePlies)
	case c.TemperaturePlies > 0 && (!finite(c.Temperature) || c.Temperature <= 0):
		return fmt.Errorf("temperature %v: want a positive number when temperature plies is above 0", c.Temperature)
	case c.MaxNodes < minNodes || c.MaxNodes > MaxNodesLimit:
		return fmt.Errorf("max nodes %d out of range %d..%d", c.MaxNodes, minNodes, MaxNodesLimit)
	}
	if err := c.Rules.Validate(); err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	return nil
}

var errNilEvaluator = errors.New("nil evaluator: pass Material{} for the built-in one")
