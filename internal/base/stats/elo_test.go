package stats

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestEloScoreRoundTrip(t *testing.T) {
	// 400·log10(3) = 190.8485: a 75% score (the standard logistic Elo table).
	if e := EloFromScore(0.75); !near(e, 190.848502, 1e-6) {
		t.Errorf("EloFromScore(0.75) = %v, want 190.8485", e)
	}
	if s := ScoreFromElo(400); !near(s, 10.0/11, 1e-15) {
		t.Errorf("ScoreFromElo(400) = %v, want 10/11", s)
	}
	for _, e := range []float64{-800, -100, 0, 3.5, 250} {
		if got := EloFromScore(ScoreFromElo(e)); !near(got, e, 1e-9) {
			t.Errorf("round trip of %v gave %v", e, got)
		}
	}
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) || !math.IsNaN(EloFromScore(1.2)) {
		t.Error("EloFromScore at 0, 1 and outside [0, 1]")
	}
}

func TestLOS(t *testing.T) {
	if LOS(10, 10) != 0.5 || LOS(0, 0) != 0.5 {
		t.Error("equal wins and losses: LOS not 0.5")
	}
	// 60 wins, 40 losses: Φ(20/10) = Φ(2) = 0.977250.
	if l := LOS(60, 40); !near(l, 0.9772499, 1e-6) {
		t.Errorf("LOS(60, 40) = %v, want 0.97725", l)
	}
}

