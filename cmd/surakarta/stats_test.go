package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// writeRandomDataset writes n games of random play under both variants to
// dir, from the same seeded random openings (a paired study).
func writeRandomDataset(t *testing.T, dir string, n int64, seed uint64) {
	t.Helper()
	writeRandomGames(t, dir, n, seed, rules.Standard, rules.Majority)
}

// randomOpening is the random plies that open the tests' random games.
const randomOpening = 3

// randomRules are the rules of the tests' random games under variant v:
// short games keep the tests fast.
func randomRules(v rules.Variant) rules.Rules {
	r := rules.DefaultRules()
	r.Variant = v
	r.NoCaptureLimit = 16
	return r
}

// writeRandomGames writes n games of random play under each variant to dir.
func writeRandomGames(t *testing.T, dir string, n int64, seed uint64, variants ...rules.Variant) {
	t.Helper()
	for _, v := range variants {
		r := randomRules(v)
		testgames.Write(t, dir, r, seed, n, randomOpening, testgames.Rows(t, r, seed, n, randomOpening, false))
	}
}

func TestStatsJSONListsBothVariantsWithIntervals(t *testing.T) {
	dir := t.TempDir()
	writeRandomDataset(t, dir, 60, 5)
	out := runOK(t, "stats", dir, "--json", "--compare")
	var res struct {
		Variants []struct {
			Variant   string `json:"variant"`
			Games     int64  `json:"games"`
			RedWins   int64  `json:"red_wins"`
			BlackWins int64  `json:"black_wins"`
			Draws     int64  `json:"draws"`
			DrawRate  struct {
				Value float64
				CI    [2]float64
			} `json:"draw_rate"`
			FirstPlayerScore struct {
				Value float64
				CI    [2]float64
			} `json:"first_player_score"`
			Reasons map[string]int64                         `json:"reasons"`
			Plies   struct{ Mean, Median, P25, P75 float64 } `json:"plies"`
		} `json:"variants"`
		Comparisons []struct {
			A, B   string
			Paired *struct{ Pairs int64 } `json:"paired"`
		} `json:"comparisons"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("stats --json is not JSON: %v\n%s", err, out)
	}
	if len(res.Variants) != 2 || res.Variants[0].Variant != "standard" || res.Variants[1].Variant != "majority" {
		t.Fatalf("variants %+v", res.Variants)
	}
	for _, v := range res.Variants {
		if v.Games != 60 || v.RedWins+v.BlackWins+v.Draws != 60 {
			t.Errorf("%s: counts %+v", v.Variant, v)
		}
		s := v.FirstPlayerScore
		if !(s.CI[0] <= s.Value && s.Value <= s.CI[1]) || !(v.Plies.P25 <= v.Plies.Median && v.Plies.Median <= v.Plies.P75) {
			t.Errorf("%s: score %+v plies %+v", v.Variant, s, v.Plies)
		}
	}
	if len(res.Comparisons) != 1 || res.Comparisons[0].Paired == nil || res.Comparisons[0].Paired.Pairs != 60 {
		t.Errorf("comparisons %+v: the variants share openings", res.Comparisons)
	}
}

func TestStatsTextByReason(t *testing.T) {
	dir := t.TempDir()
	writeRandomDataset(t, dir, 30, 6)
	out := runOK(t, "stats", dir, "--by", "reason")
	if !strings.Contains(out, "standard/") || !strings.Contains(out, "first-player score") || !strings.Contains(out, "game length histogram") {
		t.Errorf("text output lacks groups or figures:\n%s", out)
	}
}

func TestStatsErrorsAreClear(t *testing.T) {
	dir := t.TempDir()
	runRefusals(t, []refusal{
		{[]string{"stats", dir + "/missing"}, "does not exist; write one with surakarta selfplay --out"},
		{[]string{"stats", dir}, "holds no"},
		{[]string{"stats", dir, "--by", "colour"}, "cannot group by"},
		{[]string{"stats", dir, "--confidence", "95"}, "--confidence"},
		{[]string{"stats", "plan", "--halfwidth-points", "1"}, "--rate"},
		{[]string{"stats", "plan", "--halfwidth-points", "1", "--rate", "x"}, "--rate"},
		{[]string{"stats", "plan", "--halfwidth-points", "60", "--rate", "0.5"}, "--halfwidth-points 60"},
		{[]string{"stats", "plan", "--halfwidth", "2", "--rate", "0.5"}, "--halfwidth 2: want a fraction"},
		{[]string{"stats", "plan", "--halfwidth", "0.01", "--halfwidth-points", "1", "--rate", "0.5"}, "only"},
	})
}

func TestStatsPlanFromRateAndDataset(t *testing.T) {
	out := runOK(t, "stats", "plan", "--halfwidth-points", "1", "--rate", "0.5")
	if !strings.Contains(out, "9600") {
		t.Errorf("plan at 0.5 ±1 point should need 9600 games:\n%s", out)
	}
	// The old fraction form plans the same, with a note naming the new one.
	old, errOut, err := run(t, "", "stats", "plan", "--halfwidth", "0.01", "--rate", "0.5")
	if err != nil || old != out || !strings.Contains(errOut, "--halfwidth is deprecated: use --halfwidth-points") {
		t.Errorf("--halfwidth 0.01: %v, stderr %q\n%s", err, errOut, old)
	}
	dir := t.TempDir()
	writeRandomDataset(t, dir, 40, 7)
	out, _, err = run(t, "", "stats", "plan", "--halfwidth-points", "2.5", dir, "--json")
	if err != nil {
		t.Fatal(err)
	}
	var plan struct {
		Rows []struct {
			Group, Quantity string
			Need            int64
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(out), &plan); err != nil {
		t.Fatal(err)
	}
	var sawDiff bool
	for _, r := range plan.Rows {
		if r.Need < 1 {
			t.Errorf("row %+v needs no games", r)
		}
		sawDiff = sawDiff || r.Quantity == "draw_rate_diff"
	}
	if len(plan.Rows) < 8 || !sawDiff {
		t.Errorf("plan rows %+v: want per-variant rates and the differences", plan.Rows)
	}
}

// TestStatsCompareTestsEquivalence: --compare runs the reports' TOST on
// the headline changes, in the text and the JSON, at the margin asked.
func TestStatsCompareTestsEquivalence(t *testing.T) {
	dir := t.TempDir()
	writeRandomDataset(t, dir, 60, 5)
	out := runOK(t, "stats", dir, "--json", "--compare", "--equivalence-margin", "0.05")
	var res struct {
		EquivalenceMargin float64 `json:"equivalence_margin"`
		Comparisons       []struct {
			Changes map[string]struct {
				Equivalence struct {
					Margin float64  `json:"margin"`
					P      *float64 `json:"p"`
				} `json:"equivalence"`
			} `json:"changes"`
		} `json:"comparisons"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.EquivalenceMargin != 0.05 || len(res.Comparisons) == 0 {
		t.Fatalf("margin %v, %d comparisons", res.EquivalenceMargin, len(res.Comparisons))
	}
	for _, k := range []string{"first_player_score", "draw_rate"} {
		ch, ok := res.Comparisons[0].Changes[k]
		if !ok || ch.Equivalence.Margin != 0.05 || ch.Equivalence.P == nil {
			t.Errorf("change %s: %+v (present %v)", k, ch, ok)
		}
	}
	text, _, err := run(t, "", "stats", dir, "--compare")
	if err != nil || !strings.Contains(text, "±2.0 points (equivalence TOST p") {
		t.Errorf("stats --compare text lacks the equivalence test (%v):\n%s", err, text)
	}
	if _, _, err := run(t, "", "stats", dir, "--compare", "--equivalence-margin", "0.7"); err == nil || !strings.Contains(err.Error(), "--equivalence-margin") {
		t.Errorf("margin 0.7: %v", err)
	}
}

// TestStatsReadsTheGameFromTheData: stats of a directory holding both
// games reports Alquerque's partition apart, by its game's names, with the
// first player's score and the draw rate with their intervals.
func TestStatsReadsTheGameFromTheData(t *testing.T) {
	dir := t.TempDir()
	for _, g := range []string{"surakarta", "alquerque"} {
		if _, _, err := run(t, "", tinySelfplay(dir, "--game", g)...); err != nil {
			t.Fatal(err)
		}
	}
	out, _, err := run(t, "", "stats", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"alquerque/standard: 4 games (white moves first; 95% intervals)", "  white wins ", "  draws ", "first-player score ", "standard: 4 games (red moves first"} {
		if !strings.Contains(out, want) {
			t.Errorf("stats of both games lacks %q:\n%s", want, out)
		}
	}
}

// TestStatsCompareRefusesTwoGames: --compare over datasets of Surakarta
// and Alquerque, two directories or one holding both, is refused with
// what each holds and what to do, not compared (a difference of two
// games' rates measures the games); without --compare both are reported.
func TestStatsCompareRefusesTwoGames(t *testing.T) {
	both, s, a := t.TempDir(), t.TempDir(), t.TempDir()
	for _, tc := range []struct{ dir, game string }{{both, "surakarta"}, {both, "alquerque"}, {s, "surakarta"}, {a, "alquerque"}} {
		if _, _, err := run(t, "", tinySelfplay(tc.dir, "--game", tc.game)...); err != nil {
			t.Fatal(err)
		}
	}
	runRefusals(t, []refusal{
		{[]string{"stats", "--compare", s, a}, "--compare: the datasets hold 2 games (" + s + ": surakarta; " + a + ": alquerque): a comparison across games measures the games"},
		{[]string{"stats", "--compare", both}, "(" + both + ": alquerque and surakarta)"},
		{[]string{"stats", "--compare", a, both}, "compare one game's datasets at a time, or leave --compare out to report each game apart"},
	})
	runOK(t, "stats", s, a)
	s2 := t.TempDir() // one game's datasets compare as before
	if _, _, err := run(t, "", tinySelfplay(s2, "--seed", "2")...); err != nil {
		t.Fatal(err)
	}
	mustContain(t, runOK(t, "stats", "--compare", s, s2), " → ")
}
