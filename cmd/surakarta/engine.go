package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/internal/protocol"
	"github.com/surakarta/surakarta/internal/protocol/engine"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
)

func newEngineCommand() *cobra.Command {
	var (
		flags    engineFlags
		threads  int
		gameName string
	)
	cmd := &cobra.Command{
		Use:   "engine [engine flags] [--threads T] [--game G]",
		Short: "Speak the engine protocol on stdin and stdout, with the project's search behind it",
		Long:  helpText("engine"),
		Example: "  surakarta engine --sims 400 --leaf value\n" +
			"  printf 'position startpos\\ngo sims 200\\nquit\\n' | surakarta engine\n" +
			"  surakarta match --a 'engine:surakarta engine --sims 200' --b sims=200 --games 20\n" +
			"  printf 'position startpos\\ngo\\nquit\\n' | surakarta engine --preset random --seed 7",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if arena.IsBaseline(flags.preset) {
				return serveBaseline(cmd, flags, gameName)
			}
			return onGame(gameName, rules.DefaultRules(), gameCommand{
				surakarta: func(r rules.Rules) error {
					e, err := flags.resolved()
					if err != nil {
						return err
					}
					return serveEngine(cmd, engine.Options{Rules: r, OpenEvaluator: openEvaluator,
						Tables: engineTablesOf(cmd), TablesNamed: cmd.Flags().Changed("tablebase")}, e, flags.seed, threads,
						eval.EvaluatorHelp(), func(r rules.Rules) rules.Rules { return r })
				},
				alquerque: func(r alquerque.Rules) error {
					if err := noTables(cmd, r); err != nil {
						return err
					}
					e, err := flags.resolvedOn(runspec.AlquerqueEngine())
					if err != nil {
						return err
					}
					return serveEngine(cmd, engine.OptionsOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Rules: r, OpenEvaluator: openAlquerqueEvaluator},
						e, flags.seed, threads, eval.AlquerqueEvaluatorHelp(), func(r rules.Rules) alquerque.Rules { return alquerque.Rules(r) })
				},
			})
		},
	}
	// The engine starts from the settings in force (the flags, on --preset's
	// engine when one is given); the options list them as text for identify
	// (engineOptions).
	addEngineFlags(cmd, &flags)
	addGameFlag(cmd, &gameName)
	cmd.Flags().IntVar(&threads, "threads", 1, "search threads (1: reproducible from --seed; more: tree-parallel); also the threads option")
	return cmd
}

// engineTablesOf is the engine's Options.Tables: the tables the settings
// name, which must load (a damaged file refuses the start or the
// setoption, by name), or, when they name none, the default tables
// directory's when it holds them (the engine builds none: play, analyze or
// tablebase build does); --tablebase= or setoption tablebase with an empty
// value turns tables off. Notes go to stderr, each once.
func engineTablesOf(cmd *cobra.Command) func(string, bool, rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error) {
	tb := tablebase.NewResolver(cmd.ErrOrStderr(), false, false)
	return func(dir string, named bool, r rules.Rules) (string, game.Oracle[rules.Position, rules.Move], error) {
		dir, t, err := tb.Resolve(dir, r, named)
		if te := (*tablebase.TablesError)(nil); errors.As(err, &te) {
			err = sayFlags(fmt.Errorf("--tablebase %s: %w", te.Dir, te.Err)) // setoption's answer names the flags too
		}
		return dir, tablebase.OracleOf(t), err
	}
}

// engineOptions lists the engine flags as protocol options, with the
// values of e, the engine in force (the flags on --preset's engine), as
// defaults, and the evaluator's doc evaluatorHelp (its game's evaluators),
// and the deprecated spellings. The flags' own values would
// show the strongest engine's under --preset baseline.
func engineOptions(cmd *cobra.Command, e mcts.Engine, evaluatorHelp string) (settings []protocol.OptionInfo, old []string) {
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
		// The evaluator's flag says Surakarta's registry; another game's
		// engine says its own.
		doc := strings.Replace(f.Usage, eval.EvaluatorHelp(), evaluatorHelp, 1)
		settings = append(settings, protocol.OptionInfo{Name: f.Name, Default: value, Doc: doc})
	})
	return settings, old
}

