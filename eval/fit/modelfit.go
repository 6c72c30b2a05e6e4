package fit

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// ModelFitOptions are the settings of FitModel: how each head is fitted.
type ModelFitOptions struct {
	// Value fits the value head (its Holdout and Seed also split the
	// prior's games, so that both heads hold out the same games).
	Value FitOptions `json:"value"`
	// TDLambda below 1 fits the value head to the TD(λ) returns along each
	// game (TDSource; Value.Blend is then taken as 1); 1 fits Value's
	// target (the result, blended with the root value by Value.Blend).
	TDLambda float64 `json:"td_lambda"`
	// SpreadScale multiplies the fitted value weights by SpreadScale's
	// factor.
	SpreadScale bool `json:"spread_scale"`
	// ValueHead is the value head's kind: LinearHead (the default, also
	// for "") or PatternHeadKind, fitted by FitPatterns with Value's
	// settings and PatternLambda (0: DefaultPatternLambda); a pattern head
	// is colour-blind whatever Value.ColorBlind says.
	ValueHead     string  `json:"value_head,omitempty"`
	PatternLambda float64 `json:"pattern_lambda,omitempty"`
	// Prior fits the prior head; NoPrior leaves it out (uniform priors).
	// PriorTemperature, above 1, softens the fitted prior for the search
	// (PriorHead.Temperature); 0 means 1.
	Prior            PriorFitOptions `json:"prior"`
	NoPrior          bool            `json:"no_prior"`
	PriorTemperature float64         `json:"prior_temperature"`
}

// The value heads' kinds (ModelFitOptions.ValueHead).
const (
	LinearHead      = "linear"
	PatternHeadKind = "patterns"
)

// ParseValueHead parses a value head's kind.
func ParseValueHead(s string) (string, error) {
	switch s {
	case LinearHead, PatternHeadKind:
		return s, nil
	}
	return "", fmt.Errorf("bad value head %q: want %s (the hand features) or %s (board patterns by game phase)", s, LinearHead, PatternHeadKind)
}

// patterns reports whether the value head is a pattern head.
func (o ModelFitOptions) patterns() bool { return o.ValueHead == PatternHeadKind }

// patternOptions are the pattern fit's settings.
func (o ModelFitOptions) patternOptions() PatternFitOptions {
	po := PatternFitOptions{FitOptions: o.Value, PatternLambda: o.PatternLambda}
	if po.PatternLambda == 0 {
		po.PatternLambda = DefaultPatternLambda
	}
	return po
}

// Validate reports the first option out of range.
func (o ModelFitOptions) Validate() error {
	if o.ValueHead != "" {
		if _, err := ParseValueHead(o.ValueHead); err != nil {
			return err
		}
	}
	if o.patterns() {
		if err := o.patternOptions().Validate(); err != nil {
			return err
		}
	} else if err := o.Value.Validate(); err != nil {
		return err
	}
	if !(o.TDLambda >= 0 && o.TDLambda <= 1) {
		return &setting.ValueError{Name: "td_lambda", Value: fmt.Sprint(o.TDLambda), Want: "0..1 (1: the game result)"}
	}
	if o.NoPrior {
		return nil
	}
	if !(o.PriorTemperature >= 0) || math.IsInf(o.PriorTemperature, 0) {
		return &setting.ValueError{Name: "prior_temperature", Value: fmt.Sprint(o.PriorTemperature), Want: "a positive number (1: the fitted prior)"}
	}
	return o.Prior.Validate()
}

// FitModel fits both heads of a model on the positions partitions data (a
// window of datasets, fitted as one) and returns the model file, reports
// and dataset provenance filled in: the one training path of the pipeline's
// fit and of the training loop.
func FitModel(ctx context.Context, data []DatasetSource, opt ModelFitOptions) (*eval.ModelFile, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("fit model: %w: no datasets", errNoRows)
	}
	// One stream of samples per dataset: the value head reads their
	// targets (as TD(λ) returns below λ = 1), the prior their policies.
	var vs, ps Sources
	var provs []eval.Provenance
	var rows int64
	for _, d := range data {
		prov, err := DatasetProvenance(d.Dir, d.Variant)
		if err != nil {
			return nil, err
		}
		provs = append(provs, prov)
		rows += prov.Rows
		var s Source = d
		if opt.TDLambda < 1 {
			s = TDSource{Src: d, Lambda: opt.TDLambda}
		}
		vs = append(vs, s)
		ps = append(ps, d)
	}
	vo := opt.Value
	vo.RowsHint = rows
	if opt.TDLambda < 1 {
		vo.Blend = 1
	}
	var f *eval.ModelFile
	var err error
	if isAlquerque(data[0].Variant) {
		if f, err = fitAlquerqueHead(ctx, data, vs, opt, vo); err != nil {
			return nil, err
		}
	} else if opt.patterns() {
		po := opt.patternOptions()
		po.FitOptions = vo
		f, err = fitPatternHead(ctx, vs, po, opt.SpreadScale)
	} else {
		f, err = fitLinearHead(ctx, vs, vo, opt.SpreadScale)
	}
	if err != nil {
		return nil, err
	}
	var prior *eval.Prior
	var prep *eval.PriorReport
	if !opt.NoPrior {
		po := opt.Prior
		po.Holdout, po.Seed = vo.Holdout, vo.Seed
		if prior, prep, err = FitPrior(ctx, ps, po); err != nil {
			return nil, fmt.Errorf("prior head: %w", err)
		}
	}
	f.SetPrior(prior, prep)
	if f.Prior != nil && opt.PriorTemperature != 0 && opt.PriorTemperature != 1 {
		f.Prior.Temperature = opt.PriorTemperature
	}
	if h := f.Patterns; h != nil {
		h.Variant = data[0].Variant
		h.Lambda, h.PatternLambda, h.Blend, h.Holdout, h.Seed = vo.Lambda, opt.patternOptions().PatternLambda, vo.Blend, vo.Holdout, vo.Seed
		if len(provs) == 1 {
			h.Dataset = provs[0]
		}
	} else {
		f.Value.Variant = data[0].Variant
		f.Value.Lambda, f.Value.Blend, f.Value.Holdout, f.Value.Seed = vo.Lambda, vo.Blend, vo.Holdout, vo.Seed
		if len(provs) == 1 {
			f.Value.Dataset = provs[0]
		}
	}
	f.Provenance.Datasets = provs
	return f, nil
}

