package stats

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestScoreIntervalWithoutDrawsIsWilson(t *testing.T) {
	for _, c := range [][2]int{{81, 263}, {0, 20}, {29, 29}, {1, 29}, {7, 9}} {
		k, n := c[0], c[1]
		got, err := ScoreInterval(WDL{Wins: k, Losses: n - k}, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := Wilson(k, n, 0.95)
		if !near(got.Lo, want.Lo, 1e-9) || !near(got.Hi, want.Hi, 1e-9) {
			t.Errorf("%d/%d without draws: %v, want the Wilson interval %v", k, n, got, want)
		}
	}
}

// bruteVariance finds the constrained maximum-likelihood trinomial by a grid
// over l, independently of constrainedVariance's bisection.
func bruteVariance(t WDL, mu float64) float64 {
	W, D, L := float64(t.Wins), float64(t.Draws), float64(t.Losses)
	delta := 2*mu - 1
	lmin, lmax := math.Max(0, -delta), (1-delta)/2
	best, bestV := math.Inf(-1), 0.0
	const steps = 200000
	for i := 0; i <= steps; i++ {
		l := lmin + (lmax-lmin)*float64(i)/steps
		w, d := l+delta, 1-2*l-delta
		ll := 0.0
		for _, term := range [][2]float64{{W, w}, {D, d}, {L, l}} {
			if term[0] > 0 {
				ll += term[0] * math.Log(term[1])
			}
		}
		if ll > best {
			best, bestV = ll, w+d/4-mu*mu
		}
	}
	return bestV
}

func TestScoreIntervalLimitsSolveTheScoreEquation(t *testing.T) {
	z, _ := ZCrit(0.95)
	for _, c := range []WDL{{30, 50, 20}, {3, 40, 1}, {0, 10, 0}, {12, 0, 3}, {1, 1, 1}, {0, 5, 7}} {
		iv, err := ScoreInterval(c, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		s, n := c.Score(), float64(c.N())
		for _, mu := range []float64{iv.Lo, iv.Hi} {
			if mu == 0 || mu == 1 {
				continue
			}
			lhs := n * (s - mu) * (s - mu)
			rhs := z * z * bruteVariance(c, mu)
			if !near(lhs, rhs, 1e-3*math.Max(1, rhs)) {
				t.Errorf("%+v at limit %v: n(s−μ)² = %v but z²V(μ) = %v", c, mu, lhs, rhs)
			}
		}
	}
}

// With only draws the constrained MLE for μ > 1/2 is w = 2μ − 1, d = 2 − 2μ,
// l = 0, so V(μ) = 1.5μ − 0.5 − μ²; the upper limit for 10 draws solves
// 10(μ − 0.5)² = 1.96²·V(μ), i.e. 13.8415μ² − 15.7622μ + 4.4207 = 0, whose
// larger root is 0.6388 (by hand); the lower limit mirrors it.
func TestScoreIntervalKeepsWidthWhenEveryGameIsDrawn(t *testing.T) {
	iv, err := ScoreInterval(WDL{Draws: 10}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !(iv.Lo < 0.5 && iv.Hi > 0.5 && near(iv.Lo+iv.Hi, 1, 1e-9)) {
		t.Errorf("10 draws: %v, want a symmetric interval around 0.5 with positive width", iv)
	}
	if !near(iv.Lo, 0.3612, 1e-4) || !near(iv.Hi, 0.6388, 1e-4) {
		t.Errorf("10 draws: %v, want [0.361, 0.639]", iv)
	}
	wald, _ := ScoreIntervalWald(WDL{Draws: 10}, 0.95)
	if wald.Width() != 0 {
		t.Errorf("Wald interval of 10 draws %v: want the documented collapse to a point", wald)
	}
}

func TestScoreIntervalEdgeCases(t *testing.T) {
	if _, err := ScoreInterval(WDL{}, 0.95); !errors.Is(err, ErrNoData) {
		t.Errorf("no games: err %v, want ErrNoData", err)
	}
	if _, err := ScoreInterval(WDL{Wins: -1, Draws: 3}, 0.95); err == nil {
		t.Error("negative wins: no error")
	}
	iv, _ := ScoreInterval(WDL{Wins: 1}, 0.95)
	if iv.Hi != 1 || !(iv.Lo > 0 && iv.Lo < 0.5) {
		t.Errorf("one win: %v, want [about 0.21, 1]", iv)
	}
	iv, _ = ScoreInterval(WDL{Losses: 3}, 0.95)
	if iv.Lo != 0 || !(iv.Hi > 0) {
		t.Errorf("three losses: %v, want [0, positive]", iv)
	}
}

func FuzzScoreIntervalContainsScore(f *testing.F) {
	f.Add(uint16(0), uint16(1), uint16(0))
	f.Add(uint16(30), uint16(50), uint16(20))
	f.Add(uint16(0), uint16(0), uint16(9))
	f.Add(uint16(1000), uint16(3), uint16(0))
	f.Fuzz(func(t *testing.T, w, d, l uint16) {
		c := WDL{int(w), int(d), int(l)}
		iv, err := ScoreInterval(c, 0.95)
		if c.N() == 0 {
			if err == nil {
				t.Fatal("no games: no error")
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		if !(iv.Lo >= 0 && iv.Hi <= 1 && iv.Lo <= c.Score()+1e-12 && c.Score() <= iv.Hi+1e-12) {
			t.Fatalf("%+v: %v does not contain %v within [0, 1]", c, iv, c.Score())
		}
		wald, _ := ScoreIntervalWald(c, 0.95)
		if !(wald.Lo >= 0 && wald.Hi <= 1 && wald.Contains(c.Score())) {
			t.Fatalf("%+v: Wald %v does not contain %v", c, wald, c.Score())
		}
	})
}

// sampleWDL draws n games with win and draw probabilities w and d.
func sampleWDL(r *rand.Rand, n int, w, d float64) WDL {
	var c WDL
	for range n {
		switch u := r.Float64(); {
		case u < w:
			c.Wins++
		case u < w+d:
			c.Draws++
		default:
			c.Losses++
		}
	}
	return c
}

// TestScoreIntervalCoverageBySimulation checks that the 95% score interval
// covers the true expected score in at least about 95% of simulated samples
// (and not far more where every outcome is common), across
// balanced, drawish and lopsided trinomials, small and large. With 2000
// replications the standard error of a coverage near 0.95 is 0.005.
func TestScoreIntervalCoverageBySimulation(t *testing.T) {
	reps := 2000
	if testing.Short() {
		reps = 600
	}
	r := rand.New(rand.NewPCG(6, 1))
	cases := []struct {
		w, d float64
		n    int
	}{
		{0.4, 0.3, 50},
		{0.55, 0.1, 200},
		{0.1, 0.85, 40},
		{0.05, 0.9, 20},
		{0.8, 0.15, 30},
		{0.3, 0.4, 1000},
	}
	for _, c := range cases {
		mu := c.w + c.d/2
		var hit, hitWald int
		for range reps {
			s := sampleWDL(r, c.n, c.w, c.d)
			iv, err := ScoreInterval(s, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			if iv.Contains(mu) {
				hit++
			}
			if wv, _ := ScoreIntervalWald(s, 0.95); wv.Contains(mu) {
				hitWald++
			}
		}
		cov := float64(hit) / float64(reps)
		t.Logf("w %.2f d %.2f n %d: score coverage %.3f, Wald %.3f", c.w, c.d, c.n, cov, float64(hitWald)/float64(reps))
		// Discreteness makes sparse samples conservative, which is fine; too
		// low a coverage is not, nor is a wide margin where counts are ample.
		ample := float64(c.n)*math.Min(c.w, math.Min(c.d, 1-c.w-c.d)) >= 5
		if cov < 0.925 || (ample && cov > 0.975) {
			t.Errorf("w %.2f d %.2f n %d: coverage %.3f, want about 0.95", c.w, c.d, c.n, cov)
		}
	}
}

func TestScoreSampleSize(t *testing.T) {
	// No draws, w = 0.5: the Wald rule 1.96²·0.25/0.01² = 9603.6 → 9604.
	if n, err := ScoreSampleSize(0.5, 0, 0.01, 0.95); err != nil || n != 9604 {
		t.Errorf("ScoreSampleSize(0.5, 0) = %d, %v: want 9604", n, err)
	}
	// Draws shrink the variance: w = 0.3, d = 0.4: s = 0.5, σ² = 0.3+0.1−0.25
	// = 0.15, so 1.96²·0.15/0.0001 = 5762.2 → 5763.
	if n, err := ScoreSampleSize(0.3, 0.4, 0.01, 0.95); err != nil || n != 5763 {
		t.Errorf("ScoreSampleSize(0.3, 0.4) = %d, %v: want 5763", n, err)
	}
	if _, err := ScoreSampleSize(0.7, 0.5, 0.01, 0.95); err == nil {
		t.Error("rates summing above 1: no error")
	}
}

// TestWDLAddCountsEveryOutcome: Add must count each of the other's wins,
// draws and losses where they belong (the openings' merge and totals rely
// on it).
func TestWDLAddCountsEveryOutcome(t *testing.T) {
	w := WDL{Wins: 1, Draws: 2, Losses: 3}
	w.Add(WDL{Wins: 10, Draws: 20, Losses: 30})
	if want := (WDL{Wins: 11, Draws: 22, Losses: 33}); w != want {
		t.Errorf("got %+v, want %+v", w, want)
	}
}
