package setting

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// Ref is a setting, or a command, that a library's message names: what to
// set to go on ("add resume to continue it"). A library names it as its
// options and spec keys do (resume, games=4096, selfplay); a command says
// it as a user types it (--resume, --games 4096, surakarta selfplay): the
// message is an Advice, which Say renders either way. Libraries name
// values, commands name flags.
type Ref struct {
	// Name is the setting's name, lower case with underscores as the
	// options, spec keys and manifests call it ("resume", "gen0_games"),
	// or with Command a command's ("selfplay", "tablebase build").
	Name string
	// Value is the value the message gives the setting ("4096",
	// "false"); "" names the setting alone.
	Value string
	// Command says Name is a command's.
	Command bool
}

// Key names the setting name alone: "resume".
func Key(name string) Ref { return Ref{Name: name} }

// Set names the setting name given value: "games=4096".
func Set(name string, value any) Ref { return Ref{Name: name, Value: fmt.Sprint(value)} }

// Cmd names the command name: "selfplay".
func Cmd(name string) Ref { return Ref{Name: name, Command: true} }

// String is the library's words for r: the name, with "=value" when it
// gives one.
func (r Ref) String() string {
	if r.Value == "" || r.Command {
		return r.Name
	}
	return r.Name + "=" + r.Value
}

// Line is a command line a message names, the words separated by spaces:
// Line{Cmd("tablebase build"), Set("pieces", 6), Set("out", dir)}.
type Line []Ref

func (l Line) String() string { return l.named(Ref.String) }

func (l Line) named(name func(Ref) string) string {
	w := make([]string, len(l))
	for i, r := range l {
		w[i] = name(r)
	}
	return strings.Join(w, " ")
}

// Advice is an error whose text names settings (Ref, Line arguments):
// Error says them in the library's words, Say in a reader's.
type Advice struct {
	format string
	args   []any
	plain  error // fmt.Errorf of the format and the arguments as given
}

// Errorf returns the Advice of fmt.Errorf(format, args...): Ref and Line
// arguments name settings, a %w argument is wrapped (errors.Is and As see
// it) and said by Say in the reader's words too.
func Errorf(format string, args ...any) error {
	return &Advice{format: format, args: args, plain: fmt.Errorf(format, args...)}
}

func (a *Advice) Error() string { return a.plain.Error() }

// Unwrap returns the errors the format wraps (%w).
func (a *Advice) Unwrap() []error {
	switch u := a.plain.(type) {
	case interface{ Unwrap() error }:
		return []error{u.Unwrap()}
	case interface{ Unwrap() []error }:
		return u.Unwrap()
	}
	return nil
}

// named is the advice's text with every setting it names, its own and its
// arguments', said by name.
func (a *Advice) named(name func(Ref) string) string {
	args := make([]any, len(a.args))
	for i, v := range a.args {
		switch v := v.(type) {
		case Ref:
			args[i] = name(v)
		case Line:
			args[i] = v.named(name)
		case error:
			args[i] = errors.New(Say(v, name))
		default:
			args[i] = v
		}
	}
	return fmt.Errorf(a.format, args...).Error()
}

// Say returns err's text with the settings that each Advice in it names
// (the error itself, or one it wraps, even through errors that are not
// Advice, errors.Join's too) said by name, e.g. a command's flags:
// "run the same command with --resume". With name Ref.String it is
// err.Error().
func Say(err error, name func(Ref) string) string {
	text := err.Error()
	for _, a := range advice(err, nil) {
		text = strings.Replace(text, a.Error(), a.named(name), 1)
	}
	return text
}

// advice appends the outermost Advice of each branch of err's tree to
// list: an Advice says the ones it wraps itself.
func advice(err error, list []*Advice) []*Advice {
	if a, ok := err.(*Advice); ok {
		return append(list, a)
	}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		if e := u.Unwrap(); e != nil {
			list = advice(e, list)
		}
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			list = advice(e, list)
		}
	}
	return list
}

// Join is errs said one after another with sep between them, an Advice
// that says the settings each names (a list of differences, one a line).
func Join(sep string, errs ...error) error {
	args := make([]any, len(errs))
	for i, e := range errs {
		args[i] = e
	}
	return Errorf(strings.Join(slices.Repeat([]string{"%v"}, len(errs)), strings.ReplaceAll(sep, "%", "%%")), args...)
}

// Advises reports whether err's advice names r (Say), alone or in a Line:
// how a test checks which setting an error tells its reader to change.
func Advises(err error, r Ref) bool {
	const mark = "\x00"
	return err != nil && strings.Contains(Say(err, func(x Ref) string {
		if x == r {
			return mark
		}
		return x.String()
	}), mark)
}

// sayer is how Sprintf says settings: nil for the library's words.
var sayer atomic.Pointer[func(Ref) string]

// SayWith makes name how Sprintf says settings from now on, a command's
// flags where the CLI runs (a choice for the whole process, as the
// command line is: execute makes it); nil restores the library's words.
func SayWith(name func(Ref) string) {
	if name == nil {
		sayer.Store(nil)
		return
	}
	sayer.Store(&name)
}

// Sprintf is the text of Errorf(format, args...) with its settings said
// as SayWith chose: what a library prints for a person (a warning, a
// note, a report's advice) names settings so, and reads "raise --lambda"
// where the CLI printed it.
func Sprintf(format string, args ...any) string {
	err := Errorf(format, args...)
	if name := sayer.Load(); name != nil {
		return Say(err, *name)
	}
	return err.Error()
}
