package pipeline

import (
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/selfplay"
)

// The job's defaults: small enough that the whole job takes about a
// minute on two cores (about 65 CPU-seconds, README), large enough that
// the figures mean something: every 2-ply opening twice a variant, the
// standard variant's advantage stratified by opening; the engines are
// runspec's PipelineEngine (the shipped model, 400 simulations) and
// PipelineMatchEngine.
const (
	DefaultGames         = 512
	DefaultMatchGames    = 512
	DefaultRandomOpening = 2
	DefaultOpening       = dataset.OpeningEnumerated
	DefaultMatchModel    = eval.BestName
	DefaultPlayers       = selfplay.PlayersIndependent
	// DefaultOut is the directory of a run given none.
	DefaultOut = "out"
)

// Alquerque's defaults where a run leaves them (AlquerqueDefaults): every
// 6-ply opening (107; the start's 2 plies make only 5) four times a
// variant, two match pairs each, against material and against the model
// match's default, best, which is Alquerque's shipped model to an
// Alquerque run; the engine is the pipeline's, scored by Alquerque's
// shipped model: docs/findings section 20's trained engine at 400
// simulations, which AlquerqueReferences hold.
const (
	AlquerqueGames         = 428
	AlquerqueRandomOpening = 6
	AlquerqueMatchGames    = 428
)

// DefaultConfig returns the job's settings before a command's flags
// change them: the run's defaults with DefaultOut, DefaultGames and
// DefaultRandomOpening, the fit's defaults, and the job's own (opening,
// players, matches, a 95% confidence). The engines, the rules and the
// game are the caller's.
func DefaultConfig() Config {
	c := Config{Run: runspec.Defaults(), Fit: fit.DefaultFitOptions(), Opening: DefaultOpening, Players: DefaultPlayers,
		MatchGames: DefaultMatchGames, MatchModel: DefaultMatchModel, Confidence: 0.95}
	c.Run.Out, c.Run.Games, c.Run.RandomOpening = DefaultOut, DefaultGames, DefaultRandomOpening
	return c
}

// AlquerqueDefaults makes c a run of Alquerque (Game AlquerqueGame) and
// gives it Alquerque's defaults where given (by a setting's name: games,
// random_opening, match_games) says the caller did not set it:
// AlquerqueGames, AlquerqueRandomOpening, AlquerqueMatchGames; the model
// match keeps DefaultMatchModel, best, Alquerque's own shipped model.
func (c *Config) AlquerqueDefaults(given func(setting string) bool) {
	c.Game = AlquerqueGame
	if !given("games") {
		c.Run.Games = AlquerqueGames
	}
	if !given("random_opening") {
		c.Run.RandomOpening = AlquerqueRandomOpening
	}
	if !given("match_games") {
		c.MatchGames = AlquerqueMatchGames
	}
}
