package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
)

// flagHint is a flag a command lacks that users reach for, with what to
// give instead: hint gets the value the user gave (or "N" when none
// followed the flag).
type flagHint struct {
	// applies says whether the hint is for cmd (by its flags or name).
	applies func(cmd *cobra.Command) bool
	// flag matches the unknown flag's name, without dashes.
	flag func(name string) bool
	hint func(cmd *cobra.Command, name, value string) string
}

// flagHints is the one table of the hints unknown-flag errors give
// (unknownFlagError): an engine setting given to match, --threads to a
// command of games at once, --variant to stats.
var flagHints = []flagHint{
	{
		applies: func(cmd *cobra.Command) bool { return cmd.Flags().Lookup("a") != nil && cmd.Flags().Lookup("b") != nil },
		flag:    func(name string) bool { return mcts.LookupSetting(name) != nil },
		hint: func(_ *cobra.Command, name, v string) string {
			key := mcts.LookupSetting(name).Name
			h := fmt.Sprintf("each side's engine settings go in --a and --b: --a %s=%s --b %s=%s", key, v, key, v)
			if key == "sims" {
				h += fmt.Sprintf(", or --go 'sims %s' for both sides' budget", v)
			}
			return h
		},
	},
	{
		applies: func(cmd *cobra.Command) bool { return cmd.Flags().Lookup("concurrency") != nil },
		flag:    func(name string) bool { return name == "threads" || name == "workers" || name == "jobs" },
		hint: func(cmd *cobra.Command, _, v string) string {
			return fmt.Sprintf("%s plays --concurrency games at once, each search on one thread: give --concurrency %s", cmd.CommandPath(), v)
		},
	},
	{
		applies: func(cmd *cobra.Command) bool { return cmd.Name() == "stats" },
		flag:    func(name string) bool { return name == "variant" },
		hint: func(*cobra.Command, string, string) string {
			return "stats needs no --variant: it reports each variant of a dataset on lines of its own (variant is always a grouping field; --by adds others)"
		},
	},
}

// unknownFlagError is the root's flag error function: an unknown flag's
// error gains the hint of flagHints that applies (args, the command line,
// give the flag's value) and where the flags are listed; other flag
// errors pass unchanged.
func unknownFlagError(cmd *cobra.Command, err error, args []string) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	for _, h := range flagHints {
		if h.applies(cmd) && h.flag(name) {
			return fmt.Errorf("%w; %s", err, h.hint(cmd, name, flagValue(args, name)))
		}
	}
	return fmt.Errorf("%w (%s --help lists its flags)", err, cmd.CommandPath())
}

// flagValue is the value given to --name in args: --name=V or --name V,
// else "N".
func flagValue(args []string, name string) string {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
		if a == "--"+name && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			return args[i+1]
		}
	}
	return "N"
}

// refFlags are the flags of settings a library names otherwise (a
// setting.Ref's name whose flag is not the name with '-' for '_').
var refFlags = map[string]string{}

// sayFlags returns err with the settings and commands its setting.Advice
// name (libraries name values: "add resume", "selfplay out=DIR") said as
// a user types them (commands name flags: "add --resume", "surakarta
// selfplay --out DIR"), by flagWord. The error still unwraps to err.
func sayFlags(err error) error {
	if err == nil {
		return nil
	}
	if text := setting.Say(err, flagWord); text != err.Error() {
		return &renamed{err, text}
	}
	return err
}

// flagWord is a setting.Ref as a command line writes it: a command with
// the program's name, a setting as its flag (refFlags, else the name
// with '-' for '_') with its value after it (a shell word), a switch
// alone for true and with =false.
func flagWord(r setting.Ref) string {
	if r.Command {
		return "surakarta " + r.Name
	}
	flag := refFlags[r.Name]
	if flag == "" {
		flag = strings.ReplaceAll(r.Name, "_", "-")
	}
	switch r.Value {
	case "", "true":
		return "--" + flag
	case "false":
		return "--" + flag + "=false"
	}
	return "--" + flag + " " + words.ShellWord(r.Value)
}
