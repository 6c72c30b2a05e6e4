package eval

import (
	"fmt"
	"io"
	"math"
	"os"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// Model names a fitted linear model and so the link from its score to a
// value.
type Model string

// The two models fit knows.
const (
	// Ridge is least squares on the result (+1/0/-1); its value is the
	// score w·x clamped to [-1, 1].
	Ridge Model = "ridge"
	// Logistic models the win probability (draws counting half) as
	// σ(w·x); its value is 2σ(w·x) - 1 = tanh(w·x / 2).
	Logistic Model = "logistic"
)

// ParseModel parses "ridge" or "logistic".
func ParseModel(s string) (Model, error) {
	switch m := Model(s); m {
	case Ridge, Logistic:
		return m, nil
	}
	return "", fmt.Errorf("bad model %q: want ridge or logistic", s)
}

// Linear is a linear evaluator: a weight per feature and a model that maps
// the score w·x to a value for the side to move. It implements the search's
// evaluator interface (mcts.Evaluator) without allocating, gives no move
// priors, and is read-only after construction, so one Linear may serve any
// number of goroutines.
type Linear struct {
	w     Vector
	model Model
}

// NewLinear returns the evaluator with weights w (in Vector order) and the
// model's link. It panics on an unknown model: a programmer error.
func NewLinear(model Model, w Vector) *Linear {
	if model != Ridge && model != Logistic {
		panic(fmt.Sprintf("eval: unknown model %q", model))
	}
	return &Linear{w: w, model: model}
}

// Weights returns the weights in Vector order.
func (l *Linear) Weights() Vector { return l.w }

// Model returns the model whose link the evaluator applies.
func (l *Linear) Model() Model { return l.model }

// Score returns w·x.
func (l *Linear) Score(x *Vector) float64 {
	var z float64
	for i := range x {
		z += l.w[i] * x[i]
	}
	return z
}

// ValueOf returns the value, in [-1, 1] for the side to move, of a position
// with features x.
func (l *Linear) ValueOf(x *Vector) float64 { return linkValue(l.model, l.Score(x)) }

// Value returns the value of p for its side to move, in [-1, 1].
func (l *Linear) Value(p *rules.Position) float64 {
	var x Vector
	ExtractVector(&x, p)
	return l.ValueOf(&x)
}

// Evaluate implements mcts.Evaluator: the value of p for its side to move,
// no priors.
func (l *Linear) Evaluate(p *rules.Position, _ []rules.Move, _ []float32) (float32, bool) {
	return float32(l.Value(p)), false
}

// linkValue maps a score to a value in [-1, 1].
func linkValue(m Model, z float64) float64 {
	if m == Logistic {
		return math.Tanh(z / 2) // = 2σ(z) - 1
	}
	return max(-1, min(1, z))
}

// WeightsFormat identifies a weights file.
const WeightsFormat = "surakarta-eval-weights"

// WeightsFile is the JSON document fit writes and LoadLinear reads.
type WeightsFile struct {
	// Format is WeightsFormat.
	Format string `json:"format"`
	// FeatureSetVersion is the FeatureSetVersion the weights were fitted
	// for; Features names the features in order, Weights gives their
	// weights (same length).
	FeatureSetVersion int       `json:"feature_set_version"`
	Features          []string  `json:"features"`
	Weights           []float64 `json:"weights"`
	// Model is "ridge" or "logistic" and decides the link (see Model).
	Model Model `json:"model"`
	// Variant is the endgame variant of the games fitted on.
	Variant string `json:"variant"`
	// Lambda, Blend, Holdout and Seed are the fit's settings (see
	// FitOptions).
	Lambda  float64 `json:"lambda"`
	Blend   float64 `json:"blend"`
	Holdout float64 `json:"holdout"`
	Seed    uint64  `json:"seed"`
	// Dataset says where the data came from.
	Dataset Provenance `json:"dataset"`
	// Report is the fit's report, held-out figures included; absent in
	// files written by hand.
	Report *Report `json:"report,omitempty"`
}

// Provenance records the dataset a fit read.
type Provenance struct {
	// Dir is the dataset directory as given to fit.
	Dir string `json:"dir,omitempty"`
	// Seed, Rules and Engine are the self-play run's settings from the
	// dataset's manifest and footers.
	Seed   uint64       `json:"seed"`
	Rules  string       `json:"rules,omitempty"`
	Engine setting.JSON `json:"engine,omitempty"`
	// Rows is the number of positions read (training and held-out) and
	// Games the number of games.
	Rows  int64 `json:"rows"`
	Games int64 `json:"games"`
	// Revision is the VCS revision of the program that wrote the dataset,
	// from the files' footers ("mixed: a, b" when they differ).
	Revision string `json:"revision,omitempty"`
}

// Linear returns the evaluator the file describes, after checking that it
// was fitted for this feature set (the version and every name must match)
// and that every weight is finite and within ±MaxWeight.
func (f *WeightsFile) Linear() (*Linear, error) { return f.linear("weights") }

// linear is Linear with the weights' field as errors name it ("weights"
// in a weights file, "value.weights" in a model file).
func (f *WeightsFile) linear(field string) (*Linear, error) {
	if f.Format != WeightsFormat {
		return nil, fmt.Errorf("not a weights file: format is %q, want %q", f.Format, WeightsFormat)
	}
	if f.FeatureSetVersion != FeatureSetVersion {
		return nil, fmt.Errorf("weights fitted for feature set version %d, this program computes version %d: refit them with surakarta fit",
			f.FeatureSetVersion, FeatureSetVersion)
	}
	if len(f.Features) != NumFeatures || len(f.Weights) != NumFeatures {
		return nil, fmt.Errorf("weights file has %d feature names and %d weights, feature set version %d has %d features",
			len(f.Features), len(f.Weights), FeatureSetVersion, NumFeatures)
	}
	var w Vector
	for i, name := range f.Features {
		if name != featureTable[i].Name {
			return nil, fmt.Errorf("weights file names feature %d %q, feature set version %d calls it %q: the file does not match this feature set",
				i, name, FeatureSetVersion, featureTable[i].Name)
		}
		w[i] = f.Weights[i]
	}
	if err := checkNumbers(field, f.Features, f.Weights, MaxWeight); err != nil {
		return nil, err
	}
	if f.Model != Ridge && f.Model != Logistic {
		return nil, fmt.Errorf("weights file has model %q: want ridge or logistic", f.Model)
	}
	return NewLinear(f.Model, w), nil
}

// ReadWeights decodes a weights file; unknown fields are refused so that a
// typo in a hand-edited file is not silently ignored.
func ReadWeights(r io.Reader) (*WeightsFile, error) { return readStrict[WeightsFile](r, "weights") }

// LoadWeights reads and checks the weights file at path.
func LoadWeights(path string) (*WeightsFile, *Linear, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer fh.Close()
	f, err := ReadWeights(fh)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	l, err := f.Linear()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, l, nil
}

// LoadLinear returns the evaluator of the weights file at path; see
// WeightsFile.Linear for the checks.
func LoadLinear(path string) (*Linear, error) {
	_, l, err := LoadWeights(path)
	return l, err
}

// Save writes f as indented JSON to path atomically: to a temporary file in
// the same directory, synced, then renamed over path, so that path holds
// either the old file or the complete new one (atomicfile.WriteJSON).
func (f *WeightsFile) Save(path string) error { return atomicfile.WriteJSON(path, f) }

// NewWeightsFile returns the weights file of a fitted model, names and
// version filled in.
func NewWeightsFile(l *Linear) *WeightsFile {
	w := l.Weights()
	return &WeightsFile{
		Format:            WeightsFormat,
		FeatureSetVersion: FeatureSetVersion,
		Features:          Names(),
		Weights:           append([]float64(nil), w[:]...),
		Model:             l.Model(),
	}
}
