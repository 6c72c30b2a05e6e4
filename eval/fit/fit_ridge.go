package fit

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
)

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

func (a *ridgeAcc) add(x *eval.Vector, y float64) {
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
		mu := a.xtx.At(eval.Bias, c) / n
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
	if cols[0] != eval.Bias {
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
		return nil, 0, setting.Errorf("ridge: the penalised normal equations are not positive definite (raise %s)", setting.Key("lambda"))
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
