package fit

import (
	"context"
	"math"
	"sync"

	"github.com/surakarta/surakarta/eval"
)

// rowStore keeps training rows compactly for the logistic fit.
type rowStore struct {
	x []float32 // NumFeatures per row
	t []float32 // target win probability (the mean target of a grouped row)
	// n holds each row's multiplicity when rows are grouped (see
	// groupByMaterial); nil means one each.
	n     []float32
	total float64 // Σn
}

func (s *rowStore) add(x *eval.Vector, t float64) {
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
		sub.x = append(sub.x, s.x[r*eval.NumFeatures:(r+1)*eval.NumFeatures]...)
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
		m := int(s.x[r*eval.NumFeatures+eval.Material]) + 12
		n[m]++
		sum[m] += float64(s.t[r])
	}
	return materialGroups(&n, &sum)
}

// materialGroups returns the grouped rows of groupByMaterial from each
// material difference's count n[m+12] and target sum sum[m+12].
func materialGroups(n, sum *[25]float64) *rowStore {
	g := &rowStore{}
	total := 0.0
	for m := range n {
		if n[m] == 0 {
			continue
		}
		var x eval.Vector
		x[eval.Bias], x[eval.Material] = 1, float64(m-12)
		g.add(&x, sum[m]/n[m])
		g.n = append(g.n, float32(n[m]))
		total += n[m]
	}
	g.total = total
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
	opt := lbfgs{
		name: "logistic fit", evaluate: ev.evaluate,
		loss: func() float64 { return ev.loss }, grad: func() []float64 { return ev.grad },
		// The gradient is of the mean loss in standardized coordinates,
		// where the curvature is of order 0.1: 1e-6 leaves the weights
		// within about 1e-5 of the optimum, far inside their sampling error.
		gradientThreshold: 1e-5, maxIterations: maxIter, absolute: 1e-12, relative: 1e-10,
	}
	loss, iterations, status, err := opt.minimize(ctx, beta)
	if err != nil {
		return logisticResult{}, err
	}
	return logisticResult{w: append([]float64(nil), ev.wraw...), loss: loss, iterations: iterations, status: status}, nil
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
		wg.Go(func() {
			for c := range next {
				e.chunk(c)
			}
		})
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
	var wbuf, gbuf [eval.NumFeatures]float64
	w, g := wbuf[:k], gbuf[:k]
	copy(w, e.wraw)
	cols := e.cols
	loss := 0.0
	all := k == eval.NumFeatures
	wa, ga := (*[eval.NumFeatures]float64)(wbuf[:]), (*[eval.NumFeatures]float64)(gbuf[:])
	for r := lo; r < hi; r++ {
		x := (*[eval.NumFeatures]float32)(e.s.x[r*eval.NumFeatures : (r+1)*eval.NumFeatures])
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
