package mcts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/internal/base/setting"
)

// A Setting is one entry of the engine's declaration (config.go): the
// entry of its field of an Engine (name, default, meaning, text form),
// its valid range, and when it matters. Everything that names, parses,
// prints, checks or compares engine settings goes through these entries,
// so each fact about a setting is written once.
type Setting struct {
	setting.Entry[Engine]
	// Want describes the valid values, for errors ("at least 1").
	Want string

	used func(*Engine) bool // nil: always
	on   string             // the setting used depends on, named in Want; "": none
	// omitted at its default from Describe: a setting added after runs
	// were recorded, whose default changes nothing, leaves their
	// descriptions as they were.
	omitDefault bool
	json        func(*Engine) any
	valid       func(*Engine) bool
}

// settingType lists the types a setting may have.
type settingType interface {
	int | float64 | bool | string | LeafMode
}

// declare builds an entry for the field p returns, with default def and
// validity ok (nil: every value of the type is valid). old lists
// deprecated flag spellings. A value that does not parse is told what is
// wanted ("want a whole number"), not strconv's words: callers put the
// setting and the value before it.
func declare[T settingType](name string, def T, want, doc string, p func(*Engine) *T, ok func(T, *Engine) bool, old ...string) Setting {
	s := Setting{Entry: setting.Declare(name, def, doc, p, setting.Wanted, old...), Want: want}
	s.json = func(e *Engine) any {
		if m, isLeaf := any(*p(e)).(LeafMode); isLeaf {
			return m.String()
		}
		return *p(e)
	}
	s.valid = func(e *Engine) bool { return ok == nil || ok(*p(e), e) }
	return s
}

// omittedAtDefault marks s as left out of Describe while it has its
// default value.
func omittedAtDefault(s Setting) Setting {
	s.omitDefault = true
	return s
}

// usedWhen marks s as mattering only when used says so of the engine.
func usedWhen(used func(*Engine) bool, s Setting) Setting {
	s.used = used
	return s
}

// naming lists the settings s's Doc names (Entry.Refs), which a command's
// usage line says as its flags.
func naming(s Setting, refs ...setting.Ref) Setting {
	s.Refs = refs
	return s
}

// rangeOn marks s's range as depending on the setting named on, which
// s.Want names: a range error names both settings, each as its reader
// spells them (SettingError.Named).
func rangeOn(on string, s Setting) Setting {
	s.on = on
	return s
}

// Used reports whether the setting changes what e does: a playout setting
// with value leaves, the noise concentration without noise or the
// temperature without sampled plies do not. Reports and short text forms
// leave unused settings out; descriptions and comparisons of runs keep
// every setting.
func (s *Setting) Used(e *Engine) bool { return s.used == nil || s.used(e) }

// EngineSettings returns the declaration of every engine setting, in the
// order of a run's description. The slice is shared: do not modify it.
func EngineSettings() []Setting { return engineSettings }

// LookupSetting returns the setting a key names: its Name, its flag, or a
// deprecated flag spelling, with or without a leading "--".
func LookupSetting(key string) *Setting { return setting.Lookup[Engine](engineSettings, key) }

// SettingError is a setting's value refused: out of range, or not of the
// setting's form. Its text names the setting as the engine's declaration
// does ("sims 0: want at least 1"), a library's name for it; a reader with
// other names for the settings (a command's flags, a protocol's options)
// says it in those with Named.
type SettingError struct {
	Setting *Setting
	// Value is the bad value in text form.
	Value string
	// Err is why Value does not parse; nil for a value out of range
	// (Setting.Want says what is wanted).
	Err error
}

// Error names the setting by its name: "sims 0: want at least 1",
// "noise_alpha 0: want a positive concentration when noise_weight is
// above 0".
func (e *SettingError) Error() string { return e.Named(func(s *Setting) string { return s.Name }) }

// Unwrap returns Err.
func (e *SettingError) Unwrap() error { return e.Err }

// Named is the error's text with every setting it names (the setting,
// and the one its range depends on) named by name, e.g. a command's
// "--sims 0: want at least 1".
func (e *SettingError) Named(name func(*Setting) string) string {
	if e.Err != nil {
		return name(e.Setting) + " " + e.Value + ": " + e.Err.Error()
	}
	want := e.Setting.Want
	if on := e.Setting.on; on != "" {
		want = strings.Replace(want, on, name(LookupSetting(on)), 1)
	}
	return name(e.Setting) + " " + e.Value + ": want " + want
}

// Refused returns the *SettingError of value, refused for err (which
// says what is wrong with it), of the setting key names (LookupSetting):
// for a value a caller checks beyond the setting's form, such as an
// evaluator file that does not open. It panics on an unknown key, a
// programmer's error.
func Refused(key, value string, err error) *SettingError {
	s := LookupSetting(key)
	if s == nil {
		panic("mcts: no setting " + key)
	}
	return &SettingError{Setting: s, Value: value, Err: err}
}

