package setting

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// An Entry is one setting of a table over the struct S: its name, meaning
// and old spellings, and the default, text form and address of its field.
// A table is a slice of Entry, or of a package's own type that embeds one.
type Entry[S any] struct {
	// Name is the setting's one spelling: the key of specs and records
	// ("playout_plies"). Its flag is Flag(), the same with '-' for '_'.
	Name string
	// Doc is the setting's meaning in a line: its flag's usage, a spec
	// key's or an engine option's doc. It names other settings as
	// Ref.String writes them (leaf=playout), each listed in Refs.
	Doc string
	// Refs are the settings Doc names, which Usage says in a reader's
	// words.
	Refs []Ref
	// Deprecated lists old spellings that still work, as flags and as
	// keys.
	Deprecated []string
	// Kind is the value's type as flags show it: int, int64, uint64,
	// float64, bool or string (a type with a text form of its own).
	Kind string

	def func(*S)
	ptr func(*S) any
	get func(*S) string
	set func(*S, string) error
}

// Words chooses what a value that does not parse is told.
type Words uint8

const (
	// Strconv errors are strconv's ("strconv.ParseInt: parsing "x":
	// invalid syntax"), which the flag package has always printed after
	// the flag.
	Strconv Words = iota
	// Wanted errors say what is wanted ("want a whole number, e.g. 800"),
	// for callers that put the setting and the value before them.
	Wanted
)

// textValue is a type with a text form of its own (an enumeration),
// read and written as a flag.Value is.
type textValue interface {
	String() string
	Set(string) error
}

// Declare builds the entry of the field p returns, with default def. T is
// int, int64, uint64, float64, bool, string, or a type whose pointer reads
// its text form with Set and whose String writes it (a flag.Value); words
// chooses the errors of the built-in kinds. old lists deprecated
// spellings. It panics on any other T, a programmer's error.
func Declare[S, T any](name string, def T, doc string, p func(*S) *T, words Words, old ...string) Entry[S] {
	e := Entry[S]{Name: name, Doc: doc, Deprecated: old, Kind: kind(&def)}
	if e.Kind == "" {
		panic(fmt.Sprintf("setting: %s is a %T, which has no text form", name, def))
	}
	e.def = func(s *S) { *p(s) = def }
	e.ptr = func(s *S) any { return p(s) }
	e.get = func(s *S) string { return format(*p(s)) }
	e.set = func(s *S, text string) error {
		var v T
		if err := parse(&v, text, words); err != nil {
			return err
		}
		*p(s) = v
		return nil
	}
	return e
}

func kind(v any) string {
	switch v.(type) {
	case *int:
		return "int"
	case *int64:
		return "int64"
	case *uint64:
		return "uint64"
	case *float64:
		return "float64"
	case *bool:
		return "bool"
	case *string, textValue:
		return "string"
	}
	return ""
}

// format writes v as Get shows it: floats in their shortest exact form,
// the rest as fmt prints them (a textValue by its String).
func format(v any) string {
	if f, ok := v.(float64); ok {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return fmt.Sprint(v)
}

// parse reads text into *v as the flag package reads a flag of its type.
func parse(v any, text string, words Words) error {
	var err error
	var want string
	switch v := v.(type) {
	case *int:
		var n int64
		n, err = strconv.ParseInt(text, 0, strconv.IntSize)
		*v, want = int(n), "a whole number, e.g. 800"
	case *int64:
		*v, err = strconv.ParseInt(text, 0, 64)
		want = "a whole number, e.g. 800"
	case *uint64:
		*v, err = strconv.ParseUint(text, 0, 64)
		want = "a whole number, e.g. 800"
	case *float64:
		*v, err = strconv.ParseFloat(text, 64)
		want = "a number, e.g. 1.5"
	case *bool:
		*v, err = strconv.ParseBool(text)
		want = "true or false"
	case *string:
		*v = text
	case textValue:
		return v.Set(text) // its own words
	}
	if err != nil && words == Wanted {
		return errors.New("want " + want)
	}
	return err
}

// Flag returns the setting's command-line flag name (without "--"): Name
// with '-' for '_'.
func (e *Entry[S]) Flag() string { return strings.ReplaceAll(e.Name, "_", "-") }

// Get returns the setting's value in s in text form.
func (e *Entry[S]) Get(s *S) string { return e.get(s) }

// Set parses text into the setting's field of s; it checks the type, not
// the range (the table's Validate does).
func (e *Entry[S]) Set(s *S, text string) error { return e.set(s, text) }

// Field returns the address of the setting's field in s.
func (e *Entry[S]) Field(s *S) any { return e.ptr(s) }

// Reset sets the setting's field of s to its default.
func (e *Entry[S]) Reset(s *S) { e.def(s) }

func (e *Entry[S]) entry() *Entry[S] { return e }

// Value returns the setting bound to its field of s as a flag value
// (String, Set, Type: the pflag.Value interface), so that a command's flag
// writes straight into s.
func (e *Entry[S]) Value(s *S) *Value[S] { return &Value[S]{e: e, s: s} }

// Value is a setting bound to one S, for flag packages.
type Value[S any] struct {
	e *Entry[S]
	s *S
}

func (v *Value[S]) String() string { return v.e.Get(v.s) }
func (v *Value[S]) Type() string   { return v.e.Kind }

// Set parses t; its error is the flag package's to put after the flag.
func (v *Value[S]) Set(t string) error { return v.e.Set(v.s, t) }

// entryOf is a pointer to an element of a table over S: an Entry, or a
// type that embeds one.
type entryOf[S, E any] interface {
	*E
	entry() *Entry[S]
}

// Lookup returns the element of table whose setting a key names: its Name,
// its flag, or a deprecated spelling, with or without a leading "--"; nil
// for none. S, the table's struct, is given: Lookup[Engine](table, key).
func Lookup[S, E any, P entryOf[S, E]](table []E, key string) *E {
	key = strings.ReplaceAll(strings.TrimPrefix(key, "--"), "_", "-")
	for i := range table {
		e := P(&table[i]).entry()
		if e.Flag() == key || slices.ContainsFunc(e.Deprecated, func(old string) bool { return strings.ReplaceAll(old, "_", "-") == key }) {
			return &table[i]
		}
	}
	return nil
}

// Defaults returns an S with every setting of table at its default.
func Defaults[S, E any, P entryOf[S, E]](table []E) S {
	var s S
	for i := range table {
		P(&table[i]).entry().Reset(&s)
	}
	return s
}

// Diff returns the names of the settings of table in which a and b
// differ, in the table's order.
func Diff[S, E any, P entryOf[S, E]](table []E, a, b *S) []string {
	var out []string
	for i := range table {
		if e := P(&table[i]).entry(); e.Get(a) != e.Get(b) {
			out = append(out, e.Name)
		}
	}
	return out
}

// Usage is Doc with the settings it names (Refs) said by name: a
// command's flag's usage line names the other flags ("(--leaf playout)"
// where Doc says "(leaf=playout)").
func (e *Entry[S]) Usage(name func(Ref) string) string {
	u := e.Doc
	for _, r := range e.Refs {
		u = strings.ReplaceAll(u, r.String(), name(r))
	}
	return u
}
