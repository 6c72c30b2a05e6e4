package gamestats_test

import (
	"context"
	"encoding/json"
	"github.com/surakarta/surakarta/internal/testing/synthgames"
	"math"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

func collect(by []string, pair bool, sources map[string][]gamestats.Game) *gamestats.Collector {
	c := gamestats.NewCollector(by, pair)
	names := make([]string, 0, len(sources))
	for s := range sources {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		for i := range sources[s] {
			c.Add(s, &sources[s][i])
		}
	}
	return c
}

func TestPlantedAdvantageAndDrawRateAreRecoveredWithinTheirIntervals(t *testing.T) {
	// Red wins 45%, draws 20%: first-player score 0.55, advantage +0.05.
	p := synthgames.Plant{Variant: "standard", Red: 0.45, Draw: 0.20, MajDecided: 0.5, MeanPlies: 120}
	games := synthgames.Games(p, 42, 0, 20000)
	res, err := collect(nil, false, map[string][]gamestats.Game{"": games}).Analyze(0.95, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Variants) != 1 {
		t.Fatalf("%d groups, want 1", len(res.Variants))
	}
	g := res.Variants[0]
	if g.Games != 20000 || g.RedWins+g.BlackWins+g.Draws != 20000 || g.FirstPlayer != "red" {
		t.Fatalf("counts %+v", g)
	}
	checks := []struct {
		name  string
		e     gamestats.Estimate
		truth float64
	}{
		{"draw rate", g.DrawRate, 0.20},
		{"red win rate", g.RedWinRate, 0.45},
		{"black win rate", g.BlackWinRate, 0.35},
		{"first-player score", g.FirstPlayerScore, 0.55},
		{"first-player advantage", g.FirstPlayerAdvantage, 0.05},
		{"decisive red share", *g.DecisiveRedShare, 0.45 / 0.80},
		{"majority draw rate", g.MajorityRescoring.DrawRate, 0.10},
	}
	for _, c := range checks {
		if !c.e.Contains(c.truth) {
			t.Errorf("%s: %v misses the planted %v", c.name, c.e, c.truth)
		}
		if c.e.HalfWidth() > 0.012 {
			t.Errorf("%s: half-width %v too wide for 20000 games", c.name, c.e.HalfWidth())
		}
	}
	// Half of the draws are decided by majority, half of those for Red.
	mr := g.MajorityRescoring
	if mr.DrawsDecided != mr.DrawsDecidedRed+mr.DrawsDecidedBlack || mr.Draws+mr.DrawsDecided != g.Draws {
		t.Errorf("rescoring counts %+v vs %d draws", mr, g.Draws)
	}
	if !(mr.DrawRateChange.Value < -0.08 && mr.DrawRateChange.P < 1e-6) {
		t.Errorf("majority rescoring should cut draws by about 10 points: %+v", mr.DrawRateChange)
	}
	// Decided draws split evenly, so the score barely moves.
	if v := float64(mr.ScoreChange.Value); math.Abs(v) > 0.01 {
		t.Errorf("score change %v, want about 0", v)
	}
}

func TestShardsMergeIntoTheWholeSummary(t *testing.T) {
	games := append(synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MajDecided: 0.3, MeanPlies: 90}, 1, 0, 3000),
		synthgames.Games(synthgames.Plant{Variant: "majority", Red: 0.5, Draw: 0.1, MeanPlies: 80}, 1, 0, 3000)...)
	by, _ := gamestats.ParseBy("variant,reason,opening_plies")
	whole := collect(by, true, map[string][]gamestats.Game{"": games})
	shards := []*gamestats.Collector{gamestats.NewCollector(by, true), gamestats.NewCollector(by, true), gamestats.NewCollector(by, true)}
	for i := range games {
		shards[(i*7)%3].Add("", &games[i])
	}
	merged := gamestats.NewCollector(by, true)
	for _, s := range shards {
		if err := merged.Merge(s); err != nil {
			t.Fatal(err)
		}
	}
	a, err := whole.Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := merged.Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("merged shards differ from the whole:\n%s\n%s", ja, jb)
	}
	if len(a.Variants) < 4 || len(a.Comparisons) != 1 {
		t.Errorf("%d groups and %d comparisons, want several groups and one comparison", len(a.Variants), len(a.Comparisons))
	}
}

