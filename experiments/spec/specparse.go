package spec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// Read reads and validates a spec file (YAML, or JSON by a .json
// extension).
func Read(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxSpecBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	s, err := Parse(data, strings.HasSuffix(strings.ToLower(path), ".json"))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Parse parses a spec from YAML (or JSON when isJSON) strictly: an
// unknown field, a second document, a value of the wrong type or a setting
// out of range is an error that names it. Defaults are filled in
// (confidence 0.95 and the margins' defaults).
func Parse(data []byte, isJSON bool) (*Spec, error) {
	if len(data) > maxSpecBytes {
		return nil, fmt.Errorf("spec of %d bytes: larger than %d", len(data), maxSpecBytes)
	}
	var s Spec
	if isJSON {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			if ierr := jsonIntError(data, err); ierr != nil {
				return nil, ierr
			}
			return nil, jsonSpecError(err)
		}
		if dec.More() {
			return nil, errors.New("spec: unexpected data after the JSON object")
		}
	} else {
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := decodeYAML(dec, &s); err != nil {
			if errors.Is(err, io.EOF) {
				return nil, errors.New("spec is empty: want a YAML mapping with name, games, engine and arms")
			}
			return nil, yamlSpecError(err)
		}
		var extra any
		if err := decodeYAML(dec, &extra); !errors.Is(err, io.EOF) {
			return nil, errors.New("spec holds more than one YAML document: want exactly one")
		}
		if err := checkIntegers(data); err != nil {
			return nil, err
		}
	}
	if s.Workers != 0 {
		if s.Concurrency != 0 && s.Concurrency != s.Workers {
			return nil, fmt.Errorf("spec sets concurrency %d and its old name workers %d: keep concurrency only", s.Concurrency, s.Workers)
		}
		s.Concurrency, s.Workers = s.Workers, 0
		s.Notes = append(s.Notes, setting.Sprintf("the spec key workers is deprecated: write concurrency (the same setting, named as %s on the command line)", setting.Key("concurrency")))
	}
	for _, m := range []struct {
		name      string
		pts, frac *float64
	}{{"equivalence_margin", &s.EquivalenceMarginPoints, &s.EquivalenceMargin}, {"convergence_margin", &s.ConvergenceMarginPoints, &s.ConvergenceMargin}} {
		switch {
		case *m.pts != 0 && *m.frac != 0:
			return nil, fmt.Errorf("spec sets %s_points %g and %s %g: keep %s_points only", m.name, *m.pts, m.name, *m.frac, m.name)
		case *m.pts != 0:
			*m.frac, *m.pts = *m.pts/100, 0
		case *m.frac != 0 && !isJSON:
			s.Notes = append(s.Notes, fmt.Sprintf("the spec key %s (a fraction) is deprecated: write %s_points: %g, in points as every output says them",
				m.name, m.name, 100**m.frac))
		}
	}
	if s.Opening == dataset.OpeningRandom {
		s.Opening = ""
	}
	if s.Players == "" {
		s.Players = PlayersIndependent
	}
	if s.Confidence == 0 {
		s.Confidence = 0.95
	}
	if s.EquivalenceMargin == 0 {
		s.EquivalenceMargin = DefaultEquivalenceMargin
	}
	if s.ConvergenceMargin == 0 {
		s.ConvergenceMargin = DefaultConvergenceMargin
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	return &s, nil
}

// ParseRecorded parses an experiment directory's spec.json (SpecFile),
// as Parse does, except that a spec recorded without a players key
// was played by one shared searcher: every run before the key existed
// was, so its games and its report keep the meaning they had.
func ParseRecorded(data []byte) (*Spec, error) {
	s, err := Parse(data, true)
	if err != nil {
		return nil, err
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) == nil {
		if _, ok := keys["players"]; !ok {
			s.Players = PlayersShared
		}
	}
	return s, nil
}

// decodeYAML decodes one document, turning a decoder panic (which no
// input should cause, but a parser fuzzed by users might) into an error.
func decodeYAML(dec *yaml.Decoder, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed YAML (%v)", r)
		}
	}()
	return dec.Decode(v)
}

var (
	unknownFieldRE = regexp.MustCompile(`field (\S+) not found in type spec\.(\w+)`)
	typeErrorRE    = regexp.MustCompile("cannot unmarshal !!\\w+ (.*) into (\\S+)")
)

// kindName says in words what a Go type the spec decodes into expects.
func kindName(goType string) string {
	goType = strings.TrimPrefix(goType, "*")
	switch {
	case strings.HasPrefix(goType, "int"), strings.HasPrefix(goType, "uint"):
		return "an integer"
	case strings.HasPrefix(goType, "float"):
		return "a number"
	case goType == "bool":
		return "true or false"
	case goType == "string":
		return "a string"
	case strings.HasPrefix(goType, "[]"), strings.HasPrefix(goType, "["):
		return "a list"
	}
	return "a mapping"
}

// yamlSpecError rewrites the YAML decoder's messages in the spec's terms.
func yamlSpecError(err error) error {
	msg := err.Error()
	msg = unknownFieldRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := unknownFieldRE.FindStringSubmatch(m)
		return fmt.Sprintf("unknown field %q in %s (want one of %s)", sub[1], sectionName(sub[2]), strings.Join(fieldNames(sub[2]), ", "))
	})
	msg = typeErrorRE.ReplaceAllStringFunc(msg, func(m string) string {
		sub := typeErrorRE.FindStringSubmatch(m)
		return fmt.Sprintf("%s is not %s", sub[1], kindName(sub[2]))
	})
	msg = strings.ReplaceAll(msg, "yaml: unmarshal errors:\n  ", "")
	msg = strings.ReplaceAll(msg, "\n  ", "; ")
	msg = strings.ReplaceAll(msg, "experiments.", "")
	return errors.New("spec: " + strings.TrimPrefix(msg, "yaml: "))
}

func jsonSpecError(err error) error {
	msg := err.Error()
	if f, ok := strings.CutPrefix(msg, "json: unknown field "); ok {
		return fmt.Errorf("spec: unknown field %s", f)
	}
	return errors.New("spec: " + strings.ReplaceAll(strings.TrimPrefix(msg, "json: "), "experiments.", ""))
}

var specTypes = map[string]reflect.Type{
	"Spec":       reflect.TypeFor[Spec](),
	"RulesSpec":  reflect.TypeFor[RulesSpec](),
	"ArmSpec":    reflect.TypeFor[ArmSpec](),
	"ExtendSpec": reflect.TypeFor[ExtendSpec](),
}

func sectionName(typ string) string {
	switch typ {
	case "RulesSpec":
		return "rules"
	case "ArmSpec":
		return "an arm"
	case "ExtendSpec":
		return "extend"
	}
	return "the spec"
}

func fieldNames(typ string) []string {
	t := specTypes[typ]
	if t == nil {
		return nil
	}
	var out []string
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("yaml")
		if name, _, _ := strings.Cut(tag, ","); name != "" {
			out = append(out, name)
		}
	}
	return out
}
