package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/experiments/gamestats"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/pipeline"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// defaultRun holds what README says of the default pipeline run:
// summary.json as `surakarta pipeline` wrote it with every flag at its
// default, and first-games.txt, its first games of each variant.
// scripts/readme/pipeline-default.sh makes both again from a new run.
const defaultRun = "testdata/pipeline-default"

// replayedGames is how many games of each variant the replay plays.
const replayedGames = 8

func readDefaultRun(t *testing.T) *pipeline.Summary {
	t.Helper()
	var s pipeline.Summary
	if err := atomicfile.ReadJSON(filepath.Join(defaultRun, pipeline.SummaryFile), &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// TestREADMEQuotesTheCommittedDefaultRun: README's summary block is the
// committed run's summary as the pipeline prints it, and its other
// figures of that run (wall and CPU time, the DuckDB join's counts, the
// first player's advantage against the findings') are that run's.
func TestREADMEQuotesTheCommittedDefaultRun(t *testing.T) {
	s := readDefaultRun(t)
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)It ends with a summary like this one[^\n]*\n\n```\n(.*?)```\n").FindStringSubmatch(string(b))
	if block == nil {
		t.Fatal("README has no summary block after \"It ends with a summary like this one\"")
	}
	readme := strings.Join(strings.Fields(string(b)), " ") // prose may break lines anywhere
	var text strings.Builder
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if block[1] != text.String() {
		t.Errorf("README's summary block is not the committed run's summary (%s):\n--- README ---\n%s\n--- the run ---\n%s", defaultRun, block[1], text.String())
	}
	wantTime := fmt.Sprintf("%.0f s wall, %.0f CPU-s", s.Seconds, s.CPUSeconds)
	if !strings.Contains(readme, wantTime) {
		t.Errorf("README does not give the committed run's time as %q", wantTime)
	}
	join := regexp.MustCompile("join gives its ([0-9,]+) positions once each, where a join on `game_id` alone gives ([0-9,]+)").FindStringSubmatch(readme)
	if join == nil || join[1] != commas(s.Verified.Positions) || join[2] != commas(2*s.Verified.Positions) {
		t.Errorf("README's DuckDB counts %q, want %s and %s (the run's positions, and twice them: every game id is in both variants)",
			join, commas(s.Verified.Positions), commas(2*s.Verified.Positions))
	}
	st := s.Strength
	if st.Advantage == nil || st.Findings == nil || !st.Agrees {
		t.Fatalf("the committed run's strength %+v: want its advantage beside the findings' figure at its engine, agreeing", st)
	}
	found := readme[strings.Index(readme, "## What we found"):]
	wants := []string{st.Advantage.PointsText(" points"), st.Findings.Advantage.PointsText(" points"), "docs/findings/README.md"}
	for _, r := range st.Ladder { // the ladders, rung by rung
		wants = append(wants, fmt.Sprintf("%s at %d", stats.PointsText(r.Advantage.Value), r.Sims))
	}
	for _, want := range wants {
		if !strings.Contains(found, want) {
			t.Errorf("README's \"What we found\" does not say %q", want)
		}
	}
	if v := s.Variants[0]; v.FirstPlayerScore.Value <= 0.55 {
		t.Errorf("the default run's first player scores %.3f: the findings' engine gives Red more than 0.55", v.FirstPlayerScore.Value)
	}
}

// commas writes n with thousands separators, as README does.
func commas(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// TestCommittedDefaultRunIsTodaysDefaults: the committed run's settings
// are the pipeline's defaults, and its first games of each variant are the
// games today's program plays from them (a change of the defaults, the
// engine, the model or the rules that would change README's figures fails
// here, in about a second, instead of going stale). Under -update with
// SURAKARTA_PIPELINE_DATA set to a default run's data directory
// (scripts/readme/pipeline-default.sh), first-games.txt is rewritten from
// that run's games, and the replay must still agree with them.
func TestCommittedDefaultRunIsTodaysDefaults(t *testing.T) {
	s := readDefaultRun(t)
	e := runspec.PipelineEngine()
	opened, err := eval.OpenEvaluator(e.Evaluator)
	if err != nil {
		t.Fatal(err)
	}
	e.Evaluator = opened.Identity
	fo := fit.DefaultFitOptions()
	set := s.Settings
	want := pipeline.Settings{
		GamesPerVariant: pipeline.DefaultGames, Seed: runspec.Defaults().Seed, RandomOpening: pipeline.DefaultRandomOpening, Opening: pipeline.DefaultOpening,
		Openings: set.Openings, Rules: rules.DefaultRules().String(), Engine: setting.JSON(e.Describe()),
		Sims: e.Sims, Leaf: e.Leaf.String(), Evaluator: e.Evaluator,
		FitModel: string(fo.Model), FitLambda: fo.Lambda, FitHoldout: fo.Holdout, FitVariant: pipeline.FitVariant.String(),
		MatchGames: pipeline.DefaultMatchGames, MatchEngine: runspec.PipelineMatchEngine().Text("sims", "leaf", "cpuct"), MatchModel: pipeline.DefaultMatchModel,
		Confidence: 0.95, Players: pipeline.DefaultPlayers,
	}
	if set != want || s.Out != "out" {
		t.Fatalf("%s was not made with today's defaults (out %q):\n got %+v\nwant %+v\nrun scripts/readme/pipeline-default.sh", defaultRun, s.Out, set, want)
	}

	replay := map[string][]string{}
	dir := t.TempDir()
	ids := make([]int64, replayedGames)
	for i := range ids {
		ids[i] = int64(i)
	}
	for _, v := range pipeline.Variants {
		r := rules.DefaultRules()
		r.Variant = v
		cfg := selfplay.Config{Run: runspec.Settings{Out: dir, Games: set.GamesPerVariant, Seed: set.Seed, RandomOpening: set.RandomOpening, Concurrency: 2},
			Rules: r, Engine: e, Evaluator: opened.Evaluator, Opening: set.Opening, Players: set.Players, GameIDs: ids}
		if _, err := selfplay.Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		replay[v.String()] = gameLines(t, dir, v.String())
	}
	golden := filepath.Join(defaultRun, "first-games.txt")
	if data := os.Getenv("SURAKARTA_PIPELINE_DATA"); *update && data != "" {
		var lines []string
		for _, v := range pipeline.Variants {
			lines = append(lines, gameLines(t, data, v.String())[:replayedGames]...)
		}
		if err := os.WriteFile(golden, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range pipeline.Variants {
		got = append(got, replay[v.String()]...)
	}
	if g, w := strings.Join(got, "\n")+"\n", string(b); g != w {
		t.Errorf("games 0-%d of the default run, played today, differ from %s:\n--- today ---\n%s--- committed ---\n%s", replayedGames-1, golden, g, w)
	}
}

// gameLines writes the games of a variant in dir, in id order, one line
// each: variant, id, winner, ending, plies and a digest of the moves.
func gameLines(t *testing.T, dir, variant string) []string {
	t.Helper()
	byID := map[int64]string{}
	var maxID int64 = -1
	err := gamestats.ScanGames(context.Background(), dir, variant, func(g *gamestats.Game) error {
		h := sha256.Sum256([]byte(strings.Join(g.Moves, " ")))
		byID[g.ID] = fmt.Sprintf("%s %d %s %s %d %x", variant, g.ID, g.Winner, g.Reason, g.Plies, h[:8])
		maxID = max(maxID, g.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for id := int64(0); id <= maxID; id++ {
		if l, ok := byID[id]; ok {
			out = append(out, l)
		}
	}
	return out
}
