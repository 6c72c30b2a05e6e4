// Package train runs the training loop behind `surakarta train`:
// generations of self-play with the current model, fits of a value head
// and a move prior on the latest generations' data, matches that gate each
// new generation, and an Elo ladder against fixed anchors.
//
// Files: train.go runs the generations and their stages (one runner for
// every game, over the game contract), game.go holds what a run needs of
// its game beyond the contract (Surakarta's and Alquerque's kits),
// matches.go the gate, anchor and final-comparison matches (a match is
// played again unless its file holds the same key), config.go holds
// the settings (settings.go the document a run records of them, and the
// comparison that refuses a resume under others), ladder.go the ladder's records and the gate's rule,
// pool.go the pool matches (a gauntlet of eval/tournament) and the rating
// fit over every match,
// report.go the Markdown report, the PNG plot and the ladder's text
// (Ladder.WriteText), strength.go the final comparison, cpu_linux.go and
// cpu_other.go the thread CPU clock its equal-time calibration reads
// where the system has one; JSON records go through internal/base/atomicfile
// (WriteJSON).
//
// # The loop
//
// Generation 0 is Config.Gen0 at generation 0's search (Config.SelfPlay,
// Config.Match): by default the strongest engine, the shipped model with
// value leaves (runspec.TrainEngine); Config.WithPreset("baseline") makes
// it capture-aware playouts with the material evaluator, what runs made
// before played (a resume of such a run without it is refused, naming the
// preset). Generation g (g = 1, 2, ...) is made in five stages:
//
//  1. self-play: the champion, the last promoted generation (0 at first),
//     plays Config.Run.Games games at Config.SelfPlay's settings (root noise
//     and sampled opening plies for diversity) into OUT/gen-GG/data; a
//     trained champion searches with value leaves, its model's values and
//     its prior.
//  2. fit: fit.FitModel fits a value head (TD(λ) returns, spread-scaled;
//     by default the pattern evaluator, eval.Patterns, or with
//     Config.Fit.ValueHead "linear" a linear one on the hand features) and
//     a prior head on the data of the latest Config.Window generations,
//     into OUT/gen-GG/model.json.
//  3. gate: generation g plays Config.GateGames games against the champion
//     in colour-swapped pairs at Config.Match's settings (OUT/gen-GG/gate.json);
//     it is promoted, and becomes the champion, when the 95% interval of its
//     score lies above one half (Config.Gate, GateInterval; GateHalf, any
//     score above one half, is the rule of runs made before it).
//     A generation that fails is kept (its model, its ladder entry) but the
//     champion goes on making data, and the next fit has more of it. The
//     progress line and the report's Gates section say why each generation
//     was or was not promoted (its score against whom, and what follows).
//  4. pool: generation g plays Config.PoolGames games against each of its
//     pool opponents, the Config.PoolDepth generations before it (its
//     gate's opponent aside) and each model of Config.Pool, such as the
//     shipped one: one gauntlet of eval/tournament, every match from the
//     same openings (OUT/gen-GG/pool-NAME.json).
//  5. anchors: generation g plays Config.AnchorGames games against each of
//     two fixed anchors, generation 0 and material with value leaves
//     (OUT/gen-GG/anchor-gen0.json, anchor-material.json).
//
// After each generation one rating fit over every match of the run (gates,
// pool and anchor matches; stats.PoolRatings, Bradley–Terry) puts every
// player on one Elo scale, relative to the first of Config.Pool (generation
// 0 without one, the default: DefaultPool): the ladder's Ratings. OUT/ladder.json, OUT/report.md and
// OUT/ladder.png are rewritten. After the last, the final comparison (Strength) plays the
// champion against generation 1, its own value head and Config.Baselines
// at equal simulations and at equal time.
//
// # Games
//
// Config.Game "" trains Surakarta; AlquerqueGame (Config.WithGame) trains
// Alquerque by the same runner and stages: generation 0 is Alquerque's
// engine (runspec.AlquerqueEngine), the data lies in the datasets'
// game=alquerque partitions, each model is an Alquerque model file (a
// pattern value head, eval.NewAlquerqueModelFile, no prior), the anchors
// are generation 0 and Alquerque's material evaluator with value leaves,
// and the pool's matches are the same gauntlet of eval/tournament,
// played by Alquerque's rules and engines (match.AlquerqueGame). The
// ladder's settings record the game, so that a run of one game never
// resumes as the other's.
//
// # Resuming and determinism
//
// Every random choice derives from Config.Run.Seed, the stage and the
// generation (self-play seeds, held-out split, match openings and
// searches), and every count is fixed, so a run's data, models and ladder
// do not depend on the machine or the number of workers. With
// Config.Run.Resume a run continues where it stopped: self-play resumes its
// dataset (finished games kept), and a fit or match is skipped when its
// file records the same settings and inputs (the datasets' provenance, the
// models' hashes), run again otherwise. Resuming with more generations
// extends a finished run, one with another Config.StrengthGames or
// other Config.Baselines replays the final comparison, and one with another
// pool (Config.PoolGames, PoolDepth, Pool) plays the pool matches it lacks;
// other settings are refused. One run writes a directory at a time
// (LockFile, by internal/base/rundir): a second is refused naming the first's
// process, and a resume removes the temporary files a killed run left,
// saying so on Config.Log even when Quiet.
package train
