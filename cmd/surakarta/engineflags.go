package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// engineFlags are the engine settings and the seed of every command that
// runs the engine (analyze, play, selfplay, pipeline), so that each flag
// means the same everywhere; each constructor holds its own copy. The
// flags come from mcts.EngineSettings and write straight into engine.
type engineFlags struct {
	engine mcts.Engine
	seed   uint64
	// preset names an engine (--preset) that the flags given beside it
	// change; defaults and flags are what it applies to.
	preset   string
	defaults mcts.Engine
	flags    *pflag.FlagSet
}

// addEngineFlags registers the engine flags with the analysis engine's
// values (runspec.AnalysisEngine: noise and temperature off) as defaults.
func addEngineFlags(cmd *cobra.Command, f *engineFlags) {
	addEngineFlagsWithDefaults(cmd, f, runspec.AnalysisEngine())
}

// addEngineFlagsWithDefaults registers the engine flags with the defaults
// taken from d, for commands whose natural defaults differ (self-play turns
// noise and temperature on).
func addEngineFlagsWithDefaults(cmd *cobra.Command, f *engineFlags, d mcts.Engine) {
	bindEngineFlags(cmd, f, d)
	cmd.Flags().Uint64Var(&f.seed, "seed", mcts.DefaultConfig().Seed, "random seed: the same seed and settings give the same games")
}

// bindEngineFlags registers the engine settings' flags with d's values as
// defaults and --preset, for the commands whose seed is a run's (selfplay,
// pipeline).
func bindEngineFlags(cmd *cobra.Command, f *engineFlags, d mcts.Engine) {
	f.engine, f.defaults, f.flags = d, d, cmd.Flags()
	bindEngineSettings(cmd, &f.engine)
	cmd.Flags().StringVar(&f.preset, "preset", "", "a named engine that the engine flags given beside it change: "+runspec.PresetHelp())
}

// resolved returns the engine the flags describe: the defaults, or the
// --preset's engine, with every engine flag given on top.
func (f *engineFlags) resolved() (mcts.Engine, error) {
	if f.preset == "" {
		return f.engine, nil
	}
	return f.resolvedOn(f.defaults)
}

// resolvedOn returns the engine the flags describe on base instead of
// their defaults (another game's engine): base, or the --preset's engine
// on base, with every engine flag given on top.
func (f *engineFlags) resolvedOn(base mcts.Engine) (mcts.Engine, error) {
	e := base
	if f.preset != "" {
		var err error
		if e, err = runspec.WithPreset(base, f.preset); err != nil {
			return e, fmt.Errorf("--%w", err)
		}
	}
	settings := mcts.EngineSettings()
	for i := range settings {
		s := &settings[i]
		given := f.flags.Changed(s.Flag())
		for _, old := range s.Deprecated {
			given = given || f.flags.Changed(old)
		}
		if given {
			if err := s.Set(&e, s.Get(&f.engine)); err != nil {
				return e, err
			}
		}
	}
	return e, nil
}

// bindEngineSettings registers one flag per engine setting, bound to its
// field of e, with e's values as defaults; a deprecated spelling is a
// hidden alias that prints a note when used.
func bindEngineSettings(cmd *cobra.Command, e *mcts.Engine) {
	fs := cmd.Flags()
	settings := mcts.EngineSettings()
	for i := range settings {
		s := &settings[i]
		v := s.Value(e)
		usage := s.Usage(flagWord)
		if s.Name == "evaluator" { // the registry's names and formats
			usage = "evaluator: " + eval.EvaluatorHelp()
		}
		for _, old := range s.Deprecated {
			usage += " (old name --" + old + ")"
		}
		f := fs.VarPF(v, s.Flag(), "", usage)
		if s.Kind == "bool" { // --solver alone means --solver=true
			f.NoOptDefVal = "true"
		}
		for _, old := range s.Deprecated {
			a := fs.VarPF(v, old, "", s.Usage(flagWord))
			a.NoOptDefVal = f.NoOptDefVal
			deprecateFlag(cmd, old, "use --"+s.Flag())
		}
	}
}

// config returns the search settings the flags describe under the game
// rules r and the evaluator they name, checked once; errors name the
// setting, which execute names by its flag (flagNamed).
func (f *engineFlags) config(r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	c, o, err := f.open(r)
	return c, o.Evaluator, err
}

// open is config with the evaluator's identity, for the commands that
// record it (eval.OpenEngine).
func (f *engineFlags) open(r rules.Rules) (mcts.Config, eval.Opened, error) {
	e, err := f.resolved()
	if err != nil {
		return mcts.Config{}, eval.Opened{}, err
	}
	return eval.OpenEngine(e, r, f.seed)
}
