package main

import (
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// runFlags are the run settings of a command that plays games (selfplay,
// match, pipeline, train, experiment run): one flag for each entry of
// runspec's table the command takes, written straight into the Settings it
// points to: the run settings of the config the command runs (or, where
// the library takes no runspec.Settings, the command's own).
type runFlags struct {
	*runspec.Settings
	taken []string // the names of the settings bound to flags
	cmd   *cobra.Command
}

// addRunFlags registers a flag for every run setting but those named in
// skip, with f.Settings' values as defaults (runspec.Defaults, then the
// command's own) and usage[name] as the usage line where the command says
// more than the table (games per variant, per arm). A deprecated spelling
// is a hidden alias that prints a note when used.
func addRunFlags(cmd *cobra.Command, f *runFlags, usage map[string]string, skip ...string) {
	fs := cmd.Flags()
	f.cmd = cmd
	settings := runspec.Declared()
	for i := range settings {
		s := &settings[i]
		if slices.Contains(skip, s.Name) {
			continue
		}
		u, ok := usage[s.Name]
		if !ok {
			u = s.Usage(flagWord)
		}
		fl := fs.VarPF(s.Value(f.Settings), s.Flag(), "", u)
		if s.Kind == "bool" { // --resume alone means --resume=true
			fl.NoOptDefVal = "true"
		}
		for _, old := range s.Deprecated {
			deprecatedAlias(cmd, old, s.Flag(), setting.Say(s.Why, flagWord))
		}
		f.taken = append(f.taken, s.Name)
	}
	for name := range usage {
		if !slices.Contains(f.taken, name) {
			panic(fmt.Sprintf("%s: usage of run setting %q, which it does not take", cmd.Name(), name))
		}
	}
}

// check reports the first run setting the command takes out of range,
// naming the setting (execute names it by its flag: flagNamed).
func (f *runFlags) check() error { return f.Validate(f.taken...) }

// changed reports whether the command was given the setting's flag or an
// old spelling of it.
func (f *runFlags) changed(name string) bool {
	s := runspec.Lookup(name)
	if f.cmd.Flags().Changed(s.Flag()) {
		return true
	}
	for _, old := range s.Deprecated {
		if f.cmd.Flags().Changed(old) {
			return true
		}
	}
	return false
}
