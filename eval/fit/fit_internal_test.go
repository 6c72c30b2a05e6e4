package fit

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/surakarta/surakarta/eval"
)

// syntheticRows returns n feature vectors with a bias and the other
// features drawn independently (normal, with varied means and scales, so
// standardization matters), and their planted scores w·x.
func syntheticRows(seed uint64, n int, w *eval.Vector) ([]eval.Vector, []float64) {
	rng := rand.New(rand.NewPCG(seed, 11))
	xs := make([]eval.Vector, n)
	zs := make([]float64, n)
	for i := range xs {
		xs[i][eval.Bias] = 1
		for j := 1; j < eval.NumFeatures; j++ {
			xs[i][j] = synthMean(j) + synthSD(j)*rng.NormFloat64()
		}
		for j := range xs[i] {
			zs[i] += w[j] * xs[i][j]
		}
	}
	return xs, zs
}

func synthMean(j int) float64 { return 0.3 * float64(j%5) }
func synthSD(j int) float64   { return 0.5 + float64(j%3) }

// tolerance returns about 4.5 standard errors of weight j in a fit of n
// rows whose residuals have standard deviation noise (for logistic, the
// inverse square root of the mean Bernoulli variance): noise/(σⱼ√n) for a
// feature, noise·√(1+Σ(μⱼ/σⱼ)²)/√n for the bias.
func tolerance(j, n int, noise float64) float64 {
	se := noise / math.Sqrt(float64(n))
	if j != eval.Bias {
		return 4.5 * se / synthSD(j)
	}
	s := 1.0
	for k := 1; k < eval.NumFeatures; k++ {
		s += synthMean(k) * synthMean(k) / (synthSD(k) * synthSD(k))
	}
	return 4.5 * se * math.Sqrt(s)
}

func plantedWeights(seed uint64) eval.Vector {
	rng := rand.New(rand.NewPCG(seed, 12))
	var w eval.Vector
	for j := range w {
		w[j] = 0.6 * (rng.Float64() - 0.5)
	}
	return w
}

// TestRidgeMatchesQRLeastSquares compares the streamed normal equations
// with gonum's QR least squares on the same problem written as an augmented
// system: rows x/√n with targets y/√n, then one row √λ·σⱼ·eⱼ per penalised
// feature with target 0, which minimises (1/n)‖y - Xw‖² + λ Σ σⱼ² wⱼ², the
// ridge objective in raw coordinates.
func TestRidgeMatchesQRLeastSquares(t *testing.T) {
	for _, lambda := range []float64{1e-12, 1e-3, 0.5} {
		w := plantedWeights(1)
		n := 3000
		xs, zs := syntheticRows(2, n, &w)
		rng := rand.New(rand.NewPCG(3, 3))
		acc := newRidgeAcc(eval.NumFeatures)
		ys := make([]float64, n)
		for i := range xs {
			ys[i] = zs[i] + 0.3*rng.NormFloat64()
			acc.add(&xs[i], ys[i])
		}
		acc.flush()
		got, _, err := acc.solve(allCols, lambda)
		if err != nil {
			t.Fatal(err)
		}

		d := eval.NumFeatures
		a := mat.NewDense(n+d-1, d, nil)
		b := mat.NewVecDense(n+d-1, nil)
		sn := math.Sqrt(float64(n))
		var mean, sq eval.Vector
		for i := range xs {
			for j := 0; j < d; j++ {
				a.Set(i, j, xs[i][j]/sn)
				mean[j] += xs[i][j] / float64(n)
				sq[j] += xs[i][j] * xs[i][j] / float64(n)
			}
			b.SetVec(i, ys[i]/sn)
		}
		for j := 1; j < d; j++ {
			sigma := math.Sqrt(sq[j] - mean[j]*mean[j])
			a.Set(n+j-1, j, math.Sqrt(lambda)*sigma)
		}
		var want mat.VecDense
		if err := want.SolveVec(a, b); err != nil {
			t.Fatal(err)
		}
		for j := 0; j < d; j++ {
			if math.Abs(got[j]-want.AtVec(j)) > 1e-7*(1+math.Abs(want.AtVec(j))) {
				t.Errorf("lambda %v: weight %s = %.10f by normal equations, %.10f by QR", lambda, eval.Names()[j], got[j], want.AtVec(j))
			}
		}
	}
}

