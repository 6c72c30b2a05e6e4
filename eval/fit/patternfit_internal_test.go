package fit

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/rules"
)

// playedRows returns the first n rows of seeded capture-greedy games
// (captureGames).
func playedRows(t *testing.T, seed uint64, n int) Samples {
	t.Helper()
	_, pos := captureGames(t, rules.DefaultRules(), seed, n/10+1)
	if len(pos) < n {
		t.Fatalf("%d positions, want %d", len(pos), n)
	}
	return toRows(pos[:n])
}

// TestPatternLossGradientMatchesFiniteDifferences compares the analytic
// gradient of the pattern objective with central differences, in the
// solver's scaled coordinates.
func TestPatternLossGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	rows := &patternRows{patternShape: surakartaShape}
	for _, p := range playedRows(t, 3, 300) {
		r := Sample{Red: p.Red, Black: p.Black, Side: rules.Color(rng.IntN(2)), NoCapture: rng.IntN(60)}
		rows.add(&r, rng.Float64())
	}
	rows.standardize()
	e := newPatternLoss(rows, 1e-3, 1e-2, 2)
	theta := make([]float64, eval.NumPhaseBands*rows.block())
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
			coords = append(coords, b*rows.block()+j)
		}
	}
	for r := 0; r < rows.rows(); r += 37 {
		base := int(rows.band[r])*rows.block() + numHand
		for i := 0; i < rows.instances(); i += 7 {
			coords = append(coords, base+int(rows.offsets[i])+int(rows.slot[r*rows.instances()+i]))
		}
	}
	coords = append(coords, 5*numHand+11, len(theta)-1)
	loss := func(x []float64) float64 { e.evaluate(x); return e.loss }
	for _, c := range coords {
		fd := centralDifference(loss, theta, c, 1e-5)
		if math.Abs(fd-grad[c]) > 1e-7+1e-5*math.Abs(fd) {
			t.Fatalf("coordinate %d: gradient %v, finite difference %v", c, grad[c], fd)
		}
	}
}

// TestPatternLossDoesNotDependOnWorkers checks the fixed block order.
func TestPatternLossDoesNotDependOnWorkers(t *testing.T) {
	rows := &patternRows{patternShape: surakartaShape}
	for i, p := range playedRows(t, 5, 500) {
		r := Sample{Red: p.Red, Black: p.Black, Side: rules.Color(i & 1)}
		rows.add(&r, float64(i%3)/2)
	}
	rows.standardize()
	theta := make([]float64, eval.NumPhaseBands*rows.block())
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

// materialRows returns n played rows whose targets follow the material
// difference, with noise, as a fit's rows would.
func materialRows(t *testing.T, seed uint64, n int) *patternRows {
	rng := rand.New(rand.NewPCG(seed, seed))
	rows := &patternRows{patternShape: surakartaShape}
	for _, p := range playedRows(t, seed, n) {
		own, opp := p.Red, p.Black
		if p.Side == rules.Black {
			own, opp = opp, own
		}
		d := float64(own.Count() - opp.Count())
		r := Sample{Red: p.Red, Black: p.Black, Side: p.Side, NoCapture: p.NoCapture}
		rows.add(&r, 1/(1+math.Exp(-0.6*d+0.3*rng.NormFloat64())))
	}
	rows.standardize()
	return rows
}

// TestPatternCurvatureCountsEveryRead checks the curvature the solver's
// scale comes from: in each band the bias reads the band's share of the
// rows, and the pattern weights together one read an instance a row.
func TestPatternCurvatureCountsEveryRead(t *testing.T) {
	rows := materialRows(t, 6, 2000)
	h := rows.curvature()
	var share [eval.NumPhaseBands]float64
	for r := range rows.rows() {
		share[rows.band[r]] += 1 / float64(rows.rows())
	}
	d := rows.block()
	for b := range eval.NumPhaseBands {
		pat := 0.0
		for _, v := range h[b*d+numHand : (b+1)*d] {
			pat += v
		}
		if math.Abs(h[b*d]-share[b]) > 1e-12 || math.Abs(pat-float64(rows.instances())*share[b]) > 1e-9 {
			t.Fatalf("band %d: bias curvature %v, pattern reads %v; want %v and %d times that", b, h[b*d], pat, share[b], rows.instances())
		}
	}
}

// TestWarmStartedPatternFitReachesTheColdOptimum fits the same rows from
// zero and from a subsample's fit: both must end at the same objective,
// within the solver's tolerance, or the warm start changes what is fitted.
func TestWarmStartedPatternFitReachesTheColdOptimum(t *testing.T) {
	rows := materialRows(t, 8, 6000)
	ctx := context.Background()
	cold, err := fitPatternLogistic(ctx, rows, 1e-4, 1e-5, 500, 2, rows.rows())
	if err != nil {
		t.Fatal(err)
	}
	warm, err := fitPatternLogistic(ctx, rows, 1e-4, 1e-5, 500, 2, 1000)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cold: loss %.6f, %d iterations; warm: %.6f, %d", cold.loss, cold.iterations, warm.loss, warm.iterations)
	if math.Abs(warm.loss-cold.loss) > 1e-4*cold.loss {
		t.Fatalf("warm-started fit's objective %v, from zero %v: want within 0.01%%", warm.loss, cold.loss)
	}
}