func TestHistogramQuantilesMatchSortedData(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		n := 1 + r.IntN(300)
		var h gamestats.Histogram
		xs := make([]float64, n)
		for i := range xs {
			v := r.IntN(1 + trial*20)
			xs[i] = float64(v)
			h.Add(v)
		}
		sort.Float64s(xs)
		for _, p := range []float64{0, 0.25, 0.5, 0.75, 0.9, 1} {
			pos := float64(n-1) * p
			lo := int(math.Floor(pos))
			want := xs[lo]
			if lo+1 < n {
				want += (pos - float64(lo)) * (xs[lo+1] - xs[lo])
			}
			if got := h.Quantile(p); math.Abs(got-want) > 1e-9 {
				t.Fatalf("n %d p %v: quantile %v, want %v", n, p, got, want)
			}
		}
		var sum float64
		for _, x := range xs {
			sum += x
		}
		if math.Abs(h.Mean()-sum/float64(n)) > 1e-9 || h.Min() != int(xs[0]) || h.Max() != int(xs[n-1]) {
			t.Fatalf("mean/min/max wrong")
		}
	}
	var empty gamestats.Histogram
	if !math.IsNaN(empty.Quantile(0.5)) || !math.IsNaN(empty.Mean()) {
		t.Error("empty histogram: want NaN")
	}
}

func TestCompareDetectsAPlantedDifferenceAndNotANullOne(t *testing.T) {
	std := synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.40, Draw: 0.30, MeanPlies: 100}, 5, 0, 4000)
	maj := synthgames.Games(synthgames.Plant{Variant: "majority", Red: 0.50, Draw: 0.10, MeanPlies: 100}, 6, 0, 4000)
	res, err := collect(nil, true, map[string][]gamestats.Game{"": append(std, maj...)}).Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Comparisons) != 1 {
		t.Fatalf("%d comparisons", len(res.Comparisons))
	}
	c := res.Comparisons[0]
	if c.A != "standard" || c.B != "majority" {
		t.Errorf("compared %s with %s: want standard then majority", c.A, c.B)
	}
	if c.Outcomes.P > 1e-10 || c.Outcomes.DF != 2 {
		t.Errorf("outcome table test %+v: want a clear difference", c.Outcomes)
	}
	dr := c.Rates["draw_rate"]
	if !(dr.Diff.Contains(-0.20) && dr.P < 1e-10) {
		t.Errorf("draw rate change %+v: want about -0.20 (standard 0.30 → majority 0.10, B − A)", dr)
	}
	// Scores: standard 0.40 + 0.15 = 0.55, majority 0.50 + 0.05 = 0.55: no
	// planted score difference.
	if !c.FirstPlayerScore.Diff.Contains(0) {
		t.Errorf("score difference %+v: planted 0", c.FirstPlayerScore)
	}
	if c.Paired == nil || c.Paired.Pairs != 4000 {
		t.Fatalf("paired %+v: both arms share ids and openings", c.Paired)
	}

	// Two samples of one population: no significant difference expected.
	a := synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MeanPlies: 100}, 7, 0, 3000)
	b := synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MeanPlies: 100}, 8, 0, 3000)
	res, err = collect(nil, false, map[string][]gamestats.Game{"a": a, "b": b}).Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Comparisons) != 1 || res.Comparisons[0].A != "a/standard" {
		t.Fatalf("comparisons %+v", res.Comparisons)
	}
	if p := res.Comparisons[0].Outcomes.P; p < 0.01 {
		t.Errorf("same population: p = %v", p)
	}
}

// pairedGames returns games under two variants from the same openings whose
// results share a per-opening strength (the opening favours one side), so
// that pairing removes that variance.
func pairedGames(n int, seed uint64) (a, b []gamestats.Game) {
	r := rand.New(rand.NewPCG(seed, 9))
	for id := range int64(n) {
		bias := r.Float64() // how much this opening favours Red
		mk := func(variant string, drawP float64) gamestats.Game {
			g := gamestats.Game{ID: id, Variant: variant, StartFEN: rules.StartFEN, OpeningPlies: 1,
				Moves: []string{[]string{"a2-a3", "b2-b3", "c2-c3", "d2-d3"}[id%4]}, FirstRed: true,
				Plies: 50, Reason: "capture-all", MajorityWinner: gamestats.NoWinner}
			switch u := r.Float64(); {
			case u < drawP:
				g.Winner, g.Reason = gamestats.Draw, "no-capture-limit"
			case r.Float64() < 0.15+0.7*bias:
				g.Winner = gamestats.RedWin
			default:
				g.Winner = gamestats.BlackWin
			}
			return g
		}
		a = append(a, mk("standard", 0.3))
		b = append(b, mk("majority", 0.1))
	}
	return a, b
}

