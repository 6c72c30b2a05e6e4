package runspec

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/mcts"
)

// The default engine of each purpose, named here once: every command and
// package that plays for a purpose starts from its function, and its help
// states the figures from it. Every purpose plays the strongest engine
// the project has (StrongestEngine: the shipped model with value leaves
// at cpuct 0.5); the search settings themselves are mcts's
// (mcts.EngineSettings), and a purpose changes only these:
//
//	purpose             sims   else                                   played by
//	analysis            10000  StrongestEngine                        analyze, play, engine
//	self-play             800  root noise 0.25, 20 sampled plies      selfplay
//	study                 800  self-play's, no noise, no sampling     experiment run
//	match                 800  analysis's                             match --a/--b
//	pipeline              400  study's, no tables                     pipeline's self-play
//	pipeline match        200  analysis's                             pipeline's matches
//	train                 200  self-play's                            train's generation 0
//	train match           200  StrongestEngine                        train's matches
//
// Analysis searches one position, so it can spend 10,000 simulations; the
// commands that play many games spend 800; the one-command jobs are sized
// to finish in minutes on two cores.

// StrongestEngine is the strongest configuration the project has, the
// default of every purpose: mcts's settings with value leaves, the
// exploration constant 0.5 and the shipped model (eval.BestName: its
// pattern value head scores every new leaf and its move prior orders the
// moves), the engine of docs/findings (experiments/specs/strongest.yaml).
// It beats BaselineEngine by +727 Elo [+569, +inf] at equal time
// (docs/BENCHMARKS.md, "The default engine"). The endgame tables are the
// tablebase setting's, when a directory is given.
func StrongestEngine() mcts.Engine {
	e := mcts.DefaultEngine()
	e.Leaf, e.CPUCT, e.Evaluator = mcts.LeafValue, 0.5, eval.BestName
	return e
}

// BaselineEngine is mcts's own defaults, every command's default before
// the strongest engine was: capture-aware playouts scored by the material
// evaluator, cpuct 1.5. It is one setting away (--preset baseline, or
// preset=baseline in a CONFIG) and what runs made before the change
// recorded (the run's refusal to resume names its flags).
func BaselineEngine() mcts.Engine { return mcts.DefaultEngine() }

// AnalysisEngine is the engine of a search of one position: the strongest
// engine at 10,000 simulations.
func AnalysisEngine() mcts.Engine { return StrongestEngine() }

// SelfPlayEngine is the engine of self-play data: 800 simulations a move,
// root Dirichlet noise of weight 0.25, moves sampled by visit count
// (temperature 1) for the first 20 plies; the node budget is mcts's
// default (1M slots, 24 MiB, which 800 simulations never reach). The
// search is the strongest engine's.
func SelfPlayEngine() mcts.Engine { return selfPlayOf(StrongestEngine()) }

// selfPlayOf returns e with self-play's simulations, noise and sampling.
func selfPlayOf(e mcts.Engine) mcts.Engine {
	e.Sims = 800
	e.NoiseWeight = 0.25
	e.TemperaturePlies = 20
	e.Temperature = 1
	return e
}

// StudyEngine is the engine an experiment's arm starts from: the self-play
// engine playing its best move, the most visited, with no root noise and
// no temperature opening. A study's diversity comes from its random
// openings; the moves after them are the engine's best play, so that the
// figures describe the game at the engine's strength rather than a noise
// schedule.
func StudyEngine() mcts.Engine {
	e := SelfPlayEngine()
	e.NoiseWeight = 0
	e.TemperaturePlies = 0
	return e
}

// AlquerqueEngine is Alquerque's engine for every purpose (analysis,
// play, the engine command, a match's built-in sides at MatchEngine's
// simulations, self-play, the pipeline, train's generation 0), each at
// its purpose's simulations: the strongest engine's settings, value
// leaves at cpuct 0.5 scored by evaluator best, which Alquerque's
// registry opens as Alquerque's shipped model (eval.ShippedAlquerqueModel,
// alquerque-v1: its training measured it with these leaves and this
// constant); no endgame tables. It beats BaselineEngine, Alquerque's
// engine before it (capture-aware playouts scored by material at cpuct
// 1.5, --preset baseline), by +124.0 Elo [+109.6, +138.8] at 800
// simulations and +177.2 [+149.5, +207.2] at equal time
// (docs/BENCHMARKS.md "Alquerque's default engine"; docs/findings
// section 20). So the presets mean the same in both games.
func AlquerqueEngine() mcts.Engine { return StrongestEngine() }

// MatchEngine is what a built-in side of a match starts from: the analysis
// engine at self-play's simulations, so that a default match of 100 games
// takes seconds, not minutes.
func MatchEngine() mcts.Engine { return withSims(AnalysisEngine(), SelfPlayEngine().Sims) }

// PipelineEngine is the self-play engine of the one-command pipeline: the
// study engine (the strongest, playing its best move after the opening
// with no root noise and no temperature, as docs/findings' studies play
// it) at 400 simulations a move, so that the default job (512 games a
// variant, two matches of 512) takes about 65 CPU-seconds. It plays
// without endgame tables, so that its figures are the same on every
// machine whatever tables it holds, and docs/findings has its figure
// (section 15).
func PipelineEngine() mcts.Engine {
	e := withSims(StudyEngine(), 400)
	e.Tablebase = ""
	return e
}

