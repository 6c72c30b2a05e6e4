package tournament

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenTournament is a round robin of four engines, 20 games a pairing,
// made from counts (no games played): D, whose name needs escaping in
// Markdown, is swept by A.
func goldenTournament(t *testing.T) *Result {
	run := runspec.Defaults()
	run.Games, run.Seed, run.RandomOpening, run.Out = 20, 7, 4, "runs/t"
	o := Options{Config: Config{Sides: []string{"sims=400", "sims=100", "preset=baseline", "conf:my|engine"}, Anchor: "sims=100", PriorDraws: DefaultPriorDraws},
		ArenaOptionsOf: arena.ArenaOptions{Run: run, Rules: rules.DefaultRules()}}
	names, err := o.names()
	if err != nil {
		t.Fatal(err)
	}
	anchor, err := anchorOf(o.Anchor, names)
	if err != nil {
		t.Fatal(err)
	}
	r := newResult(&o, names, anchor)
	r.Complete = true
	ends := map[string]int{"capture-all": 14, "no-capture-limit": 6}
	r.Pairings = []Played{
		{Pairing{0, 1}, arenaOf(t, stats.WDL{Wins: 11, Draws: 4, Losses: 5}, stats.Pentanomial{1, 1, 3, 3, 2}, ends), true},
		{Pairing{0, 2}, arenaOf(t, stats.WDL{Wins: 9, Draws: 6, Losses: 5}, stats.Pentanomial{0, 2, 5, 2, 1}, ends), true},
		{Pairing{0, 3}, arenaOf(t, stats.WDL{Wins: 20}, stats.Pentanomial{0, 0, 0, 0, 10}, ends), true},
		{Pairing{1, 2}, arenaOf(t, stats.WDL{Wins: 9, Draws: 4, Losses: 7}, stats.Pentanomial{1, 1, 4, 3, 1}, ends), true},
		{Pairing{1, 3}, arenaOf(t, stats.WDL{Wins: 17, Draws: 2, Losses: 1}, stats.Pentanomial{0, 0, 1, 2, 7}, ends), true},
		{Pairing{2, 3}, arenaOf(t, stats.WDL{Wins: 16, Draws: 2, Losses: 2}, stats.Pentanomial{0, 0, 2, 2, 6}, ends), true},
	}
	r.Costs = []match.SideCost{{Moves: 1200, TimeMS: 60000, Nodes: 480000}, {Moves: 1180, TimeMS: 14160, Nodes: 118000}, {Moves: 1210, TimeMS: 15730, Nodes: 121000}, {Moves: 1150, TimeMS: 2300, Nodes: 0}}
	r.fit()
	return r
}

// TestReportMatchesGolden: the rating list and crosstable in text,
// Markdown and JSON are the golden files (go test -update rewrites them
// where a change of the report is meant).
func TestReportMatchesGolden(t *testing.T) {
	r := goldenTournament(t)
	var text, md bytes.Buffer
	if err := r.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	js, err := json.MarshalIndent(r.JSON(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"report.txt": text.Bytes(), "report.md": md.Bytes(), "report.json": append(js, '\n')} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.MkdirAll("testdata", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -update writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (go test -update rewrites it if the change is meant):\n%s", name, path, got)
		}
	}
}
