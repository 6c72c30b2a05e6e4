package main

import (
	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/runspec"
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
	f.engine = d
	bindEngineSettings(cmd, &f.engine)
	cmd.Flags().Uint64Var(&f.seed, "seed", mcts.DefaultConfig().Seed, "random seed: the same seed and settings give the same games")
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
		usage := s.Doc
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
			a := fs.VarPF(v, old, "", s.Doc)
			a.NoOptDefVal = f.NoOptDefVal
			deprecateFlag(cmd, old, "use --"+s.Flag())
		}
	}
}

// config returns the search settings the flags describe under the game
// rules r and the evaluator they name, checked once; errors name the flag.
func (f *engineFlags) config(r rules.Rules) (mcts.Config, mcts.Evaluator, error) {
	c, o, err := f.open(r)
	return c, o.Evaluator, err
}

// open is config with the evaluator's identity, for the commands that
// record it (eval.OpenEngine).
func (f *engineFlags) open(r rules.Rules) (mcts.Config, eval.Opened, error) {
	return eval.OpenEngine(f.engine, r, f.seed)
}
