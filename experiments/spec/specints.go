package spec

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// The YAML decoder truncates a number with a fraction into an integer
// field (games: 7.9 plays 7 games, seed: 3.9 is seed 3) where JSON's
// refuses it. A spec's integers are integers in both: checkIntegers finds
// the first fractional number under an integer key, by the spec's types,
// and names it with its line.

// checkIntegers walks the YAML document data as decoded into a Spec and
// refuses the first number with a fraction whose field is an integer.
func checkIntegers(data []byte) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) == 0 {
		return nil // the decoder has said what is wrong
	}
	return intsIn(doc.Content[0], reflect.TypeFor[Spec](), "")
}

var yamlUnmarshaler = reflect.TypeFor[yaml.Unmarshaler]()

// intsIn checks node n decoded into a value of type t; where names the
// key it is under ("games", "arm \"b\" random_opening").
func intsIn(n *yaml.Node, t reflect.Type, where string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(yamlUnmarshaler) {
		return nil // reads its own values (EngineSpec checks its settings)
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n.Kind == yaml.ScalarNode && n.Tag == "!!float" {
			if x, err := strconv.ParseFloat(n.Value, 64); err == nil && x != math.Trunc(x) {
				return fmt.Errorf("spec: line %d: %s %s is not an integer: write a whole number", n.Line, where, n.Value)
			}
		}
	case reflect.Slice, reflect.Array:
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				if err := intsIn(c, t.Elem(), where); err != nil {
					return err
				}
			}
		}
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			return nil
		}
		fields := map[string]reflect.Type{}
		for i := range t.NumField() {
			if name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ","); name != "" && name != "-" {
				fields[name] = t.Field(i).Type
			}
		}
		// An arm's keys are named with the arm, so that a line in a long
		// list of arms is found by its name too.
		prefix := where
		if t == reflect.TypeFor[ArmSpec]() {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "name" {
					prefix = fmt.Sprintf("arm %q", n.Content[i+1].Value)
				}
			}
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			ft, ok := fields[n.Content[i].Value]
			if !ok {
				continue
			}
			key := strings.TrimSpace(prefix + " " + n.Content[i].Value)
			if err := intsIn(n.Content[i+1], ft, key); err != nil {
				return err
			}
		}
	}
	return nil
}

// jsonIntError rewrites the JSON decoder's refusal of a fractional number
// in an integer field ("cannot unmarshal number 3.9 into Go struct field
// Spec.seed of type uint64") as checkIntegers says it for YAML: the key,
// the value and the line.
func jsonIntError(data []byte, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || !strings.HasPrefix(te.Value, "number ") || kindName(te.Type.String()) != "an integer" {
		return nil
	}
	line := 1 + strings.Count(string(data[:min(max(te.Offset, 0), int64(len(data)))]), "\n")
	return fmt.Errorf("spec: line %d: %s %s is not an integer: write a whole number", line, strings.ReplaceAll(te.Field, ".", " "), strings.TrimPrefix(te.Value, "number "))
}
