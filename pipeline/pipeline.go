package pipeline

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments"
	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// Names of the outputs under Config.Out.
const (
	DataDir     = "data"
	VerifyFile  = "verify.json"
	WeightsFile = "weights.json"
	MatchFile   = "match.json"
	ReportDir   = "report"
	StatsFile   = "stats.json"
	SummaryFile = "summary.json"
)

// FitVariant is the variant whose positions the weights are fitted on, and
// whose rules the match is played under: the standard ending, where a draw
// is a draw, so the value target is the game's own result.
const FitVariant = rules.Standard

// Variants are the endgame variants the pipeline plays, in report order.
var Variants = []rules.Variant{rules.Standard, rules.Majority}

// Config describes a pipeline run.
type Config struct {
	// Out is the directory every output goes to (see the package
	// documentation for the layout).
	Out string
	// Games is the number of self-play games per variant.
	Games int64
	// Seed is the seed of everything random: the self-play run (openings
	// and searches), the held-out split of the fit, and the match's
	// openings and searches.
	Seed uint64
	// RandomOpening is the number of uniformly random plies that open every
	// self-play game and every match pair.
	RandomOpening int
	// Engine is the self-play search setting; Engine.Rules are the rules
	// both variants share (the variant itself is set per run).
	Engine mcts.Config
	// Evaluator scores self-play leaves and EvaluatorName identifies it in
	// the dataset's settings (see selfplay.Config).
	Evaluator     mcts.Evaluator
	EvaluatorName string
	// Workers is the number of goroutines playing games (0: one per CPU);
	// it changes only the speed.
	Workers int
	// Fit is the settings of the fit on the FitVariant games.
	Fit eval.FitOptions
	// MatchGames is the number of match games (even; 0 skips the match).
	// MatchEngine is the search setting of both players; the fitted
	// evaluator plays A, the material evaluator B. Its Rules are replaced
	// by Engine.Rules under the FitVariant.
	MatchGames  int
	MatchEngine mcts.Config
	// Confidence is the level of the report's intervals (0 means 0.95).
	Confidence float64
	// Resume continues a run in Out (see the package documentation).
	Resume bool
	// Command is the command line recorded in the report and summary.
	Command string
	// Log receives the stage lines and progress (nil: none); Quiet
	// silences the progress but not errors.
	Log   io.Writer
	Quiet bool
}

// Validate reports the first setting out of range.
func (c *Config) Validate() error {
	switch {
	case c.Out == "":
		return errors.New("no output directory")
	case c.Games < 1:
		return fmt.Errorf("games %d: want at least 1 per variant", c.Games)
	case c.RandomOpening < 0 || c.RandomOpening > 1000:
		return fmt.Errorf("random opening %d: want 0..1000 plies", c.RandomOpening)
	case c.Workers < 0:
		return fmt.Errorf("workers %d: want 0 (one per CPU) or more", c.Workers)
	case c.MatchGames < 0 || c.MatchGames%2 != 0:
		return fmt.Errorf("match games %d: want an even number (each opening is played twice, colours swapped), or 0 to skip the match", c.MatchGames)
	case c.Confidence < 0 || c.Confidence >= 1:
		return fmt.Errorf("confidence %v: want a fraction in (0, 1) such as 0.95", c.Confidence)
	case c.Evaluator == nil:
		return errors.New("pipeline: no self-play evaluator")
	}
	if err := c.Engine.Validate(); err != nil {
		return fmt.Errorf("self-play engine: %w", err)
	}
	if err := c.Fit.Validate(); err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	if c.MatchGames > 0 {
		if err := c.matchEngine().Validate(); err != nil {
			return fmt.Errorf("match engine: %w", err)
		}
	}
	return nil
}

// rulesOf returns the shared rules under variant v.
func (c *Config) rulesOf(v rules.Variant) rules.Rules {
	r := c.Engine.Rules
	r.Variant = v
	return r
}

func (c *Config) matchEngine() mcts.Config {
	m := c.MatchEngine
	m.Rules = c.rulesOf(FitVariant)
	return m
}

func (c *Config) path(name ...string) string {
	return filepath.Join(append([]string{c.Out}, name...)...)
}