func TestEloTrinomialInterval(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: s = 0.7, σ² = 0.6 + 0.05 − 0.49 = 0.16,
	// SE = 0.04; 95% score interval 0.7 ± 0.0784 → Elo [99.9, 260.3].
	e, err := EloTrinomial(WDL{60, 20, 20}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if !near(e.Score, 0.7, 1e-12) || !near(e.ScoreSE, 0.04, 1e-12) || !near(e.Elo, EloFromScore(0.7), 1e-12) {
		t.Errorf("estimate %+v", e)
	}
	z, _ := ZCrit(0.95)
	if !near(e.CI.Lo, EloFromScore(0.7-z*0.04), 1e-9) || !near(e.CI.Hi, EloFromScore(0.7+z*0.04), 1e-9) {
		t.Errorf("CI %v", e.CI)
	}
	if !(e.LOS > 0.999) {
		t.Errorf("LOS %v", e.LOS)
	}
	// A clean sweep: infinite Elo, infinite upper limit.
	e, _ = EloTrinomial(WDL{Wins: 5}, 0.95)
	if !math.IsInf(e.Elo, 1) || e.LOS != 1 {
		t.Errorf("clean sweep %+v", e)
	}
}

func TestEloPentanomialIsNarrowerWhenPairsAreBalanced(t *testing.T) {
	// Pairs that mostly split 1–1 (each side wins its favourable colour)
	// have a much smaller pair variance than the same games counted as
	// independent trinomial results.
	p := Pentanomial{2, 5, 80, 9, 4}
	pe, err := EloPentanomial(p, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	// The same 200 games as a trinomial (a 1–1 pair is one win and one
	// loss here): wins = 5 + 80 + 9·1 + 4·2 ... count explicitly.
	wdl := WDL{Wins: 80 + 9 + 2*4, Draws: 5 + 9, Losses: 2*2 + 5 + 80}
	te, _ := EloTrinomial(wdl, 0.95)
	if !near(pe.Score, te.Score, 1e-12) {
		t.Fatalf("pentanomial score %v != trinomial %v", pe.Score, te.Score)
	}
	if !(pe.ScoreSE < te.ScoreSE/2) || pe.Games != 200 {
		t.Errorf("pentanomial SE %v vs trinomial %v (games %d)", pe.ScoreSE, te.ScoreSE, pe.Games)
	}
	if _, err := EloPentanomial(Pentanomial{}, 0.95); err == nil {
		t.Error("no pairs: no error")
	}
}

func TestSPRTBoundsAndDecisions(t *testing.T) {
	b := SPRTBounds{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	r, err := SPRT(WDL{}, b)
	if err != nil {
		t.Fatal(err)
	}
	// Wald's bounds: ±ln 19 = ±2.944439.
	if !near(r.Upper, math.Log(19), 1e-12) || !near(r.Lower, -math.Log(19), 1e-12) || r.Decision != Continue {
		t.Errorf("bounds %+v", r)
	}
	// The normal approximation by hand: W 1100, D 800, L 1000 (n 2900):
	// s = 0.517241, σ² = 0.37931 + 0.068966 − 0.267539 = 0.180737;
	// s0 = 0.5, s1 = 0.514387; LLR = 2900·0.014387·(1.034483 −
	// 1.014387)/(2·0.180737) = 2.3195. The maximum-likelihood GSPRT agrees
	// to within a percent at this size.
	if a := normalLLR(2900, 1500.0/2900, 0.180737, b); !near(a, 2.3195, 2e-4) {
		t.Errorf("normal approximation %v, want 2.3195", a)
	}
	r, _ = SPRT(WDL{1100, 800, 1000}, b)
	if !near(r.LLR, 2.3195, 0.01*2.3195) || r.Decision != Continue {
		t.Errorf("logistic LLR %v (%v), want about 2.3195 and continue", r.LLR, r.Decision)
	}
	// One game is no evidence: a single win must not end the test.
	r, _ = SPRT(WDL{Wins: 1}, b)
	if r.Decision != Continue || !(r.LLR > 0 && r.LLR < 0.1) {
		t.Errorf("one win: %+v, want a small positive LLR and continue", r)
	}
	r, _ = SPRT(WDL{1300, 800, 1000}, b)
	if r.Decision != AcceptH1 {
		t.Errorf("clearly better: %+v", r)
	}
	r, _ = SPRT(WDL{1000, 800, 1200}, b)
	if r.Decision != AcceptH0 {
		t.Errorf("clearly worse: %+v", r)
	}
	// BayesElo needs all three outcomes.
	bb := b
	bb.Model = BayesElo
	r, _ = SPRT(WDL{Wins: 50, Losses: 10}, bb)
	if r.LLR != 0 || r.Decision != Continue {
		t.Errorf("bayeselo without draws: %+v", r)
	}
	r, _ = SPRT(WDL{1300, 800, 1000}, bb)
	if r.Decision != AcceptH1 {
		t.Errorf("bayeselo clearly better: %+v", r)
	}
	for _, bad := range []SPRTBounds{
		{Elo0: 5, Elo1: 5, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.6},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Model: 9},
	} {
		if _, err := SPRT(WDL{1, 1, 1}, bad); err == nil {
			t.Errorf("bounds %+v: no error", bad)
		}
	}
	if _, err := SPRTPentanomial(Pentanomial{1, 2, 3, 2, 1}, bb); err == nil {
		t.Error("pentanomial bayeselo: no error")
	}
	if m, err := ParseSPRTModel("bayeselo"); err != nil || m != BayesElo || m.String() != "bayeselo" {
		t.Error("ParseSPRTModel round trip")
	}
	if _, err := ParseSPRTModel("gsprt"); err == nil {
		t.Error("unknown model: no error")
	}
}

// TestSPRTErrorRatesBySimulation runs the logistic SPRT on simulated
// matches at exactly elo0 and exactly elo1: it should accept the true
// hypothesis in at least about 1 − alpha (1 − beta) of the runs.
func TestSPRTErrorRatesBySimulation(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 80
	}
	b := SPRTBounds{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	r := rand.New(rand.NewPCG(7, 7))
	const draw = 0.4
	for _, truth := range []struct {
		elo  float64
		want SPRTDecision
	}{{0, AcceptH0}, {20, AcceptH1}} {
		// Win and loss rates with the draw rate fixed and the score at elo.
		s := ScoreFromElo(truth.elo)
		w := s - draw/2
		right := 0
		for range runs {
			var c WDL
			for {
				switch u := r.Float64(); {
				case u < w:
					c.Wins++
				case u < w+draw:
					c.Draws++
				default:
					c.Losses++
				}
				res, err := SPRT(c, b)
				if err != nil {
					t.Fatal(err)
				}
				if res.Decision != Continue {
					if res.Decision == truth.want {
						right++
					}
					break
				}
			}
		}
		frac := float64(right) / float64(runs)
		t.Logf("true elo %v: right decision in %.3f of %d runs", truth.elo, frac, runs)
		if frac < 0.88 {
			t.Errorf("true elo %v: right decision in only %.3f of runs, want about 0.95", truth.elo, frac)
		}
	}
}

func TestSPRTPentanomialMatchesNormalApproximationInLargeSamples(t *testing.T) {
	b := SPRTBounds{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	p := Pentanomial{300, 2400, 6000, 2600, 320}
	r, err := SPRTPentanomial(p, b)
	if err != nil {
		t.Fatal(err)
	}
	s, v := p.meanVar()
	want := normalLLR(float64(p.Pairs()), s, v, b)
	if !near(r.LLR, want, 0.01*math.Abs(want)) {
		t.Errorf("pentanomial GSPRT LLR %v, normal approximation %v", r.LLR, want)
	}
	if _, err := SPRTPentanomial(Pentanomial{-1}, b); err == nil {
		t.Error("negative pair count: no error")
	}
}

func TestSweepGivesAFiniteOneSidedBound(t *testing.T) {
	// Clopper–Pearson at n successes of n: the one-sided 95% bound is
	// 0.05^(1/n); n = 20 gives 0.8609 (Elo +316.6 by the logistic model).
	b, err := SweepBound(20, 0.95)
	if err != nil || !near(b, 0.860891659331, 1e-9) {
		t.Fatalf("SweepBound(20, 0.95) = %v, %v", b, err)
	}
	// 20 pairs all won (a match of 40 games): the bound counts pairs,
	// since the two games of a pair are not independent.
	e, err := EloPentanomial(Pentanomial{4: 20}, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if e.Bound == nil || e.Bound.Op != ">" || e.Bound.Units != 20 || !near(e.Bound.Elo, EloFromScore(b), 1e-9) {
		t.Fatalf("bound of a sweep %+v", e.Bound)
	}
	if math.IsInf(e.Bound.Elo, 0) || e.CI.Lo != e.Bound.Elo || !math.IsInf(e.CI.Hi, 1) {
		t.Errorf("sweep interval %v, bound %v", e.CI, e.Bound.Elo)
	}
	if got := e.Bound.String(); got != "> +316.6 at 95% (one-sided)" {
		t.Errorf("bound text %q", got)
	}
	// Every game lost: the mirror image.
	l, _ := EloTrinomial(WDL{Losses: 20}, 0.95)
	if l.Bound == nil || l.Bound.Op != "<" || !near(l.Bound.Elo, -e.Bound.Elo, 1e-9) || l.CI.Hi != l.Bound.Elo {
		t.Errorf("shut-out bound %+v, CI %v", l.Bound, l.CI)
	}
	// Not a sweep: no bound.
	if m, _ := EloTrinomial(WDL{Wins: 19, Draws: 1}, 0.95); m.Bound != nil {
		t.Errorf("bound on a drawn game: %+v", m.Bound)
	}
	if _, err := SweepBound(0, 0.95); err == nil {
		t.Error("bound of no units")
	}
}
