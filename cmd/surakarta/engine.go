package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/internal/protocol/engine"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

func newEngineCommand() *cobra.Command {
	var flags engineFlags
	opt := engine.Options{Name: "surakarta " + version.Module(), Author: "the surakarta authors", OpenEvaluator: openEvaluator}
	cmd := &cobra.Command{
		Use:   "engine [engine flags] [--threads T]",
		Short: "Speak the engine protocol on stdin and stdout, with the project's search behind it",
		Long: "engine reads protocol commands on stdin and answers on stdout, one line each, as\n" +
			"docs/PROTOCOL.md describes: identify, setoption, newgame, position, go, stop, quit.\n" +
			"It is how other programs (GUIs, arenas, surakarta match itself) play the built-in\n" +
			"engine. Its options are the engine flags below and threads; the flags given here are\n" +
			"the options' starting values, setoption NAME VALUE changes one (it means exactly what\n" +
			"--NAME VALUE means). go sims N and go nodes N run N simulations, go movetime MS\n" +
			"searches for MS milliseconds (a clock budget: for play against other programs,\n" +
			"never for data), plain go runs --sims. Malformed input gets an error line and the\n" +
			"engine keeps going; it exits on quit or at the end of its input. Without --tablebase\n" +
			"it uses the default endgame tables directory's tables when present (play and analyze\n" +
			"build them on first use, tablebase build adds larger ones); damaged tables refuse the\n" +
			"start or the setoption (docs/TABLEBASE.md).",
		Example: "  surakarta engine --sims 400 --leaf value\n" +
			"  printf 'position startpos\\ngo sims 200\\nquit\\n' | surakarta engine\n" +
			"  surakarta match --a 'engine:surakarta engine --sims 200' --b sims=200 --games 20",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			e, err := flags.resolved()
			if err != nil {
				return err
			}
			opt.Settings, opt.OldNames = engineOptions(cmd, e)
			opt.Engine, opt.Seed = e, flags.seed
			opt.Tables, opt.TablesNamed = engineTablesOf(cmd), cmd.Flags().Changed("tablebase")
			eng, err := engine.New(opt)
			if err != nil {
				return err
			}
			err = protocol.Serve(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), eng)
			if errors.Is(err, cmd.Context().Err()) {
				return nil // interrupted: nothing left to answer
			}
			return err
		},
	}
	// The engine starts from the settings in force (the flags, on --preset's
	// engine when one is given); the options list them as text for identify
	// (engineOptions).
	addEngineFlags(cmd, &flags)
	cmd.Flags().IntVar(&opt.Threads, "threads", 1, "search threads (1: reproducible from --seed; more: tree-parallel); also the threads option")
	return cmd
}

// engineTablesOf is the engine's Options.Tables: the tables the settings
// name, which must load (a damaged file refuses the start or the
// setoption, by name), or, when they name none, the default tables
// directory's when it holds them (the engine builds none: play, analyze or
// tablebase build does); --tablebase= or setoption tablebase with an empty
// value turns tables off. Notes go to stderr, each once.
func engineTablesOf(cmd *cobra.Command) func(string, bool, rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error) {
	tb := newEngineTables(cmd.ErrOrStderr(), false, false)
	return func(dir string, named bool, r rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error) {
		dir, t, err := tb.resolve(dir, r, named)
		return dir, oracleOf(t), err
	}
}

// engineOptions lists the engine flags as protocol options, with the
// values of e, the engine in force (the flags on --preset's engine), as
// defaults, and the deprecated spellings. The flags' own values would
// show the strongest engine's under --preset baseline.
func engineOptions(cmd *cobra.Command, e mcts.Engine) (settings []protocol.OptionInfo, old []string) {
	var probe engineFlags
	names := &cobra.Command{}
	addEngineFlags(names, &probe)
	names.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden { // a deprecated spelling of another option
			old = append(old, f.Name)
			return
		}
		value := cmd.Flags().Lookup(f.Name).Value.String() // the seed
		if s := mcts.LookupSetting(f.Name); s != nil {
			value = s.Get(&e)
		} else if f.Name != engine.SeedOption {
			return // --preset: its settings are the others' values, no option of its own
		}
		if value == "" {
			// An empty value (tablebase unset) is no protocol token:
			// identify leaves the option out, setoption still takes it.
			old = append(old, f.Name)
			return
		}
		settings = append(settings, protocol.OptionInfo{Name: f.Name, Default: value, Doc: f.Usage})
	})
	return settings, old
}

// openEvaluator opens the evaluator the engine's evaluator setting names
// (package eval's registry); the error names the flag.
func openEvaluator(name string) (mcts.Evaluator, error) {
	o, err := eval.OpenEvaluator(name)
	if err != nil {
		return nil, fmt.Errorf("--evaluator %s: %w", name, err)
	}
	return o.Evaluator, nil
}