// Stage statuses.
const (
	Ran     = "ran"     // the stage did its work
	Resumed = "resumed" // self-play continued a partial run
	Skipped = "skipped" // the stage's output was complete and up to date
)

// Run runs every stage in order and returns the summary, also written to
// OUT/summary.json. An interrupted run (ctx cancelled) returns an error
// that says how to continue.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Confidence == 0 {
		cfg.Confidence = 0.95
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if err := claimOut(&cfg); err != nil {
		return nil, err
	}
	p := &runner{cfg: cfg, log: cfg.Log}
	if p.log == nil {
		p.log = io.Discard
	}
	start := time.Now()
	s := &Summary{Out: cfg.Out, Command: cfg.Command, Settings: p.settings()}
	p.sum = s
	stages := []struct {
		name string
		run  func(context.Context) (status, output string, err error)
	}{
		{"self-play", p.selfplay},
		{"verify", p.verify},
		{"fit", p.fit},
		{"match", p.match},
		{"report", p.report},
	}
	for _, st := range stages {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("stopped before %s: %w; run the same command with --resume to continue", st.name, err)
		}
		t0 := time.Now()
		status, output, err := st.run(ctx)
		if err != nil {
			return nil, err
		}
		s.Stages = append(s.Stages, Stage{Name: st.name, Status: status, Output: output, Seconds: time.Since(t0).Seconds()})
	}
	s.Seconds = time.Since(start).Seconds()
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", SummaryFile, err)
	}
	if err := writeAtomic(cfg.path(SummaryFile), append(b, '\n')); err != nil {
		return nil, err
	}
	return s, nil
}

// claimOut creates Out, or without Resume refuses one that holds outputs
// of an earlier run.
func claimOut(cfg *Config) error {
	if !cfg.Resume {
		var found []string
		for _, name := range []string{DataDir, VerifyFile, WeightsFile, MatchFile, ReportDir, SummaryFile} {
			if _, err := os.Stat(cfg.path(name)); err == nil {
				found = append(found, name)
			}
		}
		if len(found) > 0 {
			return fmt.Errorf("%s already holds a pipeline run (%s): add --resume to continue it (finished stages are kept), or choose another --out",
				cfg.Out, strings.Join(found, ", "))
		}
	}
	if err := os.MkdirAll(cfg.Out, 0o755); err != nil {
		return fmt.Errorf("creating the output directory: %w", err)
	}
	return nil
}

// runner holds a run's state between stages.
type runner struct {
	cfg     Config
	log     io.Writer
	sum     *Summary
	weights *eval.Linear
}

func (p *runner) logf(format string, args ...any) {
	if !p.cfg.Quiet {
		fmt.Fprintf(p.log, "pipeline: "+format+"\n", args...)
	}
}

func (p *runner) settings() Settings {
	c := &p.cfg
	s := Settings{
		GamesPerVariant: c.Games, Seed: c.Seed, RandomOpening: c.RandomOpening,
		Rules:  c.rulesOf(FitVariant).String(),
		Engine: selfplay.EngineDescription(c.Engine, c.EvaluatorName),
		Sims:   c.Engine.Sims, Leaf: c.Engine.Leaf.String(), Evaluator: c.EvaluatorName,
		FitModel: string(c.Fit.Model), FitLambda: c.Fit.Lambda, FitHoldout: c.Fit.Holdout, FitVariant: FitVariant.String(),
		MatchGames: c.MatchGames, Confidence: c.Confidence,
	}
	if c.MatchGames > 0 {
		m := c.matchEngine()
		s.MatchEngine = engineWords(m)
	}
	return s
}

// engineWords names the settings that matter for a match engine in the
// match command's key=value form.
func engineWords(m mcts.Config) string {
	w := fmt.Sprintf("sims=%d,leaf=%s,cpuct=%g", m.Sims, m.Leaf, m.CPUCT)
	if m.Leaf == mcts.LeafPlayout {
		w += fmt.Sprintf(",playout-plies=%d", m.PlayoutPlies)
	}
	return w
}

