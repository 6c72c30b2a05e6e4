package runspec

import "github.com/surakarta/surakarta/mcts"

// The default engine of each purpose, named here once: every command and
// package that plays for a purpose starts from its function, and its help
// states the figures from it. The search settings themselves are mcts's
// (mcts.EngineSettings); a purpose changes only these:
//
//	purpose             sims   else                                   played by
//	analysis            10000  mcts.DefaultEngine                     analyze, play, engine
//	self-play             800  root noise 0.25, 20 sampled plies      selfplay
//	study                 800  self-play's, no noise, no sampling     experiment run
//	match                 800  analysis's                             match --a/--b
//	pipeline              100  self-play's                            pipeline's self-play
//	pipeline match        200  value leaves, cpuct 0.5                pipeline's match
//	train                 200  self-play's                            train's self-play
//	train match           200  analysis's                             train's matches
//
// Analysis searches one position, so it can spend 10,000 simulations; the
// commands that play many games spend 800; the one-command jobs are sized
// to finish in minutes on two cores.

// AnalysisEngine is the engine of a search of one position: mcts's
// defaults, 10,000 simulations.
func AnalysisEngine() mcts.Engine { return mcts.DefaultEngine() }

// SelfPlayEngine is the engine of self-play data: 800 simulations a move,
// root Dirichlet noise of weight 0.25, moves sampled by visit count
// (temperature 1) for the first 20 plies; the node budget is mcts's
// default (1M slots, 24 MiB, which 800 simulations never reach).
func SelfPlayEngine() mcts.Engine {
	e := mcts.DefaultEngine()
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

// MatchEngine is what a built-in side of a match starts from: the analysis
// engine at self-play's simulations, so that a default match of 100 games
// takes seconds, not minutes.
func MatchEngine() mcts.Engine { return withSims(AnalysisEngine(), SelfPlayEngine().Sims) }

// PipelineEngine is the self-play engine of the one-command pipeline: 100
// simulations a move, so that the default job takes about a minute.
func PipelineEngine() mcts.Engine { return withSims(SelfPlayEngine(), 100) }

// PipelineMatchEngine is the pipeline's match setting for both players:
// 200 simulations a move with value leaves (the evaluator scores every new
// leaf, so the weights decide what the search sees) and an exploration
// constant of 0.5. The fitted weights' values are flatter than the
// material evaluator's, so at the default constant 1.5 the search explores
// more with them and the two measure about even; at 0.5 the fit's gain
// shows (docs/BENCHMARKS.md, eval strength).
func PipelineMatchEngine() mcts.Engine {
	e := withSims(AnalysisEngine(), 200)
	e.Leaf, e.CPUCT = mcts.LeafValue, 0.5
	return e
}

// TrainEngine is the self-play engine of a training run: self-play's at
// 200 simulations a move.
func TrainEngine() mcts.Engine { return withSims(SelfPlayEngine(), 200) }

// TrainMatchEngine is the search of a training run's match players: the
// analysis engine at 200 simulations a move.
func TrainMatchEngine() mcts.Engine { return withSims(AnalysisEngine(), 200) }

// withSims returns e at n simulations a move.
func withSims(e mcts.Engine, n int) mcts.Engine {
	e.Sims = n
	return e
}
