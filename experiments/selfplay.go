package experiments

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
	"github.com/surakarta/surakarta/tablebase"
)

// engine returns the engine the arm plays: StudyEngine with the spec's
// settings applied.
func (a *ArmRun) engine() mcts.Engine { return a.Engine.Apply(spec.StudyEngine()) }

// EngineConfig returns the search settings the arm plays with, under its
// rules, checked once (mcts.Engine.Validate). The seed is the arm's:
// self-play seeds every game from it and the game id.
func (a *ArmRun) EngineConfig() (mcts.Config, error) {
	e := a.engine()
	if err := e.Validate(); err != nil {
		return mcts.Config{}, fmt.Errorf("engine settings: %w", err)
	}
	return e.Config(a.Rules, a.Run.Seed), nil
}

// sideSettings returns the search settings of Red and of Black when the
// arm sets them by colour, nil otherwise.
func (a *ArmRun) sideSettings() *[2]mcts.Settings {
	if a.Sides == nil {
		return nil
	}
	var out [2]mcts.Settings
	for i, e := range a.Sides {
		out[i] = e.Apply(spec.StudyEngine()).Settings
	}
	return &out
}

// Check reports what would stop the arm's self-play before a game: its
// engine settings out of range, an evaluator that does not open (a
// missing or unreadable weights file), or endgame tables (tablebase) that
// do not open or load for the arm's rules (missing, damaged, of another
// variant). experiment check runs it for every
// arm so that a spec fails at once, not hours into a run.
func (a *ArmRun) Check() error {
	if _, err := a.EngineConfig(); err != nil {
		return err
	}
	if a.Game == eval.AlquerqueGame {
		if _, err := eval.OpenAlquerqueEvaluator(a.engine().Evaluator); err != nil {
			return fmt.Errorf("evaluator: %w", err)
		}
		if a.engine().Tablebase != "" {
			return fmt.Errorf("engine tablebase %s: endgame tables are Surakarta's, and this experiment plays %s: leave the tables out", a.engine().Tablebase, a.Game)
		}
		return nil
	}
	if _, err := eval.OpenEvaluator(a.engine().Evaluator); err != nil {
		return fmt.Errorf("evaluator: %w", err)
	}
	if _, err := tablebase.OpenOracle(a.engine().Tablebase, a.Rules); err != nil {
		var te *tablebase.TablesError
		if errors.As(err, &te) { // in the spec's spelling
			return fmt.Errorf("engine tablebase %s: %w", te.Dir, te.Err)
		}
		return err
	}
	return nil
}

// SelfPlayer is the Player that plays arms with the self-play runner
// (package selfplay): each arm is a self-play run of its Run.Games games
// into its own dataset directory (Run.Out), resumed when it already holds
// some. Every arm
// starts from StudyEngine; its evaluator comes from eval's registry
// (eval.OpenEvaluator).
type SelfPlayer struct {
	// PartGames is the number of game ids per part file (0: the self-play
	// default).
	PartGames int
	// OnStart, OnKept, OnGame and Logf are passed to the self-play run of
	// each arm (see selfplay.Config); they may be nil.
	OnStart func(arm ArmRun, planned, skipped int64)
	OnKept  func(arm ArmRun, red, black, draw int64)
	OnGame  func(arm ArmRun, g selfplay.GameStats)
	Logf    func(format string, args ...any)
}

// PlayArm plays the arm's missing games with the self-play runner
// (selfplay.RunOf), in the arm's game.
func (p *SelfPlayer) PlayArm(ctx context.Context, a ArmRun) error {
	c, err := a.EngineConfig()
	if err != nil {
		return err
	}
	// Resume only what is there: a fresh arm runs as a fresh self-play run.
	done, err := armComplete(a)
	if err != nil {
		return err
	}
	left, err := dataset.Leftovers(a.Run.Out, a.key(), 0, a.Run.Games)
	if err != nil {
		return err
	}
	run := a.Run
	run.Resume = done > 0 || len(left) > 0
	if a.Game == eval.AlquerqueGame {
		ev, err := eval.OpenAlquerqueEvaluator(a.engine().Evaluator)
		if err != nil {
			return fmt.Errorf("evaluator: %w", err)
		}
		return playArmOf(ctx, p, a, selfplay.ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code]{
			Run: run, Rules: alquerque.Rules(a.Rules), Engine: mcts.Engine{Settings: c.Settings, Evaluator: ev.Identity}, Evaluator: ev.Evaluator,
		})
	}
	ev, err := eval.OpenEvaluator(a.engine().Evaluator)
	if err != nil {
		return fmt.Errorf("evaluator: %w", err)
	}
	return playArmOf(ctx, p, a, selfplay.Config{
		Run: run, Rules: a.Rules, Engine: mcts.Engine{Settings: c.Settings, Evaluator: ev.Identity}, Evaluator: ev.Evaluator,
	})
}