// selfplay plays the games of both variants.
func (p *runner) selfplay(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	status := Skipped
	for _, v := range Variants {
		sc := selfplay.Config{
			Dir: data, Games: c.Games, Seed: c.Seed, RandomOpening: c.RandomOpening,
			Engine: c.Engine, Evaluator: c.Evaluator, EvaluatorName: c.EvaluatorName,
			Workers: c.Workers, Resume: c.Resume,
		}
		sc.Engine.Rules = c.rulesOf(v)
		if err := checkManifest(data, &sc); err != nil {
			return "", "", err
		}
		var prog selfplay.Progress
		sc.Logf = func(format string, args ...any) { p.logf("self-play %s: "+format, append([]any{v}, args...)...) }
		sc.OnStart = func(planned, skipped int64) {
			if skipped == 0 && planned > 0 {
				p.logf("self-play %s: %d games at %d simulations a move", v, planned, c.Engine.Sims)
			}
			prog.Start(p.log, v.String(), planned, skipped, c.Quiet || planned == skipped)
		}
		sc.OnGame = prog.Game
		sum, err := selfplay.Run(ctx, sc)
		prog.Stop()
		if errors.Is(err, selfplay.ErrInterrupted) {
			return "", "", fmt.Errorf("self-play of the %s variant interrupted: %d of its %d games are in %s; run the same command with --resume to play the rest",
				v, sum.Skipped+sum.Written, sum.Planned, data)
		}
		if err != nil {
			return "", "", fmt.Errorf("self-play of the %s variant: %w", v, err)
		}
		switch {
		case sum.Played > 0 && sum.Skipped > 0:
			status = Resumed
		case sum.Played > 0 && status == Skipped:
			status = Ran
		}
	}
	return status, data, nil
}

// checkManifest refuses, before any game is played, a data directory whose
// variant partition holds a run of other settings, naming the setting.
func checkManifest(dir string, sc *selfplay.Config) error {
	have, ok, err := dataset.ReadManifest(dir, sc.Engine.Rules.Variant.String())
	if err != nil || !ok {
		return err
	}
	want := sc.RunSettings()
	if d := want.Diff(have); d != "" {
		return fmt.Errorf("%s holds a %s run of other settings (%s): --resume continues a run with its own settings (--games, --sims, --seed, --random-opening, engine and rules flags); repeat those, or choose another --out for new ones",
			dir, want.Variant, d)
	}
	return nil
}

// verifyRecord is what OUT/verify.json holds.
type verifyRecord struct {
	Fingerprint string   `json:"fingerprint"`
	Files       int      `json:"files"`
	Games       int64    `json:"games"`
	Positions   int64    `json:"positions"`
	Variants    []string `json:"variants"`
}

// verify checks the dataset with dataset.Verify, unless verify.json shows
// that these very files passed already.
func (p *runner) verify(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	ins, err := dataset.Inspect(data)
	if err != nil {
		return "", "", err
	}
	fp, err := fingerprint(ins)
	if err != nil {
		return "", "", err
	}
	games := map[string]int64{}
	positions := map[string]int64{}
	for _, part := range ins.Partitions {
		if part.Table == dataset.TableGames {
			games[part.Variant] = part.Games
		} else {
			positions[part.Variant] = part.Rows
		}
	}
	for _, v := range Variants {
		if games[v.String()] != c.Games {
			return "", "", fmt.Errorf("%s holds %d of the %d %s games after self-play: run the same command with --resume to play the rest",
				data, games[v.String()], c.Games, v)
		}
		p.sum.Variants = append(p.sum.Variants, VariantFigures{Variant: v.String(), Games: games[v.String()], Positions: positions[v.String()]})
	}
	out := c.path(VerifyFile)
	var rec verifyRecord
	if c.Resume && readJSON(out, &rec) == nil && rec.Fingerprint == fp {
		p.sum.Verified = VerifySummary{Path: out, Games: rec.Games, Positions: rec.Positions, Files: rec.Files}
		return Skipped, out, nil
	}
	var total int64
	for _, n := range games {
		total += n
	}
	p.logf("verify: replaying %d games with the rules core", total)
	rep := progress.Start(p.log, progress.Options{Unit: "games", Total: total, Quiet: c.Quiet})
	var last int64
	res, err := dataset.Verify(ctx, data, dataset.VerifyOptions{Progress: func(n int64) { rep.Add(n - last); last = n }})
	rep.Stop()
	if err != nil {
		return "", "", err
	}
	if !res.OK() {
		n := len(res.Problems) + res.Omitted
		shown := res.Problems
		if len(shown) > 3 {
			shown = shown[:3]
		}
		return "", "", fmt.Errorf("dataset verify found %d problems in %s, first:\n  %s\nrun surakarta dataset verify %s for the list; data that fails verification must be deleted and played again",
			n, data, strings.Join(shown, "\n  "), data)
	}
	rec = verifyRecord{Fingerprint: fp, Files: res.Files, Games: res.Games, Positions: res.Positions, Variants: res.Variants}
	if err := writeJSON(out, rec); err != nil {
		return "", "", err
	}
	p.sum.Verified = VerifySummary{Path: out, Games: rec.Games, Positions: rec.Positions, Files: rec.Files}
	return Ran, out, nil
}

