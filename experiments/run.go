package experiments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/experiments/report"
	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/rundir"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// ArmRun is everything needed to play one arm: its settings resolved from
// the spec, and the dataset directory its games go to. Its run settings
// are Run, declared in internal/app/runspec.
type ArmRun struct {
	Name string
	// Game is the game the arm plays (Spec.GameName), Rules its settings:
	// Surakarta's rules.Rules, which are Alquerque's too (alquerque.Rules
	// is the same struct).
	Game string
	// Run are the arm's run settings: Out is the arm's dataset directory
	// (OUT/arms/NAME); Games, the spec's games; Seed and RandomOpening,
	// the arm's (Spec.ArmSeed, Spec.ArmOpening); Concurrency, the spec's.
	// Resume is the player's to decide (it resumes what Out holds).
	Run    runspec.Settings
	Rules  rules.Rules
	Engine spec.EngineSpec
	// Players is who plays (PlayersIndependent or PlayersShared); Sides,
	// when not nil, Red's and Black's engines (Spec.ArmSides), which
	// search with Engine's evaluator and tables.
	Players string
	Sides   *[2]spec.EngineSpec
	// Opening is the procedure that chooses the opening plies
	// (dataset.OpeningRandom or dataset.OpeningEnumerated).
	Opening string
}

// key is the arm's partition key in its dataset (dataset.Key).
func (a *ArmRun) key() string { return dataset.Key(a.Game, a.Rules.Variant.String()) }

// Player plays the games of one arm into its dataset directory. It must
// resume: games already complete in Run.Out are kept and only the missing
// ones played, so that an interrupted experiment continues where it
// stopped.
type Player interface {
	PlayArm(ctx context.Context, arm ArmRun) error
}

// Layout of an experiment directory.
const (
	// SpecFile is the experiment's spec, as JSON, written before any game.
	SpecFile = "spec.json"
	// LockFile is the lock a running experiment holds in its directory
	// (internal/base/rundir), above the locks of its arms' datasets: one
	// experiment run writes a directory at a time.
	LockFile = "_experiment.lock"
	// ArmsDir holds one dataset directory per arm.
	ArmsDir = "arms"
)

// ArmDir returns the dataset directory of an arm in experiment dir out.
func ArmDir(out, arm string) string { return filepath.Join(out, ArmsDir, arm) }

// ArmRuns resolves the spec's arms for experiment directory out. A file a
// spec names (an evaluator that is no built-in name of eval's registry) is
// resolved in specDir, the spec's folder, and must lie inside it (see
// specFile); with specDir "" (a report of a
// finished experiment, which opens no file) paths are kept as written.
func ArmRuns(s *spec.Spec, out, specDir string) ([]ArmRun, error) {
	var runs []ArmRun
	for i, a := range s.Arms {
		r, err := s.ArmRules(i)
		if err != nil {
			return nil, fmt.Errorf("arm %s: %w", a.Name, err)
		}
		e := s.ArmEngine(i)
		if ev, ok := e.Get("evaluator"); ok && !eval.IsBuiltin(ev) && specDir != "" {
			path, err := specFile(specDir, "evaluator", ev)
			if err == nil {
				e, err = e.With("evaluator", path)
			}
			if err != nil {
				return nil, fmt.Errorf("arm %s: %w", a.Name, err)
			}
		}
		run := runspec.Settings{Out: ArmDir(out, a.Name), Games: s.Games, Seed: s.ArmSeed(i), RandomOpening: s.ArmOpening(i), Concurrency: s.Concurrency}
		ar := ArmRun{Name: a.Name, Game: s.GameName(), Run: run, Rules: r, Engine: e, Players: s.ArmPlayers(i), Opening: s.Opening}
		if s.ArmSides(i) != nil {
			ar.Sides = &[2]spec.EngineSpec{a.Red.Over(e), a.Black.Over(e)}
		}
		runs = append(runs, ar)
	}
	return runs, nil
}

// specFile returns the path of a file that a spec's field names, name
// taken relative to specDir, the spec's folder. A spec is a document that
// travels (shared, downloaded, shipped with findings), so the files it
// refers to must be its own: a name that is absolute or climbs out of the
// folder ("../../etc/passwd") is refused before anything is opened. What a
// spec's folder holds, symbolic links included, is its owner's choice.
func specFile(specDir, field, name string) (string, error) {
	if filepath.IsAbs(name) || !filepath.IsLocal(name) {
		return "", fmt.Errorf("%s %q: a spec names its files relative to its own folder (%s) and inside it; copy the file into that folder and give its path from there",
			field, name, specDir)
	}
	return filepath.Join(specDir, name), nil
}

