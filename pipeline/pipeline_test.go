package pipeline

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/arena"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// testModel is the model the tiny runs' second match plays.
const testModel = "trained-patterns"

// tinyConfig is a whole pipeline in well under a second: 8 games per
// variant at 8 simulations, two 4-game matches at 16.
func tinyConfig(out string) Config {
	eng := runspec.AsBaseline(selfplay.DefaultEngine())
	eng.Sims = 8
	m := DefaultMatchEngine()
	m.Sims = 16
	return Config{
		Run:   runspec.Settings{Out: out, Games: 8, Seed: 1, RandomOpening: 4, Concurrency: 2},
		Rules: rules.DefaultRules(), Engine: eng, Evaluator: eval.Opened{Evaluator: mcts.Material{}, Identity: mcts.MaterialName},
		Fit: fit.DefaultFitOptions(), MatchGames: 4, MatchEngine: m, MatchModel: testModel,
	}
}

func statuses(s *Summary) map[string]string {
	m := map[string]string{}
	for _, st := range s.Stages {
		m[st.Name] = st.Status
	}
	return m
}

// figures is the part of a summary that must not depend on how the run
// got there (fresh, resumed, interrupted): everything but paths, statuses
// and timings.
func figures(s *Summary) string {
	b, _ := json.Marshal(struct {
		V  []VariantFigures
		C  *VariantComparison
		F  *FitSummary
		M  *MatchSummary
		MM *MatchSummary
		S  Strength
		N  VerifySummary
	}{s.Variants, s.Comparison, s.Fit, s.Match, s.ModelMatch, s.Strength, s.Verified})
	r := strings.NewReplacer(s.Out, "OUT")
	return r.Replace(string(b))
}

// freshRun runs the tiny pipeline once for the tests that compare with it.
func freshRun(t *testing.T) *Summary {
	t.Helper()
	return testutil.Once(t, "fresh run", func(dir string) (*Summary, error) {
		return Run(context.Background(), tinyConfig(dir))
	})
}

func TestMain(m *testing.M) { testutil.Main(m) }