// fingerprint identifies the data files: their paths, sizes and rows. Parts
// are written once and never changed, so equal fingerprints mean the same
// data.
func fingerprint(ins *dataset.Inspection) (string, error) {
	var lines []string
	for _, part := range ins.Partitions {
		for _, f := range part.Files {
			if f.Err != nil {
				return "", fmt.Errorf("%s: %w", f.Path, f.Err)
			}
			rel, err := filepath.Rel(ins.Dir, f.Path)
			if err != nil {
				rel = f.Path
			}
			lines = append(lines, fmt.Sprintf("%s %d %d", filepath.ToSlash(rel), f.Size, f.Rows))
		}
	}
	sort.Strings(lines)
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(h[:]), nil
}

// fit fits the weights on the FitVariant games, unless weights.json holds
// a fit of the same options on the same data.
func (p *runner) fit(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	out := c.path(WeightsFile)
	variant := FitVariant.String()
	prov, err := eval.DatasetProvenance(data, variant)
	if err != nil {
		return "", "", err
	}
	opt := c.Fit
	opt.RowsHint = prov.Rows
	if c.Resume {
		if wf, l, err := eval.LoadWeights(out); err == nil && sameFit(wf, opt, variant, prov) {
			p.weights = l
			p.sum.Fit = fitSummary(out, wf.Report)
			return Skipped, out, nil
		}
	}
	p.logf("fit: %s on the %d %s positions (%d games)", opt.Model, prov.Rows, variant, prov.Games)
	res, err := eval.Fit(ctx, eval.DatasetSource{Dir: data, Variant: variant}, opt)
	if err != nil {
		return "", "", fmt.Errorf("fit: %w (more --games give the fit more to work with)", err)
	}
	wf := eval.NewWeightsFile(res.Model)
	wf.Variant, wf.Lambda, wf.Blend, wf.Holdout, wf.Seed = variant, opt.Lambda, opt.Blend, opt.Holdout, opt.Seed
	wf.Dataset = prov
	wf.Report = &res.Report
	if err := wf.Save(out); err != nil {
		return "", "", fmt.Errorf("writing weights: %w", err)
	}
	p.weights = res.Model
	p.sum.Fit = fitSummary(out, &res.Report)
	return Ran, out, nil
}

// sameFit reports whether weights file wf is the fit opt would make of the
// dataset prov describes.
func sameFit(wf *eval.WeightsFile, opt eval.FitOptions, variant string, prov eval.Provenance) bool {
	d := wf.Dataset
	return wf.Report != nil && wf.Model == opt.Model && wf.Lambda == opt.Lambda && wf.Blend == opt.Blend &&
		wf.Holdout == opt.Holdout && wf.Seed == opt.Seed && wf.Variant == variant &&
		wf.Report.Iterations <= opt.MaxIterations &&
		d.Seed == prov.Seed && d.Rules == prov.Rules && d.Engine == prov.Engine && d.Rows == prov.Rows && d.Games == prov.Games
}

func fitSummary(path string, r *eval.Report) *FitSummary {
	h := r.Holdout
	return &FitSummary{
		Path: path, Model: string(r.Model), Variant: FitVariant.String(),
		TrainPositions: r.Train.Positions, TrainGames: r.Train.Games,
		HoldoutPositions: h.Positions, HoldoutGames: h.Games,
		LogLoss: h.LogLoss, BaselineLogLoss: h.BaselineLogLoss,
		Brier: h.Brier, BaselineBrier: h.BaselineBrier,
	}
}

