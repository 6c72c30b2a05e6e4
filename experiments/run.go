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
	"slices"
	"sort"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/rundir"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// ArmRun is everything needed to play one arm: its settings resolved from
// the spec, and the dataset directory its games go to. Its run settings
// are Run, declared in internal/app/runspec.
type ArmRun struct {
	Name string
	// Run are the arm's run settings: Out is the arm's dataset directory
	// (OUT/arms/NAME); Games, the spec's games; Seed and RandomOpening,
	// the arm's (Spec.ArmSeed, Spec.ArmOpening); Concurrency, the spec's.
	// Resume is the player's to decide (it resumes what Out holds).
	Run    runspec.Settings
	Rules  rules.Rules
	Engine EngineSpec
	// Players is who plays (PlayersIndependent or PlayersShared); Sides,
	// when not nil, Red's and Black's engines (Spec.ArmSides), which
	// search with Engine's evaluator and tables.
	Players string
	Sides   *[2]EngineSpec
	// Opening is the procedure that chooses the opening plies
	// (dataset.OpeningRandom or dataset.OpeningEnumerated).
	Opening string
}

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
func (s *Spec) ArmRuns(out, specDir string) ([]ArmRun, error) {
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
		ar := ArmRun{Name: a.Name, Run: run, Rules: r, Engine: e, Players: s.ArmPlayers(i), Opening: s.Opening}
		if s.ArmSides(i) != nil {
			ar.Sides = &[2]EngineSpec{a.Red.Over(e), a.Black.Over(e)}
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
func spelledOut(s *Spec) *Spec {
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
func claimExperiment(out string, s *Spec) error {
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
		old, perr := ParseRecordedSpec(have)
		what := "its settings differ"
		if perr == nil {
			if mustJSON(old) == mustJSON(&mine) {
				return nil // written by a version that formatted it otherwise
			}
			// The same experiment as recorded, or recorded before the
			// strongest engine became the default and now with the former
			// default spelled out (spelledOut), each perhaps with more games
			// per arm: game i does not depend on the number of games, so
			// the arms grow (to the spec file's number, or past it).
			for _, same := range []*Spec{old, spelledOut(old)} {
				grown := *same
				if grown.Games < mine.Games {
					grown.Games, grown.SpecGames = mine.Games, mine.SpecGames
				}
				if mustJSON(&grown) == mustJSON(&mine) {
					return atomicfile.WriteFile(path, append(b, '\n'))
				}
			}
			what = "its settings differ: " + specDiff(old, &mine)
			if old.Players == PlayersShared && mine.Players == PlayersIndependent {
				what += " (its games were played by one shared searcher; to continue them, say players: shared in the spec)"
			}
		}
		return fmt.Errorf("%s already holds experiment %q and %s; use another --out, or delete it to start over", out, nameOf(have), what)
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
	s, err := ParseRecordedSpec(b)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", filepath.Join(out, SpecFile), err)
	}
	return s.Games, nil
}

func nameOf(specJSON []byte) string {
	var s struct{ Name string }
	json.Unmarshal(specJSON, &s)
	return s.Name
}

// specDiff names the first top-level setting that differs.
func specDiff(a, b *Spec) string {
	var ma, mb map[string]json.RawMessage
	json.Unmarshal([]byte(mustJSON(a)), &ma)
	json.Unmarshal([]byte(mustJSON(b)), &mb)
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
	rs, err := dataset.Complete(a.Run.Out, a.Rules.Variant.String())
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
func Run(ctx context.Context, s *Spec, player Player, opt RunOptions) (*Report, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if err := s.CheckRunSettings(); err != nil {
		return nil, err
	}
	// Every arm is checked before the directory is touched: a spec that
	// cannot be played is refused whole, before its first game, and a
	// refused run leaves nothing that claims the directory.
	if err := s.checkArms(opt.SpecDir); err != nil {
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
	for n := s.extensionOnDisk(opt.Out); ; n++ {
		x, err := s.withExtension(n)
		if err != nil {
			return nil, err
		}
		runs, err := x.ArmRuns(opt.Out, opt.SpecDir)
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
		st := (*Stopping)(nil)
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
			return fmt.Errorf("experiment interrupted before arm %s: the arms before it are kept; run the same command with --resume to continue", a.Name)
		}
		if err := a.checkFormerDefault(); err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		done, err := armComplete(a)
		if err != nil {
			return fmt.Errorf("arm %s: %w", a.Name, err)
		}
		if done >= a.Run.Games {
			logf("arm %d/%d %s: %s already complete", i+1, len(runs), a.Name, games(done))
			continue
		}
		regime := "?"
		if cfg, err := a.EngineConfig(); err == nil {
			regime = Regime(cfg.Settings)
		}
		logf("arm %d/%d %s: %s, %d sims, %s, %s (%d already complete)", i+1, len(runs), a.Name, a.Rules.Variant, a.Engine.sims(), regime, games(a.Run.Games), done)
		if err := player.PlayArm(ctx, a); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("arm %s interrupted: its finished games are kept; run the same command with --resume to continue", a.Name)
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

// WriteExperimentReport reads experiment directory out (its spec.json and
// the arms' datasets), builds the report and writes it into out. Arms that
// are not complete are reported with the games they have, and the report
// says so in its description. An empty command keeps the one the previous
// report.json recorded.
func WriteExperimentReport(ctx context.Context, out, command string) (*Report, error) {
	return WriteExperimentReportTables(ctx, out, command, "")
}

// WriteExperimentReportTables is WriteExperimentReport that, with a tables
// directory, also classifies every draw by the endgame tables there
// (DrawTables): what the position after its last capture is worth.
func WriteExperimentReportTables(ctx context.Context, out, command, tables string) (*Report, error) {
	if command == "" {
		command = recordedCommand(out)
	}
	b, err := os.ReadFile(filepath.Join(out, SpecFile))
	if err != nil {
		return nil, fmt.Errorf("%s is not an experiment directory (no %s): %w", out, SpecFile, err)
	}
	s, err := ParseRecordedSpec(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(out, SpecFile), err)
	}
	if s, err = s.withExtension(s.extensionOnDisk(out)); err != nil {
		return nil, err
	}
	c := NewCollector(nil, s.Pairing == PairOpenings)
	if tables != "" {
		c.Tables = NewDrawTables(tables)
	}
	infos, partial, notStarted, err := collectArms(ctx, out, s, c)
	if err != nil {
		return nil, err
	}
	if len(infos) == 0 {
		return nil, fmt.Errorf("%s: no arm has games yet: run the experiment (experiment run --resume) first", out)
	}
	var compare [][2]string
	for _, p := range s.Comparisons() {
		a, b := s.Arms[p[0]].Name, s.Arms[p[1]].Name
		if !slices.Contains(notStarted, a) && !slices.Contains(notStarted, b) {
			compare = append(compare, [2]string{a, b})
		}
	}
	desc := s.Description
	if len(notStarted) > 0 {
		partial = append(partial, fmt.Sprintf("%s %s no games yet", joinAnd(notStarted), map[bool]string{true: "has", false: "have"}[len(notStarted) == 1]))
	}
	if len(partial) > 0 {
		desc += fmt.Sprintf("\n\n**Incomplete run**: %s. Run the experiment again to finish it.", joinAnd(partial))
	}
	if s.SpecGames > 0 {
		desc += fmt.Sprintf("\n\n**Games overridden**: %s per arm (experiment run --games %d), not the spec file's %s; every interval is as wide as that many games allow.",
			games(s.Games), s.Games, games(s.SpecGames))
	}
	r, err := BuildReport(ReportInput{Title: "Experiment " + s.Name, Description: desc, Command: command,
		Spec: s, Confidence: s.Confidence, Design: design(s, infos, c), Arms: infos, Collector: c, Compare: compare})
	if err != nil {
		return nil, err
	}
	if err := r.WriteFiles(out); err != nil {
		return nil, err
	}
	return r, nil
}

// recordedCommand is the command the report in out recorded, "" for none.
func recordedCommand(out string) string {
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		return ""
	}
	var old struct{ Command string }
	if json.Unmarshal(b, &old) != nil {
		return ""
	}
	return old.Command
}

// collectArms reads the games of every arm of s under out into c and
// returns the arms' descriptions, the arms short of their games (in words)
// and those not started (by name).
func collectArms(ctx context.Context, out string, s *Spec, c *Collector) (infos []ArmInfo, partial, notStarted []string, err error) {
	runs, err := s.ArmRuns(out, "")
	if err != nil {
		return nil, nil, nil, err
	}
	for i, a := range s.Arms {
		dir := ArmDir(out, a.Name)
		if done, err := dataset.Complete(dir, a.Variant); err == nil && len(done) == 0 {
			// Interrupted before this arm wrote a part: report the others.
			notStarted = append(notStarted, a.Name)
			continue
		}
		if err := ScanGames(ctx, dir, a.Variant, func(g *Game) error {
			if g.Variant != a.Variant {
				return fmt.Errorf("%s: game %d is %s, the arm plays %s", dir, g.ID, g.Variant, a.Variant)
			}
			c.Add(a.Name, g)
			return nil
		}); err != nil {
			return nil, nil, nil, fmt.Errorf("arm %s: %w", a.Name, err)
		}
		gr := c.Arms[Arm{Source: a.Name, Variant: a.Variant}]
		if gr == nil {
			return nil, nil, nil, fmt.Errorf("arm %s: no games in %s yet", a.Name, dir)
		}
		if gr.Games < s.Games {
			partial = append(partial, fmt.Sprintf("%s has %d of %s", a.Name, gr.Games, games(s.Games)))
		}
		infos = append(infos, armInfo(out, dir, s, i, runs[i]))
	}
	return infos, partial, notStarted, nil
}

// armInfo describes arm i of s, played into dir under out by run.
func armInfo(out, dir string, s *Spec, i int, run ArmRun) ArmInfo {
	a := s.Arms[i]
	e := s.ArmEngine(i)
	rel, _ := filepath.Rel(out, dir)
	info := ArmInfo{Name: a.Name, Variant: a.Variant, Sims: e.sims(), Evaluator: e.evaluator(), Dir: filepath.ToSlash(rel), RandomOpening: s.ArmOpening(i),
		Players: s.ArmPlayers(i)}
	if sides := s.ArmSides(i); sides != nil {
		info.RedSims, info.BlackSims = sides[0].sims(), sides[1].sims()
	}
	cfg, err := run.EngineConfig()
	if err != nil {
		return info
	}
	if run.checkFormerDefault() != nil {
		// A run made before the strongest engine became the
		// default, of a spec that left the engine to it: the report
		// says what played.
		b := runspec.AsBaseline(mcts.Engine{Settings: cfg.Settings, Evaluator: e.evaluator()})
		cfg.Settings, info.Evaluator = b.Settings, b.Evaluator
	}
	info.cfg = &cfg
	info.Engine, info.Regime = EngineWords(cfg.Settings), Regime(cfg.Settings)
	if info.RedSims != 0 {
		info.Engine += fmt.Sprintf(" (by colour: Red %d simulations, Black %d)", info.RedSims, info.BlackSims)
	}
	cfg.Sims = 0
	// Arms of other players, or with settings by colour, are
	// no rungs of one ladder.
	info.setting = fmt.Sprintf("%+v %s %s", cfg, info.Players, mustJSON(s.ArmSides(i)))
	return info
}

// design says in words where an experiment's games come from: the
// openings, the pairing, the regime after the opening and the margins.
func design(s *Spec, arms []ArmInfo, c *Collector) []string {
	var out []string
	distinct := ""
	if len(arms) > 0 {
		if x := c.Pairs[Arm{Source: arms[0].Name, Variant: arms[0].Variant}]; x != nil {
			distinct = fmt.Sprintf(" (the %s of %s start from %d distinct openings)", games(int64(x.Len())), arms[0].Name, x.DistinctOpenings())
		}
	}
	if s.RandomOpening > 0 {
		out = append(out, fmt.Sprintf("Openings: game i of an arm starts with %d uniformly random plies drawn from the seed and i%s, and each is played with the colours as they fall: the first player is the side that moved first at the start position (Red), and %s makes the first move after the opening.", s.RandomOpening, distinct, sideAfter(s.RandomOpening)))
	} else {
		out = append(out, "Openings: every game starts from the start position with no random plies; only the search's own randomness varies the games.")
	}
	if s.Pairing == PairOpenings {
		out = append(out, fmt.Sprintf("Pairing: every arm plays game i from the same opening with the same search seed (seed %d), so a game that never meets the arms' difference is played identically under both.", s.Seed))
	} else {
		out = append(out, fmt.Sprintf("Pairing: none; arm i plays with seed %d + i.", s.Seed))
	}
	out = append(out, playersDesign(s))
	regimes := map[string]bool{}
	for _, a := range arms {
		regimes[a.Regime] = true
	}
	if len(regimes) == 1 && len(arms) > 0 {
		out = append(out, fmt.Sprintf("Regime after the opening, the same for every arm: %s.", arms[0].Regime))
	} else {
		out = append(out, "After the opening the arms play in different regimes (the table below).")
	}
	out = append(out, fmt.Sprintf("\"No change\" is claimed only within ±%.1f points (equivalence margin); ladder rungs agree when both figures' changes are within ±%.1f points (convergence margin).", 100*s.EquivalenceMargin, 100*s.ConvergenceMargin))
	return out
}

// playersDesign says who plays the experiment's games.
func playersDesign(s *Spec) string {
	var shared, indep []string
	for i, a := range s.Arms {
		if s.ArmPlayers(i) == PlayersShared {
			shared = append(shared, a.Name)
		} else {
			indep = append(indep, a.Name)
		}
	}
	const (
		indepWords  = "two independent players, each colour its own searcher and tree, as two programs in a match"
		sharedWords = "one searcher for both colours, which with tree reuse hands the tree it searched for one side's move to the other side (self-play's procedure)"
	)
	switch {
	case len(shared) == 0:
		return "Players: " + indepWords + "."
	case len(indep) == 0:
		return "Players: " + sharedWords + "."
	}
	return fmt.Sprintf("Players: %s play with %s; %s with %s.", joinAnd(indep), indepWords, joinAnd(shared), sharedWords)
}

// sideAfter names the side to move after k random plies from the start
// position, where Red moves first.
func sideAfter(k int) string {
	if k%2 == 0 {
		return "Red"
	}
	return "Black"
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
