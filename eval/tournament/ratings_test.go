package tournament

import (
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/internal/base/stats"
)

// arenaOf returns a pairing's result from its counts, as a match read
// back from its JSON has it (the figures derived from the counts).
func arenaOf(t *testing.T, wdl stats.WDL, pairs stats.Pentanomial, reasons map[string]int) *arena.ArenaResult {
	t.Helper()
	n := wdl.Wins + wdl.Draws + wdl.Losses
	if 2*pairs.Pairs() != n {
		t.Fatalf("%v: %d games in %d pairs", wdl, n, pairs.Pairs())
	}
	b, _ := json.Marshal(map[string]any{"games": n, "wins": wdl.Wins, "draws": wdl.Draws, "losses": wdl.Losses, "pairs": pairs, "reasons": reasons, "mean_plies": 80})
	var a arena.ArenaResult
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return &a
}

// TestRatingsOfThreeConsistentPairingsAreTheHandComputedOnes: three
// engines whose pairings agree with the logistic model exactly (A scores
// 3/4 against B and B 3/4 against C, so odds of 3 each; A 9/10 against C,
// odds 9) have the maximum-likelihood ratings the odds give, A − C =
// 400·log10 9 = 381.697 and B − C = 400·log10 3 = 190.849 (anchor C), and
// the standard errors worked by hand: with c = ln 10 / 400 and each
// pairing's information c²·n·p(1−p) (A–B and B–C 20·3/16 = 3.75, A–C
// 20·0.09 = 1.8), the information of (A, B) is c²·[[5.55, −3.75], [−3.75,
// 7.5]], of determinant c²²·27.5625; the pairs' dispersion is their
// squared residuals over n·p(1−p), (2.5 + 1.6 + 2.5)/(3.75 + 1.8 + 3.75)
// = 6.6/9.3; so SE(A) = sqrt(φ·7.5/(c²·27.5625)) = 76.339 and SE(B) =
// sqrt(φ·5.55/(c²·27.5625)) = 65.669.
func TestRatingsOfThreeConsistentPairingsAreTheHandComputedOnes(t *testing.T) {
	pairs34 := stats.Pentanomial{0, 0, 5, 0, 5}  // 15 of 20 points
	pairs910 := stats.Pentanomial{0, 0, 2, 0, 8} // 18 of 20
	r := &Result{Names: []string{"A", "B", "C"}, Anchor: 2, opt: Config{PriorDraws: 0}}
	r.Pairings = []Played{
		{Pairing{0, 1}, arenaOf(t, stats.WDL{Wins: 15, Losses: 5}, pairs34, nil), true},
		{Pairing{1, 2}, arenaOf(t, stats.WDL{Wins: 15, Losses: 5}, pairs34, nil), true},
		{Pairing{0, 2}, arenaOf(t, stats.WDL{Wins: 18, Losses: 2}, pairs910, nil), true},
	}
	r.fit()
	if r.RatingsNote != "" {
		t.Fatal(r.RatingsNote)
	}
	want := []struct {
		engine  string
		elo, se float64
		games   int
		points  float64
	}{{"A", 381.697, 76.339, 40, 33}, {"B", 190.849, 65.669, 40, 20}, {"C", 0, 0, 40, 7}}
	for i, w := range want {
		g := r.Ratings[i]
		if g.Rank != i+1 || g.Engine != w.engine || math.Abs(g.Elo-w.elo) > 1e-3 || math.Abs(g.SE-w.se) > 1e-3 || g.Games != w.games || g.Points != w.points {
			t.Errorf("rank %d: %+v, want %s at %.3f ± %.3f with %g points of %d games", i+1, g, w.engine, w.elo, w.se, w.points, w.games)
		}
		if z := 1.959963984540054; math.Abs(g.EloCI[1]-g.Elo-z*w.se) > 1e-3 || math.Abs(g.Elo-g.EloCI[0]-z*w.se) > 1e-3 {
			t.Errorf("%s: interval %v, want Elo ± 1.96 standard errors", g.Engine, g.EloCI)
		}
	}
	// The engines' pentanomial counts from their own side: A's pairs
	// against B and C; C's mirrored.
	if a, c := r.Ratings[0].Pairs, r.Ratings[2].Pairs; a != (stats.Pentanomial{0, 0, 7, 0, 13}) || c != (stats.Pentanomial{13, 0, 7, 0, 0}) {
		t.Errorf("pairs of A %v and C %v, want [0 0 7 0 13] and [13 0 7 0 0]", a, c)
	}
}

// TestRatingsOfAStoppedTournamentSayWhyThereAreNone: no games, or an
// anchor that has not played yet, give no rating list and say why; the
// engines that played are rated without those that have not.
func TestRatingsOfAStoppedTournamentSayWhyThereAreNone(t *testing.T) {
	r := &Result{Names: []string{"A", "B", "C"}, Anchor: 2, opt: Config{PriorDraws: 1}}
	r.fit()
	if r.Ratings != nil || r.RatingsNote != "no games played yet" {
		t.Errorf("no pairings: %v, %q", r.Ratings, r.RatingsNote)
	}
	r.Pairings = []Played{{Pairing{0, 1}, arenaOf(t, stats.WDL{Wins: 3, Draws: 1}, stats.Pentanomial{0, 0, 0, 1, 1}, nil), false}}
	r.fit()
	if want := "the anchor, C, has played no games yet"; r.Ratings != nil || r.RatingsNote != want {
		t.Errorf("anchor without games: %v, %q; want %q", r.Ratings, r.RatingsNote, want)
	}
	r.Anchor = 1
	r.fit()
	if len(r.Ratings) != 2 || r.Ratings[0].Engine != "A" || r.Ratings[1].Engine != "B" || r.Ratings[1].Elo != 0 {
		t.Errorf("A's sweep of B: %+v, want A above B, rated 0, and C left out", r.Ratings)
	}
	// One prior draw: A's 3.5 of 4 points are 4 of 5.
	if want := stats.EloFromScore(4.0 / 5); math.Abs(r.Ratings[0].Elo-want) > 1e-6 {
		t.Errorf("A: %.4f, want %.4f", r.Ratings[0].Elo, want)
	}
}

// TestPairingsOfEachSchedule: a round robin of n engines plays each two
// once, the first engine's pairings first; a gauntlet the first against
// each other.
func TestPairingsOfEachSchedule(t *testing.T) {
	for _, tc := range []struct {
		n        int
		gauntlet bool
		want     string
	}{
		{4, false, "[{0 1} {0 2} {0 3} {1 2} {1 3} {2 3}]"},
		{4, true, "[{0 1} {0 2} {0 3}]"},
		{2, false, "[{0 1}]"},
	} {
		if got := fmt.Sprint(Pairings(tc.n, tc.gauntlet)); got != tc.want {
			t.Errorf("%d engines, %s: %s, want %s", tc.n, Schedule(tc.gauntlet), got, tc.want)
		}
	}
	if d := (Pairing{0, 11}).Dir(); d != "pairing-01-12" {
		t.Errorf("dir %q", d)
	}
}