func TestPairedComparisonUsesThePairingAndNarrowsTheInterval(t *testing.T) {
	a, b := pairedGames(3000, 11)
	// Break the pairing of a few games: same id, different opening.
	for i := 0; i < 30; i++ {
		b[i].Moves = []string{"f2-f3"}
	}
	// And drop some games from one arm.
	b = b[:2900]
	res, err := collect(nil, true, map[string][]gamestats.Game{"": append(a, b...)}).Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	p := res.Comparisons[0].Paired
	if p == nil {
		t.Fatal("no paired analysis")
	}
	if p.Pairs != 2870 || p.Mismatched != 30 || p.UnmatchedA != 100 || p.UnmatchedB != 0 {
		t.Errorf("pairs %d mismatched %d unmatched %d/%d, want 2870, 30, 100, 0", p.Pairs, p.Mismatched, p.UnmatchedA, p.UnmatchedB)
	}
	if !(float64(p.WidthRatio) < 0.95 && float64(p.NarrowerBy) > 0.05 && float64(p.Correlation) > 0.1) {
		t.Errorf("width ratio %v, correlation %v: the shared opening bias should narrow the paired interval", p.WidthRatio, p.Correlation)
	}
	var total int64
	for i := range 3 {
		for j := range 3 {
			total += p.Joint[i][j]
		}
	}
	if total != p.Pairs {
		t.Errorf("joint table sums to %d, want %d", total, p.Pairs)
	}
	if !(p.Draws.Value < -0.1 && p.Draws.P < 1e-6) {
		t.Errorf("paired draw rate change %+v: planted -0.2 (0.3 → 0.1, B − A)", p.Draws)
	}
}

func TestParseByAlwaysGroupsByVariantFirst(t *testing.T) {
	by, err := gamestats.ParseBy("reason, opening_plies,variant")
	if err != nil || strings.Join(by, ",") != "variant,reason,opening_plies" {
		t.Errorf("ParseBy = %v, %v", by, err)
	}
	if by, _ := gamestats.ParseBy("reason,source"); strings.Join(by, ",") != "source,variant,reason" {
		t.Errorf("ParseBy with source = %v, want source first", by)
	}
	if _, err := gamestats.ParseBy("colour"); err == nil || !strings.Contains(err.Error(), "opening_plies") {
		t.Errorf("unknown field: %v", err)
	}
}

func TestGroupingByReasonSplitsGames(t *testing.T) {
	games := synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MeanPlies: 90}, 2, 0, 2000)
	by, _ := gamestats.ParseBy("reason")
	res, err := collect(by, false, map[string][]gamestats.Game{"": games}).Analyze(0.95, false)
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, g := range res.Variants {
		total += g.Games
		if g.Group["variant"] != "standard" || g.Group["reason"] == "" || g.Reasons[g.Group["reason"]] != g.Games {
			t.Errorf("group %s: %+v", g.Label, g.Group)
		}
	}
	if total != 2000 || len(res.Variants) != 4 {
		t.Errorf("%d games in %d groups", total, len(res.Variants))
	}
}

func TestRealDatasetIsReadAndPairedAcrossVariants(t *testing.T) {
	dir := t.TempDir()
	const n, seed, opening = 40, 9, 4
	for _, v := range []rules.Variant{rules.Standard, rules.Majority} {
		r := rules.DefaultRules()
		r.Variant = v
		r.NoCaptureLimit = 20 // short games keep the test fast
		testgames.Write(t, dir, r, seed, n, opening, testgames.Rows(t, r, seed, n, opening, true))
	}
	c := gamestats.NewCollector(nil, true)
	if err := c.AddDir(context.Background(), "", dir); err != nil {
		t.Fatal(err)
	}
	res, err := c.Analyze(0.95, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Variants) != 2 || res.Variants[0].Variant != "standard" || res.Variants[0].Games != n {
		t.Fatalf("variants %+v", res.Variants)
	}
	if res.Variants[0].MajorityRescoring == nil || res.Variants[1].MajorityRescoring != nil {
		t.Error("majority rescoring: want it for standard only")
	}
	p := res.Comparisons[0].Paired
	if p == nil || p.Pairs != n || p.Mismatched != 0 {
		t.Errorf("paired %+v: the two partitions share seed and openings", p)
	}
	for _, g := range res.Variants {
		var sum int64
		for _, c := range g.Reasons {
			sum += c
		}
		if sum != g.Games || g.Plies.Min < opening {
			t.Errorf("%s: reasons sum %d, min plies %d", g.Variant, sum, g.Plies.Min)
		}
	}
}