// TestRidgeRecoversPlantedWeights: with little noise and a small penalty
// the least-squares fit must find the weights that generated the data.
func TestRidgeRecoversPlantedWeights(t *testing.T) {
	w := plantedWeights(4)
	xs, zs := syntheticRows(5, 5000, &w)
	rng := rand.New(rand.NewPCG(6, 6))
	acc := newRidgeAcc(eval.NumFeatures)
	for i := range xs {
		acc.add(&xs[i], zs[i]+0.01*rng.NormFloat64())
	}
	acc.flush()
	got, _, err := acc.solve(allCols, 1e-9)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(got[j]-w[j]) > tolerance(j, 5000, 0.01) {
			t.Errorf("weight %s = %.5f, planted %.5f", eval.Names()[j], got[j], w[j])
		}
	}
}

// logisticStore draws win/loss targets from σ(w·x) for synthetic rows.
func logisticStore(seed uint64, n int, w *eval.Vector) *rowStore {
	xs, zs := syntheticRows(seed, n, w)
	rng := rand.New(rand.NewPCG(seed, 13))
	s := &rowStore{}
	for i := range xs {
		t := 0.0
		if rng.Float64() < 1/(1+math.Exp(-zs[i])) {
			t = 1
		}
		s.add(&xs[i], t)
	}
	return s
}

func storeStandardization(s *rowStore, cols []int) standardization {
	acc := newRidgeAcc(eval.NumFeatures)
	var x eval.Vector
	for r := 0; r < s.rows(); r++ {
		for j := range x {
			x[j] = float64(s.x[r*eval.NumFeatures+j])
		}
		acc.add(&x, 0)
	}
	acc.flush()
	return acc.standardization(cols)
}

// TestLogisticRecoversPlantedWeights fits 60,000 rows whose outcomes were
// drawn from a planted logistic model; each weight must come back within
// about 4.5 standard errors.
func TestLogisticRecoversPlantedWeights(t *testing.T) {
	w := plantedWeights(7)
	s := logisticStore(8, 60000, &w)
	st := storeStandardization(s, allCols)
	res, err := fitLogistic(context.Background(), s, allCols, st, 1e-10, make([]float64, eval.NumFeatures), 500, 2)
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		// A Bernoulli variance of at least 0.1 on average bounds the noise.
		if math.Abs(res.w[j]-w[j]) > tolerance(j, 60000, 1/math.Sqrt(0.1)) {
			t.Errorf("weight %s = %.4f, planted %.4f", eval.Names()[j], res.w[j], w[j])
		}
	}
}

// TestLogisticGradientMatchesFiniteDifferences checks the analytic gradient
// (with respect to the standardized weights, penalty included) against
// central differences of the loss.
func TestLogisticGradientMatchesFiniteDifferences(t *testing.T) {
	w := plantedWeights(9)
	s := logisticStore(10, 3000, &w)
	for _, cols := range [][]int{allCols, baselineCols} {
		st := storeStandardization(s, cols)
		ev := &logisticEval{s: s, cols: cols, st: st, lambda: 0.01, workers: 2}
		k := len(cols)
		ev.chunks = (s.rows() + logisticChunk - 1) / logisticChunk
		ev.partLoss = make([]float64, ev.chunks)
		ev.partGrad = make([]float64, ev.chunks*k)
		ev.graw, ev.wraw, ev.grad = make([]float64, k), make([]float64, k), make([]float64, k)
		rng := rand.New(rand.NewPCG(1, 1))
		beta := make([]float64, k)
		for j := range beta {
			beta[j] = 0.3 * rng.NormFloat64()
		}
		ev.evaluate(beta)
		grad := append([]float64(nil), ev.grad...)
		loss := func(b []float64) float64 { ev.evaluate(b); return ev.loss }
		for j := range beta {
			fd := centralDifference(loss, beta, j, 1e-5)
			if math.Abs(fd-grad[j]) > 1e-6*(1+math.Abs(fd)) {
				t.Errorf("%d columns: d loss/d beta[%d] = %.9f analytic, %.9f by differences", k, j, grad[j], fd)
			}
		}
	}
}

