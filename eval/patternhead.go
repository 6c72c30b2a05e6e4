package eval

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// PatternHead is a model file's pattern value head (Patterns): the
// pattern set it was fitted for, each phase band's weights, and the fit's
// settings, dataset and report.
type PatternHead struct {
	// PatternSetVersion and Families name the patterns, FeatureSetVersion
	// and Features the hand features (in Vector order; red_to_move's
	// weight is 0): a head fitted for others is refused.
	PatternSetVersion int                 `json:"pattern_set_version"`
	FeatureSetVersion int                 `json:"feature_set_version"`
	Features          []string            `json:"features"`
	Families          []PatternFamilyInfo `json:"families"`
	// Bands holds one weight set per phase band, the opening band first.
	Bands []PatternBand `json:"bands"`
	// Variant, Lambda, PatternLambda, Blend, Holdout and Seed are the
	// fit's settings (PatternFitOptions), Dataset its data.
	Variant       string     `json:"variant"`
	Lambda        float64    `json:"lambda"`
	PatternLambda float64    `json:"pattern_lambda"`
	Blend         float64    `json:"blend"`
	Holdout       float64    `json:"holdout"`
	Seed          uint64     `json:"seed"`
	Dataset       Provenance `json:"dataset"`
	Report        *Report    `json:"report,omitempty"`
}

// PatternBand is one phase band's weights: the band holds the positions
// with MinPieces or more pieces on the board (and fewer than the band
// before it).
type PatternBand struct {
	MinPieces int       `json:"min_pieces"`
	Hand      []float64 `json:"hand"`
	// Patterns holds NumPatternSlots weights, family by family, as the
	// evaluator rounds them (PatternQuantum).
	Patterns Float32s `json:"patterns"`
}

// Float32s is a list of weights that a file holds as a JSON array of
// numbers, decoded without reflection: a model's pattern weights are
// about 27,000 a band, and decoding them element by element through
// reflection was most of what opening the shipped model cost a command
// (docs/BENCHMARKS.md, "The default engine").
type Float32s []float32

// UnmarshalJSON reads a JSON array of numbers, or null, as encoding/json
// reads one into a []float32 (each number rounded to float32; one out of
// its range is an error).
func (w *Float32s) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if string(data) == "null" {
		*w = nil
		return nil
	}
	if len(data) < 2 || data[0] != '[' || data[len(data)-1] != ']' {
		return errors.New("want an array of numbers")
	}
	body := data[1 : len(data)-1]
	out := make(Float32s, 0, bytes.Count(body, []byte{','})+1)
	for len(bytes.TrimSpace(body)) > 0 {
		tok, rest, _ := bytes.Cut(body, []byte{','})
		v, err := strconv.ParseFloat(string(bytes.TrimSpace(tok)), 32)
		if err != nil {
			return fmt.Errorf("element %d: want a number within float32's range, have %.40q", len(out), bytes.TrimSpace(tok))
		}
		out = append(out, float32(v))
		body = rest
	}
	*w = out
	return nil
}

// NewPatternHead returns the head of a pattern evaluator, names and
// versions filled in.
func NewPatternHead(e *Patterns) *PatternHead {
	h := &PatternHead{PatternSetVersion: PatternSetVersion, FeatureSetVersion: FeatureSetVersion, Features: Names(), Families: PatternFamilies()}
	for b := range NumPhaseBands {
		w := e.HandWeights(b)
		band := PatternBand{MinPieces: phaseBandMin[b], Hand: append([]float64(nil), w[:]...), Patterns: make(Float32s, numPatternSlots)}
		for i, v := range e.PatternWeights(b) {
			band.Patterns[i] = float32(v)
		}
		h.Bands = append(h.Bands, band)
	}
	return h
}

// Evaluator returns the head's evaluator after checking that it was fitted
// for this program's pattern set and feature set.
func (h *PatternHead) Evaluator() (*Patterns, error) {
	if h.PatternSetVersion != PatternSetVersion {
		return nil, fmt.Errorf("patterns fitted for pattern set version %d, this program computes version %d: retrain them", h.PatternSetVersion, PatternSetVersion)
	}
	if h.FeatureSetVersion != FeatureSetVersion {
		return nil, fmt.Errorf("patterns fitted for feature set version %d, this program computes version %d: retrain them", h.FeatureSetVersion, FeatureSetVersion)
	}
	if len(h.Features) != NumFeatures {
		return nil, fmt.Errorf("patterns name %d hand features, feature set version %d has %d", len(h.Features), FeatureSetVersion, NumFeatures)
	}
	for i, name := range h.Features {
		if name != featureTable[i].Name {
			return nil, fmt.Errorf("patterns name hand feature %d %q, feature set version %d calls it %q", i, name, FeatureSetVersion, featureTable[i].Name)
		}
	}
	want := PatternFamilies()
	if len(h.Families) != len(want) {
		return nil, fmt.Errorf("patterns have %d families, pattern set version %d has %d", len(h.Families), PatternSetVersion, len(want))
	}
	for f, fam := range h.Families {
		if fam != want[f] {
			return nil, fmt.Errorf("pattern family %d is %+v, pattern set version %d has %+v", f, fam, PatternSetVersion, want[f])
		}
	}
	if len(h.Bands) != NumPhaseBands {
		return nil, fmt.Errorf("patterns have %d phase bands, pattern set version %d has %d", len(h.Bands), PatternSetVersion, NumPhaseBands)
	}
	var hand [NumPhaseBands]Vector
	var pat [NumPhaseBands][]float64
	for b, band := range h.Bands {
		if band.MinPieces != phaseBandMin[b] {
			return nil, fmt.Errorf("phase band %d starts at %d pieces, pattern set version %d starts it at %d", b, band.MinPieces, PatternSetVersion, phaseBandMin[b])
		}
		if len(band.Hand) != NumFeatures {
			return nil, fmt.Errorf("phase band %d has %d hand weights, want %d", b, len(band.Hand), NumFeatures)
		}
		if err := checkNumbers(fmt.Sprintf("patterns.bands[%d].hand", b), h.Features, band.Hand, MaxWeight); err != nil {
			return nil, err
		}
		copy(hand[b][:], band.Hand)
		pat[b] = make([]float64, len(band.Patterns))
		for i, w := range band.Patterns {
			pat[b][i] = float64(w)
		}
		if err := checkNumbers(fmt.Sprintf("patterns.bands[%d].patterns", b), nil, pat[b], maxPatternWeight); err != nil {
			return nil, err
		}
	}
	return NewPatterns(hand, pat)
}
