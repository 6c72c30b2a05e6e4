package train

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
)

// Names of the outputs under Config.Run.Out.
const (
	LadderFile         = "ladder.json"
	ReportFile         = "report.md"
	LadderPlot         = "ladder.png"
	ModelFile          = "model.json"
	DataDir            = "data"
	GateFile           = "gate.json"
	AnchorGen0File     = "anchor-gen0.json"
	AnchorMaterialFile = "anchor-material.json"
	// LockFile is the lock a running train holds in its directory
	// (internal/base/rundir): one writer at a time.
	LockFile = "_train.lock"
)

// Config describes a training run. DefaultConfig gives the settings of
// `surakarta train` without flags. Its run settings (out, games, seed,
// random opening, concurrency, resume) are Run, declared with their checks
// in internal/app/runspec; the rest are the training run's own.
type Config struct {
	// Run are the run's settings, with what a training run makes of them:
	// Out is the directory everything goes to (see the package
	// documentation for the layout); Games counts the self-play games of
	// each generation's data; Seed seeds everything random; RandomOpening
	// plies open every self-play game and every match pair; Concurrency is
	// the number of games played at once in self-play and the matches (0:
	// one per CPU), which changes only the speed; Resume continues a run in
	// Out: finished stages are kept, the rest run.
	// Shard and Shards are not read: a run plays every game itself.
	Run runspec.Settings
	// Generations is the number of generations trained after generation 0.
	Generations int
	// Gen0Games, where above 0, counts the self-play games of a generation
	// whose data generation 0 plays (the first): under the baseline
	// (playouts, WithPreset "baseline") those games cost several times a
	// trained model's and only start the loop. 0: Run.Games.
	Gen0Games int64
	// Gen0 is the evaluator generation 0 plays, a name of eval's registry
	// (eval.BestName, the shipped model, by default; mcts.MaterialName
	// under the baseline): generation 0 is the champion of the first data,
	// the opponent of generation 1's gate and an anchor.
	Gen0 string
	// SelfPlay is the search setting of the self-play games (noise and
	// temperature for diversity), SelfPlay.Sims simulations a move:
	// generation 0 plays it as it is, a trained champion with value leaves
	// at ModelCPUCT.
	SelfPlay mcts.Settings
	// Game is the game trained: "" (Surakarta) or AlquerqueGame, whose
	// games are played by Alquerque's rules under Rules' settings
	// (WithGame sets it with Alquerque's engine and fit).
	Game string
	// Rules are the rules of every game.
	Rules rules.Rules
	// Window is the number of latest generations' data a fit reads.
	Window int
	// Fit is how each generation's model is fitted.
	Fit fit.ModelFitOptions
	// Match is the search setting of every match player (no noise, no
	// temperature): generation 0 plays it as it is with Gen0, a trained
	// generation with value leaves and its model, the material anchor
	// with value leaves and material. ModelCPUCT is the exploration
	// constant of value-leaf players, in matches and in self-play.
	Match      mcts.Settings
	ModelCPUCT float64
	// GateGames is the number of games of each gate (even: colour-swapped
	// pairs); Gate is the rule that promotes the candidate.
	GateGames int
	Gate      GateRule
	// AnchorGames is the number of games of each match against the fixed
	// anchors, generation 0 and the material value-leaf engine (even; 0
	// plays none).
	AnchorGames int
	// PoolGames is the number of games (even; 0 plays none) generation g
	// plays against each of its pool opponents besides its gate: the
	// PoolDepth generations before it (from generation 1, its gate's
	// opponent aside) and each of Pool, evaluators opened by eval's
	// registry (model files or names such as the shipped model's). Every
	// match of the run (gates, pool and anchor matches) goes into one
	// rating fit, the ladder's Ratings, anchored at Pool's first member
	// (generation 0 without one). Pool matches decide no generation: a run
	// resumed with another pool plays what is missing.
	PoolGames int
	PoolDepth int
	Pool      []string
	// StrengthGames is the number of games of each match of the final
	// comparison (Strength; even, 0 plays none).
	StrengthGames int
	// Baselines are model files the champion also plays in the final
	// comparison, at equal simulations and at equal time as calibrated for
	// the run's own engines, each a value-leaf player at ModelCPUCT with
	// its own heads: how a run's result compares with a model made
	// elsewhere (a shipped one). They decide no generation, so a finished
	// run resumed with other baselines (or another StrengthGames) replays
	// its final comparison alone.
	Baselines []string
	// Command is the command line that runs this Config ("surakarta train
	// --games 1200"), recorded in every model file's provenance with the
	// program's revision; "" records none. It decides nothing.
	Command string
	// Log receives stage lines and progress (nil: none); Quiet silences
	// both, but not what a resume removed (the temporary files of a
	// killed run), which is said on Log once.
	Log   io.Writer
	Quiet bool
}

