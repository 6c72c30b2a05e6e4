package train

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/rundir"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/stats"
	"github.com/surakarta/surakarta/internal/base/version"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/selfplay"
)

// player is an engine of the ladder: its match setting and evaluator.
type player[P comparable, M game.Move] struct {
	name string
	cfg  mcts.Settings
	ev   mcts.EvaluatorOf[P, M]
	hash string // of the model file; "" for built-in evaluators
}

// runner is a run of game G: every stage goes through the game contract,
// and kit gives what the run needs of the game beyond it.
type runner[G mcts.Game[P, M], P comparable, M game.Move] struct {
	cfg Config
	kit kit[G, P, M]
	// gen0Identity is generation 0's evaluator's identity, as its
	// self-play data records it ("material", or a model's hash).
	gen0Identity string
	ladder       Ladder
	players      map[int]player[P, M]
	baselines    []player[P, M]
	pool         []player[P, M]
	start        time.Time
}

// Run trains cfg.Generations generations (see the package documentation)
// of cfg.Game and returns the ladder, also written to OUT/ladder.json with
// the report.
func Run(ctx context.Context, cfg Config) (*Ladder, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Fit.ValueHead == fit.LinearHead {
		// Recorded as absent, as before value heads had kinds, so that
		// those runs resume and their fits are recognised.
		cfg.Fit.ValueHead = ""
	}
	if cfg.Game == AlquerqueGame {
		return runOf(ctx, cfg, alquerqueKit(cfg.Rules))
	}
	return runOf(ctx, cfg, surakartaKit(cfg.Rules))
}

// runOf is Run for the game of k.
func runOf[G mcts.Game[P, M], P comparable, M game.Move](ctx context.Context, cfg Config, k kit[G, P, M]) (*Ladder, error) {
	r := &runner[G, P, M]{cfg: cfg, kit: k, players: map[int]player[P, M]{}, start: time.Now()}
	c := &r.cfg
	// What could refuse the run is checked before the directory is
	// touched, so that a refused run leaves nothing there.
	material, anchor, err := r.openPlayers()
	if err != nil {
		return nil, err
	}
	dir, err := rundir.Claim(c.Run.Out, LockFile, "train")
	if err != nil {
		return nil, err
	}
	defer dir.Release()
	if err := r.claimLadder(dir); err != nil {
		return nil, err
	}
	for g := 1; g <= c.Generations; g++ {
		t0 := time.Now()
		gen, err := r.generation(ctx, g, material)
		if err != nil {
			return nil, err
		}
		r.ladder.add(gen)
		if r.ladder.Ratings, err = r.ladder.rate(anchor); err != nil {
			return nil, fmt.Errorf("ratings after generation %d: %w", g, err)
		}
		r.ladder.setRated()
		if err := r.writeLadder(); err != nil {
			return nil, err
		}
		el := time.Since(r.start)
		r.logf("generation %d of %d done in %s (%s): run %s so far, %s", g, c.Generations,
			time.Since(t0).Round(time.Second), verdict(&gen, c.Gate), el.Round(time.Second), r.toGo(g, el))
	}
	st, err := r.strength(ctx)
	if err != nil {
		return nil, err
	}
	if st != nil {
		r.ladder.Strength = st
		if err := r.writeLadder(); err != nil {
			return nil, err
		}
	}
	return &r.ladder, nil
}

// openPlayers checks the tables and opens the run's fixed players:
// generation 0, the material anchor (returned), the baselines and the
// pool; anchor is the ratings' 0, the first pool member or generation 0.
func (r *runner[G, P, M]) openPlayers() (material player[P, M], anchor string, err error) {
	c := &r.cfg
	if err := r.kit.checkTables(c.SelfPlay.Tablebase); err != nil {
		return material, "", err
	}
	// The anchors' evaluator by name, from the game's registry.
	mat, _, err := r.kit.open(mcts.MaterialName)
	if err != nil {
		return material, "", err
	}
	gen0, identity, err := r.kit.open(c.Gen0)
	if err != nil {
		return material, "", fmt.Errorf("generation 0: %w", err)
	}
	r.gen0Identity = identity
	r.players[0] = player[P, M]{name: gen0Name(c, identity), cfg: c.matchEngine(false), ev: gen0, hash: gen0Hash(identity)}
	material = player[P, M]{name: "material value leaves", cfg: c.matchEngine(true), ev: mat}
	for _, path := range c.Baselines {
		p, err := r.baseline(path)
		if err != nil {
			return material, "", setting.Errorf("%s: %w", setting.Key("baseline"), err)
		}
		r.baselines = append(r.baselines, p)
	}
	if r.pool, err = r.openPool(); err != nil {
		return material, "", err
	}
	anchor = r.players[0].name // without pool models (or pool matches)
	if len(r.pool) > 0 {
		anchor = r.pool[0].name
	}
	return material, anchor, nil
}

