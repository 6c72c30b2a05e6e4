package eval

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// AlquerqueEvaluator is a search evaluator of Alquerque.
type AlquerqueEvaluator = mcts.EvaluatorOf[alquerque.Position, alquerque.Code]

// AlquerquePatterns is Alquerque's pattern evaluator, Patterns on
// Alquerque's board: in the phase band of a position (PhaseBand, the same
// bands as Surakarta's, both games starting with 24 pieces), the score is
// the band's weights on the hand features (ExtractAlquerque) plus one
// weight per pattern instance (alquerqueFamilies), and the value
// tanh(score/2). It allocates nothing, gives no move priors and is
// read-only, so one AlquerquePatterns may serve any number of goroutines.
// It is colour-blind and symmetric by construction: a position and its
// images under alquerque.Symmetries evaluate bit-identically.
type AlquerquePatterns struct {
	hand [NumPhaseBands]AlquerqueVector
	pat  patternWeights // of alquerquePatterns()
}

// NewAlquerquePatterns returns the evaluator with hand-feature weights
// hand[b] and pattern weights pat[b] (NumAlquerquePatternSlots each,
// family by family) for each band b: every weight finite, the pattern
// weights at most 1024 in magnitude and rounded to PatternQuantum.
func NewAlquerquePatterns(hand [NumPhaseBands]AlquerqueVector, pat [NumPhaseBands][]float64) (*AlquerquePatterns, error) {
	e := &AlquerquePatterns{hand: hand}
	for b := range NumPhaseBands {
		if err := finiteHand(b, hand[b][:], alquerqueFeatureTable[:]); err != nil {
			return nil, err
		}
	}
	var err error
	if e.pat, err = newPatternWeights(alquerquePatterns(), AlquerquePatternSetVersion, pat); err != nil {
		return nil, err
	}
	return e, nil
}

// HandWeights returns band b's hand-feature weights.
func (e *AlquerquePatterns) HandWeights(b int) AlquerqueVector { return e.hand[b] }

// PatternWeights returns band b's pattern weights as the evaluator holds
// them (rounded to PatternQuantum).
func (e *AlquerquePatterns) PatternWeights(b int) []float64 { return e.pat.band(b) }

// ScoreBoards returns the score of the position with pieces own (the side
// to move's) and opp and noCapture plies since the last capture.
func (e *AlquerquePatterns) ScoreBoards(own, opp alquerque.Bitboard, noCapture int) float64 {
	b := PhaseBand((own | opp).Count())
	var x AlquerqueVector
	ExtractAlquerque(&x, own, opp, noCapture)
	h := &e.hand[b]
	var z float64
	for i := range x {
		z += h[i] * x[i]
	}
	var ix patternIndex
	e.pat.set.read(&ix, uint64(own&alquerque.BoardMask), uint64(opp&alquerque.BoardMask))
	return z + float64(e.pat.sum(b, &ix))*PatternQuantum
}

// Score returns the score of p for its side to move.
func (e *AlquerquePatterns) Score(p *alquerque.Position) float64 {
	stm := p.SideToMove()
	return e.ScoreBoards(p.Pieces(stm), p.Pieces(stm.Other()), p.NoCapturePlies())
}

// Value returns the value of p for its side to move, in [-1, 1].
func (e *AlquerquePatterns) Value(p *alquerque.Position) float64 { return math.Tanh(e.Score(p) / 2) }

// Evaluate implements mcts.EvaluatorOf: the value of p for its side to
// move, no priors.
func (e *AlquerquePatterns) Evaluate(p *alquerque.Position, _ []alquerque.Code, _ []float32) (float32, bool) {
	return float32(e.Value(p)), false
}

// Scaled returns the evaluator with every weight multiplied by s.
func (e *AlquerquePatterns) Scaled(s float64) (*AlquerquePatterns, error) {
	var hand [NumPhaseBands]AlquerqueVector
	for b := range NumPhaseBands {
		for i, w := range e.hand[b] {
			hand[b][i] = w * s
		}
	}
	return NewAlquerquePatterns(hand, e.pat.scaled(s))
}

// NewAlquerquePatternHead returns the model file's head of an Alquerque
// pattern evaluator, names and versions filled in.
func NewAlquerquePatternHead(e *AlquerquePatterns) *PatternHead {
	var hand [NumPhaseBands][]float64
	for b := range NumPhaseBands {
		hand[b] = e.hand[b][:]
	}
	return newPatternHead(AlquerquePatternSetVersion, AlquerqueFeatureSetVersion, AlquerqueNames(), AlquerquePatternFamilies(), hand, &e.pat)
}

