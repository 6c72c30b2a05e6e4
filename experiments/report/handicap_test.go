package report

import (
	"math"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// handicapInput builds a report input of three independent arms at base
// 10 simulations, Black at 1, 2 and 4 times as many, each playing 8 games
// from each of 10 openings, with the first player scoring red[j] of the
// games of arm j (the rest lost).
func handicapInput(t *testing.T, redWins [3]int) Input {
	t.Helper()
	c := gamestats.NewCollector(nil, true)
	cfg := mcts.Config{Settings: mcts.DefaultSettings(), Rules: rules.DefaultRules()}
	var arms []ArmInfo
	for j, black := range []int{10, 20, 40} {
		name := []string{"x1", "x2", "x4"}[j]
		a := ArmInfo{Name: name, Variant: "standard", Sims: 10, Players: spec.PlayersIndependent, Config: &cfg}
		if black != 10 {
			a.RedSims, a.BlackSims = 10, black
		}
		arms = append(arms, a)
		for o := range 10 {
			for k := range 8 {
				g := openingGame(t, int64(8*o+k), gamestats.BlackWin, []string{"a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3", "f2-f3", "a2-b3", "b2-c3", "c2-d3", "d2-e3"}[o], "a5-a4")
				if k < redWins[j] {
					g.Winner = gamestats.RedWin
				}
				c.Add(name, g)
			}
		}
	}
	return Input{Title: "h", Confidence: 0.95, Arms: arms, Collector: c}
}

// TestHandicapByHand: the first player scores 0.75, 0.375 and 0.25 at
// ratios 1, 2 and 4 (advantages +0.25, −0.125, −0.25): the line between
// ratios 1 and 2 crosses 0 at log2 r* = 0.25/0.375 = 2/3, r* = 2^(2/3) =
// 1.587, and the first move is worth EloFromScore(0.75) = +190.8 Elo. Every
// opening plays alike, so resampling openings moves nothing and the
// interval over openings is the point; within openings the games differ,
// so that interval is wide and holds the point.
func TestHandicapByHand(t *testing.T) {
	in := handicapInput(t, [3]int{6, 3, 2})
	r, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Handicaps) != 1 {
		t.Fatalf("handicaps %+v, want one", r.Handicaps)
	}
	h := r.Handicaps[0]
	if h.BaseSims != 10 || h.Games != 80 || h.Openings != 10 || len(h.Points) != 3 || !h.Bracketed {
		t.Fatalf("handicap %+v", h)
	}
	near := func(what string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	near("doublings", h.Doublings.OpeningsSampled.Value, 2.0/3)
	near("r*", h.RStar.OpeningsSampled.Value, math.Exp2(2.0/3))
	near("Elo", h.Elo.OpeningsSampled.Value, stats.EloFromScore(0.75))
	near("openings-sampled doublings low", h.Doublings.OpeningsSampled.CI[0], 2.0/3)
	near("openings-sampled doublings high", h.Doublings.OpeningsSampled.CI[1], 2.0/3)
	g := h.Doublings.GivenOpenings
	if g == nil || !g.Contains(2.0/3) || g.HalfWidth() < 0.05 {
		t.Errorf("doublings given openings %+v: want a real interval around 2/3", g)
	}
	for j, want := range []float64{0.25, -0.125, -0.25} {
		near(h.Points[j].Arm+" advantage", h.Points[j].Advantage.OpeningsSampled.Value, want)
	}
}

// TestHandicapNotBracketed: a first player who still scores above even
// with Black at 4 times its simulations has no r* among the ratios
// played; the report says where it lies instead.
func TestHandicapNotBracketed(t *testing.T) {
	r, err := Build(handicapInput(t, [3]int{7, 6, 5}))
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Handicaps) != 1 || r.Handicaps[0].Bracketed || r.Handicaps[0].RStar != nil || r.Handicaps[0].Note == "" {
		t.Fatalf("handicaps %+v: want one, not bracketed, with a note", r.Handicaps)
	}
}

// TestManyPieceDrawsFollowThePairs: A's draws that kept 22 or more pieces
// are followed to B's games of the same id: a B win for the first player,
// a B draw of 22 pieces (kept), a B draw of 4 pieces; A's 4-piece draw and
// A's win are not counted.
func TestManyPieceDrawsFollowThePairs(t *testing.T) {
	var a, b gamestats.PairIndex
	add := func(x *gamestats.PairIndex, id int64, w gamestats.Winner, pieces int) {
		g := openingGame(t, id, w, "a2-a3", "a5-a4")
		g.RedPieces, g.BlackPieces = pieces/2, pieces-pieces/2
		x.Add(g)
	}
	add(&a, 0, gamestats.Draw, 22)
	add(&b, 0, gamestats.RedWin, 20)
	add(&a, 1, gamestats.Draw, 24)
	add(&b, 1, gamestats.Draw, 22)
	add(&a, 2, gamestats.Draw, 22)
	add(&b, 2, gamestats.Draw, 4)
	add(&a, 3, gamestats.Draw, 4)
	add(&b, 3, gamestats.BlackWin, 4)
	add(&a, 4, gamestats.RedWin, 24)
	add(&b, 4, gamestats.Draw, 24)
	pc, err := gamestats.PairGames(&a, &b, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	if pc.ManyPieceDraws != [3]int64{0, 2, 1} || pc.ManyPieceDrawsKept != 1 {
		t.Errorf("many-piece draws %v, kept %d; want [0 2 1], 1", pc.ManyPieceDraws, pc.ManyPieceDrawsKept)
	}
}