// centralDifference is the derivative of loss along coordinate j at x by
// central differences of step h; x is left as it was.
func centralDifference(loss func([]float64) float64, x []float64, j int, h float64) float64 {
	y := append([]float64(nil), x...)
	y[j] = x[j] + h
	up := loss(y)
	y[j] = x[j] - h
	return (up - loss(y)) / (2 * h)
}

// TestLogisticDoesNotDependOnWorkers: chunked sums are added in chunk order,
// so the fit is bit-identical on any number of goroutines.
func TestLogisticDoesNotDependOnWorkers(t *testing.T) {
	w := plantedWeights(11)
	s := logisticStore(12, 3*logisticChunk+17, &w)
	st := storeStandardization(s, allCols)
	var first []float64
	for _, workers := range []int{1, 2, 5} {
		res, err := fitLogistic(context.Background(), s, allCols, st, 1e-4, make([]float64, eval.NumFeatures), 100, workers)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = res.w
			continue
		}
		for j := range first {
			if res.w[j] != first[j] {
				t.Fatalf("%d workers: weight %d = %v, 1 worker %v", workers, j, res.w[j], first[j])
			}
		}
	}
}

// TestGroupedBaselineMatchesRows: the material-only logistic fit on rows
// grouped by material must reach the same weights as on the rows.
func TestGroupedBaselineMatchesRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 21))
	s := &rowStore{}
	acc := newRidgeAcc(eval.NumFeatures)
	for _, p := range playedRows(t, 22, 5000) {
		var x eval.Vector
		eval.ExtractBoards(&x, p.Red, p.Black, p.Side, p.NoCapture)
		pw := 1 / (1 + math.Exp(-0.3*x[eval.Material]-0.1))
		t := 0.0
		switch u := rng.Float64(); {
		case u < pw*0.8:
			t = 1
		case u < pw*0.8+0.2:
			t = 0.5
		}
		s.add(&x, t)
		acc.add(&x, 2*t-1)
	}
	acc.flush()
	st := acc.standardization(baselineCols)
	full, err := fitLogistic(context.Background(), s, baselineCols, st, 1e-4, []float64{0, 0}, 500, 2)
	if err != nil {
		t.Fatal(err)
	}
	g := groupByMaterial(s)
	if g.rows() > 25 || g.total != 5000 {
		t.Fatalf("grouped into %d rows of total weight %v", g.rows(), g.total)
	}
	grouped, err := fitLogistic(context.Background(), g, baselineCols, st, 1e-4, []float64{0, 0}, 500, 2)
	if err != nil {
		t.Fatal(err)
	}
	for j := range full.w {
		if math.Abs(full.w[j]-grouped.w[j]) > 1e-4 || math.Abs(full.loss-grouped.loss) > 1e-7 {
			t.Fatalf("weights %v (loss %v) on rows, %v (loss %v) on groups", full.w, full.loss, grouped.w, grouped.loss)
		}
	}
}

// BenchmarkLogisticLossGradient times one evaluation of the logistic loss
// and gradient (all features) over 100,000 rows, the unit of work L-BFGS
// repeats; ns/row is the figure to multiply by rows and evaluations.
func BenchmarkLogisticLossGradient(b *testing.B) {
	w := plantedWeights(31)
	s := logisticStore(32, 100000, &w)
	st := storeStandardization(s, allCols)
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			ev := &logisticEval{s: s, cols: allCols, st: st, lambda: 1e-4, workers: workers}
			k := len(allCols)
			ev.chunks = (s.rows() + logisticChunk - 1) / logisticChunk
			ev.partLoss = make([]float64, ev.chunks)
			ev.partGrad = make([]float64, ev.chunks*k)
			ev.graw, ev.wraw, ev.grad = make([]float64, k), make([]float64, k), make([]float64, k)
			beta := make([]float64, k)
			b.ReportAllocs()
			for b.Loop() {
				beta[0] += 1e-9 // a new point each time, past the cache
				ev.evaluate(beta)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(s.rows()), "ns/row")
		})
	}
}