// AlquerqueEvaluator returns the head's Alquerque evaluator after checking
// that it was fitted for this program's Alquerque pattern set and hand
// features.
func (h *PatternHead) AlquerqueEvaluator() (*AlquerquePatterns, error) {
	hand, pat, err := h.weights(AlquerquePatternSetVersion, AlquerqueFeatureSetVersion, AlquerqueNames(), AlquerquePatternFamilies())
	if err != nil {
		return nil, err
	}
	var v [NumPhaseBands]AlquerqueVector
	for b := range NumPhaseBands {
		copy(v[b][:], hand[b])
	}
	return NewAlquerquePatterns(v, pat)
}

// AlquerqueGame is the Game a model file of Alquerque records.
const AlquerqueGame = "alquerque"

// NewAlquerqueModelFile returns the model file of an Alquerque pattern
// value head (with its scale and report): Game "alquerque", no prior.
func NewAlquerqueModelFile(value *AlquerquePatterns, scale float64, report *Report) *ModelFile {
	f := &ModelFile{Format: ModelFormat, Version: ModelVersion, Game: AlquerqueGame, Patterns: NewAlquerquePatternHead(value), ValueScale: scale}
	f.Patterns.Report = report
	return f
}

// AlquerqueEvaluator returns an Alquerque model's evaluator: its pattern
// value head (Alquerque models have no prior yet).
func (f *ModelFile) AlquerqueEvaluator() (*AlquerquePatterns, error) {
	switch {
	case f.Format != ModelFormat:
		return nil, fmt.Errorf("not a model file: format is %q, want %q", f.Format, ModelFormat)
	case f.Game != AlquerqueGame:
		return nil, fmt.Errorf("a model of %s, not of Alquerque", f.gameName())
	case f.Version != ModelVersion:
		return nil, fmt.Errorf("model file version %d: an Alquerque model is version %d", f.Version, ModelVersion)
	case f.Patterns == nil || f.Value != nil:
		return nil, errors.New("an Alquerque model holds one value head, patterns")
	case f.Prior != nil:
		return nil, errors.New("an Alquerque model has no prior head: this program has no move features for Alquerque")
	}
	if err := checkNumbers("value_scale", nil, []float64{f.ValueScale}, MaxWeight); err != nil {
		return nil, err
	}
	e, err := f.Patterns.AlquerqueEvaluator()
	if err != nil {
		return nil, fmt.Errorf("value head: %w", err)
	}
	return e, nil
}

// gameName is the game a model file is of, by its Game field.
func (f *ModelFile) gameName() string {
	if f.Game == "" {
		return surakartaGame
	}
	return f.Game
}

// OpenedAlquerque is an Alquerque evaluator with the identity a run records
// for it (Opened's, for Alquerque).
type OpenedAlquerque struct {
	Evaluator AlquerqueEvaluator
	Identity  string
}

// OpenAlquerqueEvaluator returns the Alquerque evaluator name names: the
// built-in "material" (AlquerqueMaterial), an Alquerque model built into
// the binary (shipped.go: by its name, by "best" for ShippedAlquerqueModel,
// or by its identity) or an Alquerque model file (NewAlquerqueModelFile,
// written by fit --game alquerque and train --game alquerque), whose
// identity is its bytes' hash as for OpenEvaluator. Surakarta's models,
// built in or files, are refused by their game.
func OpenAlquerqueEvaluator(name string) (OpenedAlquerque, error) {
	if name == mcts.MaterialName {
		return OpenedAlquerque{Evaluator: AlquerqueMaterial{}, Identity: name}, nil
	}
	if m, ok := embeddedModelNamed(AlquerqueGame, name); ok {
		return m.openAlquerque()
	}
	if name == "" {
		return OpenedAlquerque{}, errors.New("empty evaluator name: want " + AlquerqueEvaluatorHelp())
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return OpenedAlquerque{}, fmt.Errorf("evaluator %q is neither Alquerque's built-in (%s) nor a readable file: %w", name, strings.Join(builtinNamesOf(AlquerqueGame), ", "), err)
	}
	f, err := ReadModel(bytes.NewReader(data))
	if err != nil {
		return OpenedAlquerque{}, fmt.Errorf("%s: %w (want %s)", name, err, AlquerqueEvaluatorHelp())
	}
	e, err := f.AlquerqueEvaluator()
	if err != nil {
		return OpenedAlquerque{}, fmt.Errorf("%s: %w", name, err)
	}
	return OpenedAlquerque{Evaluator: e, Identity: fileIdentity(data)}, nil
}

// AlquerqueEvaluatorHelp says in a line what an Alquerque evaluator name
// may be.
func AlquerqueEvaluatorHelp() string {
	var names []string
	for _, n := range builtinNamesOf(AlquerqueGame) {
		switch n {
		case BestName:
			n += " (the shipped model, " + ShippedAlquerqueModel + ")"
		case mcts.MaterialName:
			n += " (the material difference)"
		}
		names = append(names, n)
	}
	return setting.Sprintf("%s or an Alquerque model file written by fit or train %s", strings.Join(names, ", "), setting.Set("game", "alquerque"))
}
