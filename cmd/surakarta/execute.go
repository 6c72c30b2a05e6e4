package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/tablebase"
)

// exitInterrupted is the exit status of a command stopped by Ctrl-C or
// SIGTERM, 128+SIGINT as shells report it, so that a script can tell an
// abandoned run (or game) from a finished one.
const exitInterrupted = 130

// execute runs root with args under ctx, the one execution path of the CLI (main and
// the tests' child processes use it). When the command that ran was given
// --json and fails before printing anything on stdout, it prints the error
// there as one object, {"error": "..."} plus the fields the error carries
// (errorFields), so that a script reading the JSON gets an object either
// way; a command that printed its object (dataset verify's report of the
// problems it found) is not given a second one.
func execute(ctx context.Context, root *cobra.Command, args []string) error {
	root.SetArgs(args)
	progress.SetFormat(progress.Text) // until the command's --progress says otherwise
	setting.SayWith(flagWord)         // what libraries print names our flags
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return unknownFlagError(cmd, err, args) })
	out := &countingWriter{w: root.OutOrStdout()}
	root.SetOut(out)
	cmd, err := root.ExecuteContextC(ctx)
	if cmd != nil {
		if w, ok := cmd.ErrOrStderr().(*progress.NoteWriter); ok {
			w.Flush()
		}
	}
	err = flagNamed(cmd, err)
	if err == nil || out.n > 0 || cmd == nil || !wantsJSON(cmd, args) {
		return err
	}
	if werr := writeErrorJSON(out, err); werr != nil {
		return errors.Join(err, werr)
	}
	return err
}

// exitStatus is the process's exit status for err, the error execute
// returned under ctx: 0, exitInterrupted when a signal ended ctx and the
// command failed (it stopped for the signal, whatever its error wraps:
// selfplay's, pipeline's and train's say what they kept and how to
// resume), else 1.
func exitStatus(ctx context.Context, err error) int {
	switch {
	case err == nil:
		return 0
	case ctx.Err() != nil:
		return exitInterrupted
	default:
		return 1
	}
}

// errorFields is implemented by errors that carry data a --json error
// object includes besides the message (analyze's finished game: its fen
// and outcome).
type errorFields interface {
	ErrorFields() map[string]string
}

// writeErrorJSON prints err as the error object of every --json command.
func writeErrorJSON(w io.Writer, err error) error {
	j := map[string]string{}
	var f errorFields
	if errors.As(err, &f) {
		for k, v := range f.ErrorFields() {
			j[k] = v
		}
	}
	j["error"] = err.Error()
	return writeJSON(w, j)
}

// wantsJSON reports whether cmd, run with args, was asked for --json. A
// command whose flags did not parse has no flag values, so its arguments
// are searched instead.
func wantsJSON(cmd *cobra.Command, args []string) bool {
	f := cmd.Flags().Lookup("json")
	if f == nil {
		return false
	}
	if f.Changed {
		return f.Value.String() == "true"
	}
	return slices.Contains(args, "--json") || slices.Contains(args, "--json=true")
}

// writeJSON writes v as one JSON object indented two spaces a level and
// ended by a newline, the one form of every command's --json output and
// of the error object of writeErrorJSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printResult prints a command's result on stdout: v as one JSON object
// under --json (asJSON), else what text writes.
func printResult(cmd *cobra.Command, asJSON bool, v any, text func(io.Writer) error) error {
	if asJSON {
		return writeJSON(cmd.OutOrStdout(), v)
	}
	return text(cmd.OutOrStdout())
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// flagNamed returns err, the error of cmd (nil when none ran), with the
// values the libraries name in its text named by the flags that give them
// (libraries name values, commands name flags): endgame tables
// (tablebase.TablesError, "endgame tables DIR: ...") as --tablebase DIR,
// an engine setting (mcts.SettingError, "sims 0: ...") or a run setting
// (runspec.SettingError, "games 0: ...") or another option
// (setting.ValueError, "pieces 9: ...") as its flag when cmd has it
// ("--sims 0: ..."; a setting given another way, a match side's
// CONFIG's sims=0, keeps its name); the settings of a library's advice
// (setting.Advice) as flags (sayFlags). The error still unwraps to err.
func flagNamed(cmd *cobra.Command, err error) error {
	err = sayFlags(err)
	hasFlag := func(name string) bool { return cmd != nil && cmd.Flags().Lookup(name) != nil }
	var se *mcts.SettingError
	if errors.As(err, &se) && hasFlag(se.Setting.Flag()) {
		err = mcts.NameSettings(err, func(s *mcts.Setting) string { return "--" + s.Flag() })
	}
	var re *runspec.SettingError
	if errors.As(err, &re) && hasFlag(re.Setting.Flag()) {
		if named := re.Named(func(s *runspec.Setting) string { return "--" + s.Flag() }); !strings.Contains(err.Error(), named) {
			err = &renamed{err, strings.Replace(err.Error(), re.Error(), named, 1)}
		}
	}
	var ve *setting.ValueError
	if errors.As(err, &ve) {
		if flag, ok := optionFlag(cmd, ve.Name); ok && !strings.Contains(err.Error(), ve.Named(flag)) {
			err = &renamed{err, strings.Replace(err.Error(), ve.Error(), ve.Named(flag), 1)}
		}
	}
	var te *tablebase.TablesError
	if !errors.As(err, &te) {
		return err
	}
	// The prefix alone: the tables' own error may name settings, which
	// sayFlags has said already.
	return &renamed{err, strings.Replace(err.Error(), "endgame tables "+te.Dir+": ", "--tablebase "+te.Dir+": ", 1)}
}

// optionFlags are the flags of options a library names otherwise (a
// setting.ValueError's name): the threads of a build (BuildOptions'
// concurrency) and of a fit (FitOptions' workers).
var optionFlags = map[string]string{"concurrency": "threads", "workers": "threads"}

// optionFlag returns the flag of cmd that sets the option a library calls
// name ("max_iterations": --max-iterations; optionFlags), and whether cmd
// has it (an old spelling, hidden, is not named).
func optionFlag(cmd *cobra.Command, name string) (string, bool) {
	if cmd == nil {
		return "", false
	}
	for _, f := range []string{strings.ReplaceAll(name, "_", "-"), optionFlags[name]} {
		if fl := cmd.Flags().Lookup(f); f != "" && fl != nil && !fl.Hidden { // not an old spelling
			return "--" + f, true
		}
	}
	return "", false
}

// renamed is an error with another text.
type renamed struct {
	err  error
	text string
}

func (r *renamed) Error() string { return r.text }
func (r *renamed) Unwrap() error { return r.err }
