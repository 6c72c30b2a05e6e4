package fit

import (
	"github.com/surakarta/surakarta/eval"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// playedRows returns the first n rows of seeded capture-greedy games
// (captureGames).
func playedRows(t *testing.T, seed uint64, n int) RowSlice {
	t.Helper()
	_, pos := captureGames(t, rules.DefaultRules(), seed, n/10+1)
	if len(pos) < n {
		t.Fatalf("%d positions, want %d", len(pos), n)
	}
	return toRows(pos[:n])
}

// TestPatternLossGradientMatchesFiniteDifferences compares the analytic
// gradient of the pattern objective with central differences.
func TestPatternLossGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	rows := &patternRows{}
	for _, p := range playedRows(t, 3, 300) {
		r := Row{Red: p.Red, Black: p.Black, Side: rules.Color(rng.IntN(2)), NoCapture: rng.IntN(60)}
		rows.add(&r, rng.Float64())
	}
	rows.standardize()
	e := newPatternLoss(rows, 1e-3, 1e-2, 2)
	theta := make([]float64, eval.NumPhaseBands*patternBlock())
	for i := range theta {
		theta[i] = 0.3 * rng.NormFloat64()
	}
	e.evaluate(theta)
	grad := append([]float64(nil), e.grad...)
	// The coordinates the rows touch (every hand weight, the slots read)
	// and some they do not.
	var coords []int
	for b := range eval.NumPhaseBands {
		for j := b; j < numHand; j += 3 {
			coords = append(coords, b*patternBlock()+j)
		}
	}
	for r := 0; r < rows.rows(); r += 37 {
		base := int(rows.band[r])*patternBlock() + numHand
		for i := 0; i < numPatternInstances; i += 7 {
			coords = append(coords, base+int(instanceOffset[i])+int(rows.slot[r*numPatternInstances+i]))
		}
	}
	coords = append(coords, 5*numHand+11, len(theta)-1)
	const h = 1e-5
	for _, c := range coords {
		x := append([]float64(nil), theta...)
		x[c] = theta[c] + h
		e.evaluate(x)
		up := e.loss
		x[c] = theta[c] - h
		e.evaluate(x)
		fd := (up - e.loss) / (2 * h)
		if math.Abs(fd-grad[c]) > 1e-7+1e-5*math.Abs(fd) {
			t.Fatalf("coordinate %d: gradient %v, finite difference %v", c, grad[c], fd)
		}
	}
}

// TestPatternLossDoesNotDependOnWorkers checks the fixed block order.
func TestPatternLossDoesNotDependOnWorkers(t *testing.T) {
	rows := &patternRows{}
	for i, p := range playedRows(t, 5, 500) {
		r := Row{Red: p.Red, Black: p.Black, Side: rules.Color(i & 1)}
		rows.add(&r, float64(i%3)/2)
	}
	rows.standardize()
	theta := make([]float64, eval.NumPhaseBands*patternBlock())
	for i := range theta {
		theta[i] = math.Sin(float64(i))
	}
	a, b := newPatternLoss(rows, 1e-3, 1e-3, 1), newPatternLoss(rows, 1e-3, 1e-3, 7)
	a.evaluate(theta)
	b.evaluate(theta)
	if a.loss != b.loss || !slices.Equal(a.grad, b.grad) {
		t.Fatalf("1 worker: loss %v, 7 workers: %v (or the gradients differ)", a.loss, b.loss)
	}
}
