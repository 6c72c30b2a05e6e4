package pipeline

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

// Names of the outputs under Config.Run.Out.
const (
	DataDir     = "data"
	VerifyFile  = "verify.json"
	WeightsFile = "weights.json"
	MatchFile   = "match.json"
	// ModelMatchFile holds the match against Config.MatchModel.
	ModelMatchFile = "match-model.json"
	ReportDir      = "report"
	StatsFile      = "stats.json"
	SummaryFile    = "summary.json"
)

// FitVariant is the variant whose positions the weights are fitted on, and
// whose rules the match is played under: the standard ending, where a draw
// is a draw, so the value target is the game's own result.
const FitVariant = rules.Standard

// Variants are the endgame variants the pipeline plays, in report order.
var Variants = []rules.Variant{rules.Standard, rules.Majority}

// Config describes a pipeline run. Its run settings (out, games, seed,
// random opening, concurrency, resume) are Run, declared with their checks
// in internal/app/runspec; the rest are the pipeline's own.
type Config struct {
	// Run are the run's settings, with what the pipeline makes of them:
	// Out is the directory every output goes to (see the package
	// documentation for the layout); Games counts the self-play games per
	// variant; Seed seeds everything random: the self-play run (openings
	// and searches), the held-out split of the fit, and the matches'
	// openings and searches; RandomOpening plies, chosen by Opening, open
	// every self-play game and every match pair; Concurrency is the number
	// of games played at once in self-play and the matches (0: one per
	// CPU), which changes only the speed; Resume continues a run in Out
	// (see the package documentation). Shard and Shards are not read: the
	// pipeline plays every game itself.
	Run runspec.Settings
	// Opening is the procedure that chooses the RandomOpening plies:
	// dataset.OpeningEnumerated (the findings' procedure: game i of each
	// variant plays opening i mod N of the N openings of that many plies,
	// so that Games a multiple of N plays each equally often, and match
	// pair k opening k mod N) or dataset.OpeningRandom (uniformly random
	// plies from the seed and the game id; "" means it too).
	Opening string
	// Game is the game played: "" (Surakarta) or AlquerqueGame, whose
	// games are played by Alquerque's rules under Rules' settings, scored
	// by AlquerqueEvaluator, fitted into an Alquerque pattern model and
	// kept in the datasets' game=alquerque partitions (alquerque.go).
	Game string
	// Rules are the game settings under FitVariant (Validate refuses
	// another variant): self-play plays them under each of Variants, the
	// match as they are.
	Rules rules.Rules
	// Engine is the self-play engine as the dataset records it: its
	// Evaluator is Evaluator's identity.
	Engine mcts.Engine
	// Evaluator scores self-play leaves: from eval.OpenEvaluator;
	// AlquerqueEvaluator, from eval.OpenAlquerqueEvaluator, Alquerque's.
	Evaluator          eval.Opened
	AlquerqueEvaluator eval.OpenedAlquerque
	// Players is who plays the self-play games (selfplay.Config.Players):
	// selfplay.PlayersIndependent, each colour its own searcher and tree,
	// is the findings' estimand (the command's default); PlayersShared (or
	// empty) is one searcher for both colours.
	Players string
	// Fit is the settings of the fit on the FitVariant games.
	Fit fit.FitOptions
	// MatchGames is the number of games of each match (even; 0 skips the
	// matches). MatchEngine is the search setting of both players; the
	// fitted evaluator plays A, and B is the material evaluator in the
	// first match and MatchModel, an evaluator name (the shipped model by
	// default), in the second ("" skips the second).
	MatchGames  int
	MatchEngine mcts.Settings
	MatchModel  string
	// Confidence is the level of the report's intervals (0 means 0.95).
	Confidence float64
	// Command is the command line recorded in the report and summary.
	Command string
	// Log receives the stage lines and progress (nil: none); Quiet
	// silences the progress but not errors.
	Log   io.Writer
	Quiet bool
}

// Validate reports the first setting out of range.
func (c *Config) Validate() error {
	if err := c.Run.Validate("games", "random_opening", "concurrency"); err != nil {
		return err
	}
	if _, err := dataset.ParseOpening(c.Opening); err != nil {
		return err
	}
	if err := selfplay.CheckPlayers(c.Players); err != nil {
		return err
	}
	if c.Game != "" && c.Game != AlquerqueGame {
		return fmt.Errorf("game %q: want %s or %s", c.Game, rules.Rules{}.Name(), AlquerqueGame)
	}
	if c.Opening == dataset.OpeningEnumerated {
		n, err := c.openings()
		if err != nil {
			return err
		}
		if c.Run.Games%n != 0 {
			return fmt.Errorf("games %d with enumerated openings of %d plies: want a multiple of their %d, so that every opening is played equally often (or random openings)", c.Run.Games, c.Run.RandomOpening, n)
		}
	}
	if err := runspec.PairedGames("match_games", int64(c.MatchGames), "to skip the match"); err != nil {
		return err
	}
	switch {
	case c.Run.Out == "":
		return errors.New("no output directory")
	case c.Confidence < 0 || c.Confidence >= 1:
		return fmt.Errorf("confidence %v: want a fraction in (0, 1) such as 0.95", c.Confidence)
	case c.Game == "" && c.Evaluator.Evaluator == nil, c.Game == AlquerqueGame && c.AlquerqueEvaluator.Evaluator == nil:
		return errors.New("pipeline: no self-play evaluator")
	}
	if c.Rules.Variant != FitVariant {
		return fmt.Errorf("rules of variant %s: want %s (the pipeline plays every variant itself)", c.Rules.Variant, FitVariant)
	}
	if err := (mcts.Config{Settings: c.Engine.Settings, Rules: c.Rules}).Validate(); err != nil {
		return fmt.Errorf("self-play engine: %w", err)
	}
	if err := c.Fit.Validate(); err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	if c.MatchGames > 0 {
		if err := c.MatchEngine.Validate(); err != nil {
			return fmt.Errorf("match engine: %w", err)
		}
	}
	return nil
}

// openings returns the number of openings of Run.RandomOpening plies
// from the game's start.
func (c *Config) openings() (int64, error) {
	var n int
	var err error
	if c.Game == AlquerqueGame {
		var list [][]alquerque.Code
		list, err = dataset.EnumerateOpeningsOf(alquerque.Rules(c.Rules), alquerque.Start(), c.Run.RandomOpening)
		n = len(list)
	} else {
		var list [][]rules.Move
		list, err = dataset.EnumerateOpenings(c.Rules, rules.Start(), c.Run.RandomOpening)
		n = len(list)
	}
	return int64(n), err
}

// key is the partition key (dataset.Key) of variant v's games: the
// variant for Surakarta, "alquerque/V" for Alquerque.
func (c *Config) key(v rules.Variant) string { return dataset.Key(c.Game, v.String()) }

// rulesOf returns the shared rules under variant v.
func (c *Config) rulesOf(v rules.Variant) rules.Rules {
	r := c.Rules
	r.Variant = v
	return r
}

func (c *Config) path(name ...string) string {
	return filepath.Join(append([]string{c.Run.Out}, name...)...)
}

// opening names the opening procedure: Opening, "" read as
// dataset.OpeningRandom.
func (c *Config) opening() string {
	o, _ := dataset.ParseOpening(c.Opening) // Validate checked it
	return o
}

// players names who plays the self-play games: Players, "" read as
// selfplay.PlayersShared.
func (c *Config) players() string {
	if c.Players == selfplay.PlayersIndependent {
		return c.Players
	}
	return selfplay.PlayersShared
}
