package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// engineFlags are the search settings shared by every command that runs the
// engine (analyze, play, and later selfplay, match, pipeline), so that each
// flag means the same everywhere; each constructor holds its own copy.
type engineFlags struct {
	sims             int
	cpuct            float64
	leaf             string
	playoutPlies     int
	captureProb      float64
	eval             string
	seed             uint64
	solver           bool
	noiseWeight      float64
	noiseAlpha       float64
	temperaturePlies int
	temperature      float64
	maxNodes         int
	reuseTree        bool
}

// addEngineFlags registers the engine flags with mcts.DefaultConfig's
// values (the analysis defaults: noise and temperature off) as defaults.
func addEngineFlags(cmd *cobra.Command, f *engineFlags) {
	addEngineFlagsWithDefaults(cmd, f, mcts.DefaultConfig())
}

// addEngineFlagsWithDefaults registers the engine flags with the defaults
// taken from d, for commands whose natural defaults differ (self-play turns
// noise and temperature on).
func addEngineFlagsWithDefaults(cmd *cobra.Command, f *engineFlags, d mcts.Config) {
	fs := cmd.Flags()
	fs.IntVar(&f.sims, "sims", d.Sims, "simulations per move (a count, never a time: results do not depend on the machine)")
	fs.Float64Var(&f.cpuct, "cpuct", d.CPUCT, "PUCT exploration constant")
	fs.StringVar(&f.leaf, "leaf", d.Leaf.String(), "leaf evaluation: value (the evaluator's value) or playout (capture-aware random playouts)")
	fs.IntVar(&f.playoutPlies, "playout-plies", d.PlayoutPlies, "playout length in plies before the evaluator scores the position (--leaf playout)")
	fs.Float64Var(&f.captureProb, "capture-prob", d.PlayoutCaptureProb, "probability that a playout ply takes a capture when one exists (--leaf playout)")
	fs.StringVar(&f.eval, "eval", "material", "evaluator: material, a weights file written by fit, or a model file (value and move prior)")
	fs.Uint64Var(&f.seed, "seed", d.Seed, "random seed: the same seed and settings give the same games")
	fs.BoolVar(&f.solver, "solver", d.Solver, "prove wins, losses and draws in the tree (MCTS-Solver); --solver=false to turn off")
	fs.Float64Var(&f.noiseWeight, "noise-weight", d.NoiseWeight, "weight of Dirichlet noise mixed into the root priors (0: off)")
	fs.Float64Var(&f.noiseAlpha, "noise-alpha", d.NoiseAlpha, "total Dirichlet concentration, shared among the legal moves (alpha per move = this / moves)")
	fs.IntVar(&f.temperaturePlies, "temperature-plies", d.TemperaturePlies, "opening plies whose move is sampled by visit count (0: always the best move)")
	fs.Float64Var(&f.temperature, "temperature", d.Temperature, "sampling temperature: probability proportional to visits^(1/T)")
	fs.IntVar(&f.maxNodes, "max-nodes", d.MaxNodes, "node budget of the search tree (24 bytes a node); past it the tree stops growing")
	fs.BoolVar(&f.reuseTree, "reuse-tree", d.ReuseTree, "keep the searched subtree from one move to the next")
}

// config returns the search settings the flags describe under the game
// rules r, and the evaluator --eval names; errors name the bad flag.
func (f *engineFlags) config(r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	c := mcts.DefaultConfig()
	leaf, err := mcts.ParseLeafMode(f.leaf)
	if err != nil {
		return c, nil, fmt.Errorf("--leaf: %w", err)
	}
	c.Sims, c.CPUCT, c.Leaf, c.PlayoutPlies, c.PlayoutCaptureProb = f.sims, f.cpuct, leaf, f.playoutPlies, f.captureProb
	c.Seed, c.Solver, c.NoiseWeight, c.NoiseAlpha = f.seed, f.solver, f.noiseWeight, f.noiseAlpha
	c.TemperaturePlies, c.Temperature, c.MaxNodes, c.Rules, c.ReuseTree = f.temperaturePlies, f.temperature, f.maxNodes, r, f.reuseTree
	if err := c.Validate(); err != nil {
		return c, nil, fmt.Errorf("%s: %w", engineFlagOf(err, c), err)
	}
	ev, err := newEvaluator(f.eval)
	if err != nil {
		return c, nil, fmt.Errorf("--eval %s: %w", f.eval, err)
	}
	return c, ev, nil
}

// engineFlagOf names the flag behind a Config.Validate error by checking
// each setting in turn.
func engineFlagOf(err error, c mcts.Config) string {
	d := mcts.DefaultConfig()
	d.Rules = c.Rules
	checks := []struct {
		flag string
		set  func(*mcts.Config)
	}{
		{"--sims", func(x *mcts.Config) { x.Sims = c.Sims }},
		{"--cpuct", func(x *mcts.Config) { x.CPUCT = c.CPUCT }},
		{"--playout-plies", func(x *mcts.Config) { x.PlayoutPlies = c.PlayoutPlies }},
		{"--capture-prob", func(x *mcts.Config) { x.PlayoutCaptureProb = c.PlayoutCaptureProb }},
		{"--noise-weight", func(x *mcts.Config) { x.NoiseWeight = c.NoiseWeight }},
		{"--noise-alpha", func(x *mcts.Config) { x.NoiseAlpha = c.NoiseAlpha }},
		{"--temperature-plies", func(x *mcts.Config) { x.TemperaturePlies = c.TemperaturePlies }},
		{"--temperature", func(x *mcts.Config) { x.Temperature = c.Temperature }},
		{"--max-nodes", func(x *mcts.Config) { x.MaxNodes = c.MaxNodes }},
	}
	for _, ch := range checks {
		x := d
		ch.set(&x)
		if x.Validate() != nil {
			return ch.flag
		}
		d = x // later checks see the earlier settings (alpha needs the weight)
	}
	return "engine flags"
}

// newEvaluator returns the evaluator of an --eval value.
func newEvaluator(spec string) (mcts.Evaluator, error) {
	if spec == "material" {
		return mcts.Material{}, nil
	}
	if spec == "" {
		return nil, errors.New("empty evaluator: want material or a weights file")
	}
	return loadEvaluator(spec)
}

// loadEvaluator loads the fitted evaluator in the weights file at spec.
func loadEvaluator(spec string) (mcts.Evaluator, error) {
	return loadLinearEvaluator(spec)
}