// DefaultConfig returns the defaults: generation 0 is the strongest
// engine, the shipped model (runspec.TrainEngine: value leaves at cpuct
// 0.5, 200 simulations a move, noise 0.25, 20 sampled plies); 3
// generations of 400 self-play games, fits of a pattern value head
// (colour-blind by construction) and a prior on the latest 2 generations
// with TD(0.7) returns and spread-scaled values, gates of 200 games that
// promote when the score's 95% interval lies above one half, pool matches
// of 200 games against the two generations before (DefaultPool: the
// shipped model is generation 0, the ratings' 0), anchor matches of 200
// games (runspec.TrainMatchEngine: 200 simulations), a final comparison
// of 200 games a match (Strength), value-leaf players at cpuct 0.5, 4
// random opening plies, seed 1. It finishes in about ten minutes on two
// cores.
func DefaultConfig() Config {
	sp := runspec.TrainEngine()
	m := runspec.TrainMatchEngine().Settings
	fit := fit.ModelFitOptions{Value: fit.DefaultFitOptions(), ValueHead: fit.PatternHeadKind, TDLambda: 0.7, SpreadScale: true, Prior: fit.DefaultPriorFitOptions(), PriorTemperature: 1}
	return Config{
		Run:         runspec.Settings{Out: "train", Games: 400, Seed: 1, RandomOpening: 4},
		Generations: 3, Gen0: sp.Evaluator, SelfPlay: sp.Settings, Rules: rules.DefaultRules(), Window: 2,
		Fit: fit, Match: m, ModelCPUCT: 0.5, GateGames: 200, Gate: GateInterval, AnchorGames: 200, StrengthGames: 200,
		PoolGames: 200, PoolDepth: 2, Pool: DefaultPool(sp.Evaluator),
	}
}

// DefaultPool is the pool of a run whose generation 0 plays gen0: none
// where it is the shipped model (generation 0 is then the ratings' 0 and
// the shipped model itself), else the shipped model (eval.BestName), so
// that every run's ladder is measured against it, as runs made under the
// baseline were.
func DefaultPool(gen0 string) []string {
	if gen0 == eval.BestName {
		return nil
	}
	return []string{eval.BestName}
}

// WithPreset sets generation 0's engine to the named preset's
// (runspec.WithPreset: "best", the default, or "baseline", playouts with
// the material evaluator at cpuct 1.5, what runs made before the strongest
// engine was the default played): its search in self-play (SelfPlay) and
// matches (Match), and its evaluator (Gen0). The simulations, noise and
// sampling are kept, and the trained generations' value-leaf search
// (ModelCPUCT) is unchanged.
func (c *Config) WithPreset(name string) error {
	sp, err := runspec.WithPreset(mcts.Engine{Settings: c.SelfPlay, Evaluator: c.Gen0}, name)
	if err != nil {
		return err
	}
	m, err := runspec.WithPreset(mcts.Engine{Settings: c.Match, Evaluator: c.Gen0}, name)
	if err != nil {
		return err
	}
	c.SelfPlay, c.Match, c.Gen0 = sp.Settings, m.Settings, sp.Evaluator
	return nil
}

// WithGame makes c a run of the named game ("surakarta" or "", the
// default, changes nothing): for Alquerque, generation 0 plays
// Alquerque's engine (runspec.AlquerqueEngine: its leaves, exploration
// constant and evaluator, in self-play and matches; simulations, noise
// and sampling kept; a preset set before, such as baseline, is kept: the
// presets mean the same engines in both games, and "best" opens as
// Alquerque's shipped model), the fits are of Alquerque's pattern head
// alone (it has no move prior) and the pool has no model besides the
// generations (as the run that made Alquerque's shipped model played).
func (c *Config) WithGame(name string) error {
	switch name {
	case "", rules.Rules{}.Name():
		c.Game = ""
		return nil
	case AlquerqueGame:
	default:
		return fmt.Errorf("game %q: want %s or %s", name, rules.Rules{}.Name(), AlquerqueGame)
	}
	a := runspec.AlquerqueEngine()
	sp := runspec.Toward(mcts.Engine{Settings: c.SelfPlay, Evaluator: c.Gen0}, a)
	m := runspec.Toward(mcts.Engine{Settings: c.Match, Evaluator: c.Gen0}, a)
	c.Game, c.SelfPlay, c.Match, c.Gen0 = AlquerqueGame, sp.Settings, m.Settings, sp.Evaluator
	c.Fit.NoPrior, c.Pool = true, nil
	return nil
}

