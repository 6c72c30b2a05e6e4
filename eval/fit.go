package eval

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// Row is one position of a fitting dataset, the columns fit reads.
type Row struct {
	Red, Black rules.Bitboard
	Side       rules.Color
	NoCapture  int
	// Result is the game's result for the side to move: +1, 0 or -1.
	Result float64
	// RootValue is the search's value of the position for the side to
	// move, in [-1, 1]; only the blended target (FitOptions.Blend) reads it.
	RootValue float64
	// GameID identifies the game; the held-out split is by game.
	GameID int64
}

// Source streams rows for fitting. Scan calls fn for every row, the rows of
// a game one after another, and may be called more than once: each call
// must yield the same rows in the same order. The *Row is reused after fn
// returns. An error from fn ends the scan and is returned.
type Source interface {
	Scan(ctx context.Context, fn func(*Row) error) error
}

// FitOptions are the settings of Fit.
type FitOptions struct {
	// Model is Ridge or Logistic.
	Model Model
	// Lambda is the L2 penalty on the standardized weights (every feature
	// but the bias scaled to mean 0 and variance 1 on the training rows):
	// the fit minimises mean loss + Lambda·Σβ². It must be positive: the
	// circuit-class counts of a side add up to its pieces, so the features
	// are linearly dependent and only the penalty makes the solution unique.
	Lambda float64
	// Holdout is the fraction of games held out for the report, in (0, 1).
	Holdout float64
	// Blend mixes the search's root value into the target:
	// y = (1-Blend)·result + Blend·root_value, in [0, 1]. The held-out
	// figures always score the true result.
	Blend float64
	// Seed decides which games are held out (see InHoldout).
	Seed uint64
	// MaxIterations bounds the L-BFGS iterations of Logistic.
	MaxIterations int
	// Workers is the number of goroutines computing the logistic loss and
	// gradient; the result does not depend on it. 0 means GOMAXPROCS.
	Workers int
	// RowsHint, when positive, is the number of rows the source holds
	// (from the dataset's footers): the logistic fit then sizes its row
	// store once instead of growing it by doubling, which would hold up to
	// three times the rows' memory while copying.
	RowsHint int64
}

// DefaultFitOptions returns ridge with λ = 1e-4, a fifth of the games held
// out, no blending, seed 1 and at most 500 L-BFGS iterations.
func DefaultFitOptions() FitOptions {
	return FitOptions{Model: Ridge, Lambda: 1e-4, Holdout: 0.2, Seed: 1, MaxIterations: 500}
}

// Validate reports the first option out of range.
func (o FitOptions) Validate() error {
	switch {
	case o.Model != Ridge && o.Model != Logistic:
		return fmt.Errorf("bad model %q: want ridge or logistic", o.Model)
	case !(o.Lambda > 0) || math.IsInf(o.Lambda, 0):
		return fmt.Errorf("lambda %v: want a positive number (the features are linearly dependent, so the fit needs a penalty)", o.Lambda)
	case !(o.Holdout > 0 && o.Holdout < 1):
		return fmt.Errorf("holdout %v: want a fraction of the games strictly between 0 and 1", o.Holdout)
	case !(o.Blend >= 0 && o.Blend <= 1):
		return fmt.Errorf("blend %v out of range 0..1", o.Blend)
	case o.MaxIterations < 1:
		return fmt.Errorf("max iterations %d: want at least 1", o.MaxIterations)
	case o.Workers < 0:
		return fmt.Errorf("workers %d: want 0 (all cores) or more", o.Workers)
	}
	return nil
}

// InHoldout reports whether game id falls in the held-out part of a split
// with the given seed and fraction: a SplitMix64 hash of the seed and the id,
// read as a number in [0, 1), below frac. Every position of a game falls on
// the same side, and the split does not depend on the order of the rows.
func InHoldout(id int64, seed uint64, frac float64) bool {
	h := dataset.SplitMix64(dataset.SplitMix64(seed^0x686f6c646f7574) ^ uint64(id)) // "holdout"
	return float64(h>>11)/(1<<53) < frac
}