// NameSettings returns err with the text of the *SettingError it wraps, if
// any, named by name (SettingError.Named) in place; it still unwraps to
// err. Nil and errors without a SettingError come back unchanged.
func NameSettings(err error, name func(*Setting) string) error {
	var se *SettingError
	if !errors.As(err, &se) {
		return err
	}
	named := se.Named(name)
	if strings.Contains(err.Error(), named) {
		return err // named so already ("--sims 0" holds "sims 0")
	}
	return &renamed{err, strings.Replace(err.Error(), se.Error(), named, 1)}
}

// renamed is an error with another text.
type renamed struct {
	err  error
	text string
}

func (r *renamed) Error() string { return r.text }
func (r *renamed) Unwrap() error { return r.err }

// ParseEngine applies the text form of settings, comma-separated
// key=value pairs such as "sims=800,leaf=value,evaluator=w.json", to base
// and returns the result. Keys are flags or names (see LookupSetting);
// blanks around keys and values are ignored; unset settings keep base's
// values. Ranges are not checked: call Validate.
func ParseEngine(base Engine, text string) (Engine, error) {
	e := base
	for _, pair := range strings.Split(text, ",") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		k, v, ok := strings.Cut(pair, "=")
		if !ok {
			return base, fmt.Errorf("%q is not key=value (e.g. sims=400)", pair)
		}
		k = strings.TrimSpace(k)
		s := LookupSetting(k)
		if s == nil {
			keys := make([]string, len(engineSettings))
			for i := range engineSettings {
				keys[i] = engineSettings[i].Flag()
			}
			sort.Strings(keys)
			return base, fmt.Errorf("unknown key %q: want one of the engine settings %s", strings.TrimPrefix(k, "--"), strings.Join(keys, ", "))
		}
		if err := s.Set(&e, strings.TrimSpace(v)); err != nil {
			// A SettingError, as Validate's range errors are, so that a
			// setting's errors read alike wherever it was given.
			return base, &SettingError{Setting: s, Value: strings.TrimSpace(v), Err: err}
		}
	}
	return e, nil
}

// Text returns the named settings of e in text form, in the order given
// ("sims=800,leaf=value"); with no names, every setting in declaration
// order. ParseEngine reads it back. It panics on an unknown name, a
// programmer's error.
func (e Engine) Text(names ...string) string {
	var b strings.Builder
	add := func(s *Setting) {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.Flag() + "=" + s.Get(&e))
	}
	if len(names) == 0 {
		for i := range engineSettings {
			add(&engineSettings[i])
		}
	}
	for _, n := range names {
		s := LookupSetting(n)
		if s == nil {
			panic("mcts: Engine.Text of unknown setting " + n)
		}
		add(s)
	}
	return b.String()
}

// String returns the text form of every setting.
func (e Engine) String() string { return e.Text() }

// Describe returns the JSON object that identifies e in a run's manifest
// and file footers: every setting under its Name, in declaration order,
// compact, except a setting declared omittedAtDefault while it has its
// default (tablebase: runs recorded before it existed keep their
// descriptions). Two engines play the same games from the same seeds and rules
// exactly when their descriptions are equal.
func (e Engine) Describe() string {
	var b bytes.Buffer
	b.WriteByte('{')
	var def Engine
	for i := range engineSettings {
		s := &engineSettings[i]
		if s.omitDefault {
			s.Reset(&def)
			if s.Get(&e) == s.Get(&def) {
				continue
			}
		}
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(s.Name)
		v, err := json.Marshal(s.json(&e))
		if err != nil { // a non-finite float: Validate refuses it
			v, _ = json.Marshal(s.Get(&e))
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.String()
}

// DescriptionText writes a run's JSON engine description (Describe, of
// this version or another) in the text form the flags take ("sims=800,
// cpuct=1.5,..."): the table's settings in declaration order, then keys
// it does not know, sorted, as flags would spell them. ok is false for a
// text that is no JSON object (an external engine's description).
func DescriptionText(desc string) (text string, ok bool) {
	dec := json.NewDecoder(strings.NewReader(desc))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || len(m) == 0 {
		return "", false
	}
	var parts []string
	for i := range engineSettings {
		s := &engineSettings[i]
		if v, ok := m[s.Name]; ok {
			parts = append(parts, fmt.Sprintf("%s=%v", s.Flag(), v))
			delete(m, s.Name)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) { // keys of another version
		parts = append(parts, fmt.Sprintf("%s=%v", strings.ReplaceAll(k, "_", "-"), m[k]))
	}
	return strings.Join(parts, ","), true
}

// Diff returns the names of the settings in which e and o differ, in
// declaration order.
func (e Engine) Diff(o Engine) []string { return setting.Diff(engineSettings, &e, &o) }
