package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/surakarta/surakarta/mcts"
)

// EngineSpec is the engine section of a spec or of an arm: some of the
// engine settings (mcts.EngineSettings), each under its name and kept in
// its canonical text form. Unset settings keep the values of the engine
// the spec is applied to (Apply). Any setting the engine declares may be
// set; its range is checked on the engine that results (Spec.Validate).
//
//	engine: {sims: 200, leaf: value, evaluator: weights.json}
type EngineSpec struct {
	values map[string]string // by mcts.Setting.Name; never modified once built
}

// Get returns a setting's text if the spec sets it.
func (e EngineSpec) Get(name string) (string, bool) {
	v, ok := e.values[name]
	return v, ok
}

// IsZero reports whether the spec sets nothing (YAML's omitempty).
func (e EngineSpec) IsZero() bool { return len(e.values) == 0 }

// With returns a copy of e that sets the named setting to text, which must
// parse as the setting's type.
func (e EngineSpec) With(name, text string) (EngineSpec, error) {
	s := settingNamed(name)
	if s == nil {
		return e, fmt.Errorf("unknown field %q in engine (want one of %s)", name, strings.Join(engineNames(), ", "))
	}
	scratch := mcts.DefaultEngine()
	if err := s.Set(&scratch, text); err != nil {
		return e, fmt.Errorf("engine %s: %q is not %s", name, text, kindName(s.Kind))
	}
	out := EngineSpec{values: make(map[string]string, len(e.values)+1)}
	for k, v := range e.values {
		out.values[k] = v
	}
	out.values[name] = s.Get(&scratch)
	return out, nil
}

// Over returns the settings of e over those of base.
func (e EngineSpec) Over(base EngineSpec) EngineSpec {
	if len(e.values) == 0 {
		return base
	}
	out := EngineSpec{values: make(map[string]string, len(e.values)+len(base.values))}
	for k, v := range base.values {
		out.values[k] = v
	}
	for k, v := range e.values {
		out.values[k] = v
	}
	return out
}

// Apply returns base with the spec's settings set.
func (e EngineSpec) Apply(base mcts.Engine) mcts.Engine {
	settings := mcts.EngineSettings()
	for i := range settings {
		if v, ok := e.values[settings[i].Name]; ok {
			if err := settings[i].Set(&base, v); err != nil {
				panic("spec: a checked engine setting no longer parses: " + err.Error())
			}
		}
	}
	return base
}

// sims returns the simulations a move the spec sets (Validate requires
// them).
func (e EngineSpec) Sims() int { return e.Apply(mcts.DefaultEngine()).Sims }

// evaluator returns the evaluator the spec names, "" when it leaves the
// default (the report names only evaluators a spec chose).
func (e EngineSpec) Evaluator() string {
	v, _ := e.Get("evaluator")
	return v
}

// settingNamed returns the setting of a spec key: its name exactly.
func settingNamed(name string) *mcts.Setting {
	settings := mcts.EngineSettings()
	for i := range settings {
		if settings[i].Name == name {
			return &settings[i]
		}
	}
	return nil
}

func engineNames() []string {
	settings := mcts.EngineSettings()
	out := make([]string, len(settings))
	for i := range settings {
		out[i] = settings[i].Name
	}
	return out
}

// typed returns the spec's settings as typed values (numbers, booleans,
// strings), in declaration order, for encoding.
func (e EngineSpec) typed() ([]string, []any) {
	var keys []string
	var vals []any
	full := e.Apply(mcts.DefaultEngine())
	settings := mcts.EngineSettings()
	for i := range settings {
		s := &settings[i]
		if _, ok := e.values[s.Name]; !ok {
			continue
		}
		keys, vals = append(keys, s.Name), append(vals, jsonValue(s, &full))
	}
	return keys, vals
}

// jsonValue returns the setting's value in e as JSON's types see it.
func jsonValue(s *mcts.Setting, e *mcts.Engine) any {
	switch v := s.Field(e).(type) {
	case *int:
		return *v
	case *float64:
		return *v
	case *bool:
		return *v
	}
	return s.Get(e)
}

// MarshalJSON writes the set settings as an object in declaration order.
func (e EngineSpec) MarshalJSON() ([]byte, error) {
	keys, vals := e.typed()
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(vals[i])
		if err != nil {
			return nil, fmt.Errorf("engine %s: %w", k, err)
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object of settings; a value may be a number, a
// boolean or a string.
func (e *EngineSpec) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return fmt.Errorf("engine: want an object of settings: %w", err)
	}
	out := EngineSpec{}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the first error does not depend on map order
	for _, k := range keys {
		var text string
		switch v := m[k].(type) {
		case json.Number:
			text = v.String()
		case bool:
			text = fmt.Sprint(v)
		case string:
			text = v
		default:
			return fmt.Errorf("engine %s: want a number, true or false, or a string", k)
		}
		var err error
		if out, err = out.With(k, text); err != nil {
			return err
		}
	}
	*e = out
	return nil
}

// MarshalYAML writes the set settings as a mapping.
func (e EngineSpec) MarshalYAML() (any, error) {
	keys, vals := e.typed()
	n := &yaml.Node{Kind: yaml.MappingNode}
	for i, k := range keys {
		var v yaml.Node
		if err := v.Encode(vals[i]); err != nil {
			return nil, err
		}
		n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: k}, &v)
	}
	return n, nil
}

// UnmarshalYAML reads a mapping of settings with scalar values.
func (e *EngineSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: engine: want a mapping of settings such as {sims: 200}", n.Line)
	}
	out := EngineSpec{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("line %d: engine %s: want a single value", v.Line, k.Value)
		}
		if _, dup := out.values[k.Value]; dup {
			return fmt.Errorf("line %d: engine %s set twice", k.Line, k.Value)
		}
		var err error
		if out, err = out.With(k.Value, v.Value); err != nil {
			return fmt.Errorf("line %d: %w", k.Line, err)
		}
	}
	*e = out
	return nil
}