// claimLadder starts the run's ladder in the claimed directory dir: a new
// run in an empty one, or with Resume one whose ladder has the same
// settings, after removing what a killed run left.
func (r *runner[G, P, M]) claimLadder(dir *rundir.Dir) error {
	c := &r.cfg
	r.ladder = Ladder{Format: LadderFormat, Settings: c.settings(r.gen0Identity)}
	var old Ladder
	switch err := atomicfile.ReadJSON(c.path(LadderFile), &old); {
	case err == nil && !c.Run.Resume:
		return setting.Errorf("%s holds a training run and no run is writing it: add %s to continue it, or choose another %s", c.Run.Out, setting.Key("resume"), setting.Key("out"))
	case err == nil && !sameSettings(old.Settings, r.ladder.Settings):
		return &SettingsMismatchError{Out: c.Run.Out, Diffs: settingsDiffs(r.ladder.Settings, old.Settings),
			FormerDefault: madeUnderBaseline(r.ladder.Settings, old.Settings)}
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: %w", c.path(LadderFile), err)
	case err != nil && !c.Run.Resume:
		if err := dir.NotEmpty(); err != nil {
			return err
		}
	}
	note, err := dir.RemoveTemps("gen-*")
	if err != nil {
		return err
	}
	if note != "" && c.Log != nil { // said even when Quiet
		fmt.Fprintf(c.Log, "train: %s\n", note)
	}
	return nil
}

// writeLadder writes OUT/ladder.json and the report.
func (r *runner[G, P, M]) writeLadder() error {
	if err := atomicfile.WriteJSON(r.cfg.path(LadderFile), &r.ladder); err != nil {
		return err
	}
	return writeReport(&r.cfg, &r.ladder)
}

// gen0Name is generation 0's name in the ladder and its matches' keys:
// under the baseline the name runs have always recorded, else the
// evaluator as Config.Gen0 gives it ("gen-00 (best)").
func gen0Name(c *Config, identity string) string {
	if identity == mcts.MaterialName && c.Match.Leaf == mcts.LeafPlayout {
		return "gen-00 (built-in: playouts, material)"
	}
	return fmt.Sprintf("gen-00 (%s)", c.Gen0)
}

// gen0Hash is generation 0's hash in its matches' keys: its evaluator's
// identity (a changed shipped model is another generation 0), "" for
// material, as runs have always recorded.
func gen0Hash(identity string) string {
	if identity == mcts.MaterialName {
		return ""
	}
	return identity
}

// toGo says how long the run has left after generation g, el into it:
// the generations left at the pace so far, and the final comparison's
// games at the pace of this process's gates and anchors (it said "about
// 0s to go" after the last generation, with that comparison still ahead).
func (r *runner[G, P, M]) toGo(g int, el time.Duration) string {
	left := time.Duration(float64(el) / float64(g) * float64(r.cfg.Generations-g))
	n := r.strengthGames(r.ladder.Champion)
	if n == 0 {
		return fmt.Sprintf("about %s to go", left.Round(time.Second))
	}
	var secs float64
	var games int
	for _, gen := range r.ladder.Generations {
		if t, ok := gen.Seconds["gate"]; ok {
			secs, games = secs+t, games+gen.Gate.Games
		}
		if t, ok := gen.Seconds["anchors"]; ok && gen.VsGen0 != nil && gen.VsMaterial != nil {
			secs, games = secs+t, games+gen.VsGen0.Games+gen.VsMaterial.Games
		}
	}
	if games == 0 { // every match resumed: no pace to go by
		return fmt.Sprintf("about %s to go, then the final comparison's %d games", left.Round(time.Second), n)
	}
	left += time.Duration(secs / float64(games) * float64(n) * float64(time.Second))
	return fmt.Sprintf("about %s to go, the final comparison's %d games included", left.Round(time.Second), n)
}

