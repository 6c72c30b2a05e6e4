package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// ModelFormat identifies a model file: a value head and, optionally, a move
// prior, with where they came from and how they scored.
const ModelFormat = "surakarta-model"

// ModelVersion numbers the model file's layout; LoadModel reads this
// version and every earlier one. Version 1 has a linear value head
// (Value); version 2 adds the pattern value head (Patterns), one of the
// two.
const ModelVersion = 2

// ModelFile is the JSON document of a trained model. Its value head is
// either a linear evaluator exactly as a weights file holds one (Value) or
// a pattern evaluator (Patterns), the scale already applied to the
// weights; its prior head, when present, a Prior.
type ModelFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Game is the game the model plays: absent for Surakarta (every file
	// written before Alquerque had models), "alquerque" for Alquerque
	// (AlquerqueEvaluator opens those).
	Game string `json:"game,omitempty"`
	// Value is the linear value head: its weights, model and fit report
	// (WeightsFile.Report), the dataset it read in Dataset.
	Value *WeightsFile `json:"value,omitempty"`
	// Patterns is the pattern value head, in place of Value.
	Patterns *PatternHead `json:"patterns,omitempty"`
	// ValueScale is the factor the fitted weights were multiplied by
	// (SpreadScale; 1 for none); the heads' weights are the scaled ones.
	ValueScale float64 `json:"value_scale"`
	// Prior is the prior head; absent for a value-only model (uniform
	// priors).
	Prior *PriorHead `json:"prior,omitempty"`
	// Provenance says how the model was made.
	Provenance ModelProvenance `json:"provenance"`
}

// PriorHead is a model file's move prior.
type PriorHead struct {
	MoveFeatureSetVersion int       `json:"move_feature_set_version"`
	Features              []string  `json:"features"`
	Weights               []float64 `json:"weights"`
	// Temperature, when set, softens the prior the search sees:
	// softmax(w·x / Temperature); Weights and Report are the fit's.
	Temperature float64      `json:"temperature,omitempty"`
	Report      *PriorReport `json:"report,omitempty"`
}

// ModelProvenance records how a model was trained: by whom (Program, the
// module version and revision), in which generation of a training run,
// from which parent model and on which datasets.
type ModelProvenance struct {
	// Program is the program that made the file, with its VCS revision
	// (version.String), and Command the command line that made it, where
	// the program records one: with the revision, how to make it again.
	Program    string       `json:"program,omitempty"`
	Command    string       `json:"command,omitempty"`
	Generation int          `json:"generation"`
	Parent     string       `json:"parent,omitempty"`
	Datasets   []Provenance `json:"datasets,omitempty"`
	// Settings is the training run's settings as its program records them.
	Settings json.RawMessage `json:"settings,omitempty"`
}

// NewModelFile returns the model file of a linear value head (with its
// scale) and an optional prior.
func NewModelFile(value *Linear, scale float64, valueReport *Report, prior *Prior, priorReport *PriorReport) *ModelFile {
	f := &ModelFile{Format: ModelFormat, Version: ModelVersion, Value: NewWeightsFile(value), ValueScale: scale}
	f.Value.Report = valueReport
	f.SetPrior(prior, priorReport)
	return f
}

// NewPatternModelFile returns the model file of a pattern value head (with
// its scale) and an optional prior.
func NewPatternModelFile(value *Patterns, scale float64, valueReport *Report, prior *Prior, priorReport *PriorReport) *ModelFile {
	f := &ModelFile{Format: ModelFormat, Version: ModelVersion, Patterns: NewPatternHead(value), ValueScale: scale}
	f.Patterns.Report = valueReport
	f.SetPrior(prior, priorReport)
	return f
}

func (f *ModelFile) SetPrior(prior *Prior, report *PriorReport) {
	if prior != nil {
		w := prior.Weights()
		f.Prior = &PriorHead{MoveFeatureSetVersion: MoveFeatureSetVersion, Features: MoveNames(), Weights: append([]float64(nil), w[:]...), Report: report}
	}
}

// ValueReport returns the value head's fit report (nil for none).
func (f *ModelFile) ValueReport() *Report {
	if f.Patterns != nil {
		return f.Patterns.Report
	}
	if f.Value != nil {
		return f.Value.Report
	}
	return nil
}

// valueHead checks and returns the model's value evaluator.
func (f *ModelFile) valueHead() (mcts.Evaluator, error) {
	switch {
	case f.Version == 1 && f.Patterns != nil:
		return nil, errors.New("a version 1 model file has no pattern head: it holds a pattern head, so its version should be 2")
	case (f.Value == nil) == (f.Patterns == nil):
		return nil, errors.New("a model file holds one value head, value (linear) or patterns: this one holds none or both")
	case f.Patterns != nil:
		return f.Patterns.Evaluator()
	}
	return f.Value.linear("value.weights")
}

