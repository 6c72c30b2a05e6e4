package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/app/completion"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// fixedValues completes a flag from a fixed list of values: those that
// start with what is typed.
func fixedValues(values ...string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return completion.Prefixed(values, toComplete), cobra.ShellCompDirectiveNoFileComp
	}
}

// flagCompletions maps a flag name to the completion of its values; every
// command's flag of that name completes the same way, so a flag added to a
// command later completes without more code.
var flagCompletions = map[string]cobra.CompletionFunc{
	"variant":   fixedValues(rules.Standard.String(), rules.Majority.String()),
	"no-moves":  fixedValues(rules.NoMovesLoss.String(), rules.NoMovesDraw.String()),
	"leaf":      fixedValues(mcts.LeafPlayout.String(), mcts.LeafValue.String()),
	"model":     fixedValues(string(eval.Ridge), string(eval.Logistic)),
	"human":     humanValues,
	"game":      fixedValues(gameNames...),
	"eval":      evaluatorValues,
	"evaluator": evaluatorValues,
	"by":        listValues(gamestats.GroupFields),
	"out":       directories,
	"weights":   jsonFiles,
	"engines":   jsonFiles,
	"go":        fixedValues("sims", "nodes", "movetime"), // then the number
}

func init() {
	// The engine-spec completion looks values up in flagCompletions. (Cobra
	// takes a one-letter flag for a shorthand when completing, so match's
	// --a and --b cannot complete.)
	flagCompletions["match-engine"] = engineSpecValues
}

// argCompletions completes the arguments of the commands that take paths.
var argCompletions = map[string]cobra.CompletionFunc{
	"surakarta stats":             directories,
	"surakarta stats plan":        directories,
	"surakarta fit":               directories,
	"surakarta dataset inspect":   directories,
	"surakarta dataset verify":    directories,
	"surakarta experiment report": directories,
	"surakarta experiment run":    specFiles,
	"surakarta experiment check":  specFiles,
	"surakarta match pgn":         directories,
}

// addCompletions registers the completions of flagCompletions and
// argCompletions on every command of the tree below root.
func addCompletions(root *cobra.Command) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if fn, ok := flagCompletions[f.Name]; ok {
				if err := c.RegisterFlagCompletionFunc(f.Name, fn); err != nil {
					panic(err) // the flag was just found on c
				}
			}
		})
		if fn, ok := argCompletions[c.CommandPath()]; ok && c.ValidArgsFunction == nil {
			c.ValidArgsFunction = fn
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// humanValues completes play's --human: the players of the command's
// --game (red and black, white and black), or none.
func humanValues(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	name, _ := cmd.Flags().GetString("game")
	p := playersOf(name)
	return fixedValues(p[0], p[1], "none")(cmd, args, toComplete)
}

// evaluatorValues completes --evaluator: the names that open without a
// file (material, best, the built-in models of both games: the flag is
// --game alquerque's too), and weights or model files
// (JSON) and the directories that may hold them.
func evaluatorValues(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	files, dir := pathValues(toComplete, ".json")
	return append(completion.Prefixed(eval.BuiltinNames(), toComplete), files...), dir
}

// jsonFiles completes a JSON file's path.
func jsonFiles(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return pathValues(toComplete, ".json")
}

// specFiles completes an experiment spec's path.
func specFiles(_ *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	return []string{"yaml", "yml", "json"}, cobra.ShellCompDirectiveFilterFileExt
}

// directories completes a directory's path.
func directories(_ *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// pathValues lists the directories and the files ending in ext that
// complete toComplete (completion.Paths), with no space after a directory,
// so that completion can go on inside.
func pathValues(toComplete, ext string) ([]string, cobra.ShellCompDirective) {
	vals, dirs := completion.Paths(toComplete, ext)
	if dirs {
		return vals, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
	return vals, cobra.ShellCompDirectiveNoFileComp
}

// listValues completes a comma-separated list of values: the values not
// yet in the list, after what is typed.
func listValues(values []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		return completion.List(values, toComplete), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// engineSpecValues completes a CONFIG, comma-separated key=value pairs of
// the engine settings (completion.EngineSettings): the keys not yet given,
// then after key= the values of the settings that have a fixed set (leaf,
// evaluator, the switches), as their flags complete.
func engineSpecValues(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	return completion.EngineSettings(toComplete, func(key, value string) []string {
		if fn, ok := flagCompletions[strings.TrimPrefix(key, "--")]; ok {
			vals, _ := fn(nil, nil, value)
			return vals
		}
		return nil
	}), cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