func verdict(g *Generation, rule GateRule) string {
	return fmt.Sprintf("gate vs gen-%02d %d-%d-%d, Elo %s: %s", g.GateOpponent, g.Gate.Wins, g.Gate.Draws, g.Gate.Losses, eloFigure(g.Gate.Elo), gateReason(g, rule))
}

// gateReason says why generation g was or was not promoted, by the gate's
// rule: its score against the champion of the time, under GateInterval
// the score's 95% interval, and what follows from it.
func gateReason(g *Generation, rule GateRule) string {
	m := &g.Gate
	points := float64(m.Wins) + float64(m.Draws)/2
	score := fmt.Sprintf("%.1f points of %d (%.1f%%) against gen-%02d", points, m.Games, 100*points/float64(max(m.Games, 1)), g.GateOpponent)
	if rule == GateInterval {
		lo, hi := stats.ScoreFromElo(m.EloCI[0]), stats.ScoreFromElo(m.EloCI[1])
		score += fmt.Sprintf(", 95%% interval %.1f%%-%.1f%%", 100*lo, 100*hi)
	}
	if g.Promoted {
		return fmt.Sprintf("promoted: %s, above one half, so gen-%02d is the champion and plays the next data", score, g.Generation)
	}
	return fmt.Sprintf("not promoted: %s, not above one half, so gen-%02d stays the champion and its next data widens the fit's window", score, g.GateOpponent)
}

func (r *runner[G, P, M]) logf(format string, args ...any) {
	if r.cfg.Log != nil && !r.cfg.Quiet {
		fmt.Fprintf(r.cfg.Log, "train: "+format+"\n", args...)
	}
}

// seedOf derives the seed of one stage of one generation.
func (c *Config) seedOf(stage string, g int) uint64 {
	h := fnv.New64a()
	h.Write([]byte(stage))
	return dataset.SplitMix64(dataset.SplitMix64(c.Run.Seed^h.Sum64()) ^ uint64(g))
}

// generation plays, fits and matches generation g.
func (r *runner[G, P, M]) generation(ctx context.Context, g int, material player[P, M]) (Generation, error) {
	c := &r.cfg
	champ := r.ladder.Champion
	gen := Generation{Generation: g, SelfPlayChampion: champ, GateOpponent: champ, Seconds: map[string]float64{},
		Model: filepath.Join(genDir(g), ModelFile), Data: filepath.Join(genDir(g), DataDir)}
	if err := os.MkdirAll(c.path(genDir(g)), 0o755); err != nil {
		return gen, err
	}
	t := time.Now()
	if ran, err := r.selfplay(ctx, g, champ); err != nil {
		return gen, err
	} else if ran {
		gen.Seconds["selfplay"] = time.Since(t).Seconds()
	}
	t = time.Now()
	mf, ran, err := r.fit(ctx, g, champ, &gen)
	if err != nil {
		return gen, err
	}
	if ran {
		gen.Seconds["fit"] = time.Since(t).Seconds()
	}
	ev, err := r.kit.model(mf)
	if err != nil {
		return gen, err
	}
	hash, err := headsHash(mf)
	if err != nil {
		return gen, err
	}
	me := player[P, M]{name: fmt.Sprintf("gen-%02d", g), cfg: c.matchEngine(true), ev: ev, hash: hash}
	r.players[g] = me
	fillHeads(&gen, mf)

	t = time.Now()
	gate, ran, err := r.match(ctx, c.path(genDir(g), GateFile), "gate", g, c.GateGames, me, r.players[champ], "")
	if err != nil {
		return gen, err
	}
	if ran {
		gen.Seconds["gate"] = time.Since(t).Seconds()
	}
	gen.Gate, gen.Promoted = gate, c.Gate.promotes(gate)
	t = time.Now()
	if ran, err := r.playPool(ctx, g, me, &gen); err != nil {
		return gen, err
	} else if ran {
		gen.Seconds["pool"] = time.Since(t).Seconds()
	}
	if c.AnchorGames > 0 {
		t = time.Now()
		v0, ran0, err := r.match(ctx, c.path(genDir(g), AnchorGen0File), "anchor-gen0", g, c.AnchorGames, me, r.players[0], "")
		if err != nil {
			return gen, err
		}
		vm, ranM, err := r.match(ctx, c.path(genDir(g), AnchorMaterialFile), "anchor-material", g, c.AnchorGames, me, material, "")
		if err != nil {
			return gen, err
		}
		if ran0 || ranM {
			gen.Seconds["anchors"] = time.Since(t).Seconds()
		}
		gen.VsGen0, gen.VsMaterial = &v0, &vm
	}
	return gen, nil
}