func TestRunWritesEveryOutputAndTheSummaryAgreesWithThem(t *testing.T) {
	s := freshRun(t)
	out := s.Out
	for _, p := range []string{DataDir, VerifyFile, WeightsFile, MatchFile, ModelMatchFile, SummaryFile,
		filepath.Join(ReportDir, "report.md"), filepath.Join(ReportDir, "report.json"), filepath.Join(ReportDir, StatsFile),
		filepath.Join(ReportDir, report.OutcomesPlot)} {
		if _, err := os.Stat(filepath.Join(out, p)); err != nil {
			t.Errorf("missing output %s: %v", p, err)
		}
	}
	for name, st := range statuses(s) {
		if st != Ran {
			t.Errorf("fresh run: stage %s %s, want %s", name, st, Ran)
		}
	}
	if len(s.Variants) != 2 || s.Variants[0].Variant != "standard" || s.Variants[1].Variant != "majority" {
		t.Fatalf("variants %+v, want standard then majority", s.Variants)
	}
	var games, positions int64
	for _, v := range s.Variants {
		if v.Games != 8 || v.RedWins+v.Draws+v.BlackWins != 8 {
			t.Errorf("%s: %d games, %d-%d-%d: want 8 games that add up", v.Variant, v.Games, v.RedWins, v.Draws, v.BlackWins)
		}
		if !(v.FirstPlayerScore.CI[0] <= v.FirstPlayerScore.Value && v.FirstPlayerScore.Value <= v.FirstPlayerScore.CI[1]) {
			t.Errorf("%s: score %v outside its interval %v", v.Variant, v.FirstPlayerScore.Value, v.FirstPlayerScore.CI)
		}
		games += v.Games
		positions += v.Positions
	}
	if s.Verified.Games != games || s.Verified.Positions != positions {
		t.Errorf("verified %d games %d positions, the partitions hold %d and %d", s.Verified.Games, s.Verified.Positions, games, positions)
	}
	if c := s.Comparison; c == nil || c.Pairs != 8 {
		t.Errorf("comparison %+v: want the 8 games of each variant paired by opening", c)
	}
	for opp, m := range map[string]*MatchSummary{mcts.MaterialName: s.Match, testModel: s.ModelMatch} {
		if m == nil || m.Games != 4 || m.Wins+m.Draws+m.Losses != 4 || m.Opponent != opp {
			t.Errorf("match %+v: want 4 games against %s", m, opp)
		}
	}

	// The weights on disk are the fit the summary reports.
	wf, _, err := eval.LoadWeights(filepath.Join(out, WeightsFile))
	if err != nil {
		t.Fatal(err)
	}
	if wf.Report.Holdout.LogLoss != s.Fit.LogLoss || wf.Variant != "standard" {
		t.Errorf("weights.json: log-loss %v variant %s; summary %v", wf.Report.Holdout.LogLoss, wf.Variant, s.Fit.LogLoss)
	}
	// summary.json is the returned summary.
	var disk Summary
	b, err := os.ReadFile(filepath.Join(out, SummaryFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &disk); err != nil {
		t.Fatal(err)
	}
	if figures(&disk) != figures(s) {
		t.Errorf("summary.json differs from the returned summary:\n%s\n%s", figures(&disk), figures(s))
	}
	// The report's arms carry the same figures.
	var rep report.Report
	b, err = os.ReadFile(filepath.Join(out, ReportDir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Arms) != 2 || rep.Arms[0].Stats.FirstPlayerScore != s.Variants[0].FirstPlayerScore {
		t.Errorf("report.json arms %d, first score %+v; summary %+v", len(rep.Arms), rep.Arms[0].Stats.FirstPlayerScore, s.Variants[0].FirstPlayerScore)
	}
	// One test and one p for the draw-rate change: the summary's is the
	// report's, and the report's answer quotes the same.
	if c := s.Comparison; c != nil && len(rep.Comparisons) == 1 && rep.Comparisons[0].Paired != nil {
		d := rep.Comparisons[0].Paired.Draws
		quoted := fmt.Sprintf("%s p %s", d.Test, stats.PText(d.P))
		var text bytes.Buffer
		if err := s.WriteText(&text); err != nil {
			t.Fatal(err)
		}
		if c.PairedDrawTest != d.Test || c.PairedDrawP != d.P || !strings.Contains(text.String(), "("+quoted+")") ||
			!strings.Contains(strings.Join(rep.Answer, "\n"), quoted) {
			t.Errorf("the draw-rate change is quoted as %q in report.json, %s p %v in the summary; answer %q, summary text\n%s",
				quoted, c.PairedDrawTest, c.PairedDrawP, rep.Answer, text.String())
		}
	} else {
		t.Errorf("no paired comparison in report.json (%d comparisons) or the summary", len(rep.Comparisons))
	}
}

func TestResumeSkipsUpToDateStagesAndRerunsChangedOnes(t *testing.T) {
	first := freshRun(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(first.Out)); err != nil {
		t.Fatal(err)
	}
	cfg := tinyConfig(dir)
	cfg.Run.Resume = true
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"self-play": Skipped, "verify": Skipped, "fit": Skipped, "match material": Skipped, "match model": Skipped, "report": Ran}
	if got := statuses(s); !reflect.DeepEqual(got, want) {
		t.Errorf("resume of a complete run: %v, want %v", got, want)
	}
	if figures(s) != figures(first) {
		t.Errorf("resumed figures differ from the run's:\n%s\n%s", figures(s), figures(first))
	}

	// Another match size reruns the match only.
	cfg.MatchGames = 2
	s, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want["match material"], want["match model"] = Ran, Ran
	if got := statuses(s); !reflect.DeepEqual(got, want) || s.Match.Games != 2 || s.ModelMatch.Games != 2 {
		t.Errorf("changed --match-games: %v (match %d games), want %v", got, s.Match.Games, want)
	}

	// Another penalty refits, and new weights mean a new match.
	cfg.Fit.Lambda *= 10
	s, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want["fit"] = Ran
	if got := statuses(s); !reflect.DeepEqual(got, want) {
		t.Errorf("changed --lambda: %v, want %v", got, want)
	}

	// A changed data file is verified again.
	matches, _ := filepath.Glob(filepath.Join(dataset.PartitionDir(filepath.Join(dir, DataDir), dataset.TableGames, "majority"), "*.parquet"))
	if len(matches) == 0 {
		t.Fatal("no majority games part")
	}
	var rec verifyRecord
	if err := atomicfile.ReadJSON(filepath.Join(dir, VerifyFile), &rec); err != nil {
		t.Fatal(err)
	}
	rec.Fingerprint = "stale"
	if err := atomicfile.WriteJSON(filepath.Join(dir, VerifyFile), rec); err != nil {
		t.Fatal(err)
	}
	s, err = Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if st := statuses(s)["verify"]; st != Ran {
		t.Errorf("verify.json of other files: verify %s, want %s", st, Ran)
	}
}

func TestInterruptedRunResumesToTheSameFigures(t *testing.T) {
	first := freshRun(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := tinyConfig(dir)
	cfg.Log = &testutil.Buffer{OnText: "self-play majority", Do: cancel}
	if _, err := Run(ctx, cfg); err == nil || !strings.Contains(err.Error(), "with resume") {
		t.Fatalf("interrupted run: got %v, want an error that says to resume", err)
	}
	cfg.Log = nil
	cfg.Run.Resume = true
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := statuses(s)["self-play"]; got == Skipped {
		t.Errorf("self-play after an interruption: %s, want it to play the missing games", got)
	}
	if strings.ReplaceAll(figures(s), dir, "OUT") != figures(first) {
		t.Errorf("interrupted and resumed run differs from a straight run:\n%s\n%s", figures(s), figures(first))
	}
}

func TestRefusals(t *testing.T) {
	first := freshRun(t)
	tests := []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"an earlier run without --resume", func(c *Config) { c.Run.Out = first.Out }, "add resume"},
		{"other self-play settings on resume", func(c *Config) { c.Run.Out, c.Run.Resume, c.Run.Seed = first.Out, true, c.Run.Seed+1 }, "another out"},
		{"odd match games", func(c *Config) { c.MatchGames = 3 }, "even"},
		{"no games", func(c *Config) { c.Run.Games = 0 }, "at least 1"},
		{"bad fit penalty", func(c *Config) { c.Fit.Lambda = 0 }, "lambda"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tinyConfig(t.TempDir())
			tc.change(&cfg)
			_, err := Run(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
	// The refused run changed nothing.
	b, err := os.ReadFile(filepath.Join(first.Out, SummaryFile))
	if err != nil || !bytes.Contains(b, []byte(`"games_per_variant": 8`)) {
		t.Errorf("summary.json of the refused directory changed: %v", err)
	}
}

func TestMatchZeroSkipsTheMatch(t *testing.T) {
	cfg := tinyConfig(t.TempDir())
	cfg.MatchGames = 0
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	st := statuses(s)
	if s.Match != nil || s.ModelMatch != nil || st["match material"] != Skipped || st["match model"] != Skipped {
		t.Errorf("--match-games 0: matches %+v %+v, statuses %v", s.Match, s.ModelMatch, st)
	}
	for _, f := range []string{MatchFile, ModelMatchFile} {
		if _, err := os.Stat(filepath.Join(cfg.Run.Out, f)); err == nil {
			t.Errorf("%s written although the matches were skipped", f)
		}
	}
	var buf bytes.Buffer
	if err := s.WriteText(&buf); err != nil || !strings.Contains(buf.String(), "match: skipped") {
		t.Errorf("summary text does not say the match was skipped: %v\n%s", err, buf.String())
	}
}

// TestResumeWithMoreGamesExtendsTheRun: --games 10 --resume on a run of 8
// plays the two new games of each variant and ends equal to a run of 10.
func TestResumeWithMoreGamesExtendsTheRun(t *testing.T) {
	base := t.TempDir()
	small := tinyConfig(filepath.Join(base, "grown"))
	if _, err := Run(context.Background(), small); err != nil {
		t.Fatal(err)
	}
	grown := tinyConfig(small.Run.Out)
	grown.Run.Games, grown.Run.Resume = 10, true
	s, err := Run(context.Background(), grown)
	if err != nil {
		t.Fatal(err)
	}
	if st := statuses(s); st["self-play"] != Resumed || st["verify"] != Ran || st["fit"] != Ran {
		t.Fatalf("grown run's stages: %v, want self-play resumed and verify and fit run again", st)
	}
	ref := tinyConfig(filepath.Join(base, "ref"))
	ref.Run.Games = 10
	want, err := Run(context.Background(), ref)
	if err != nil {
		t.Fatal(err)
	}
	// The grown run holds its games in more part files; every figure else
	// is the same.
	s.Verified.Files, want.Verified.Files = 0, 0
	if g, w := figures(s), figures(want); g != w {
		t.Fatalf("the grown run's figures differ from a run of 10:\n%s\n%s", g, w)
	}
}

// TestTwoPipelinesInOneDirectoryAreRefused: the second is told who holds
// the directory.
func TestTwoPipelinesInOneDirectoryAreRefused(t *testing.T) {
	cfg := tinyConfig(t.TempDir())
	lock, err := claimOut(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	cfg.Run.Resume = true
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "another pipeline is writing") || !strings.Contains(err.Error(), "pid ") {
		t.Fatalf("second pipeline: %v, want a refusal naming the holder", err)
	}
}

// enumeratedConfig is tinyConfig under the findings' procedure at one
// ply: every 1-ply opening (16) twice a variant, the matches' pairs from
// the same openings.
func enumeratedConfig(out string) Config {
	cfg := tinyConfig(out)
	cfg.Run.Games, cfg.Run.RandomOpening, cfg.Opening = 32, 1, dataset.OpeningEnumerated
	cfg.Engine.NoiseWeight, cfg.Engine.TemperaturePlies = 0, 0
	return cfg
}

// TestEnumeratedOpeningsStratifyTheAdvantageAndOpenTheMatches: under
// enumerated openings every variant's advantage is stratified by opening,
// the strength block quotes the standard one, and the match pairs start
// from the positions after the same openings.
func TestEnumeratedOpeningsStratifyTheAdvantageAndOpenTheMatches(t *testing.T) {
	cfg := enumeratedConfig(t.TempDir())
	s, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range s.Variants {
		if v.StratifiedAdvantage == nil {
			t.Fatalf("%s: no stratified advantage from 16 openings played twice", v.Variant)
		}
	}
	if a := s.Strength.Advantage; a == nil || *a != *s.Variants[0].StratifiedAdvantage {
		t.Errorf("strength's advantage %+v, want the standard variant's %+v", a, s.Variants[0].StratifiedAdvantage)
	}
	if s.Settings.Opening != dataset.OpeningEnumerated || s.Settings.Openings != 16 {
		t.Errorf("settings say opening %q of %d openings, want enumerated of 16", s.Settings.Opening, s.Settings.Openings)
	}
	book, err := matchOpeningsOf(&cfg, cfg.Rules, rules.Start())
	if err != nil || len(book) != 16 {
		t.Fatalf("match openings: %d (%v), want 16", len(book), err)
	}
	for _, f := range []string{MatchFile, ModelMatchFile} {
		var rec matchRecord
		if err := atomicfile.ReadJSON(filepath.Join(cfg.Run.Out, f), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Settings.Openings != arena.OpeningsText(rules.DefaultRules(), book) || rec.Settings.RandomOpening != 0 {
			t.Errorf("%s: openings %q and %d random plies, want the book %q and none", f, rec.Settings.Openings, rec.Settings.RandomOpening, arena.OpeningsText(rules.DefaultRules(), book))
		}
	}
	var text bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"game i of both from 1-ply opening i mod 16, every opening alike (seed 1)", "pairs from 1-ply opening k mod 16",
		"stratified by opening), standard: " + s.Strength.Advantage.PointsText(" pts"), FindingsDoc} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, text.String())
		}
	}
	b, err := os.ReadFile(filepath.Join(cfg.Run.Out, ReportDir, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("**At which strength.**")) || !bytes.Contains(b, []byte(FindingsDoc)) {
		t.Errorf("report.md does not say at which strength its figures hold and where the findings are")
	}

	// Games that do not play every opening equally often are refused.
	cfg = enumeratedConfig(t.TempDir())
	cfg.Run.Games = 24
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "multiple of their 16") {
		t.Errorf("24 games of 16 openings: %v, want a refusal asking for a multiple of 16", err)
	}
}