// spelledOut returns s with the former default engine's settings
// (runspec.BaselineEngine, where it differs from today's default) in its
// engine section where s leaves them to the default: what a spec recorded
// before the strongest engine became the default meant.
func spelledOut(s *spec.Spec) *spec.Spec {
	out := *s
	b := runspec.BaselineEngine()
	for _, n := range runspec.StrongestEngine().Diff(b) {
		if _, ok := out.Engine.Get(n); ok {
			continue
		}
		e, err := out.Engine.With(n, mcts.LookupSetting(n).Get(&b))
		if err != nil {
			panic("experiments: the baseline's " + n + " does not parse back: " + err.Error())
		}
		out.Engine = e
	}
	return &out
}

// claimExperiment writes the spec into out, or checks that the spec
// already there describes the same games (concurrency may differ).
func claimExperiment(out string, s *spec.Spec) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	mine := *s
	mine.Workers, mine.Concurrency = 0, 0
	b, err := json.MarshalIndent(&mine, "", "  ")
	if err != nil {
		return err
	}
	path := filepath.Join(out, SpecFile)
	have, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return atomicfile.WriteFile(path, append(b, '\n'))
	}
	if err != nil {
		return err
	}
	if !bytes.Equal(bytes.TrimSpace(have), bytes.TrimSpace(b)) {
		old, perr := spec.ParseRecorded(have)
		what := "its settings differ"
		if perr == nil {
			if spec.MustJSON(old) == spec.MustJSON(&mine) {
				return nil // written by a version that formatted it otherwise
			}
			// The same experiment as recorded, or recorded before the
			// strongest engine became the default and now with the former
			// default spelled out (spelledOut), each perhaps with more games
			// per arm: game i does not depend on the number of games, so
			// the arms grow (to the spec file's number, or past it).
			for _, same := range []*spec.Spec{old, spelledOut(old)} {
				grown := *same
				if grown.Games < mine.Games {
					grown.Games, grown.SpecGames = mine.Games, mine.SpecGames
				}
				if spec.MustJSON(&grown) == spec.MustJSON(&mine) {
					return atomicfile.WriteFile(path, append(b, '\n'))
				}
			}
			what = "its settings differ: " + specDiff(old, &mine)
			if old.Players == spec.PlayersShared && mine.Players == spec.PlayersIndependent {
				what += " (its games were played by one shared searcher; to continue them, say players: shared in the spec)"
			}
		}
		return setting.Errorf("%s already holds experiment %q and %s; use another %s, or delete it to start over", out, nameOf(have), what, setting.Key("out"))
	}
	return nil
}

// RecordedGames is the games per arm of the experiment out holds (its
// spec.json), 0 when it holds none: what a resume continues.
func RecordedGames(out string) (int64, error) {
	b, err := os.ReadFile(filepath.Join(out, SpecFile))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	s, err := spec.ParseRecorded(b)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", filepath.Join(out, SpecFile), err)
	}
	return s.Games, nil
}

// GamesPerArm returns the games per arm a run of s into out plays: games
// when given (1..spec.MaxSpecGames, and never fewer than the experiment
// out holds: a resume grows its arms, never shrinks them); else out's own
// number when it holds the experiment with another number than the spec's
// (resumed reports it: a resume continues its run's number); else the
// spec's. Its errors name the settings (games, out).
func GamesPerArm(out string, s *spec.Spec, games int64, given bool) (n int64, resumed bool, err error) {
	had, err := RecordedGames(out)
	if err != nil {
		return 0, false, err
	}
	switch {
	case given:
		if games < 1 || games > spec.MaxSpecGames {
			return 0, false, setting.Errorf("%v: want 1..%d games per arm", setting.Set("games", games), spec.MaxSpecGames)
		}
		if games < had {
			return 0, false, setting.Errorf("%v: %s holds an experiment of %d games per arm, and a resume grows its arms, never shrinks them: give %v or more, or another %v",
				setting.Set("games", games), out, had, setting.Set("games", had), setting.Key("out"))
		}
		return games, false, nil
	case had > 0 && had != s.Games:
		return had, true, nil
	}
	return s.Games, false, nil
}

func nameOf(specJSON []byte) string {
	var s struct{ Name string }
	json.Unmarshal(specJSON, &s)
	return s.Name
}

// specDiff names the first top-level setting that differs.
func specDiff(a, b *spec.Spec) string {
	var ma, mb map[string]json.RawMessage
	json.Unmarshal([]byte(spec.MustJSON(a)), &ma)
	json.Unmarshal([]byte(spec.MustJSON(b)), &mb)
	keys := map[string]bool{}
	for k := range ma {
		keys[k] = true
	}
	for k := range mb {
		keys[k] = true
	}
	var names []string
	for k := range keys {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if string(ma[k]) != string(mb[k]) {
			return fmt.Sprintf("%s was %s, the spec has %s", k, orNone(ma[k]), orNone(mb[k]))
		}
	}
	return "formatting only"
}

func orNone(b json.RawMessage) string {
	if len(b) == 0 {
		return "unset"
	}
	return string(b)
}

