package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// The evaluator registry: every place that turns an evaluator's name
// (--evaluator, evaluator= in a match CONFIG, evaluator: in a spec, the
// pipeline's and the trainer's own) into an evaluator goes through
// OpenEvaluator, so that names, files and the identity a run records mean
// the same everywhere.
//
// A name is a built-in evaluator of namedEvaluators, a model built into
// the binary (shipped.go: by its name, by "best" for the shipped one, or
// by the identity runs record for it) or else a file: a JSON file whose
// "format" field names one of fileFormats. To add a built-in, add a
// NamedEvaluator to namedEvaluators; to add a file format, add a
// FileFormat to fileFormats with its format string and a Load that checks
// and decodes the file's bytes; to ship a model, see shipped.go. Nothing
// else changes: the commands' help lists the tables (EvaluatorHelp).

// NamedEvaluator is a built-in evaluator, chosen by its name.
type NamedEvaluator struct {
	Name string
	Doc  string
	New  func() mcts.Evaluator
}

// FileFormat is a kind of evaluator file, told apart by the file's
// "format" field.
type FileFormat struct {
	Format string
	Doc    string
	// Load checks and decodes a file of this format.
	Load func(data []byte) (mcts.Evaluator, error)
}

var namedEvaluators = []NamedEvaluator{
	{mcts.MaterialName, "the material difference (mcts.Material)", func() mcts.Evaluator { return mcts.Material{} }},
}

var fileFormats = []FileFormat{
	{ModelFormat, "a model file written by train (a linear or pattern value and a move prior)", func(data []byte) (mcts.Evaluator, error) {
		f, err := ReadModel(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return f.Evaluator()
	}},
	{WeightsFormat, "a weights file written by fit (a linear value)", func(data []byte) (mcts.Evaluator, error) {
		f, err := ReadWeights(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		return f.Linear()
	}},
}

// Opened is an evaluator with the identity a run records for it.
type Opened struct {
	Evaluator mcts.Evaluator
	// Identity is the built-in's name, or for a file "weights sha256:"
	// and the hash of its bytes (whatever its format: the form runs have
	// always recorded), so that a changed file is another run wherever it
	// lives and a moved one the same run.
	Identity string
}

// OpenEngine returns the search configuration of e under rules r with
// seed, checked, and its evaluator opened (OpenEvaluator): what every
// command and match side that runs the engine starts from. An evaluator
// that does not open is named as the setting evaluator (mcts.Refused:
// "evaluator NAME: ...", which a command says as its flag).
func OpenEngine(e mcts.Engine, r rules.Rules, seed uint64) (mcts.Config, Opened, error) {
	c := e.Config(r, seed)
	if err := e.Validate(); err != nil {
		return c, Opened{}, err
	}
	o, err := OpenEvaluator(e.Evaluator)
	if err != nil {
		return c, o, mcts.Refused("evaluator", e.Evaluator, err)
	}
	return c, o, nil
}

// OpenEvaluator returns the evaluator name names: a built-in
// (namedEvaluators), an embedded model (shipped.go) or else a file of one
// of fileFormats.
func OpenEvaluator(name string) (Opened, error) {
	for _, n := range namedEvaluators {
		if n.Name == name {
			return Opened{Evaluator: n.New(), Identity: n.Name}, nil
		}
	}
	if m, ok := embeddedModelNamed(surakartaGame, name); ok {
		return m.open()
	}
	if name == "" {
		return Opened{}, fmt.Errorf("empty evaluator name: want %s", EvaluatorHelp())
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return Opened{}, fmt.Errorf("evaluator %q is neither a built-in (%s) nor a readable file: %w", name, strings.Join(builtinNamesOf(surakartaGame), ", "), err)
	}
	ev, err := loadFile(data)
	if err != nil {
		return Opened{}, fmt.Errorf("%s: %w", name, err)
	}
	return Opened{Evaluator: ev, Identity: fileIdentity(data)}, nil
}

// LoadEvaluator returns the evaluator of the file at path, of any of the
// registered file formats.
func LoadEvaluator(path string) (mcts.Evaluator, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ev, err := loadFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ev, nil
}

// loadFile decodes an evaluator file by its format field.
func loadFile(data []byte) (mcts.Evaluator, error) {
	// The files this program writes open with their format: read it
	// without parsing the rest, which the format's Load parses once (a
	// model file is megabytes of numbers, and every command that plays
	// the shipped model opens it). Anything else, and any file that does
	// not load, takes the full check below, which words every error.
	if format, ok := leadingFormat(data); ok {
		for _, f := range fileFormats {
			if f.Format == format {
				if ev, err := f.Load(data); err == nil {
					return ev, nil
				}
			}
		}
	}
	var head struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		// The decoder's message quotes the byte it choked on: never echo
		// a file that may not be an evaluator's (a hostile spec's
		// /etc/passwd), only where it stopped being one.
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("not an evaluator file: not JSON (syntax error at byte %d of %d); want %s", se.Offset, len(data), fileFormatsHelp())
		}
		return nil, fmt.Errorf("not an evaluator file: its format field is not a string; want %s", fileFormatsHelp())
	}
	for _, f := range fileFormats {
		if f.Format == head.Format {
			return f.Load(data)
		}
	}
	if strings.HasPrefix(head.Format, "surakarta-") && len(head.Format) <= 64 {
		return nil, fmt.Errorf("format %q: want %s", head.Format, fileFormatsHelp())
	}
	// Another program's file: say so without echoing what it holds.
	return nil, fmt.Errorf("not an evaluator file: its format field names none of this program's formats; want %s", fileFormatsHelp())
}

