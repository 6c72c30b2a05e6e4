package pipeline

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// fit fits the weights on the FitVariant games, unless weights.json holds
// a fit of the same options on the same data.
func (p *runner) fit(ctx context.Context) (string, string, error) {
	c := &p.cfg
	if c.Game == AlquerqueGame {
		return p.fitAlquerque(ctx)
	}
	data := c.path(DataDir)
	out := c.path(WeightsFile)
	variant := FitVariant.String()
	prov, err := fit.DatasetProvenance(data, variant)
	if err != nil {
		return "", "", err
	}
	opt := c.Fit
	opt.RowsHint = prov.Rows
	if c.Run.Resume {
		if wf, _, err := eval.LoadWeights(out); err == nil && sameFit(wf, opt, variant, prov) {
			p.sum.Fit = fitSummary(out, wf.Report)
			return Skipped, out, nil
		}
	}
	p.logf("fit: %s on the %d %s positions (%d games)", opt.Model, prov.Rows, variant, prov.Games)
	// The value head of fit.FitModel, the training loop's fit, on the
	// result alone: one training path for both.
	mf, err := fit.FitModel(ctx, []fit.DatasetSource{{Dir: data, Variant: variant}}, fit.ModelFitOptions{Value: opt, TDLambda: 1, NoPrior: true})
	if err != nil {
		return "", "", fitError(ctx, err)
	}
	wf := mf.Value
	wf.Dataset.Dir = DataDir // relative to weights.json, beside it in Out
	if err := wf.Save(out); err != nil {
		return "", "", fmt.Errorf("writing weights: %w", err)
	}
	p.sum.Fit = fitSummary(out, wf.Report)
	return Ran, out, nil
}

// fitError says how a fit failed, in words: interrupted, short of
// held-out games, or its error.
func fitError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		// A fit cut short reads as one without held-out games: say what happened.
		return setting.Errorf("fit interrupted: run the same command with %s: the finished stages are kept and the fit is run again", setting.Key("resume"))
	}
	if errors.Is(err, fit.ErrNoHeldOut) {
		return setting.Errorf("fit: %w: raise %s or %s", err, setting.Key("holdout"), setting.Key("games"))
	}
	return setting.Errorf("fit: %w (more %s give the fit more to work with)", err, setting.Key("games"))
}

// sameFit reports whether weights file wf is the fit opt would make of the
// dataset prov describes.
func sameFit(wf *eval.WeightsFile, opt fit.FitOptions, variant string, prov eval.Provenance) bool {
	d := wf.Dataset
	return wf.Report != nil && wf.Model == opt.Model && wf.Lambda == opt.Lambda && wf.Blend == opt.Blend &&
		wf.Holdout == opt.Holdout && wf.Seed == opt.Seed && wf.Variant == variant &&
		wf.Report.Iterations <= opt.MaxIterations && wf.Report.ColorBlind == opt.ColorBlind && sameData(d, prov)
}

// sameData reports whether a fit's dataset d is the one prov describes.
func sameData(d, prov eval.Provenance) bool {
	return d.Seed == prov.Seed && d.Rules == prov.Rules && d.Engine == prov.Engine && d.Rows == prov.Rows && d.Games == prov.Games
}

func fitSummary(path string, r *eval.Report) *FitSummary {
	h := r.Holdout
	return &FitSummary{
		Path: path, Model: string(r.Model), Variant: FitVariant.String(),
		TrainPositions: r.Train.Positions, TrainGames: r.Train.Games,
		HoldoutPositions: h.Positions, HoldoutGames: h.Games,
		LogLoss: h.LogLoss, BaselineLogLoss: h.BaselineLogLoss,
		Brier: h.Brier, BaselineBrier: h.BaselineBrier, Warning: r.Warning,
	}
}
