package report

import (
	"math"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// openingGame returns a finished game opened by the given moves from the
// start position.
func openingGame(t *testing.T, id int64, w gamestats.Winner, moves ...string) *gamestats.Game {
	t.Helper()
	return &gamestats.Game{ID: id, Variant: "standard", StartFEN: rules.StartFEN, OpeningPlies: len(moves), Moves: moves,
		Winner: w, Reason: "capture-all", FirstRed: true}
}

// TestStratifiedScoreByHand: two openings, A with scores 1, 1, 0, 0 and B
// with 1, 1, 1, 0.5. Equal shares, so the stratified mean is the plain
// one, 5.5/8 = 0.6875; within openings s²_A = 1/3 and s²_B = 0.0625, so
// SE² = Σ w²·s²/n = 0.25·(1/3)/4 + 0.25·0.0625/4 = 0.0247396; the plain
// sample variance of the eight scores is 1.46875/7 = 0.2098214, SE² =
// 0.0262277, and the reduction 1 − 0.0247396/0.0262277 = 0.0567.
func TestStratifiedScoreByHand(t *testing.T) {
	var x gamestats.OpeningIndex
	a, b := []string{"b2a3", "e5f4"}, []string{"c2c3", "e5f4"}
	for i, w := range []gamestats.Winner{gamestats.RedWin, gamestats.RedWin, gamestats.BlackWin, gamestats.BlackWin} {
		x.Add(openingGame(t, int64(i), w, a...))
	}
	for i, w := range []gamestats.Winner{gamestats.RedWin, gamestats.RedWin, gamestats.RedWin, gamestats.Draw} {
		x.Add(openingGame(t, int64(4+i), w, b...))
	}
	o, err := x.Analyze(0.95)
	if err != nil {
		t.Fatal(err)
	}
	if o.Openings != 2 || o.Games != 8 || o.MinGames != 4 || o.Stratified == nil {
		t.Fatalf("openings %+v", o)
	}
	s := o.Stratified
	wantV := 0.25*(1.0/3)/4 + 0.25*0.0625/4
	plainV := 1.46875 / 7 / 8
	if math.Abs(s.Advantage.Value-0.1875) > 1e-12 || math.Abs(s.SE*s.SE-wantV) > 1e-12 || math.Abs(s.SimpleSE*s.SimpleSE-plainV) > 1e-12 {
		t.Errorf("stratified %+v, want advantage 0.1875, SE² %v, plain SE² %v", s, wantV, plainV)
	}
	if math.Abs(float64(s.VarianceReduction)-(1-wantV/plainV)) > 1e-12 {
		t.Errorf("variance reduction %v", s.VarianceReduction)
	}
	// Openings as a sample: the opening means 0.5 and 0.875 lie ±0.1875
	// from 0.6875, so SE² = K/(K−1)·Σ w²·d² = 2·2·0.25·0.03515625 =
	// 0.03515625, SE = 0.1875; ±1 point needs 2·(1.959964·0.1875/0.01)²
	// openings, 2701.03, so 2702.
	if p := o.Sampled; p == nil || math.Abs(p.Advantage.Value-0.1875) > 1e-12 || math.Abs(p.SE-0.1875) > 1e-12 || float64(p.OpeningsForOnePoint) != 2702 {
		t.Errorf("openings as a sample %+v, want SE 0.1875 and 2702 openings for ±1 point", p)
	}
	if o.FreeCapture.Openings != 0 || o.FreeCapture.OthersScore == nil || math.Abs(o.FreeCapture.OthersScore.Value-0.6875) > 1e-12 {
		t.Errorf("free capture %+v", o.FreeCapture)
	}
}

// TestPairedTrendOfTwoRungsIsThePairedChange: with two rungs one doubling
// apart, each game's slope is its change, so the trend per doubling is
// the paired change of the score, interval included.
func TestPairedTrendOfTwoRungsIsThePairedChange(t *testing.T) {
	var a, b gamestats.PairIndex
	wa := []gamestats.Winner{gamestats.RedWin, gamestats.Draw, gamestats.BlackWin, gamestats.RedWin, gamestats.Draw, gamestats.RedWin, gamestats.BlackWin, gamestats.Draw}
	wb := []gamestats.Winner{gamestats.RedWin, gamestats.RedWin, gamestats.Draw, gamestats.RedWin, gamestats.BlackWin, gamestats.Draw, gamestats.RedWin, gamestats.Draw}
	for i := range wa {
		a.Add(openingGame(t, int64(i), wa[i], "b2a3", "e5f4"))
		b.Add(openingGame(t, int64(i), wb[i], "b2a3", "e5f4"))
	}
	tr, err := gamestats.NewPairedTrend([]*gamestats.PairIndex{&a, &b}, []int{100, 200}, 0.95)
	if err != nil || tr == nil {
		t.Fatalf("trend %+v, %v", tr, err)
	}
	pc, err := gamestats.PairGames(&a, &b, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Games != 8 || math.Abs(float64(tr.Advantage.Value-pc.ScoreDiff.Value)) > 1e-12 ||
		math.Abs(float64(tr.Advantage.CI[0]-pc.ScoreDiff.CI[0])) > 1e-12 || math.Abs(float64(tr.Advantage.P-pc.ScoreDiff.P)) > 1e-12 {
		t.Errorf("trend %+v, paired change %+v", tr.Advantage, pc.ScoreDiff)
	}
	// Draws: 3 of 8 at both rungs; games 1 and 4 stop drawing, 2 and 5
	// start, so the draw trend is exactly 0.
	if math.Abs(float64(tr.DrawRate.Value)) > 1e-12 {
		t.Errorf("draw trend %v, want 0", tr.DrawRate.Value)
	}
}

// TestOpeningTableTurnsTheAdvantageToTheSideToMove: arms alike but for
// their opening plies form one table; after an odd k the advantage is
// Black's, the first player's turned round, interval included; Cochran's
// Q compares the rows.
func TestOpeningTableTurnsTheAdvantageToTheSideToMove(t *testing.T) {
	cfg := &mcts.Config{}
	arm := func(name string, k int, adv, lo, hi float64) ArmInfo {
		return ArmInfo{Name: name, Variant: "standard", RandomOpening: k, Config: cfg,
			Stats: gamestats.GroupStats{Results: gamestats.Results{Games: 1000}, FirstPlayer: "red", FirstPlayerAdvantage: gamestats.Estimate{Value: adv, CI: [2]float64{lo, hi}}}}
	}
	arms := []ArmInfo{arm("k1", 1, -0.10, -0.13, -0.07), arm("k0", 0, 0.20, 0.17, 0.23), arm("k2", 2, 0.10, 0.07, 0.13)}
	s, err := openingSensitivity(arms, 0.95)
	if err != nil || s == nil || len(s.Rows) != 3 {
		t.Fatalf("table %+v, %v", s, err)
	}
	if r := s.Rows[1]; r.RandomOpening != 1 || r.Mover != "black" || r.MoverAdvantage.Value != 0.10 || r.MoverAdvantage.CI != [2]float64{0.07, 0.13} || r.FirstAdvantage.Value != -0.10 {
		t.Errorf("k = 1 row %+v: want Black's advantage +0.10 [0.07, 0.13]", r)
	}
	if s.Rows[0].RandomOpening != 0 || s.Rows[0].Mover != "red" {
		t.Errorf("rows not ordered by k: %+v", s.Rows)
	}
	// Rows 0.20, 0.10, 0.10 with equal errors (0.03/1.96): Q = Σ(x − x̄)²/se².
	se := 0.03 / 1.959963984540054
	want := (math.Pow(0.2-0.4/3, 2) + 2*math.Pow(0.1-0.4/3, 2)) / (se * se)
	if s.Test == nil || s.Test.DF != 2 || math.Abs(s.Test.Q-want) > 1e-6*want {
		t.Errorf("Cochran's Q %+v, want %.3f on 2 df", s.Test, want)
	}
	other := arms[0]
	other.Variant = "majority"
	if s, _ := openingSensitivity([]ArmInfo{arms[1], other}, 0.95); s != nil {
		t.Errorf("arms of different variants made a table: %+v", s)
	}
}
