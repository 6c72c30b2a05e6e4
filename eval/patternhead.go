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
	var hand [NumPhaseBands][]float64
	for b := range NumPhaseBands {
		hand[b] = e.hand[b][:]
	}
	return newPatternHead(PatternSetVersion, FeatureSetVersion, Names(), PatternFamilies(), hand, &e.pat)
}

// newPatternHead returns the head of a game's pattern evaluator: its
// pattern set's and hand features' versions and names, and each band's hand
// weights hand[b] and pattern weights.
func newPatternHead(setVersion, featureVersion int, features []string, families []PatternFamilyInfo, hand [NumPhaseBands][]float64, pat *patternWeights) *PatternHead {
	h := &PatternHead{PatternSetVersion: setVersion, FeatureSetVersion: featureVersion, Features: features, Families: families}
	for b := range NumPhaseBands {
		band := PatternBand{MinPieces: phaseBandMin[b], Hand: append([]float64(nil), hand[b]...), Patterns: make(Float32s, pat.set.numSlots)}
		for i, v := range pat.band(b) {
			band.Patterns[i] = float32(v)
		}
		h.Bands = append(h.Bands, band)
	}
	return h
}

// Evaluator returns the head's evaluator after checking that it was fitted
// for this program's pattern set and feature set.
func (h *PatternHead) Evaluator() (*Patterns, error) {
	hand, pat, err := h.weights(PatternSetVersion, FeatureSetVersion, Names(), PatternFamilies())
	if err != nil {
		return nil, err
	}
	var v [NumPhaseBands]Vector
	for b := range NumPhaseBands {
		copy(v[b][:], hand[b])
	}
	return NewPatterns(v, pat)
}

// weights checks that the head was fitted for a game's pattern set
// (version setVersion, families) and hand features (version
// featureVersion, features) and returns each band's hand and pattern
// weights.
func (h *PatternHead) weights(setVersion, featureVersion int, features []string, families []PatternFamilyInfo) (hand, pat [NumPhaseBands][]float64, err error) {
	if h.PatternSetVersion != setVersion {
		return hand, pat, fmt.Errorf("patterns fitted for pattern set version %d, this program computes version %d: retrain them", h.PatternSetVersion, setVersion)
	}
	if h.FeatureSetVersion != featureVersion {
		return hand, pat, fmt.Errorf("patterns fitted for feature set version %d, this program computes version %d: retrain them", h.FeatureSetVersion, featureVersion)
	}
	if len(h.Features) != len(features) {
		return hand, pat, fmt.Errorf("patterns name %d hand features, feature set version %d has %d", len(h.Features), featureVersion, len(features))
	}
	for i, name := range h.Features {
		if name != features[i] {
			return hand, pat, fmt.Errorf("patterns name hand feature %d %q, feature set version %d calls it %q", i, name, featureVersion, features[i])
		}
	}
	if len(h.Families) != len(families) {
		return hand, pat, fmt.Errorf("patterns have %d families, pattern set version %d has %d", len(h.Families), setVersion, len(families))
	}
	for f, fam := range h.Families {
		if fam != families[f] {
			return hand, pat, fmt.Errorf("pattern family %d is %+v, pattern set version %d has %+v", f, fam, setVersion, families[f])
		}
	}
	if len(h.Bands) != NumPhaseBands {
		return hand, pat, fmt.Errorf("patterns have %d phase bands, pattern set version %d has %d", len(h.Bands), setVersion, NumPhaseBands)
	}
	for b, band := range h.Bands {
		if band.MinPieces != phaseBandMin[b] {
			return hand, pat, fmt.Errorf("phase band %d starts at %d pieces, pattern set version %d starts it at %d", b, band.MinPieces, setVersion, phaseBandMin[b])
		}
		if len(band.Hand) != len(features) {
			return hand, pat, fmt.Errorf("phase band %d has %d hand weights, want %d", b, len(band.Hand), len(features))
		}
		if err := checkNumbers(fmt.Sprintf("patterns.bands[%d].hand", b), h.Features, band.Hand, MaxWeight); err != nil {
			return hand, pat, err
		}
		hand[b] = band.Hand
		pat[b] = make([]float64, len(band.Patterns))
		for i, w := range band.Patterns {
			pat[b][i] = float64(w)
		}
		if err := checkNumbers(fmt.Sprintf("patterns.bands[%d].patterns", b), nil, pat[b], maxPatternWeight); err != nil {
			return hand, pat, err
		}
	}
	return hand, pat, nil
}