// Counts are the positions and games of one side of the split.
type Counts struct {
	Positions int64 `json:"positions"`
	Games     int64 `json:"games"`
}

// NamedWeight is a fitted weight with its feature's name.
type NamedWeight struct {
	Name   string  `json:"name"`
	Weight float64 `json:"weight"`
}

// Report is what Fit measured.
type Report struct {
	Model             Model   `json:"model"`
	FeatureSetVersion int     `json:"feature_set_version"`
	Lambda            float64 `json:"lambda"`
	Blend             float64 `json:"blend"`
	HoldoutFraction   float64 `json:"holdout_fraction"`
	Seed              uint64  `json:"seed"`
	// Train counts the training positions and games.
	Train Counts `json:"train"`
	// TrainLoss is the model's penalised training objective at the
	// solution (mean squared error for ridge, mean log-loss for logistic).
	TrainLoss float64 `json:"train_loss"`
	// Iterations and Status describe the L-BFGS run (logistic only).
	Iterations int    `json:"iterations,omitempty"`
	Status     string `json:"status,omitempty"`
	// Holdout holds the figures on the held-out games.
	Holdout HoldoutReport `json:"holdout"`
	// Weights are the fitted weights in feature order; BaselineWeights the
	// material-only baseline's (bias and material).
	Weights         []NamedWeight `json:"weights"`
	BaselineWeights []NamedWeight `json:"baseline_weights"`
}

// HoldoutReport scores the model and the material-only baseline on the
// held-out games. Each prediction v (a value in [-1, 1]) becomes a win
// probability p = (1+v)/2 clipped to [ProbEpsilon, 1-ProbEpsilon]; a
// result y (+1/0/-1) becomes the target t = (1+y)/2 (a draw is 1/2).
type HoldoutReport struct {
	// Positions and Games count the held-out positions and games.
	Positions int64 `json:"positions"`
	Games     int64 `json:"games"`
	// LogLoss is the mean of -[t·log p + (1-t)·log(1-p)], Brier the mean
	// of (p-t)², MSE the mean of (v-y)².
	LogLoss float64 `json:"log_loss"`
	Brier   float64 `json:"brier"`
	MSE     float64 `json:"mse"`
	// SignAccuracy is the fraction of decisive positions (y ≠ 0) whose
	// prediction has the result's sign (v = 0 counts a half);
	// Decisive counts them.
	SignAccuracy float64 `json:"sign_accuracy"`
	Decisive     int64   `json:"decisive"`
	// The same figures for the material-only baseline.
	BaselineLogLoss      float64 `json:"baseline_log_loss"`
	BaselineBrier        float64 `json:"baseline_brier"`
	BaselineMSE          float64 `json:"baseline_mse"`
	BaselineSignAccuracy float64 `json:"baseline_sign_accuracy"`
	// Calibration bins the predicted probabilities in tenths, for the
	// model and the baseline.
	Calibration         []CalibrationBin `json:"calibration"`
	BaselineCalibration []CalibrationBin `json:"baseline_calibration"`
}

// CalibrationBin is one bin of predicted win probability [Lo, Hi): how many
// held-out positions fell in it, their mean prediction and mean outcome t.
type CalibrationBin struct {
	Lo        float64 `json:"lo"`
	Hi        float64 `json:"hi"`
	Positions int64   `json:"positions"`
	Predicted float64 `json:"predicted"`
	Observed  float64 `json:"observed"`
}

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

