package eval

import (
	"crypto/sha256"
	"embed"
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/surakarta/surakarta/mcts"
)

// The models built into the binary. Every file models/NAME.json is an
// evaluator file that opens by its name NAME (and by its identity, the
// form runs record), and ShippedModel names the one the engine plays by
// default, also opened as BestName. The binary holds each in its compact
// form, models/NAME.bin (modelbin.go), made from the JSON and kept equal
// to it by a test. Shipping a stronger model is adding its file to models/
// (and its compact form: go test ./eval -run
// TestEmbeddedModelsMatchTheirJSON -update) and changing ShippedModel to
// its name: the model it replaces keeps its name, a baseline to measure
// against.

// ShippedModel is the name of the model the default engine plays
// (runspec's engines, evaluator "best"): models/patterns-v2.json,
// generation 5 of the committed `surakarta train` run its provenance
// names, the pattern value head with its move prior. It beats
// models/trained-patterns.json, the model shipped before it (which opens
// by its name, a baseline), by +130.9 Elo [+107.8, +155.2] at equal time
// (docs/BENCHMARKS.md "issue 29 item 4").
const ShippedModel = "patterns-v2"

// BestName is the alias of ShippedModel: what the default engine's
// evaluator setting says, so that a new shipped model needs no other
// change.
const BestName = "best"

//go:embed models/*.bin
var modelFiles embed.FS

// embeddedModel is a model of models/, read and decoded on first use: a
// command that never opens it pays nothing for it.
type embeddedModel struct {
	name string
	// identity is the hash of the JSON file's bytes, as a file's
	// (fileIdentity), which the compact form records: a run that named
	// the file and one that names the model are the same run.
	identity func() string
	// decode returns the one decoded evaluator; callers take a copy
	// (cloneOf), since a model's evaluator keeps per-goroutine scratch.
	decode func() (mcts.Evaluator, error)
}

// embeddedModels lists models/ by name.
var embeddedModels = func() []embeddedModel {
	entries, err := modelFiles.ReadDir("models")
	if err != nil {
		panic("eval: the embedded models: " + err.Error()) // go:embed guarantees the folder
	}
	var out []embeddedModel
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".bin")
		if !ok {
			continue
		}
		data := sync.OnceValue(func() []byte {
			b, err := modelFiles.ReadFile(path.Join("models", e.Name()))
			if err != nil {
				panic("eval: the embedded models: " + err.Error()) // listed by ReadDir above
			}
			return b
		})
		out = append(out, embeddedModel{
			name: name,
			identity: sync.OnceValue(func() string {
				id, err := modelBinIdentity(data())
				if err != nil {
					panic("eval: the embedded model " + name + ": " + err.Error()) // TestEmbeddedModelsMatchTheirJSON reads every one
				}
				return id
			}),
			decode: sync.OnceValues(func() (mcts.Evaluator, error) {
				ev, err := decodeModelBin(data())
				if err != nil {
					return nil, fmt.Errorf("the embedded model %s: %w", name, err)
				}
				return ev, nil
			}),
		})
	}
	return out
}()

// open returns an evaluator of the model's own.
func (m embeddedModel) open() (Opened, error) {
	ev, err := m.decode()
	if err != nil {
		return Opened{}, err
	}
	return Opened{Evaluator: cloneOf(ev), Identity: m.identity()}, nil
}

// embeddedModelNamed returns the embedded model name names: its name,
// BestName for ShippedModel, or its identity (the evaluator a run
// recorded).
func embeddedModelNamed(name string) (embeddedModel, bool) {
	if name == BestName {
		name = ShippedModel
	}
	for _, m := range embeddedModels {
		if m.name == name {
			return m, true
		}
	}
	if strings.HasPrefix(name, identityPrefix) {
		for _, m := range embeddedModels {
			if m.identity() == name {
				return m, true
			}
		}
	}
	return embeddedModel{}, false
}

// EmbeddedModelNames lists the embedded models' names, sorted.
func EmbeddedModelNames() []string {
	var out []string
	for _, m := range embeddedModels {
		out = append(out, m.name)
	}
	return out
}

// ShippedIdentity returns the identity runs record for the shipped model.
func ShippedIdentity() string {
	m, ok := embeddedModelNamed(ShippedModel)
	if !ok {
		panic("eval: ShippedModel " + ShippedModel + " is not a file of models/")
	}
	return m.identity()
}

// identityPrefix starts the identity of every evaluator file.
const identityPrefix = "weights sha256:"

// fileIdentity is the identity runs record for an evaluator file's bytes.
func fileIdentity(data []byte) string {
	return fmt.Sprintf("%s%x", identityPrefix, sha256.Sum256(data))
}

// cloneOf returns an evaluator of its own for a caller: ev's Clone when it
// keeps per-goroutine state, else ev.
func cloneOf(ev mcts.Evaluator) mcts.Evaluator {
	if c, ok := ev.(mcts.Cloner); ok {
		return c.Clone()
	}
	return ev
}
