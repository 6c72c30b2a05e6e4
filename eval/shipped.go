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
// form runs record) with the registry of its game (OpenEvaluator for
// Surakarta's models, OpenAlquerqueEvaluator for Alquerque's), and each
// game's shipped model (ShippedModel, ShippedAlquerqueModel) is the one
// its default engine plays, also opened as BestName by that game's
// registry: "best" is Surakarta's model to Surakarta and Alquerque's to
// Alquerque, never the other game's. The binary holds each in its compact
// form, models/NAME.bin (modelbin.go), made from the JSON and kept equal
// to it by a test. Shipping a stronger model is adding its file to models/
// (and its compact form: go test ./eval -run
// TestEmbeddedModelsMatchTheirJSON -update) and changing its game's
// shipped name to it: the model it replaces keeps its name, a baseline to
// measure against.

// ShippedModel is the name of the model the default engine plays
// (runspec's engines, evaluator "best"): models/patterns-v2.json,
// generation 5 of the committed `surakarta train` run its provenance
// names, the pattern value head with its move prior. It beats
// models/trained-patterns.json, the model shipped before it (which opens
// by its name, a baseline), by +130.9 Elo [+107.8, +155.2] at equal time
// (docs/BENCHMARKS.md "issue 29 item 4").
const ShippedModel = "patterns-v2"

// ShippedAlquerqueModel is the name of the model Alquerque's default
// engine plays (runspec.AlquerqueEngine, evaluator "best" under
// OpenAlquerqueEvaluator): models/alquerque-v1.json, the champion
// (generation 3) of the committed `surakarta train --game alquerque` run
// its provenance names, a pattern value head with no prior. With value
// leaves at cpuct 0.5 it beats Alquerque's former default engine
// (capture-aware playouts scored by material at cpuct 1.5, the preset
// baseline) by +125.0 Elo [+101.9, +149.2] at 800 simulations a side
// over 200 games (docs/findings section 20), confirmed by the defaults
// themselves (match --game alquerque, A the default engine, B
// preset=baseline, 400 games from 4 random plies, seed 30): +124.0
// [+109.6, +138.8], and at equal time (movetime 50, 100 games) +177.2
// [+149.5, +207.2] (docs/BENCHMARKS.md "Alquerque's default engine" has
// the commands).
const ShippedAlquerqueModel = "alquerque-v1"

// BestName is the alias of a game's shipped model: what the default
// engine's evaluator setting says, so that a new shipped model needs no
// other change.
const BestName = "best"

// surakartaGame is the game of a model file without a game field.
const surakartaGame = "surakarta"

// shippedModelOf returns the name of game's shipped model.
func shippedModelOf(game string) string {
	if game == AlquerqueGame {
		return ShippedAlquerqueModel
	}
	return ShippedModel
}

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
	// game is the game the model plays, from its header.
	game func() string
	// decode returns the one decoded evaluator of a Surakarta model;
	// callers take a copy (cloneOf), since a model's evaluator keeps
	// per-goroutine scratch.
	decode func() (mcts.Evaluator, error)
	// decodeAlquerque returns the one decoded evaluator of an Alquerque
	// model, read-only and shared.
	decodeAlquerque func() (*AlquerquePatterns, error)
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
		head := sync.OnceValue(func() modelBinHeader {
			h, _, err := modelBinHead(data())
			if err != nil || h.Model == nil {
				panic(fmt.Sprintf("eval: the embedded model %s: %v", name, err)) // TestEmbeddedModelsMatchTheirJSON reads every one
			}
			return h
		})
		file := sync.OnceValues(func() (*ModelFile, error) {
			f, err := decodeModelFileBin(data())
			if err != nil {
				return nil, fmt.Errorf("the embedded model %s: %w", name, err)
			}
			return f, nil
		})
		out = append(out, embeddedModel{
			name:     name,
			identity: func() string { return head().Identity },
			game:     func() string { return head().Model.gameName() },
			decode: sync.OnceValues(func() (mcts.Evaluator, error) {
				f, err := file()
				if err != nil {
					return nil, err
				}
				ev, err := f.Evaluator()
				if err != nil {
					return nil, fmt.Errorf("the embedded model %s: %w", name, err)
				}
				return ev, nil
			}),
			decodeAlquerque: sync.OnceValues(func() (*AlquerquePatterns, error) {
				f, err := file()
				if err != nil {
					return nil, err
				}
				ev, err := f.AlquerqueEvaluator()
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

// openAlquerque returns the model's Alquerque evaluator.
func (m embeddedModel) openAlquerque() (OpenedAlquerque, error) {
	ev, err := m.decodeAlquerque()
	if err != nil {
		return OpenedAlquerque{}, err
	}
	return OpenedAlquerque{Evaluator: ev, Identity: m.identity()}, nil
}

// embeddedModelNamed returns the embedded model name names to game's
// registry: its name, BestName for game's shipped model, or its identity
// (the evaluator a run recorded). A model of another game is returned
// too, by its name or identity: its registry refuses it by its game.
func embeddedModelNamed(game, name string) (embeddedModel, bool) {
	if name == BestName {
		name = shippedModelOf(game)
	}
	for _, m := range embeddedModels {
		if m.name == name {
			return m, true
		}
	}
	return embeddedModelOfIdentity(name)
}

// embeddedModelOfIdentity returns the embedded model whose identity (what
// runs record) is id.
func embeddedModelOfIdentity(id string) (embeddedModel, bool) {
	if strings.HasPrefix(id, identityPrefix) {
		for _, m := range embeddedModels {
			if m.identity() == id {
				return m, true
			}
		}
	}
	return embeddedModel{}, false
}

// EmbeddedModelNames lists the embedded models' names, of both games,
// sorted.
func EmbeddedModelNames() []string {
	var out []string
	for _, m := range embeddedModels {
		out = append(out, m.name)
	}
	return out
}

// embeddedModelNamesOf lists the names of game's embedded models, sorted.
func embeddedModelNamesOf(game string) []string {
	var out []string
	for _, m := range embeddedModels {
		if m.game() == game {
			out = append(out, m.name)
		}
	}
	return out
}

// EmbeddedModelName returns the name of the built-in model whose identity
// is identity (what runs record), and whether there is one: how a summary
// names the model a run played beside its hash.
func EmbeddedModelName(identity string) (string, bool) {
	m, ok := embeddedModelOfIdentity(identity)
	return m.name, ok
}

// ShippedIdentity returns the identity runs record for the shipped model.
func ShippedIdentity() string { return shippedIdentityOf(surakartaGame) }

// ShippedAlquerqueIdentity returns the identity runs record for
// Alquerque's shipped model.
func ShippedAlquerqueIdentity() string { return shippedIdentityOf(AlquerqueGame) }

// shippedIdentityOf returns the identity of game's shipped model.
func shippedIdentityOf(game string) string {
	m, ok := embeddedModelNamed(game, BestName)
	if !ok || m.game() != game {
		panic("eval: the shipped model of " + game + ", " + shippedModelOf(game) + ", is not a model of models/ of that game")
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