// armComplete reports how many of the arm's games are complete on disk.
func armComplete(a ArmRun) (int64, error) {
	rs, err := dataset.Complete(a.Run.Out, a.key())
	if err != nil {
		return 0, err
	}
	var n int64
	for _, r := range rs {
		if r.First >= 0 && r.Last < a.Run.Games {
			n += r.Len()
		}
	}
	return n, nil
}

// RunOptions are the settings of Run besides the spec.
type RunOptions struct {
	// Out is the experiment directory; SpecDir the spec file's directory
	// (for relative evaluator paths).
	Out, SpecDir string
	// Command is the command line recorded in the report.
	Command string
	// Log receives one line per arm as it starts and finishes (nil: none)
	// unless Quiet, and, even when Quiet, what the run removed that a
	// killed run left (temporary files).
	Log   io.Writer
	Quiet bool
	// Tables, when set, is a directory of endgame tables (package
	// tablebase) by which the report classifies every draw (DrawTables).
	Tables string
}

// Run plays every arm of the spec with player (arms already complete are
// skipped, partial ones resumed), then writes report.md, report.json and
// the plots into Out and returns the report. Out must be new or hold the
// same experiment (spec.json).
func Run(ctx context.Context, s *spec.Spec, player Player, opt RunOptions) (*report.Report, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := s.CheckRunSettings(); err != nil {
		return nil, err
	}
	// Every arm is checked before the directory is touched: a spec that
	// cannot be played is refused whole, before its first game, and a
	// refused run leaves nothing that claims the directory.
	if err := checkArms(s, opt.SpecDir); err != nil {
		return nil, err
	}
	dir, err := rundir.Claim(opt.Out, LockFile, "experiment run")
	if err != nil {
		return nil, err
	}
	defer dir.Release()
	if err := claimExperiment(opt.Out, s); err != nil {
		return nil, err
	}
	note, err := dir.RemoveTemps()
	if err != nil {
		return nil, err
	}
	if note != "" && opt.Log != nil { // said even when Quiet
		fmt.Fprintf(opt.Log, "experiment: %s\n", note)
	}
	logf := func(format string, args ...any) {
		if opt.Log != nil && !opt.Quiet {
			fmt.Fprintf(opt.Log, format+"\n", args...)
		}
	}
	// A stopping rule adds rungs one at a time, each decided by the report
	// of the games before it.
	for n := extensionOnDisk(s, opt.Out); ; n++ {
		x, err := s.WithExtension(n)
		if err != nil {
			return nil, err
		}
		runs, err := ArmRuns(x, opt.Out, opt.SpecDir)
		if err != nil {
			return nil, err
		}
		if err := playArms(ctx, runs, player, logf); err != nil {
			return nil, err
		}
		r, err := WriteExperimentReportTables(ctx, opt.Out, opt.Command, opt.Tables)
		if err != nil || s.Extend == nil {
			return r, err
		}
		st := (*report.Stopping)(nil)
		for _, l := range r.Ladders {
			if l.Stopping != nil {
				st = l.Stopping
			}
		}
		if st == nil || st.Converged || st.BudgetSpent {
			if st != nil {
				logf("stopping rule: %s", st.Verdict)
			}
			return r, nil
		}
		logf("stopping rule: %s", st.Verdict)
	}
}

// playArms plays the arms that are not complete, in order.
func playArms(ctx context.Context, runs []ArmRun, player Player, logf func(string, ...any)) error {
	for i, a := range runs {
		if ctx.Err() != nil {
			return setting.Errorf("experiment interrupted before arm %s: the arms before it are kept; run the same command with %s to continue", a.Name, setting.Key("resume"))
		}
		if err := a.checkFormerDefault(); err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		done, err := armComplete(a)
		if err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		if done >= a.Run.Games {
			logf("arm %d/%d %s: %s already complete", i+1, len(runs), a.Name, words.Count(done, "game"))
			continue
		}
		regime := "?"
		if cfg, err := a.EngineConfig(); err == nil {
			regime = report.Regime(cfg.Settings)
		}
		logf("arm %d/%d %s: %s, %d sims, %s, %s (%d already complete)", i+1, len(runs), a.Name, a.Rules.Variant, a.Engine.Sims(), regime, words.Count(a.Run.Games, "game"), done)
		if err := player.PlayArm(ctx, a); err != nil {
			if ctx.Err() != nil {
				return setting.Errorf("arm %s interrupted: its finished games are kept; run the same command with %s to continue", a.Name, setting.Key("resume"))
			}
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		if done, err = armComplete(a); err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		if done < a.Run.Games {
			return fmt.Errorf("arm %s: the player returned with %d of %d games complete", a.Name, done, a.Run.Games)
		}
	}
	return nil
}

func joinAnd(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	out := ""
	for i, x := range xs {
		switch {
		case i == 0:
			out = x
		case i == len(xs)-1:
			out += " and " + x
		default:
			out += ", " + x
		}
	}
	return out
}