// matchSettings identify a match: equal settings give the same result.
type matchSettings struct {
	Games         int    `json:"games"`
	Seed          uint64 `json:"seed"`
	RandomOpening int    `json:"random_opening"`
	Rules         string `json:"rules"`
	// Engine is both players' search settings (selfplay.EngineDescription
	// without an evaluator); A plays the weights, B the material evaluator.
	Engine  string `json:"engine"`
	Weights string `json:"weights_sha256"`
}

// matchRecord is what OUT/match.json holds.
type matchRecord struct {
	Settings matchSettings     `json:"settings"`
	A        string            `json:"a"`
	B        string            `json:"b"`
	Result   *eval.ArenaResult `json:"result"`
}

// match plays the fitted evaluator against the material evaluator, unless
// match.json holds a complete match of the same settings and weights.
func (p *runner) match(ctx context.Context) (string, string, error) {
	c := &p.cfg
	if c.MatchGames == 0 {
		return Skipped, "", nil
	}
	out := c.path(MatchFile)
	wb, err := os.ReadFile(c.path(WeightsFile))
	if err != nil {
		return "", "", err
	}
	h := sha256.Sum256(wb)
	eng := c.matchEngine()
	set := matchSettings{Games: c.MatchGames, Seed: c.Seed, RandomOpening: c.RandomOpening,
		Rules: eng.Rules.String(), Engine: selfplay.EngineDescription(eng, ""), Weights: hex.EncodeToString(h[:])}
	var rec matchRecord
	if c.Resume && readJSON(out, &rec) == nil && rec.Settings == set && rec.Result != nil && rec.Result.Games == set.Games {
		p.sum.Match = matchSummary(out, eng, rec.Result)
		return Skipped, out, nil
	}
	p.logf("match: fitted weights (A) against material (B), %d games, both at %s", c.MatchGames, engineWords(eng))
	var done atomic.Int64
	var score atomic.Value
	rep := progress.Start(p.log, progress.Options{Unit: "games", Total: int64(c.MatchGames), Quiet: c.Quiet,
		Extra: func(time.Duration) string {
			s, _ := score.Load().(string)
			return s
		}})
	opt := eval.ArenaOptions{Games: c.MatchGames, Rules: eng.Rules, Seed: c.Seed, RandomOpening: c.RandomOpening, Workers: c.Workers,
		Progress: func(r eval.ArenaResult) {
			rep.Add(int64(r.Games) - done.Swap(int64(r.Games)))
			score.Store(fmt.Sprintf("A %d-%d-%d, score %.3f", r.Wins, r.Draws, r.Losses, float64(r.Score)))
		}}
	res, err := eval.Arena(ctx, eval.SearchPlayer(eng, p.weights), eval.SearchPlayer(eng, mcts.Material{}), opt)
	rep.Stop()
	if err != nil {
		if ctx.Err() != nil {
			return "", "", fmt.Errorf("match interrupted: %w; run the same command with --resume: the finished stages are kept and the match is played again", err)
		}
		return "", "", fmt.Errorf("match: %w", err)
	}
	rec = matchRecord{Settings: set, A: engineWords(eng) + ",eval=" + WeightsFile, B: engineWords(eng) + ",eval=material", Result: res}
	if err := writeJSON(out, rec); err != nil {
		return "", "", err
	}
	p.sum.Match = matchSummary(out, eng, res)
	return Ran, out, nil
}

func matchSummary(path string, eng mcts.Config, r *eval.ArenaResult) *MatchSummary {
	return &MatchSummary{
		Path: path, Engine: engineWords(eng), Games: r.Games,
		Wins: r.Wins, Draws: r.Draws, Losses: r.Losses, Score: float64(r.Score),
		Elo: experiments.Num(r.Elo), EloCI: [2]experiments.Num{experiments.Num(r.EloCI[0]), experiments.Num(r.EloCI[1])}, LOS: r.LOS,
	}
}