// leadingFormat returns the format field's string when it is the first
// field of a JSON object, reading no further.
func leadingFormat(data []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", false
	}
	if k, err := dec.Token(); err != nil || k != "format" {
		return "", false
	}
	v, err := dec.Token()
	s, ok := v.(string)
	return s, err == nil && ok
}

// fileFormatsHelp lists the file formats with their format strings.
func fileFormatsHelp() string {
	var formats []string
	for _, f := range fileFormats {
		formats = append(formats, fmt.Sprintf("%s (format %q)", f.Doc, f.Format))
	}
	return strings.Join(formats, " or ")
}

// BuiltinNames lists the names that open without a file in either game's
// registry, sorted: the built-ins, BestName and the embedded models of
// both games.
func BuiltinNames() []string {
	var out []string
	for _, n := range namedEvaluators {
		out = append(out, n.Name)
	}
	out = append(out, BestName)
	out = append(out, EmbeddedModelNames()...)
	sort.Strings(out)
	return out
}

// builtinNamesOf lists the names that open without a file in game's
// registry: BestName, material (both games have one) and game's embedded
// models, sorted.
func builtinNamesOf(game string) []string {
	return append([]string{BestName, mcts.MaterialName}, embeddedModelNamesOf(game)...)
}

// IsBuiltin reports whether name opens without a file: a built-in, BestName,
// an embedded model's name or its identity, of either game. A spec's
// evaluator that is one is no path in its folder.
func IsBuiltin(name string) bool {
	for _, n := range namedEvaluators {
		if n.Name == name {
			return true
		}
	}
	_, ok := embeddedModelNamed(surakartaGame, name)
	return ok
}

// EvaluatorHelp says in a line what an evaluator name may be, from the
// registry's tables: Surakarta's names, and what best is in Alquerque.
func EvaluatorHelp() string {
	var names []string
	for _, n := range builtinNamesOf(surakartaGame) {
		if n == BestName {
			n += " (the game's shipped model: " + ShippedModel + ", in Alquerque " + ShippedAlquerqueModel + ")"
		}
		names = append(names, n)
	}
	parts := []string{strings.Join(names, ", ")}
	for _, f := range fileFormats {
		parts = append(parts, f.Doc)
	}
	return strings.Join(parts, ", or ")
}
