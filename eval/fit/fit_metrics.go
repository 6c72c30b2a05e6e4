package fit

import (
	"context"
	"fmt"
	"math"

	"github.com/surakarta/surakarta/eval"
)

// ProbEpsilon bounds the win probabilities scored by log-loss away from 0
// and 1: a ridge prediction of exactly ±1 would otherwise cost an infinite
// loss when wrong.
const ProbEpsilon = 1e-3

// calibrationBins is the number of calibration bins.
const calibrationBins = 10

// metrics accumulates the held-out figures of one predictor.
type metrics struct {
	n                   int64
	logLoss, brier, mse float64
	signHits            float64
	decisive            int64
	bins                [calibrationBins]struct {
		n          int64
		sumP, sumT float64
	}
}

func (m *metrics) add(v, y float64) {
	p := min(max((1+v)/2, ProbEpsilon), 1-ProbEpsilon)
	t := (1 + y) / 2
	m.n++
	m.logLoss -= t*math.Log(p) + (1-t)*math.Log1p(-p)
	m.brier += (p - t) * (p - t)
	m.mse += (v - y) * (v - y)
	if y != 0 {
		m.decisive++
		switch {
		case v*y > 0:
			m.signHits++
		case v == 0:
			m.signHits += 0.5
		}
	}
	b := min(int(p*calibrationBins), calibrationBins-1)
	m.bins[b].n++
	m.bins[b].sumP += p
	m.bins[b].sumT += t
}

func (m *metrics) calibration() []eval.CalibrationBin {
	out := make([]eval.CalibrationBin, calibrationBins)
	for i, b := range m.bins {
		out[i] = eval.CalibrationBin{Lo: float64(i) / calibrationBins, Hi: float64(i+1) / calibrationBins, Positions: b.n}
		if b.n > 0 {
			out[i].Predicted = b.sumP / float64(b.n)
			out[i].Observed = b.sumT / float64(b.n)
		}
	}
	return out
}

func (m *metrics) signAccuracy() float64 {
	if m.decisive == 0 {
		return 0
	}
	return m.signHits / float64(m.decisive)
}

// scoreHoldout scores a model, whose value of a row with features x (as
// extract fills them from the row) is value(x, row), and the baseline on
// the held-out games of src (held counts them, as the first pass found):
// Fit's, FitPatterns' and FitAlquerquePatterns' second pass.
func scoreHoldout(ctx context.Context, src Source, opt FitOptions, held eval.Counts, extract func(x *eval.Vector, r *Sample), value func(x *eval.Vector, r *Sample) float64, base *eval.Linear) (eval.HoldoutReport, error) {
	var mm, mb metrics
	var x eval.Vector
	err := src.Scan(ctx, WithTargets, func(r *Sample) error {
		if !InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			return nil
		}
		if err := checkSample(r, opt.Blend); err != nil {
			return err
		}
		extract(&x, r)
		mm.add(value(&x, r), r.Result)
		mb.add(base.ValueOf(&x), r.Result)
		return nil
	})
	if err != nil {
		return eval.HoldoutReport{}, err
	}
	if mm.n != held.Positions {
		return eval.HoldoutReport{}, fmt.Errorf("the source yielded %d held-out positions on the second pass, %d on the first: it must yield the same rows each time", mm.n, held.Positions)
	}
	n := float64(mm.n)
	return eval.HoldoutReport{
		Counts:  held,
		LogLoss: mm.logLoss / n, Brier: mm.brier / n, MSE: mm.mse / n,
		SignAccuracy: mm.signAccuracy(), Decisive: mm.decisive,
		BaselineLogLoss: mb.logLoss / n, BaselineBrier: mb.brier / n, BaselineMSE: mb.mse / n,
		BaselineSignAccuracy: mb.signAccuracy(),
		Calibration:          mm.calibration(), BaselineCalibration: mb.calibration(),
	}, nil
}