// Heads returns the model's value evaluator (a *Linear or a *Patterns) and
// prior (nil for none) after checking both against this program's feature
// sets.
func (f *ModelFile) Heads() (mcts.Evaluator, *Prior, error) {
	if f.Format != ModelFormat {
		return nil, nil, fmt.Errorf("not a model file: format is %q, want %q", f.Format, ModelFormat)
	}
	if f.Version < 1 || f.Version > ModelVersion {
		return nil, nil, fmt.Errorf("model file version %d, this program reads versions 1 to %d", f.Version, ModelVersion)
	}
	if f.Game != "" && f.Game != "surakarta" {
		return nil, nil, setting.Errorf("a model of %s, not of Surakarta: play it with %s", f.Game, setting.Set("game", f.Game))
	}
	l, err := f.valueHead()
	if err != nil {
		return nil, nil, fmt.Errorf("value head: %w", err)
	}
	if err := checkNumbers("value_scale", nil, []float64{f.ValueScale}, MaxWeight); err != nil {
		return nil, nil, err
	}
	if f.Prior == nil {
		return l, nil, nil
	}
	h := f.Prior
	if h.MoveFeatureSetVersion != MoveFeatureSetVersion {
		return nil, nil, fmt.Errorf("prior fitted for move feature set version %d, this program computes version %d: retrain it",
			h.MoveFeatureSetVersion, MoveFeatureSetVersion)
	}
	if len(h.Features) != NumMoveFeatures || len(h.Weights) != NumMoveFeatures {
		return nil, nil, fmt.Errorf("prior has %d feature names and %d weights, move feature set version %d has %d features",
			len(h.Features), len(h.Weights), MoveFeatureSetVersion, NumMoveFeatures)
	}
	t := 1.0
	if h.Temperature != 0 {
		if !(h.Temperature > 0) || math.IsInf(h.Temperature, 0) {
			return nil, nil, fmt.Errorf("prior temperature %v: want a positive number", h.Temperature)
		}
		t = h.Temperature
	}
	var w [NumMoveFeatures]float64
	for i, name := range h.Features {
		if name != moveFeatureTable[i].Name {
			return nil, nil, fmt.Errorf("prior names move feature %d %q, move feature set version %d calls it %q",
				i, name, MoveFeatureSetVersion, moveFeatureTable[i].Name)
		}
		w[i] = h.Weights[i] / t
	}
	if err := checkNumbers("prior.weights", h.Features, h.Weights, MaxWeight); err != nil {
		return nil, nil, err
	}
	// The search sees the weights divided by the temperature: a small
	// temperature must not make them huge either.
	if err := checkNumbers("prior.weights / prior.temperature", h.Features, w[:], MaxWeight); err != nil {
		return nil, nil, err
	}
	return l, NewPrior(w), nil
}

// Evaluator returns the model as a search evaluator: the value head, with
// the prior's move probabilities when the model has a prior.
func (f *ModelFile) Evaluator() (mcts.Evaluator, error) {
	l, pr, err := f.Heads()
	if err != nil {
		return nil, err
	}
	if pr == nil {
		return l, nil
	}
	return &WithPrior{Value: l, Prior: pr}, nil
}

// Save writes f as indented JSON to path atomically (see WeightsFile.Save).
func (f *ModelFile) Save(path string) error { return atomicfile.WriteJSON(path, f) }

// ReadModel decodes a model file, refusing unknown fields.
func ReadModel(r io.Reader) (*ModelFile, error) { return readStrict[ModelFile](r, "model") }

// readStrict decodes a file of the kind what names (in its error) from r,
// refusing unknown fields: a typo in a hand-edited file is an error, not a
// setting silently ignored.
func readStrict[T any](r io.Reader, what string) (*T, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var f T
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("reading %s: %w", what, err)
	}
	return &f, nil
}

// ReadModelFile reads the model file at path without checking it as any
// game's evaluator (LoadModel checks Surakarta's heads; a caller of
// another game checks its own), its decoding error naming path.
func ReadModelFile(path string) (*ModelFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := ReadModel(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// LoadModel reads and checks the model file at path.
func LoadModel(path string) (*ModelFile, error) {
	f, err := ReadModelFile(path)
	if err != nil {
		return nil, err
	}
	if _, _, err := f.Heads(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}