func fillHeads(gen *Generation, mf *eval.ModelFile) {
	if rep := mf.ValueReport(); rep != nil {
		gen.Counts = rep.Total()
		gen.ValueLogLoss, gen.BaselineLogLoss = rep.Holdout.LogLoss, rep.Holdout.BaselineLogLoss
		gen.ValueWarning = rep.WorseThanBaseline()
	}
	gen.ValueScale = mf.ValueScale
	if mf.Prior != nil && mf.Prior.Report != nil {
		pr := mf.Prior.Report
		gen.PriorCrossEntropy, gen.UniformCrossEntropy = pr.TestScore.CrossEntropy, pr.UniformTest.CrossEntropy
		gen.PolicyEntropy, gen.PriorTop1 = pr.TestScore.Entropy, pr.TestScore.Top1
	}
}

// selfplay plays generation g's data with the champion's model, resuming
// what an earlier run left; it reports whether any game was played.
func (r *runner[G, P, M]) selfplay(ctx context.Context, g, champ int) (bool, error) {
	c := &r.cfg
	p := r.players[champ]
	name := r.gen0Identity
	if champ > 0 {
		name = fmt.Sprintf("model gen-%02d sha256:%s", champ, p.hash)
	}
	run := c.Run
	run.Out, run.Seed, run.Resume = c.path(genDir(g), DataDir), c.seedOf("selfplay", g), true
	run.Shard, run.Shards = 0, 1 // every game
	if champ == 0 && c.Gen0Games > 0 {
		run.Games = c.Gen0Games
	}
	sc := selfplay.ConfigOf[G, P, M]{
		Run: run, Rules: r.kit.rules, Engine: mcts.Engine{Settings: c.selfPlayEngine(champ), Evaluator: name}, Evaluator: p.ev,
	}
	prog := selfplay.Progress{Players: r.kit.players()}
	label := fmt.Sprintf("gen-%02d self-play", g)
	sc.OnStart = func(planned, skipped int64) {
		if skipped < planned {
			r.logf("generation %d: self-play of %d games by gen-%02d at %d simulations a move", g, planned-skipped, champ, sc.Engine.Sims)
		}
		prog.Start(c.Log, label, planned, skipped, c.Quiet || c.Log == nil || planned == skipped)
	}
	sc.OnKept, sc.OnGame = prog.Kept, prog.Game
	sum, err := selfplay.RunOf(ctx, sc)
	prog.Stop()
	if errors.Is(err, selfplay.ErrInterrupted) {
		return false, setting.Errorf("self-play of generation %d interrupted (%d of %d games kept): run the same command with %s to go on", g, sum.Skipped+sum.Written+sum.InJournal, sum.Planned, setting.Key("resume"))
	}
	if err != nil {
		return false, setting.Errorf("self-play of generation %d: %w (a settings mismatch means %s holds another run: choose another %s)", g, err, sc.Run.Out, setting.Key("out"))
	}
	return sum.Played > 0, nil
}

// baseline is the player of the model file at path: a value-leaf player of
// the match setting, named by the path as given.
func (r *runner[G, P, M]) baseline(path string) (player[P, M], error) {
	mf, err := r.kit.load(path)
	if err != nil {
		return player[P, M]{}, err
	}
	ev, err := r.kit.model(mf)
	if err != nil {
		return player[P, M]{}, fmt.Errorf("%s: %w", path, err)
	}
	hash, err := headsHash(mf)
	if err != nil {
		return player[P, M]{}, err
	}
	return player[P, M]{name: "baseline " + path, cfg: r.cfg.matchEngine(true), ev: ev, hash: hash}, nil
}

