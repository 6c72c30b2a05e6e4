package eval

import (
	"context"
	"fmt"
	"math"
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
	// Prior fits the prior head; NoPrior leaves it out (uniform priors).
	// PriorTemperature, above 1, softens the fitted prior for the search
	// (PriorHead.Temperature); 0 means 1.
	Prior            PriorFitOptions `json:"prior"`
	NoPrior          bool            `json:"no_prior"`
	PriorTemperature float64         `json:"prior_temperature"`
}

// Validate reports the first option out of range.
func (o ModelFitOptions) Validate() error {
	if err := o.Value.Validate(); err != nil {
		return err
	}
	if !(o.TDLambda >= 0 && o.TDLambda <= 1) {
		return fmt.Errorf("td lambda %v out of range 0..1 (1: the game result)", o.TDLambda)
	}
	if o.NoPrior {
		return nil
	}
	if !(o.PriorTemperature >= 0) || math.IsInf(o.PriorTemperature, 0) {
		return fmt.Errorf("prior temperature %v: want a positive number (1: the fitted prior)", o.PriorTemperature)
	}
	return o.Prior.Validate()
}

// FitModel fits both heads of a model on the positions partitions data (a
// window of datasets, fitted as one) and returns the model file, reports
// and dataset provenance filled in: the one training path of the pipeline's
// fit and of the training loop.
func FitModel(ctx context.Context, data []DatasetSource, opt ModelFitOptions) (*ModelFile, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("fit model: %w: no datasets", errNoRows)
	}
	var vs Sources
	var ps PolicySources
	var provs []Provenance
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
	res, err := Fit(ctx, vs, vo)
	if err != nil {
		return nil, fmt.Errorf("value head: %w", err)
	}
	value, scale := res.Model, 1.0
	if opt.SpreadScale {
		if scale, err = SpreadScale(ctx, vs, value, vo.Seed, vo.Holdout); err != nil {
			return nil, err
		}
		w := value.Weights()
		for i := range w {
			w[i] *= scale
		}
		value = NewLinear(value.Model(), w)
	}
	var prior *Prior
	var prep *PriorReport
	if !opt.NoPrior {
		po := opt.Prior
		po.Holdout, po.Seed = vo.Holdout, vo.Seed
		if prior, prep, err = FitPrior(ctx, ps, po); err != nil {
			return nil, fmt.Errorf("prior head: %w", err)
		}
	}
	f := NewModelFile(value, scale, &res.Report, prior, prep)
	if f.Prior != nil && opt.PriorTemperature != 0 && opt.PriorTemperature != 1 {
		f.Prior.Temperature = opt.PriorTemperature
	}
	f.Value.Variant = data[0].Variant
	f.Value.Lambda, f.Value.Blend, f.Value.Holdout, f.Value.Seed = vo.Lambda, vo.Blend, vo.Holdout, vo.Seed
	if len(provs) == 1 {
		f.Value.Dataset = provs[0]
	}
	f.Provenance.Datasets = provs
	return f, nil
}
