package experiments

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// SelfPlayer is the Player that plays arms with the self-play runner
// (package selfplay): each arm is a self-play run of Games games into its
// own dataset directory, resumed when it already holds some.
type SelfPlayer struct {
	// Defaults is the engine configuration every arm starts from (the
	// self-play defaults: root noise and a temperature opening); the
	// spec's engine fields override it and the arm's rules replace its
	// Rules.
	Defaults mcts.Config
	// Evaluator returns the evaluator an arm's evaluator setting names
	// ("" for the built-in one) and the identity recorded in the dataset's
	// settings.
	Evaluator func(name string) (ev mcts.Evaluator, identity string, err error)
	// PartGames is the number of game ids per part file (0: the self-play
	// default).
	PartGames int
	// OnStart, OnGame and Logf are passed to the self-play run of each arm
	// (see selfplay.Config); they may be nil.
	OnStart func(arm ArmRun, planned, skipped int64)
	OnGame  func(arm ArmRun, g selfplay.GameStats)
	Logf    func(format string, args ...any)
}

// EngineConfig returns the search settings of an arm: Defaults with the
// spec's fields applied, checked by mcts.Config.Validate.
func (p *SelfPlayer) EngineConfig(a ArmRun) (mcts.Config, error) {
	c := p.Defaults
	e := a.Engine
	if e.Sims > 0 {
		c.Sims = e.Sims
	}
	if e.CPUCT != nil {
		c.CPUCT = *e.CPUCT
	}
	if e.Leaf != "" {
		leaf, err := mcts.ParseLeafMode(e.Leaf)
		if err != nil {
			return c, err
		}
		c.Leaf = leaf
	}
	if e.PlayoutPlies != nil {
		c.PlayoutPlies = *e.PlayoutPlies
	}
	if e.Solver != nil {
		c.Solver = *e.Solver
	}
	if e.NoiseWeight != nil {
		c.NoiseWeight = *e.NoiseWeight
	}
	if e.NoiseAlpha != nil {
		c.NoiseAlpha = *e.NoiseAlpha
	}
	if e.TemperaturePlies != nil {
		c.TemperaturePlies = *e.TemperaturePlies
	}
	if e.Temperature != nil {
		c.Temperature = *e.Temperature
	}
	c.Rules = a.Rules
	if err := c.Validate(); err != nil {
		return c, fmt.Errorf("engine settings: %w", err)
	}
	return c, nil
}

// PlayArm plays the arm's missing games with selfplay.Run.
func (p *SelfPlayer) PlayArm(ctx context.Context, a ArmRun) error {
	if p.Evaluator == nil {
		return errors.New("experiments: SelfPlayer without an Evaluator")
	}
	c, err := p.EngineConfig(a)
	if err != nil {
		return err
	}
	ev, id, err := p.Evaluator(a.Engine.Evaluator)
	if err != nil {
		return fmt.Errorf("evaluator: %w", err)
	}
	// Resume only what is there: a fresh arm runs as a fresh self-play run.
	done, err := armComplete(a)
	if err != nil {
		return err
	}
	left, err := dataset.Leftovers(a.Dir, a.Rules.Variant.String(), 0, a.Games)
	if err != nil {
		return err
	}
	cfg := selfplay.Config{
		Dir: a.Dir, Games: a.Games, Seed: a.Seed, RandomOpening: a.RandomOpening,
		Engine: c, Evaluator: ev, EvaluatorName: id, Workers: a.Workers,
		PartGames: p.PartGames, Resume: done > 0 || len(left) > 0, Logf: p.Logf,
	}
	if p.OnStart != nil {
		cfg.OnStart = func(planned, skipped int64) { p.OnStart(a, planned, skipped) }
	}
	if p.OnGame != nil {
		cfg.OnGame = func(g selfplay.GameStats) { p.OnGame(a, g) }
	}
	_, err = selfplay.Run(ctx, cfg)
	return err
}