// isAlquerque reports whether a partition key (dataset.Key) is one of
// Alquerque's.
func isAlquerque(key string) bool {
	g, _ := dataset.SplitKey(key)
	return g == eval.AlquerqueGame
}

// fitAlquerqueHead fits an Alquerque model (eval.NewAlquerqueModelFile):
// its one head, the pattern head, by FitAlquerquePatterns with the value
// settings vo and the pattern penalty of opt, spread-scaled when opt says
// so, on the value sources vs of data, every one an Alquerque partition.
// Alquerque has no prior head (no move features), so opt must leave it
// out (NoPrior) and ask for the pattern head (ValueHead PatternHeadKind).
func fitAlquerqueHead(ctx context.Context, data []DatasetSource, vs Sources, opt ModelFitOptions, vo FitOptions) (*eval.ModelFile, error) {
	for _, d := range data {
		if !isAlquerque(d.Variant) {
			return nil, fmt.Errorf("fit model: %s (%s) is not Alquerque's, as %s is: a model is of one game", d.Dir, d.Variant, data[0].Dir)
		}
	}
	switch {
	case !opt.patterns():
		return nil, errors.New("fit model: an Alquerque model's value head is the pattern head (value head patterns): Alquerque has no linear head")
	case !opt.NoPrior:
		return nil, errors.New("fit model: Alquerque has no move prior to fit (no move features): leave the prior out (no prior)")
	}
	po := opt.patternOptions()
	po.FitOptions = vo
	res, err := FitAlquerquePatterns(ctx, vs, po)
	if err != nil {
		return nil, fmt.Errorf("value head: %w", err)
	}
	value, scale := res.Model, 1.0
	if opt.SpreadScale {
		score := func(red, black rules.Bitboard, side rules.Color, noCapture int) float64 {
			own, opp := alquerqueSides(&Sample{Red: red, Black: black, Side: side})
			return value.ScoreBoards(own, opp, noCapture)
		}
		if scale, err = spreadScale(ctx, vs, score, true, po.Seed, po.Holdout); err != nil {
			return nil, err
		}
		if value, err = value.Scaled(scale); err != nil {
			return nil, err
		}
	}
	return eval.NewAlquerqueModelFile(value, scale, &res.Report), nil
}

// fitLinearHead fits a linear value head, spread-scaled when asked, into a
// model file without a prior.
func fitLinearHead(ctx context.Context, src Source, vo FitOptions, spread bool) (*eval.ModelFile, error) {
	res, err := Fit(ctx, src, vo)
	if err != nil {
		return nil, fmt.Errorf("value head: %w", err)
	}
	value, scale := res.Model, 1.0
	if spread {
		if scale, err = SpreadScale(ctx, src, value, vo.Seed, vo.Holdout); err != nil {
			return nil, err
		}
		w := value.Weights()
		for i := range w {
			w[i] *= scale
		}
		value = eval.NewLinear(value.Model(), w)
	}
	return eval.NewModelFile(value, scale, &res.Report, nil, nil), nil
}

// fitPatternHead fits a pattern value head, spread-scaled when asked, into
// a model file without a prior.
func fitPatternHead(ctx context.Context, src Source, po PatternFitOptions, spread bool) (*eval.ModelFile, error) {
	res, err := FitPatterns(ctx, src, po)
	if err != nil {
		return nil, fmt.Errorf("value head: %w", err)
	}
	value, scale := res.Model, 1.0
	if spread {
		if scale, err = spreadScale(ctx, src, value.ScoreBoards, true, po.Seed, po.Holdout); err != nil {
			return nil, err
		}
		if value, err = value.Scaled(scale); err != nil {
			return nil, err
		}
	}
	return eval.NewPatternModelFile(value, scale, &res.Report, nil, nil), nil
}