// Validate reports the first setting out of range, named by its name
// (setting.Errorf: a command says its flag).
func (c *Config) Validate() error {
	switch {
	case c.Run.Out == "":
		return errors.New("no output directory")
	case c.Generations < 1 || c.Generations > 99:
		return setting.Errorf("%s: want 1..99", setting.Set("generations", c.Generations))
	case c.Run.Games < 2:
		return setting.Errorf("%s: want at least 2 a generation (the fit holds games out)", setting.Set("games", c.Run.Games))
	case c.Gen0Games == 1 || c.Gen0Games < 0:
		return setting.Errorf("%s: want at least 2 (the fit holds games out), or 0 for %s", setting.Set("gen0_games", c.Gen0Games), setting.Key("games"))
	case c.Gen0 == "":
		return errors.New("no evaluator for generation 0: want a name of eval's registry (best, material) or a model file")
	case c.Window < 1:
		return setting.Errorf("%s: want at least 1 generation of data", setting.Set("window", c.Window))
	case len(c.Baselines) > 0 && c.StrengthGames == 0:
		return setting.Errorf("%s: the baselines play in the final comparison, which %s leaves out", setting.Set("baseline", c.Baselines[0]), setting.Set("strength_games", 0))
	case c.Gate != GateInterval && c.Gate != GateHalf:
		_, err := ParseGateRule(string(c.Gate))
		return err
	case !(c.ModelCPUCT > 0):
		return setting.Errorf("%s: want a positive number", setting.Set("model_cpuct", c.ModelCPUCT))
	}
	if err := c.validateGame(); err != nil {
		return err
	}
	if c.PoolDepth < 0 {
		return setting.Errorf("%s: want 0 or more earlier generations", setting.Set("pool_depth", c.PoolDepth))
	}
	for _, err := range []error{runspec.PairedGames("gate_games", int64(c.GateGames), ""),
		runspec.PairedGames("pool_games", int64(c.PoolGames), "for no pool matches"),
		runspec.PairedGames("anchor_games", int64(c.AnchorGames), "for no anchor matches"),
		runspec.PairedGames("strength_games", int64(c.StrengthGames), "for no final comparison")} {
		if err != nil {
			return err
		}
	}
	if err := c.Run.Validate("random_opening", "concurrency"); err != nil {
		return err
	}
	if c.Fit.ValueHead != "" {
		if _, err := fit.ParseValueHead(c.Fit.ValueHead); err != nil {
			return setting.Errorf("%s: %w", setting.Key("value_head"), err)
		}
	}
	if err := (mcts.Config{Settings: c.SelfPlay, Rules: c.Rules}).Validate(); err != nil {
		return fmt.Errorf("self-play engine: %w", err)
	}
	if err := c.Match.Validate(); err != nil {
		return fmt.Errorf("match engine: %w", err)
	}
	if err := c.Fit.Validate(); err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	return nil
}

// validateGame reports a setting the game does not have: Alquerque's
// models are a pattern head without a prior.
func (c *Config) validateGame() error {
	switch {
	case c.Game != "" && c.Game != AlquerqueGame:
		return setting.Errorf("%s: want %s or %s", setting.Set("game", c.Game), rules.Rules{}.Name(), AlquerqueGame)
	case c.Game == "":
		return nil
	case c.Fit.ValueHead != fit.PatternHeadKind:
		return setting.Errorf("%s: Alquerque's value head is patterns (it has no linear head)", setting.Set("value_head", c.Fit.ValueHead))
	case !c.Fit.NoPrior:
		return setting.Errorf("an Alquerque model has no move prior (no move features): fit it with %s", setting.Key("no_prior"))
	}
	return nil
}

// rules are the games' rules.
func (c *Config) rules() rules.Rules { return c.Rules }

// selfPlayEngine is the self-play setting of a run whose champion is gen.
func (c *Config) selfPlayEngine(gen int) mcts.Settings {
	e := c.SelfPlay
	if gen > 0 {
		e.Leaf, e.CPUCT = mcts.LeafValue, c.ModelCPUCT
	}
	return e
}

// matchEngine is the match setting of generation gen (or, with value set,
// of a value-leaf player).
func (c *Config) matchEngine(value bool) mcts.Settings {
	e := c.Match
	e.NoiseWeight, e.TemperaturePlies = 0, 0
	if value {
		e.Leaf, e.CPUCT = mcts.LeafValue, c.ModelCPUCT
	}
	return e
}

func (c *Config) path(name ...string) string {
	return filepath.Join(append([]string{c.Run.Out}, name...)...)
}

// genDir is the directory of generation g.
func genDir(g int) string { return fmt.Sprintf("gen-%02d", g) }