func (m *metrics) calibration() []CalibrationBin {
	out := make([]CalibrationBin, calibrationBins)
	for i, b := range m.bins {
		out[i] = CalibrationBin{Lo: float64(i) / calibrationBins, Hi: float64(i+1) / calibrationBins, Positions: b.n}
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

// FitResult is a fitted model with its material-only baseline and report.
type FitResult struct {
	Model    *Linear
	Baseline *Linear
	Report   Report
}

// baselineCols are the features of the material-only baseline.
var baselineCols = []int{Bias, Material}

// allCols lists every feature.
var allCols = func() []int {
	c := make([]int, NumFeatures)
	for i := range c {
		c[i] = i
	}
	return c
}()

// Fit fits opt.Model to the training games of src and scores it, beside a
// material-only baseline fitted the same way on the same rows, on the
// held-out games. It reads src twice: once to fit, once to score.
//
// Ridge accumulates XᵀX and Xᵀy in blocks of rows (gonum's SymRankK) and
// solves the penalised normal equations by Cholesky: memory does not grow
// with the rows. Logistic keeps the training rows' features as float32
// (NumFeatures·4 bytes a row, about 100 MB per million rows) because L-BFGS
// (gonum/optimize) passes over them once per evaluation; it starts from
// the ridge solution.
func Fit(ctx context.Context, src Source, opt FitOptions) (*FitResult, error) {
	if err := opt.Validate(); err != nil {
		return nil, err
	}
	acc := newRidgeAcc(len(allCols))
	var store *rowStore
	if opt.Model == Logistic {
		store = &rowStore{}
		if opt.RowsHint > 0 {
			// The training share plus four standard deviations of the
			// split's spread, rounded up generously.
			n := int(float64(opt.RowsHint)*(1-opt.Holdout)*1.02) + 1024
			store.x = make([]float32, 0, n*NumFeatures)
			store.t = make([]float32, 0, n)
		}
	}
	var train, held Counts
	var lastTrain, lastHeld int64 = -1, -1
	var x Vector
	err := src.Scan(ctx, func(r *Row) error {
		if err := checkRow(r, opt.Blend); err != nil {
			return err
		}
		if InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			held.Positions++
			if r.GameID != lastHeld || held.Games == 0 {
				held.Games++
				lastHeld = r.GameID
			}
			return nil
		}
		train.Positions++
		if r.GameID != lastTrain || train.Games == 0 {
			train.Games++
			lastTrain = r.GameID
			if train.Games&255 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
		}
		ExtractBoards(&x, r.Red, r.Black, r.Side, r.NoCapture)
		y := (1-opt.Blend)*r.Result + opt.Blend*r.RootValue
		acc.add(&x, y)
		if store != nil {
			store.add(&x, (1+y)/2)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if train.Positions == 0 {
		return nil, fmt.Errorf("%w: no training positions (%d positions held out)", errNoRows, held.Positions)
	}
	if held.Positions == 0 {
		return nil, fmt.Errorf("no held-out games among %d games: raise --holdout or add games", train.Games)
	}
	acc.flush()

	rep := Report{
		Model: opt.Model, FeatureSetVersion: FeatureSetVersion,
		Lambda: opt.Lambda, Blend: opt.Blend, HoldoutFraction: opt.Holdout, Seed: opt.Seed,
		Train: train,
	}
	wModel, lossModel, err := acc.solve(allCols, opt.Lambda)
	if err != nil {
		return nil, err
	}
	wBase, _, err := acc.solve(baselineCols, opt.Lambda)
	if err != nil {
		return nil, err
	}
	rep.TrainLoss = lossModel
	if opt.Model == Logistic {
		workers := opt.Workers
		if workers == 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		st := acc.standardization(allCols)
		w0 := scoreToLogit(wModel)
		// Warm start: L-BFGS on every k-th row first (cheap), so that the
		// passes over all rows start near the optimum. The optimum and the
		// stopping rule are those of the full data either way.
		if sub := store.every(store.rows() / warmRows); sub != nil {
			res, err := fitLogistic(ctx, sub, allCols, st, opt.Lambda, w0, opt.MaxIterations, workers)
			if err != nil {
				return nil, err
			}
			w0 = res.w
		}
		res, err := fitLogistic(ctx, store, allCols, st, opt.Lambda, w0, opt.MaxIterations, workers)
		if err != nil {
			return nil, err
		}
		wModel, rep.TrainLoss, rep.Iterations, rep.Status = res.w, res.loss, res.iterations, res.status
		stb := acc.standardization(baselineCols)
		resb, err := fitLogistic(ctx, groupByMaterial(store), baselineCols, stb, opt.Lambda, scoreToLogit(wBase), opt.MaxIterations, workers)
		if err != nil {
			return nil, err
		}
		wBase = resb.w
	}
	model := NewLinear(opt.Model, expand(allCols, wModel))
	base := NewLinear(opt.Model, expand(baselineCols, wBase))

	// Second pass: score the held-out games.
	var mm, mb metrics
	err = src.Scan(ctx, func(r *Row) error {
		if !InHoldout(r.GameID, opt.Seed, opt.Holdout) {
			return nil
		}
		if err := checkRow(r, opt.Blend); err != nil {
			return err
		}
		ExtractBoards(&x, r.Red, r.Black, r.Side, r.NoCapture)
		mm.add(model.ValueOf(&x), r.Result)
		mb.add(base.ValueOf(&x), r.Result)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if mm.n != held.Positions {
		return nil, fmt.Errorf("the source yielded %d held-out positions on the second pass, %d on the first: it must yield the same rows each time", mm.n, held.Positions)
	}
	n := float64(mm.n)
	rep.Holdout = HoldoutReport{
		Positions: held.Positions, Games: held.Games,
		LogLoss: mm.logLoss / n, Brier: mm.brier / n, MSE: mm.mse / n,
		SignAccuracy: mm.signAccuracy(), Decisive: mm.decisive,
		BaselineLogLoss: mb.logLoss / n, BaselineBrier: mb.brier / n, BaselineMSE: mb.mse / n,
		BaselineSignAccuracy: mb.signAccuracy(),
		Calibration:          mm.calibration(), BaselineCalibration: mb.calibration(),
	}
	names := Names()
	mw, bw := model.Weights(), base.Weights()
	for i, name := range names {
		rep.Weights = append(rep.Weights, NamedWeight{name, mw[i]})
	}
	for _, i := range baselineCols {
		rep.BaselineWeights = append(rep.BaselineWeights, NamedWeight{names[i], bw[i]})
	}
	return &FitResult{Model: model, Baseline: base, Report: rep}, nil
}

// checkRow refuses rows that would silently corrupt a fit.
func checkRow(r *Row, blend float64) error {
	switch {
	case (r.Red|r.Black)&^rules.BoardMask != 0 || r.Red&r.Black != 0:
		return fmt.Errorf("game %d: bad bitboards red %#x black %#x (off the board or overlapping)", r.GameID, uint64(r.Red), uint64(r.Black))
	case r.Side > rules.Black:
		return fmt.Errorf("game %d: bad side to move %d", r.GameID, r.Side)
	case r.Result != 1 && r.Result != 0 && r.Result != -1:
		return fmt.Errorf("game %d: result %v: want +1, 0 or -1", r.GameID, r.Result)
	case blend > 0 && !(r.RootValue >= -1 && r.RootValue <= 1):
		return fmt.Errorf("game %d: root value %v out of range -1..1, needed by --blend", r.GameID, r.RootValue)
	}
	return nil
}

// expand places weights for cols into a full Vector.
func expand(cols []int, w []float64) Vector {
	var v Vector
	for k, i := range cols {
		v[i] = w[k]
	}
	return v
}

// scoreToLogit turns ridge weights, which predict the value v, into a
// logistic starting point: near 0, tanh(z/2) ≈ z/2, so z ≈ 2v.
func scoreToLogit(w []float64) []float64 {
	out := make([]float64, len(w))
	for i := range w {
		out[i] = 2 * w[i]
	}
	return out
}

// ridgeBlock is the number of rows ridgeAcc buffers before a rank-k update.
const ridgeBlock = 512

// ridgeAcc accumulates XᵀX and Xᵀy over rows, ridgeBlock rows at a time.
type ridgeAcc struct {
	d     int
	n     int64
	xtx   *mat.SymDense
	xty   *mat.VecDense
	yy    float64
	block *mat.Dense
	ys    *mat.VecDense
	rows  int
}

func newRidgeAcc(d int) *ridgeAcc {
	return &ridgeAcc{
		d:     d,
		xtx:   mat.NewSymDense(d, nil),
		xty:   mat.NewVecDense(d, nil),
		block: mat.NewDense(ridgeBlock, d, nil),
		ys:    mat.NewVecDense(ridgeBlock, nil),
	}
}

func (a *ridgeAcc) add(x *Vector, y float64) {
	copy(a.block.RawRowView(a.rows), x[:])
	a.ys.SetVec(a.rows, y)
	a.yy += y * y
	a.n++
	if a.rows++; a.rows == ridgeBlock {
		a.flush()
	}
}

// flush adds the buffered rows: XᵀX += BᵀB, Xᵀy += Bᵀy.
func (a *ridgeAcc) flush() {
	if a.rows == 0 {
		return
	}
	b := a.block.Slice(0, a.rows, 0, a.d).(*mat.Dense)
	ys := a.ys.SliceVec(0, a.rows)
	a.xtx.SymRankK(a.xtx, 1, b.T())
	var t mat.VecDense
	t.MulVec(b.T(), ys)
	a.xty.AddVec(a.xty, &t)
	a.rows = 0
}

// standardization holds, for the columns of a fit, the means and inverse
// standard deviations of the training rows; inv is 0 for a constant column
// (and for the bias, column 0).
type standardization struct {
	mean, inv []float64
}

func (a *ridgeAcc) standardization(cols []int) standardization {
	k := len(cols)
	st := standardization{mean: make([]float64, k), inv: make([]float64, k)}
	n := float64(a.n)
	for j := 1; j < k; j++ {
		c := cols[j]
		mu := a.xtx.At(Bias, c) / n
		v := a.xtx.At(c, c)/n - mu*mu
		st.mean[j] = mu
		if v > 1e-12*(1+a.xtx.At(c, c)/n) {
			st.inv[j] = 1 / math.Sqrt(v)
		}
	}
	return st
}

// solve returns the ridge weights (raw feature scale) for the columns cols,
// which must start with Bias, and the penalised mean squared error. In the
// standardized coordinates z = A·x (z₀ = 1, zⱼ = (xⱼ-μⱼ)/σⱼ) it solves
// (A·S·Aᵀ + λD)·β = A·b with S = XᵀX/n, b = Xᵀy/n and D the identity
// without its bias entry, by Cholesky; the raw weights are w = Aᵀβ.
func (a *ridgeAcc) solve(cols []int, lambda float64) ([]float64, float64, error) {
	if cols[0] != Bias {
		panic("eval: ridge columns must start with the bias")
	}
	k := len(cols)
	n := float64(a.n)
	st := a.standardization(cols)
	am := mat.NewDense(k, k, nil)
	am.Set(0, 0, 1)
	for j := 1; j < k; j++ {
		am.Set(j, 0, -st.mean[j]*st.inv[j])
		am.Set(j, j, st.inv[j])
	}
	s := mat.NewSymDense(k, nil)
	b := mat.NewVecDense(k, nil)
	for i, ci := range cols {
		b.SetVec(i, a.xty.AtVec(ci)/n)
		for j := i; j < k; j++ {
			s.SetSym(i, j, a.xtx.At(ci, cols[j])/n)
		}
	}
	var asa mat.Dense
	asa.Mul(am, s)
	asa.Mul(&asa, am.T())
	m := mat.NewSymDense(k, nil)
	for i := 0; i < k; i++ {
		for j := i; j < k; j++ {
			v := (asa.At(i, j) + asa.At(j, i)) / 2
			if i == j && i > 0 {
				v += lambda
			}
			m.SetSym(i, j, v)
		}
	}
	var ab mat.VecDense
	ab.MulVec(am, b)
	var chol mat.Cholesky
	if !chol.Factorize(m) {
		return nil, 0, errors.New("ridge: the penalised normal equations are not positive definite (raise --lambda)")
	}
	var beta mat.VecDense
	if err := chol.SolveVecTo(&beta, &ab); err != nil {
		return nil, 0, fmt.Errorf("ridge: %w", err)
	}
	var w mat.VecDense
	w.MulVec(am.T(), &beta)
	// Mean squared error from the sums: (yᵀy - 2wᵀXᵀy + wᵀXᵀXw)/n.
	var sw mat.VecDense
	sw.MulVec(s, &w)
	mse := a.yy/n - 2*mat.Dot(&w, b) + mat.Dot(&w, &sw)
	pen := 0.0
	for j := 1; j < k; j++ {
		pen += beta.AtVec(j) * beta.AtVec(j)
	}
	return w.RawVector().Data, max(mse, 0) + lambda*pen, nil
}

// rowStore keeps training rows compactly for the logistic fit.
type rowStore struct {
	x []float32 // NumFeatures per row
	t []float32 // target win probability (the mean target of a grouped row)
	// n holds each row's multiplicity when rows are grouped (see
	// groupByMaterial); nil means one each.
	n     []float32
	total float64 // Σn
}

func (s *rowStore) add(x *Vector, t float64) {
	for _, v := range x {
		s.x = append(s.x, float32(v))
	}
	s.t = append(s.t, float32(t))
	s.total++
}

func (s *rowStore) rows() int { return len(s.t) }

// warmRows is about the number of rows of the logistic fit's warm start.
const warmRows = 50000

// every returns every k-th row of s (ungrouped), or nil when k < 4: too few
// rows for a warm start to pay.
func (s *rowStore) every(k int) *rowStore {
	if k < 4 || s.n != nil {
		return nil
	}
	sub := &rowStore{}
	for r := 0; r < s.rows(); r += k {
		sub.x = append(sub.x, s.x[r*NumFeatures:(r+1)*NumFeatures]...)
		sub.t = append(sub.t, s.t[r])
		sub.total++
	}
	return sub
}

// groupByMaterial returns the rows of s grouped by their material
// difference, each group a row with the bias and material features, the
// group's size as multiplicity and its mean target. The log-loss is linear
// in the target, so a model of bias and material alone has the same loss
// and gradient on the groups as on the rows: the baseline fit runs on at
// most 25 rows.
func groupByMaterial(s *rowStore) *rowStore {
	var n, sum [25]float64
	for r := 0; r < s.rows(); r++ {
		m := int(s.x[r*NumFeatures+Material]) + 12
		n[m]++
		sum[m] += float64(s.t[r])
	}
	g := &rowStore{}
	for m := range n {
		if n[m] == 0 {
			continue
		}
		var x Vector
		x[Bias], x[Material] = 1, float64(m-12)
		g.add(&x, sum[m]/n[m])
		g.n = append(g.n, float32(n[m]))
	}
	g.total = float64(s.rows())
	return g
}

// logisticChunk is the number of rows whose loss and gradient one task
// sums; partial sums are added in chunk order, so the result does not
// depend on the number of workers.
const logisticChunk = 8192

type logisticResult struct {
	w          []float64
	loss       float64
	iterations int
	status     string
}

// fitLogistic minimises the mean log-loss plus λ·Σβ² over the standardized
// weights β of the columns cols with L-BFGS, starting from the raw weights
// w0, and returns the raw weights.
func fitLogistic(ctx context.Context, s *rowStore, cols []int, st standardization, lambda float64, w0 []float64, maxIter, workers int) (logisticResult, error) {
	k := len(cols)
	ev := &logisticEval{s: s, cols: cols, st: st, lambda: lambda, workers: workers}
	ev.chunks = (s.rows() + logisticChunk - 1) / logisticChunk
	ev.partLoss = make([]float64, ev.chunks)
	ev.partGrad = make([]float64, ev.chunks*k)
	ev.graw = make([]float64, k)
	ev.wraw = make([]float64, k)
	ev.grad = make([]float64, k)
	// β from raw weights: βⱼ = wⱼ/invⱼ (σⱼ·wⱼ), β₀ = w₀ + Σ βⱼ·μⱼ·invⱼ.
	beta := make([]float64, k)
	beta[0] = w0[0]
	for j := 1; j < k; j++ {
		if st.inv[j] > 0 {
			beta[j] = w0[j] / st.inv[j]
			beta[0] += w0[j] * st.mean[j]
		}
	}
	p := optimize.Problem{
		Func: func(b []float64) float64 { ev.evaluate(b); return ev.loss },
		Grad: func(g, b []float64) { ev.evaluate(b); copy(g, ev.grad) },
		Status: func() (optimize.Status, error) {
			if err := ctx.Err(); err != nil {
				return optimize.Failure, err
			}
			return optimize.NotTerminated, nil
		},
	}
	settings := &optimize.Settings{
		// The gradient is of the mean loss in standardized coordinates,
		// where the curvature is of order 0.1: 1e-6 leaves the weights
		// within about 1e-5 of the optimum, far inside their sampling error.
		GradientThreshold: 1e-5,
		MajorIterations:   maxIter,
		Converger:         &optimize.FunctionConverge{Absolute: 1e-12, Relative: 1e-10, Iterations: 5},
	}
	res, err := optimize.Minimize(p, beta, settings, &optimize.LBFGS{})
	if err != nil && ctx.Err() != nil {
		return logisticResult{}, ctx.Err()
	}
	if res == nil {
		return logisticResult{}, fmt.Errorf("logistic fit: %w", err)
	}
	// Some terminations (a line search that can no longer improve) come with
	// an error although the location is the best found; keep it if finite.
	ev.evaluate(res.X)
	if math.IsNaN(ev.loss) || math.IsInf(ev.loss, 0) {
		return logisticResult{}, fmt.Errorf("logistic fit diverged (loss %v): %v", ev.loss, err)
	}
	status := res.Status.String()
	if err != nil {
		status += ": " + err.Error()
	}
	return logisticResult{w: append([]float64(nil), ev.wraw...), loss: ev.loss, iterations: res.Stats.MajorIterations, status: status}, nil
}

// logisticEval computes the penalised log-loss and its gradient, caching
// the last location (L-BFGS asks for the value and the gradient at the same
// point in separate calls).
type logisticEval struct {
	s       *rowStore
	cols    []int
	st      standardization
	lambda  float64
	workers int
	chunks  int

	last     []float64
	loss     float64
	grad     []float64 // with respect to β
	wraw     []float64
	graw     []float64
	partLoss []float64
	partGrad []float64
}

func (e *logisticEval) evaluate(beta []float64) {
	if e.last != nil && equalSlices(e.last, beta) {
		return
	}
	e.last = append(e.last[:0], beta...)
	k := len(e.cols)
	// Raw weights w = Aᵀβ.
	e.wraw[0] = beta[0]
	for j := 1; j < k; j++ {
		e.wraw[j] = beta[j] * e.st.inv[j]
		e.wraw[0] -= beta[j] * e.st.mean[j] * e.st.inv[j]
	}
	var wg sync.WaitGroup
	next := make(chan int, e.chunks)
	for c := 0; c < e.chunks; c++ {
		next <- c
	}
	close(next)
	for w := 0; w < min(e.workers, e.chunks); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				e.chunk(c)
			}
		}()
	}
	wg.Wait()
	n := e.s.total
	loss := 0.0
	clear(e.graw)
	for c := 0; c < e.chunks; c++ {
		loss += e.partLoss[c]
		for j := 0; j < k; j++ {
			e.graw[j] += e.partGrad[c*k+j]
		}
	}
	loss /= n
	// Gradient with respect to β: A·g_raw, plus the penalty's 2λβ.
	e.grad[0] = e.graw[0] / n
	for j := 1; j < k; j++ {
		e.grad[j] = (e.graw[j]-e.st.mean[j]*e.graw[0])*e.st.inv[j]/n + 2*e.lambda*beta[j]
		loss += e.lambda * beta[j] * beta[j]
	}
	e.loss = loss
}

// chunk sums the log-loss and its gradient with respect to the raw weights
// over one chunk of rows.
func (e *logisticEval) chunk(c int) {
	k := len(e.cols)
	lo := c * logisticChunk
	hi := min(lo+logisticChunk, e.s.rows())
	var wbuf, gbuf [NumFeatures]float64
	w, g := wbuf[:k], gbuf[:k]
	copy(w, e.wraw)
	cols := e.cols
	loss := 0.0
	all := k == NumFeatures
	wa, ga := (*[NumFeatures]float64)(wbuf[:]), (*[NumFeatures]float64)(gbuf[:])
	for r := lo; r < hi; r++ {
		x := (*[NumFeatures]float32)(e.s.x[r*NumFeatures : (r+1)*NumFeatures])
		z := 0.0
		if all {
			z = dotAll(wa, x)
		} else {
			for j, col := range cols {
				z += w[j] * float64(x[col])
			}
		}
		t := float64(e.s.t[r])
		// softplus(z) - t·z and σ(z) - t with one exponential.
		ez := math.Exp(-math.Abs(z))
		var sig float64
		if z >= 0 {
			sig = 1 / (1 + ez)
		} else {
			sig = ez / (1 + ez)
		}
		// log(1+ez) rather than Log1p(ez): about half the work, and the
		// rounding of 1+ez costs at most 1.2e-16 absolute in a loss summed
		// over rows of about 0.6 each.
		l, d := max(z, 0)+math.Log(1+ez)-t*z, sig-t
		if e.s.n != nil {
			l *= float64(e.s.n[r])
			d *= float64(e.s.n[r])
		}
		loss += l
		if all {
			axpyAll(ga, d, x)
		} else {
			for j, col := range cols {
				g[j] += d * float64(x[col])
			}
		}
	}
	e.partLoss[c] = loss
	copy(e.partGrad[c*k:(c+1)*k], g)
}

// dotAll returns w·x over every feature with four partial sums (a single
// running sum would make every addition wait for the one before), written
// out so that no index needs a bounds check.
func dotAll(w *[NumFeatures]float64, x *[NumFeatures]float32) float64 {
	var a, b, c, d float64
	a += w[0] * float64(x[0])
	b += w[1] * float64(x[1])
	c += w[2] * float64(x[2])
	d += w[3] * float64(x[3])
	a += w[4] * float64(x[4])
	b += w[5] * float64(x[5])
	c += w[6] * float64(x[6])
	d += w[7] * float64(x[7])
	a += w[8] * float64(x[8])
	b += w[9] * float64(x[9])
	c += w[10] * float64(x[10])
	d += w[11] * float64(x[11])
	a += w[12] * float64(x[12])
	b += w[13] * float64(x[13])
	c += w[14] * float64(x[14])
	d += w[15] * float64(x[15])
	a += w[16] * float64(x[16])
	b += w[17] * float64(x[17])
	c += w[18] * float64(x[18])
	d += w[19] * float64(x[19])
	a += w[20] * float64(x[20])
	b += w[21] * float64(x[21])
	c += w[22] * float64(x[22])
	d += w[23] * float64(x[23])
	a += w[24] * float64(x[24])
	b += w[25] * float64(x[25])
	return (a + b) + (c + d)
}

// axpyAll adds d·x to g over every feature.
func axpyAll(g *[NumFeatures]float64, d float64, x *[NumFeatures]float32) {
	g[0] += d * float64(x[0])
	g[1] += d * float64(x[1])
	g[2] += d * float64(x[2])
	g[3] += d * float64(x[3])
	g[4] += d * float64(x[4])
	g[5] += d * float64(x[5])
	g[6] += d * float64(x[6])
	g[7] += d * float64(x[7])
	g[8] += d * float64(x[8])
	g[9] += d * float64(x[9])
	g[10] += d * float64(x[10])
	g[11] += d * float64(x[11])
	g[12] += d * float64(x[12])
	g[13] += d * float64(x[13])
	g[14] += d * float64(x[14])
	g[15] += d * float64(x[15])
	g[16] += d * float64(x[16])
	g[17] += d * float64(x[17])
	g[18] += d * float64(x[18])
	g[19] += d * float64(x[19])
	g[20] += d * float64(x[20])
	g[21] += d * float64(x[21])
	g[22] += d * float64(x[22])
	g[23] += d * float64(x[23])
	g[24] += d * float64(x[24])
	g[25] += d * float64(x[25])
}

// The two functions above are written for 26 features.
var _ = [1]int{}[NumFeatures-26]

func equalSlices(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// RowSlice is a Source over rows held in memory.
type RowSlice []Row

// Scan calls fn for each row in order; the *Row is a copy, reused.
func (s RowSlice) Scan(ctx context.Context, fn func(*Row) error) error {
	var r Row
	for i := range s {
		if i&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		r = s[i]
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}