// headsHash identifies a model by what decides its play, the heads'
// weights, so that a model refitted by another build of the program (its
// provenance differs) keeps its name.
func headsHash(mf *eval.ModelFile) (string, error) {
	heads := struct {
		Value    *eval.WeightsFile
		Prior    *eval.PriorHead
		Patterns *eval.PatternHead `json:",omitempty"`
	}{}
	if v := mf.Value; v != nil {
		heads.Value = &eval.WeightsFile{Format: v.Format, FeatureSetVersion: v.FeatureSetVersion, Features: v.Features, Weights: v.Weights, Model: v.Model}
	}
	if h := mf.Patterns; h != nil {
		heads.Patterns = &eval.PatternHead{PatternSetVersion: h.PatternSetVersion, FeatureSetVersion: h.FeatureSetVersion, Features: h.Features, Families: h.Families, Bands: h.Bands}
	}
	if mf.Prior != nil {
		heads.Prior = &eval.PriorHead{MoveFeatureSetVersion: mf.Prior.MoveFeatureSetVersion, Features: mf.Prior.Features, Weights: mf.Prior.Weights, Temperature: mf.Prior.Temperature}
	}
	b, err := json.Marshal(heads)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// fitKey identifies a fit: equal keys give the same model.
type fitKey struct {
	Fit      fit.ModelFitOptions `json:"fit"`
	Window   [2]int              `json:"window"`
	Datasets []eval.Provenance   `json:"datasets"`
	Parent   int                 `json:"parent"`
}

// fit fits generation g's model on the window of data, unless its model
// file holds the same fit.
func (r *runner[G, P, M]) fit(ctx context.Context, g, champ int, gen *Generation) (*eval.ModelFile, bool, error) {
	c := &r.cfg
	lo := max(1, g-c.Window+1)
	gen.Window = [2]int{lo, g}
	variant := r.kit.partition()
	var data []fit.DatasetSource
	var provs []eval.Provenance
	for k := lo; k <= g; k++ {
		d := fit.DatasetSource{Dir: c.path(genDir(k), DataDir), Variant: variant}
		prov, err := fit.DatasetProvenance(d.Dir, d.Variant)
		if err != nil {
			return nil, false, err
		}
		data, provs = append(data, d), append(provs, prov)
	}
	for i := range provs {
		provs[i].Dir = "" // the run may move: the data is known by its contents
	}
	key, _ := json.Marshal(fitKey{Fit: c.Fit, Window: gen.Window, Datasets: provs, Parent: champ})
	out := c.path(gen.Model)
	if mf, err := r.kit.load(out); err == nil && sameJSON(mf.Provenance.Settings, key) {
		return mf, false, nil
	}
	heads := "value and prior"
	if c.Fit.NoPrior {
		heads = "the value head"
	}
	r.logf("generation %d: fitting %s on the data of generations %d..%d", g, heads, lo, g)
	mf, err := fit.FitModel(ctx, data, c.Fit)
	if err != nil {
		if ctx.Err() != nil {
			return nil, false, setting.Errorf("fit of generation %d interrupted: run the same command with %s (finished stages are kept)", g, setting.Key("resume"))
		}
		if errors.Is(err, fit.ErrNoHeldOut) {
			return nil, false, setting.Errorf("fit of generation %d: %w: raise %s", g, err, setting.Key("games"))
		}
		return nil, false, fmt.Errorf("fit of generation %d: %w", g, err)
	}
	if rep := mf.ValueReport(); rep != nil && rep.WorseThanBaseline() != "" {
		r.logf("generation %d: warning: the value head's %s", g, rep.WorseThanBaseline())
	}
	mf.Provenance.Program = version.String()
	mf.Provenance.Command = c.Command
	mf.Provenance.Generation = g
	mf.Provenance.Parent = r.players[champ].name
	mf.Provenance.Settings = key
	datasetsRelativeTo(mf, filepath.Dir(out))
	if err := mf.Save(out); err != nil {
		return nil, false, err
	}
	return mf, true, nil
}

// datasetsRelativeTo rewrites the dataset directories mf records, paths
// as the fit was given them (relative to the working directory), relative
// to dir, the model file's, as every file the commands write records
// paths (README): "../gen-01/data", not "runs/t/gen-01/data", so that the
// run can be moved whole.
func datasetsRelativeTo(mf *eval.ModelFile, dir string) {
	provs := []*eval.Provenance{}
	for i := range mf.Provenance.Datasets {
		provs = append(provs, &mf.Provenance.Datasets[i])
	}
	if mf.Value != nil {
		provs = append(provs, &mf.Value.Dataset)
	}
	if mf.Patterns != nil {
		provs = append(provs, &mf.Patterns.Dataset)
	}
	for _, p := range provs {
		if r, err := filepath.Rel(dir, p.Dir); p.Dir != "" && err == nil {
			p.Dir = filepath.ToSlash(r)
		}
	}
}