func TestFromRowRejectsBadValues(t *testing.T) {
	rows := testgames.Rows(t, rules.DefaultRules(), 1, 1, 0, true)
	var g gamestats.Game
	if err := gamestats.FromRow(&g, &rows[0]); err != nil {
		t.Fatal(err)
	}
	bad := rows[0]
	bad.Winner = "white"
	if err := gamestats.FromRow(&g, &bad); err == nil || !strings.Contains(err.Error(), "game 0") {
		t.Errorf("bad winner: %v", err)
	}
	bad = rows[0]
	bad.StartFEN = "6/6/6/6/6/6"
	if err := gamestats.FromRow(&g, &bad); err == nil {
		t.Error("start_fen without side to move: no error")
	}
	bad = rows[0]
	bad.MajorityWinner = "x"
	if err := gamestats.FromRow(&g, &bad); err == nil {
		t.Error("bad majority_winner: no error")
	}
	bad = rows[0]
	bad.MajorityWinner = ""
	if err := gamestats.FromRow(&g, &bad); err != nil || g.MajorityWinner != gamestats.NoWinner {
		t.Errorf("missing majority_winner: %v %v", err, g.MajorityWinner)
	}
}

// TestWinnerParsesWhatItPrints: each winner's name parses back to it;
// NoWinner's empty name and any other text are refused, naming the text.
func TestWinnerParsesWhatItPrints(t *testing.T) {
	for _, w := range []gamestats.Winner{gamestats.RedWin, gamestats.Draw, gamestats.BlackWin} {
		if got, err := gamestats.ParseWinner(w.String()); err != nil || got != w {
			t.Errorf("ParseWinner(%q) = %v, %v", w.String(), got, err)
		}
	}
	for _, s := range []string{"", "Red", "white"} {
		w, err := gamestats.ParseWinner(s)
		if want := `winner "` + s + `": want red, black or draw`; err == nil || err.Error() != want || w != gamestats.NoWinner {
			t.Errorf("ParseWinner(%q) = %v, %v; want NoWinner and %q", s, w, err, want)
		}
	}
	if s := gamestats.Winner(7).String(); s != "Winner(7)" {
		t.Errorf("Winner(7) prints %q", s)
	}
}

func TestJSONHasTheFieldsTheIssueSpecifies(t *testing.T) {
	games := synthgames.Games(synthgames.Plant{Variant: "standard", Red: 0.4, Draw: 0.3, MeanPlies: 90}, 2, 0, 500)
	res, err := collect(nil, false, map[string][]gamestats.Game{"": games}).Analyze(0.95, false)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Variants []map[string]json.RawMessage `json:"variants"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	v := doc.Variants[0]
	for _, k := range []string{"variant", "games", "red_wins", "black_wins", "draws", "red_win_rate", "black_win_rate", "draw_rate", "first_player_score", "reasons", "plies"} {
		if _, ok := v[k]; !ok {
			t.Errorf("variants[0] lacks %q", k)
		}
	}
	var rate struct {
		Value float64    `json:"value"`
		CI    [2]float64 `json:"ci"`
	}
	if err := json.Unmarshal(v["first_player_score"], &rate); err != nil || !(rate.CI[0] < rate.Value && rate.Value < rate.CI[1]) {
		t.Errorf("first_player_score %s: %v", v["first_player_score"], err)
	}
	var plies map[string]json.RawMessage
	json.Unmarshal(v["plies"], &plies)
	for _, k := range []string{"mean", "median", "p25", "p75"} {
		if _, ok := plies[k]; !ok {
			t.Errorf("plies lacks %q", k)
		}
	}
	if !reflect.DeepEqual(res.By, []string{"variant"}) {
		t.Errorf("by %v", res.By)
	}
}