// TestResumeOfARunUnderOtherOpeningsNamesEverySettingThatRestoresIt: a run
// made under random openings with root noise and sampling (the old
// defaults' procedure), resumed under enumerated openings and best play,
// is refused before anything is played, naming each differing setting and
// the settings that continue it.
func TestResumeOfARunUnderOtherOpeningsNamesEverySettingThatRestoresIt(t *testing.T) {
	old := freshRun(t)
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(old.Out)); err != nil {
		t.Fatal(err)
	}
	cfg := enumeratedConfig(dir)
	cfg.Run.Resume = true
	_, err := Run(context.Background(), cfg)
	if err == nil {
		t.Fatal("a run of other openings and engine was resumed")
	}
	for _, want := range []string{"opening: this run enumerated, the partition random", "random_opening: this run 1, the partition 4",
		"noise_weight: this run 0, the partition 0.25", "resume noise_weight=0.25 temperature_plies=20 random_opening=4 opening=random"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal lacks %q:\n%v", want, err)
		}
	}
}

// TestInterruptedStagesSaySo: Ctrl-C during verify said "context
// canceled", and between stages "stopped before match: context canceled";
// both say they were interrupted and how to resume.
func TestInterruptedStagesSaySo(t *testing.T) {
	for _, tc := range []struct{ on, start, end string }{
		{"verify: ", "verify interrupted: ", "run the same command with resume: the finished stages are kept and the data is verified again"},
		{"fit: ", "interrupted before the match", " stage: the finished stages are kept; run the same command with resume to continue"},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cfg := tinyConfig(t.TempDir())
		cfg.Log = &testutil.Buffer{OnText: tc.on, Do: cancel}
		if _, err := Run(ctx, cfg); err == nil || !strings.HasPrefix(err.Error(), tc.start) || !strings.HasSuffix(err.Error(), tc.end) {
			t.Errorf("cancelled at %q: %v\nwant %s...%s", tc.on, err, tc.start, tc.end)
		}
		cancel()
	}
}
