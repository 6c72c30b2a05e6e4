package pipeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/rundir"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

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
	lock, err := claimOut(&cfg)
	if err != nil {
		return nil, err
	}
	defer lock.Release()
	p := &runner{cfg: cfg, log: cfg.Log}
	if p.log == nil {
		p.log = io.Discard
	}
	start, cpu := time.Now(), cpuSeconds()
	s := &Summary{Out: cfg.Run.Out, Command: cfg.Command, Settings: p.settings()}
	p.sum = s
	stages := []struct {
		name string
		run  func(context.Context) (status, output string, err error)
	}{
		{"self-play", p.selfplay},
		{"verify", p.verify},
		{"fit", p.fit},
		{"match material", p.matchMaterial},
		{"match model", p.matchModel},
		{"report", p.report},
	}
	for _, st := range stages {
		if ctx.Err() != nil {
			return nil, setting.Errorf("interrupted before the %s stage: the finished stages are kept; run the same command with %s to continue", st.name, setting.Key("resume"))
		}
		t0 := time.Now()
		status, output, err := st.run(ctx)
		if err != nil {
			return nil, err
		}
		s.Stages = append(s.Stages, Stage{Name: st.name, Status: status, Output: output, Seconds: time.Since(t0).Seconds()})
	}
	s.Seconds, s.CPUSeconds = time.Since(start).Seconds(), cpuSeconds()-cpu
	s.relativeTo(cfg.Run.Out)
	if err := atomicfile.WriteJSON(cfg.path(SummaryFile), s); err != nil {
		return nil, err
	}
	return s, nil
}

// LockFile is the lock file a running pipeline holds in Out: one pipeline
// at a time writes a directory (filelock: released when the process
// exits, however it exits).
const LockFile = "_pipeline.lock"

// claimOut creates Out and takes its lock (a live pipeline there is
// refused, naming it), and without Resume refuses a directory that holds
// outputs of an earlier run. Holding the lock, it removes the
// temporary files a killed run left beside its outputs, and says so on
// Log even when Quiet.
func claimOut(cfg *Config) (*rundir.Dir, error) {
	dir, err := rundir.Claim(cfg.Run.Out, LockFile, "pipeline")
	if err != nil {
		return nil, err
	}
	if !cfg.Run.Resume {
		var found []string
		for _, name := range []string{DataDir, VerifyFile, WeightsFile, MatchFile, ModelMatchFile, ReportDir, SummaryFile} {
			if _, err := os.Stat(cfg.path(name)); err == nil {
				found = append(found, name)
			}
		}
		if len(found) > 0 {
			dir.Release()
			return nil, setting.Errorf("%s already holds a pipeline run (%s) and no pipeline is writing it: add %s to continue it (finished stages are kept), or choose another %s",
				cfg.Run.Out, strings.Join(found, ", "), setting.Key("resume"), setting.Key("out"))
		}
	}
	note, err := dir.RemoveTemps(ReportDir)
	if err != nil {
		dir.Release()
		return nil, err
	}
	if note != "" && cfg.Log != nil { // said even when Quiet
		fmt.Fprintf(cfg.Log, "pipeline: %s\n", note)
	}
	return dir, nil
}

// runner holds a run's state between stages.
type runner struct {
	cfg Config
	log io.Writer
	sum *Summary
}

func (p *runner) logf(format string, args ...any) {
	if !p.cfg.Quiet {
		fmt.Fprintf(p.log, "pipeline: "+format+"\n", args...)
	}
}

func (p *runner) settings() Settings {
	c := &p.cfg
	s := Settings{
		GamesPerVariant: c.Run.Games, Seed: c.Run.Seed, RandomOpening: c.Run.RandomOpening, Opening: c.opening(),
		Rules:  c.rulesOf(FitVariant).String(),
		Engine: setting.JSON(c.Engine.Describe()),
		Sims:   c.Engine.Sims, Leaf: c.Engine.Leaf.String(), Evaluator: c.evaluatorIdentity(), Game: c.Game,
		FitModel: string(c.Fit.Model), FitLambda: c.Fit.Lambda, FitHoldout: c.Fit.Holdout, FitVariant: FitVariant.String(),
		MatchGames: c.MatchGames, Confidence: c.Confidence, Players: c.players(),
	}
	if c.MatchGames > 0 {
		s.MatchEngine, s.MatchModel = engineWords(c.MatchEngine), c.MatchModel
	}
	if s.Opening == dataset.OpeningEnumerated {
		n, _ := c.openings() // Validate checked them
		s.Openings = int(n)
	}
	return s
}

// engineWords names the settings that matter for a match engine in the
// match command's text form (mcts.ParseEngine reads it).
func engineWords(m mcts.Settings) string {
	e := mcts.Engine{Settings: m}
	names := []string{"sims", "leaf", "cpuct"}
	if s := mcts.LookupSetting("playout_plies"); s.Used(&e) {
		names = append(names, s.Name)
	}
	return e.Text(names...)
}