// playArmOf plays arm a's self-play run cfg (its run, game, engine and
// evaluator set) with the arm's opening procedure, players and sides and
// p's part size and callbacks.
func playArmOf[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, p *SelfPlayer, a ArmRun, cfg selfplay.ConfigOf[G, P, M]) error {
	cfg.Opening, cfg.Players, cfg.Sides, cfg.PartGames, cfg.Logf = a.Opening, a.Players, a.sideSettings(), p.PartGames, p.Logf
	if p.OnStart != nil {
		cfg.OnStart = func(planned, skipped int64) { p.OnStart(a, planned, skipped) }
	}
	if p.OnKept != nil {
		cfg.OnKept = func(red, black, draw int64) { p.OnKept(a, red, black, draw) }
	}
	if p.OnGame != nil {
		cfg.OnGame = func(g selfplay.GameStats) { p.OnGame(a, g) }
	}
	_, err := selfplay.RunOf(ctx, cfg)
	return err
}

// checkFormerDefault refuses to go on with an arm whose games the former
// default study engine played (a spec that leaves the engine's search to
// the default, run before the strongest engine became it), saying what
// the spec must add to continue it (which claimExperiment then accepts as
// the same experiment: spelledOut).
func (a *ArmRun) checkFormerDefault() error {
	if a.Game != dataset.DefaultGame {
		return nil // the former default engine played Surakarta only
	}
	c, err := a.EngineConfig()
	if err != nil {
		return nil // the arm's own check reports it
	}
	o, err := eval.OpenEvaluator(a.engine().Evaluator)
	if err != nil {
		return nil
	}
	mine := mcts.Engine{Settings: c.Settings, Evaluator: o.Identity}.Describe()
	have, ok, err := dataset.ReadManifest(a.Run.Out, a.key())
	if err != nil || !ok || !runspec.DescribedMadeUnderBaseline(mine, string(have.Engine)) {
		return nil
	}
	b := runspec.BaselineEngine()
	var keys []string
	for _, n := range runspec.StrongestEngine().Diff(b) {
		keys = append(keys, n+": "+mcts.LookupSetting(n).Get(&b))
	}
	return fmt.Errorf("%s holds games of the former default engine, and the spec leaves the engine to the default, which is now the strongest engine.\n%w",
		a.Run.Out, runspec.FormerDefaultNote(errors.New("add engine: {"+strings.Join(keys, ", ")+"} to the spec (the same experiment, spelled out)")))
}

// ProgressPlayer returns the self-play player of experiment run: the runs'
// log lines and a progress line per arm on w, none of either when quiet
// (the progress line's summary aside, as selfplay.Progress prints it).
func ProgressPlayer(w io.Writer, quiet bool) Player {
	var prog selfplay.Progress
	p := &SelfPlayer{
		Logf: func(format string, args ...any) {
			if !quiet {
				fmt.Fprintf(w, format+"\n", args...)
			}
		},
		OnStart: func(arm ArmRun, planned, skipped int64) {
			prog.Players = gamestats.PlayerNames(arm.key()) // the results in the arm's game's words
			prog.Start(w, arm.Name, planned, skipped, quiet)
		},
		OnKept: func(_ ArmRun, red, black, draw int64) { prog.Kept(red, black, draw) },
		OnGame: func(_ ArmRun, g selfplay.GameStats) { prog.Game(g) },
	}
	return &stoppingPlayer{SelfPlayer: p, stop: prog.Stop}
}

// stoppingPlayer closes the arm's progress line when the arm ends.
type stoppingPlayer struct {
	*SelfPlayer
	stop func()
}

func (s *stoppingPlayer) PlayArm(ctx context.Context, a ArmRun) error {
	defer s.stop()
	return s.SelfPlayer.PlayArm(ctx, a)
}