// openEvaluator opens the evaluator the engine's evaluator setting names
// (package eval's registry).
func openEvaluator(name string) (mcts.Evaluator, error) {
	o, err := eval.OpenEvaluator(name)
	return o.Evaluator, err
}

// serveEngine serves the protocol on the command's input and output with
// an engine of game G (opt: its rules, evaluators and tables) playing
// engine settings e with seed on threads threads (evaluatorHelp: what its
// evaluator option may name); rulesOf makes a newgame's settings G's
// rules.
func serveEngine[G mcts.Game[P, M], P comparable, M game.Move](cmd *cobra.Command, opt engine.OptionsOf[G, P, M], e mcts.Engine, seed uint64, threads int, evaluatorHelp string, rulesOf func(rules.Rules) G) error {
	opt.Name, opt.Author = "surakarta "+version.Module(), "the surakarta authors"
	opt.Settings, opt.OldNames = engineOptions(cmd, e, evaluatorHelp)
	if threads < 1 || threads > engine.MaxThreads {
		return fmt.Errorf("--threads %d: want 1 to %d", threads, engine.MaxThreads)
	}
	opt.Engine, opt.Seed, opt.Threads = e, seed, threads
	eng, err := engine.NewOf(opt)
	if err != nil {
		return err
	}
	return serveOn(cmd, eng, rulesOf)
}

// serveOn speaks the protocol on the command's stdin and stdout with eng
// behind it until quit or the end of the input.
func serveOn[G game.Game[P, M], P any, M game.Move](cmd *cobra.Command, eng protocol.EngineOf[G, P, M], rulesOf func(rules.Rules) G) error {
	err := protocol.ServeOf(cmd.Context(), cmd.InOrStdin(), cmd.OutOrStdout(), eng, rulesOf)
	if errors.Is(err, cmd.Context().Err()) {
		return nil // interrupted: nothing left to answer
	}
	return err
}

// noTables refuses --tablebase for game r, which has no endgame tables.
func noTables[G interface{ Name() string }](cmd *cobra.Command, r G) error {
	if cmd.Flags().Changed("tablebase") {
		return fmt.Errorf("--tablebase: %s has no endgame tables (they are Surakarta's): leave --tablebase out", r.Name())
	}
	return nil
}

// serveBaseline serves the baseline --preset names (arena.BaselineEngineOf)
// for --game, seeded by --seed; the flags that set a search are refused.
func serveBaseline(cmd *cobra.Command, flags engineFlags, gameName string) error {
	for _, s := range mcts.EngineSettings() {
		if flags.flags.Changed(s.Flag()) || slices.ContainsFunc(s.Deprecated, flags.flags.Changed) {
			return fmt.Errorf("--preset %s plays without a search, so --%s sets nothing: leave it out (or pick a search preset: %s)", flags.preset, s.Flag(), runspec.PresetHelp())
		}
	}
	if cmd.Flags().Changed("threads") {
		return fmt.Errorf("--preset %s plays without a search, so --threads sets nothing: leave it out", flags.preset)
	}
	name, author := "surakarta "+flags.preset+" "+version.Module(), "the surakarta authors"
	return onGame(gameName, rules.DefaultRules(), gameCommand{
		surakarta: func(rules.Rules) error {
			eng, err := arena.NewBaselineEngineOf[rules.Rules, rules.Position, rules.Move](flags.preset, name, author, flags.seed)
			if err != nil {
				return err
			}
			return serveOn(cmd, eng, func(r rules.Rules) rules.Rules { return r })
		},
		alquerque: func(alquerque.Rules) error {
			eng, err := arena.NewBaselineEngineOf[alquerque.Rules, alquerque.Position, alquerque.Code](flags.preset, name, author, flags.seed)
			if err != nil {
				return err
			}
			return serveOn(cmd, eng, func(r rules.Rules) alquerque.Rules { return alquerque.Rules(r) })
		},
	})
}

// openAlquerqueEvaluator opens the Alquerque evaluator the engine's
// evaluator setting names (eval.OpenAlquerqueEvaluator).
func openAlquerqueEvaluator(name string) (mcts.EvaluatorOf[alquerque.Position, alquerque.Code], error) {
	o, err := eval.OpenAlquerqueEvaluator(name)
	return o.Evaluator, err
}
