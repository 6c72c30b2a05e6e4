package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// TestTournamentOfFourEnginesPrintsOneRatingListAndACrosstable: issue
// 33's done: a tournament of four engines prints one rating list with an
// interval for each engine but the anchor, and a crosstable; --json holds
// the same list and --markdown the tables.
func TestTournamentOfFourEnginesPrintsOneRatingListAndACrosstable(t *testing.T) {
	args := []string{"tournament", "--engine", "sims=4", "--engine", "sims=16", "--engine", "sims=8,leaf=playout", "--engine", "preset=baseline,sims=8",
		"--games", "2", "--anchor", "2", "--quiet"}
	out, _, err := run(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"round robin of 4 engines: 6 pairings of 2 games each", "ratings: Elo relative to sims=16 with 95% intervals",
		"crosstable: the row engine's points", "pairs by its points 0, 1/2, 1, 3/2, 2 (pentanomial)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	rated := regexp.MustCompile(`(?m)^ +[1-4]  \S+ +[+-]\d+\.\d +(\[[+-]\d+\.\d, [+-]\d+\.\d\]|anchor) +6 `).FindAllString(out, -1)
	if len(rated) != 4 || strings.Count(strings.Join(rated, ""), "anchor") != 1 {
		t.Errorf("rating lines %q: want 4, one the anchor's and three with intervals, in\n%s", rated, out)
	}
	js, _, err := run(t, "", append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var j struct {
		Anchor  string `json:"anchor"`
		Ratings []struct {
			Engine string     `json:"engine"`
			EloCI  [2]float64 `json:"elo_ci"`
		} `json:"ratings"`
		Pairings []struct {
			Pairs [5]int `json:"pairs"`
		} `json:"pairings"`
	}
	if err := json.Unmarshal([]byte(js), &j); err != nil || j.Anchor != "sims=16" || len(j.Ratings) != 4 || len(j.Pairings) != 6 {
		t.Errorf("--json: %v, %+v", err, j)
	}
	md, _, err := run(t, "", append(args, "--markdown")...)
	if err != nil || !strings.Contains(md, "| rank | engine | Elo | 95% CI | games | points | score |") || !strings.Contains(md, "| | engine | 1 | 2 | 3 | 4 |") {
		t.Errorf("--markdown: %v\n%s", err, md)
	}
	if _, _, err := run(t, "", "tournament", "--engine", "sims=4", "--engine", "sims=8", "--games", "2", "--json", "--markdown"); err == nil || !strings.Contains(err.Error(), "pass one") {
		t.Errorf("--json --markdown: %v", err)
	}
	// --tc is match's game clock, passed to every pairing: refused with
	// --go as match refuses it, and read by match's parser.
	for _, tc := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--tc", "1+0.1", "--go", "sims 5"}, "drop --go"},
		{[]string{"--tc", "x"}, `--tc: time control "x"`},
	} {
		args := append([]string{"tournament", "--engine", "random", "--engine", "first", "--games", "2", "--quiet"}, tc.flags...)
		if _, _, err := run(t, "", args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error containing %q", tc.flags, err, tc.want)
		}
	}
}

// TestTournamentOfAlquerqueEngines: tournament --game alquerque rates three
// Alquerque engines (two built-in searches and the first-move baseline)
// on one list with a crosstable, records them with --out, and tournament
// pgn prints their games as Alquerque's.
func TestTournamentOfAlquerqueEngines(t *testing.T) {
	dir := t.TempDir() + "/t"
	out := runOK(t, "tournament", "--game", "alquerque", "--engine", "sims=30", "--engine", "sims=10,leaf=value", "--engine", "first",
		"--games", "2", "--out", dir, "--quiet")
	for _, want := range []string{"round robin of 3 engines: 3 pairings of 2 games each", "alquerque variant=standard", "ratings: Elo relative to sims=30",
		"crosstable: the row engine's points"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if pgn := runOK(t, "tournament", "pgn", dir); strings.Count(pgn, `[Game "Alquerque"]`) != 6 || !strings.Contains(pgn, `[White "first"]`) {
		t.Errorf("tournament pgn of an Alquerque tournament:\n%s", pgn)
	}
}
