package mcts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// A Setting is one entry of the engine's declaration (config.go): its
// name, default, valid range and meaning, and access to its field of an
// Engine. Everything that names, parses, prints, checks or compares engine
// settings goes through these entries, so each fact about a setting is
// written once.
type Setting struct {
	// Name is the setting's one spelling: the key of experiment specs and
	// of a run's description ("playout_plies"). Its flag and the key of the
	// text form are Flag(), the same with '-' for '_'.
	Name string
	// Doc is the flag's usage line.
	Doc string
	// Want describes the valid values, for errors ("at least 1").
	Want string
	// Deprecated lists old flag spellings that still work.
	Deprecated []string
	// Kind is the value's type as flags show it: int, float64, bool or
	// string.
	Kind string

	used func(*Engine) bool // nil: always
	// omitted at its default from Describe: a setting added after runs
	// were recorded, whose default changes nothing, leaves their
	// descriptions as they were.
	omitDefault bool
	def         func(*Engine)        // sets the default
	ptr         func(*Engine) any    // the field's address
	get         func(*Engine) string // the value in text form
	set         func(*Engine, string) error
	json        func(*Engine) any
	valid       func(*Engine) bool
}

// settingType lists the types a setting may have.
type settingType interface {
	int | float64 | bool | string | LeafMode
}

// declare builds an entry for the field p returns, with default def and
// validity ok (nil: every value of the type is valid). old lists
// deprecated flag spellings.
func declare[T settingType](name string, def T, want, doc string, p func(*Engine) *T, ok func(T, *Engine) bool, old ...string) Setting {
	s := Setting{Name: name, Doc: doc, Want: want, Deprecated: old}
	s.def = func(e *Engine) { *p(e) = def }
	s.ptr = func(e *Engine) any { return p(e) }
	s.get = func(e *Engine) string { return formatValue(*p(e)) }
	s.json = func(e *Engine) any {
		if m, isLeaf := any(*p(e)).(LeafMode); isLeaf {
			return m.String()
		}
		return *p(e)
	}
	s.set = func(e *Engine, text string) error {
		v, err := parseValue[T](text)
		if err == nil {
			*p(e) = v
		}
		return err
	}
	s.valid = func(e *Engine) bool { return ok == nil || ok(*p(e), e) }
	switch any(def).(type) {
	case int:
		s.Kind = "int"
	case float64:
		s.Kind = "float64"
	case bool:
		s.Kind = "bool"
	default:
		s.Kind = "string"
	}
	return s
}

func formatValue(v any) string {
	switch v := v.(type) {
	case int:
		return strconv.Itoa(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	case LeafMode:
		return v.String()
	}
	return v.(string)
}

// parseValue parses text as the flag package parses a flag of the type.
// Its error says what is wanted ("want a whole number"), not strconv's
// words: callers put the setting and the value before it.
func parseValue[T settingType](text string) (T, error) {
	var out T
	var v any
	var err error
	switch any(out).(type) {
	case int:
		var n int64
		if n, err = strconv.ParseInt(text, 0, strconv.IntSize); err != nil {
			err = errors.New("want a whole number, e.g. 800")
		}
		v = int(n)
	case float64:
		if v, err = strconv.ParseFloat(text, 64); err != nil {
			err = errors.New("want a number, e.g. 1.5")
		}
	case bool:
		if v, err = strconv.ParseBool(text); err != nil {
			err = errors.New("want true or false")
		}
	case LeafMode:
		v, err = ParseLeafMode(text)
	default:
		v = text
	}
	if err != nil {
		return out, err
	}
	return v.(T), nil
}

func (s *Setting) reset(e *Engine) { s.def(e) }

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

// Used reports whether the setting changes what e does: a playout setting
// with value leaves, the noise concentration without noise or the
// temperature without sampled plies do not. Reports and short text forms
// leave unused settings out; descriptions and comparisons of runs keep
// every setting.
func (s *Setting) Used(e *Engine) bool { return s.used == nil || s.used(e) }

// Flag returns the setting's command-line flag name (without "--"), which
// is also its key in the text form: Name with '-' for '_'.
func (s *Setting) Flag() string { return strings.ReplaceAll(s.Name, "_", "-") }

// Get returns the setting's value in e in text form.
func (s *Setting) Get(e *Engine) string { return s.get(e) }

// Set parses text into the setting's field of e; it checks the type, not
// the range (Validate does).
func (s *Setting) Set(e *Engine, text string) error { return s.set(e, text) }

// Field returns the address of the setting's field in e.
func (s *Setting) Field(e *Engine) any { return s.ptr(e) }

// EngineSettings returns the declaration of every engine setting, in the
// order of a run's description. The slice is shared: do not modify it.
func EngineSettings() []Setting { return engineSettings }

// LookupSetting returns the setting a key names: its Name, its flag, or a
// deprecated flag spelling, with or without a leading "--".
func LookupSetting(key string) *Setting {
	key = strings.ReplaceAll(strings.TrimPrefix(key, "--"), "_", "-")
	for i := range engineSettings {
		s := &engineSettings[i]
		if s.Flag() == key {
			return s
		}
		for _, old := range s.Deprecated {
			if old == key {
				return s
			}
		}
	}
	return nil
}

// SettingError is a setting out of range.
type SettingError struct {
	Setting *Setting
	// Value is the bad value in text form.
	Value string
}

// Error names the setting by its flag: "--sims 0: want at least 1".
func (e *SettingError) Error() string {
	return fmt.Sprintf("--%s %s: want %s", e.Setting.Flag(), e.Value, e.Setting.Want)
}

// Value returns the setting bound to its field of e as a flag value
// (String, Set, Type: the pflag.Value interface), so that a command's flag
// writes straight into e.
func (s *Setting) Value(e *Engine) *SettingValue { return &SettingValue{s: s, e: e} }

// SettingValue is a setting bound to one Engine, for flag packages.
type SettingValue struct {
	s *Setting
	e *Engine
}

func (v *SettingValue) String() string     { return v.s.Get(v.e) }
func (v *SettingValue) Set(t string) error { return v.s.Set(v.e, t) }
func (v *SettingValue) Type() string       { return v.s.Kind }

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
			// The form of SettingError (Validate's range errors), so that a
			// setting's errors read alike wherever it was given.
			return base, fmt.Errorf("--%s %s: %w", s.Flag(), strings.TrimSpace(v), err)
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
			s.def(&def)
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
func (e Engine) Diff(o Engine) []string {
	var out []string
	for i := range engineSettings {
		s := &engineSettings[i]
		if s.Get(&e) != s.Get(&o) {
			out = append(out, s.Name)
		}
	}
	return out
}