// report writes the statistics and the variant report.
func (p *runner) report(ctx context.Context) (string, string, error) {
	c := &p.cfg
	data := c.path(DataDir)
	dir := c.path(ReportDir)

	// The statistics exactly as `surakarta stats DATA --compare --json`.
	st := experiments.NewCollector(nil, true)
	if err := st.AddDir(ctx, "", data); err != nil {
		return "", "", err
	}
	res, err := st.Analyze(c.Confidence, true)
	if err != nil {
		return "", "", fmt.Errorf("statistics: %w", err)
	}

	// The report: one arm per variant, named by it, compared game by game.
	col := experiments.NewCollector(nil, true)
	var arms []experiments.ArmInfo
	ev := c.EvaluatorName
	if ev == "material" {
		ev = ""
	}
	for _, v := range Variants {
		name := v.String()
		if err := experiments.ScanGames(ctx, data, name, func(g *experiments.Game) error {
			col.Add(name, g)
			return nil
		}); err != nil {
			return "", "", err
		}
		arms = append(arms, experiments.ArmInfo{Name: name, Variant: name, Sims: c.Engine.Sims, Evaluator: ev, Dir: "../" + DataDir})
	}
	r, err := experiments.BuildReport(experiments.ReportInput{
		Title:       "Pipeline: standard against majority ending",
		Description: p.description(),
		Command:     c.Command,
		Confidence:  c.Confidence,
		Arms:        arms,
		Collector:   col,
		Compare:     [][2]string{{Variants[0].String(), Variants[1].String()}},
	})
	if err != nil {
		return "", "", fmt.Errorf("report: %w", err)
	}
	if err := r.WriteFiles(dir); err != nil {
		return "", "", fmt.Errorf("writing the report: %w", err)
	}
	if err := writeJSON(filepath.Join(dir, StatsFile), res); err != nil {
		return "", "", err
	}
	p.fillFigures(r)
	files := append([]string{"report.md", "report.json", StatsFile}, r.Plots...)
	p.sum.Report = ReportSummary{Dir: dir, Files: files}
	return Ran, filepath.Join(dir, "report.md"), nil
}

func (p *runner) description() string {
	c := &p.cfg
	return fmt.Sprintf("Made by the pipeline: %d self-play games per variant at %d simulations a move (%s leaves, evaluator %s), "+
		"game i of both variants opening with the same %d random plies (seed %d), rules %s otherwise.",
		c.Games, c.Engine.Sims, c.Engine.Leaf, c.EvaluatorName, c.RandomOpening, c.Seed, strings.TrimPrefix(c.rulesOf(FitVariant).String(), "variant=standard,"))
}

// fillFigures copies the report's headline figures into the summary.
func (p *runner) fillFigures(r *experiments.Report) {
	for i := range p.sum.Variants {
		f := &p.sum.Variants[i]
		for _, a := range r.Arms {
			if a.Variant != f.Variant {
				continue
			}
			s := a.Stats
			f.RedWins, f.Draws, f.BlackWins = s.RedWins, s.Draws, s.BlackWins
			f.FirstPlayer = s.FirstPlayer
			f.FirstPlayerScore = s.FirstPlayerScore
			f.DrawRate = s.DrawRate
			f.MeanPlies = s.Plies.Mean
		}
	}
	if len(r.Comparisons) > 0 {
		cmp := r.Comparisons[0]
		vc := &VariantComparison{A: cmp.A, B: cmp.B, FirstPlayerScoreDiff: cmp.FirstPlayerScore.Diff}
		if d, ok := cmp.Rates["draw_rate"]; ok {
			vc.DrawRateDiff = d.Diff
		}
		if pr := cmp.Paired; pr != nil {
			vc.Pairs = pr.Pairs
			vc.PairedScoreDiff = &experiments.PairedFigure{Value: pr.ScoreDiff.Value, CI: pr.ScoreDiff.CI, T: pr.ScoreDiff.T, P: pr.ScoreDiff.P}
			vc.PairedDrawDiff = &experiments.Estimate{Value: pr.Draws.Value, CI: pr.Draws.CI}
			vc.PairedDrawP = pr.Draws.P
		}
		p.sum.Comparison = vc
	}
}

// readJSON decodes the JSON file at path into v.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// writeJSON writes v as indented JSON to path atomically.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", filepath.Base(path), err)
	}
	return writeAtomic(path, append(b, '\n'))
}

// writeAtomic writes data to a temporary file beside path, syncs it and
// renames it into place, so path holds the old file or the new one.
func writeAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	_, werr := io.Copy(f, bytes.NewReader(data))
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