// PipelineMatchEngine is the pipeline's matches' setting for both players
// (their evaluators are the pipeline's: the fitted weights against
// material, then against the shipped model): the analysis engine's search at 200 simulations a move, with
// value leaves (the evaluator scores every new leaf, so the weights decide
// what the search sees) and an exploration constant of 0.5. The fitted
// weights' values are flatter than the material evaluator's, so at the
// baseline's constant 1.5 the search explores more with them and the two
// measure about even; at 0.5 the fit's gain shows (docs/BENCHMARKS.md,
// eval strength).
func PipelineMatchEngine() mcts.Engine { return withSims(AnalysisEngine(), 200) }

// TrainEngine is the engine of a training run's generation 0, the first
// data's: the strongest engine (the shipped model is generation 0's
// champion) with self-play's noise and sampling, at 200 simulations a
// move. Its trained generations search as it does, with value leaves at
// train's --model-cpuct and their own models. Runs made before it played
// the baseline here (train --preset baseline).
func TrainEngine() mcts.Engine { return withSims(selfPlayOf(StrongestEngine()), 200) }

// TrainMatchEngine is the search of a training run's match players: the
// strongest engine's (generation 0's, as TrainEngine) at 200 simulations
// a move.
func TrainMatchEngine() mcts.Engine { return withSims(StrongestEngine(), 200) }

// withSims returns e at n simulations a move.
func withSims(e mcts.Engine, n int) mcts.Engine {
	e.Sims = n
	return e
}

// A preset is a named engine that one setting picks: --preset NAME on
// every command that runs the engine, preset=NAME in a match CONFIG. It
// sets the settings in which its engine differs from StrongestEngine
// (which settings is computed, not listed) and leaves the purpose's own
// (simulations, noise, sampling) as they are; settings given beside it
// win.
type preset struct {
	name, doc string
	engine    func() mcts.Engine
}

var presets = []preset{
	{"best", "the strongest engine, the default", StrongestEngine},
	{"baseline", "the former default", BaselineEngine},
}

// WithPreset returns e with the named preset's settings (see preset).
func WithPreset(e mcts.Engine, name string) (mcts.Engine, error) {
	for _, p := range presets {
		if p.name != name {
			continue
		}
		return Toward(e, p.engine()), nil
	}
	return e, fmt.Errorf("preset %q: want %s", name, PresetHelp())
}

// Toward returns e with the settings in which target differs from
// StrongestEngine, e's own kept (simulations, noise and sampling where
// target leaves them as the strongest engine has them): how a preset
// applies, and how a purpose's engine becomes another game's (target
// AlquerqueEngine).
func Toward(e, target mcts.Engine) mcts.Engine {
	for _, n := range StrongestEngine().Diff(target) {
		s := mcts.LookupSetting(n)
		if err := s.Set(&e, s.Get(&target)); err != nil {
			panic("runspec: an engine's setting does not parse back: " + err.Error())
		}
	}
	return e
}

// AsBaseline returns e with the baseline's leaves, exploration constant
// and evaluator (--preset baseline), its purpose's simulations, noise and
// sampling kept: what tests and benchmarks that play the material
// evaluator start from.
func AsBaseline(e mcts.Engine) mcts.Engine {
	b, err := WithPreset(e, "baseline")
	if err != nil {
		panic("runspec: " + err.Error()) // the table declares baseline
	}
	return b
}

// PresetHelp lists the presets with what each sets.
func PresetHelp() string {
	var parts []string
	for _, p := range presets {
		e := p.engine()
		parts = append(parts, fmt.Sprintf("%s (%s: %s)", p.name, p.doc, e.Text(StrongestEngine().Diff(BaselineEngine())...)))
	}
	return strings.Join(parts, " or ")
}

// MadeUnderBaseline reports whether a run recorded with engine have was
// played by the former default where the default changed (the settings in
// which StrongestEngine and BaselineEngine differ) and this run's mine
// differs from it there: a run made before the strongest engine became
// the default, resumed with today's defaults.
func MadeUnderBaseline(mine, have mcts.Engine) bool {
	b, differs := BaselineEngine(), false
	for _, n := range StrongestEngine().Diff(b) {
		s := mcts.LookupSetting(n)
		if s.Get(&have) != s.Get(&b) {
			return false
		}
		differs = differs || s.Get(&mine) != s.Get(&have)
	}
	return differs
}

// DescribedMadeUnderBaseline is MadeUnderBaseline of two runs' recorded
// descriptions (mcts.Engine.Describe, the evaluator by identity); false
// when either does not read back.
func DescribedMadeUnderBaseline(mine, have string) bool {
	m, mok := describedEngine(mine)
	h, hok := describedEngine(have)
	return mok && hok && MadeUnderBaseline(m, h)
}

// FormerDefaultNote is the line a refusal to resume adds when
// MadeUnderBaseline: what the run was played by and fix, how to continue
// it, an advice that names the settings it needs ("add preset=baseline":
// setting.Errorf).
func FormerDefaultNote(fix error) error {
	b := BaselineEngine()
	return setting.Errorf("That run was played by the former default engine (%s), before the strongest engine became the default: %v to continue it.",
		b.Text(StrongestEngine().Diff(b)...), fix)
}

// AddPresetBaseline is the fix of a run played by the former default
// engine where a preset of the run's engine sets it: add preset=baseline
// (with resume).
func AddPresetBaseline() error {
	return setting.Errorf("add %s (with %s)", setting.Set("preset", "baseline"), setting.Key("resume"))
}

// describedEngine reads a run's recorded engine description back.
func describedEngine(desc string) (mcts.Engine, bool) {
	text, ok := mcts.DescriptionText(desc)
	if !ok {
		return mcts.Engine{}, false
	}
	e, err := mcts.ParseEngine(mcts.Engine{}, text)
	return e, err == nil
}
