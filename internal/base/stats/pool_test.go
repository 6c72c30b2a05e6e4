package stats

import (
	"math"
	"strings"
	"testing"
)

// TestPoolRatingsOfOneMatchAreThePentanomialEstimate: two players and one
// match without prior draws: the maximum-likelihood rating is
// EloFromScore of the score and its standard error the pentanomial one
// (EloPentanomial's score error through the slope of the Elo curve).
func TestPoolRatingsOfOneMatchAreThePentanomialEstimate(t *testing.T) {
	pairs := Pentanomial{12, 30, 80, 50, 28}
	r, err := PoolRatings(2, []PoolMatch{{A: 0, B: 1, Pairs: pairs}}, PoolOptions{Anchor: 1, Conf: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	e, err := EloPentanomial(pairs, 0.95)
	if err != nil {
		t.Fatal(err)
	}
	se := e.ScoreSE / (math.Ln10 / 400 * e.Score * (1 - e.Score))
	if math.Abs(r[0].Elo-e.Elo) > 1e-6 || math.Abs(r[0].SE-se) > 1e-6 {
		t.Errorf("rating %+v, want Elo %.6f with standard error %.6f", r[0], e.Elo, se)
	}
	if r[1].Elo != 0 || r[1].SE != 0 || r[0].Games != 400 || r[1].Games != 400 {
		t.Errorf("anchor %+v and games %d: want 0 ± 0 and 400 games each", r[1], r[0].Games)
	}
	if z := 1.959963984540054; math.Abs(r[0].CI.Hi-r[0].Elo-z*se) > 1e-6 || math.Abs(r[0].Elo-r[0].CI.Lo-z*se) > 1e-6 {
		t.Errorf("interval %v: want Elo ± 1.96 standard errors", r[0].CI)
	}
}

// TestPoolRatingsAddAlongAChain: with matches A–B and B–C only, the fit
// has nothing to reconcile, so A − C is the sum of the two matches'
// Elo, and its variance the sum of theirs when the dispersion is common.
func TestPoolRatingsAddAlongAChain(t *testing.T) {
	ab, bc := WDL{Wins: 50, Draws: 28, Losses: 22}, WDL{Wins: 40, Draws: 40, Losses: 20}
	r, err := PoolRatings(3, []PoolMatch{{A: 0, B: 1, WDL: ab}, {A: 1, B: 2, WDL: bc}}, PoolOptions{Anchor: 2, Conf: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	want := EloFromScore(0.64) + EloFromScore(0.6)
	if math.Abs(r[0].Elo-want) > 1e-6 || math.Abs(r[1].Elo-EloFromScore(0.6)) > 1e-6 {
		t.Errorf("ratings %.4f, %.4f: want %.4f, %.4f", r[0].Elo, r[1].Elo, want, EloFromScore(0.6))
	}
	if r[0].SE <= r[1].SE {
		t.Errorf("standard errors %.2f (two links from the anchor), %.2f (one): want the longer chain wider", r[0].SE, r[1].SE)
	}
}

// TestPoolRatingsMeetEveryMatchOnAverage: in a pool with a cycle of
// inconsistent matches the fit is the maximum of the likelihood: each
// player's points equal the points its ratings predict (the gradient is
// 0), and the anchor only shifts every rating by one constant.
func TestPoolRatingsMeetEveryMatchOnAverage(t *testing.T) {
	ms := []PoolMatch{
		{A: 0, B: 1, Pairs: Pentanomial{5, 20, 40, 25, 10}},
		{A: 1, B: 2, Pairs: Pentanomial{3, 10, 45, 30, 12}},
		{A: 2, B: 0, Pairs: Pentanomial{10, 25, 35, 20, 10}},
		{A: 3, B: 0, WDL: WDL{Wins: 30, Draws: 10, Losses: 60}},
	}
	r, err := PoolRatings(4, ms, PoolOptions{Anchor: 0, Conf: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	gap := make([]float64, 4)
	for _, m := range ms {
		n, s := m.games()
		d := s - n*ScoreFromElo(r[m.A].Elo-r[m.B].Elo)
		gap[m.A] += d
		gap[m.B] -= d
	}
	for p, d := range gap {
		if math.Abs(d) > 1e-6 {
			t.Errorf("player %d: points less predicted points %.3g, want 0", p, d)
		}
	}
	s, err := PoolRatings(4, ms, PoolOptions{Anchor: 2, Conf: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	for p := range r {
		if shift := s[p].Elo - r[p].Elo; math.Abs(shift-(s[0].Elo-r[0].Elo)) > 1e-6 {
			t.Errorf("player %d moved by %.4f with the anchor, the others by %.4f", p, shift, s[0].Elo-r[0].Elo)
		}
	}
}

// TestPoolRatingsOfASweepAreFiniteWithPriorDraws: a 100-0 match has no
// finite maximum; one virtual draw makes it EloFromScore(100.5/101), and
// without prior draws the fit says why it fails.
func TestPoolRatingsOfASweepAreFiniteWithPriorDraws(t *testing.T) {
	ms := []PoolMatch{{A: 0, B: 1, WDL: WDL{Wins: 100}}}
	r, err := PoolRatings(2, ms, PoolOptions{Anchor: 1, PriorDraws: 1, Conf: 0.95})
	if err != nil {
		t.Fatal(err)
	}
	if want := EloFromScore(100.5 / 101); math.Abs(r[0].Elo-want) > 1e-6 {
		t.Errorf("sweep with one prior draw: %.4f, want %.4f", r[0].Elo, want)
	}
	if _, err := PoolRatings(2, ms, PoolOptions{Anchor: 1, Conf: 0.95}); err == nil {
		t.Error("a sweep without prior draws: no error")
	}
}

// TestPoolRatingsRefuseAPlayerCutOffFromTheAnchor: a player with no
// chain of matches to the anchor has no rating on its scale.
func TestPoolRatingsRefuseAPlayerCutOffFromTheAnchor(t *testing.T) {
	ms := []PoolMatch{{A: 0, B: 1, WDL: WDL{Wins: 5, Losses: 5}}, {A: 2, B: 3, WDL: WDL{Wins: 5, Losses: 5}}}
	_, err := PoolRatings(4, ms, PoolOptions{Anchor: 0, Conf: 0.95})
	if err == nil || !strings.Contains(err.Error(), "player 2 has no chain of matches to the anchor, player 0") {
		t.Errorf("error %v: want player 2 named", err)
	}
	for _, bad := range []PoolOptions{{Anchor: 4, Conf: 0.95}, {Anchor: 0, Conf: 1.5}, {Anchor: 0, PriorDraws: -1, Conf: 0.95}} {
		if _, err := PoolRatings(4, ms, bad); err == nil {
			t.Errorf("options %+v: no error", bad)
		}
	}
}
