package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/pipeline/train"
)

func newTrainCommand() *cobra.Command {
	f := &trainFlags{c: train.DefaultConfig()}
	f.run = runFlags{Settings: &f.c.Run}
	cmd := &cobra.Command{
		Use:   "train [--out DIR] [--generations G] [--games N] [--sims S] [--match-engine SETTINGS] [rules flags] [--resume] [--json]",
		Short: "Train models by generations of self-play, gated by matches, with an Elo ladder",
		Long:  helpText("train"),
		Example: "  surakarta train\n" +
			"  surakarta train --game alquerque --out runs/alq --generations 4 --games 1000\n" +
			"  surakarta train --out runs/t1 --generations 6 --games 2000 --sims 400\n" +
			"  surakarta train --out runs/t1 --generations 8 --games 2000 --sims 400 --resume\n" +
			"  surakarta train --out runs/t1 --generations 8 --games 2000 --sims 400 --resume --baseline model.json --strength-games 400\n" +
			"  surakarta match --a 'evaluator=train/gen-03/model.json,leaf=value,cpuct=0.5' --b 'leaf=value,cpuct=0.5' --games 200",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return f.train(cmd) },
	}
	f.bind(cmd)
	return cmd
}

// trainFlags are train's flags: the run's configuration and what is read
// into it.
type trainFlags struct {
	c           train.Config
	asJSON      bool
	noPrior     bool
	rf          rulesFlags
	matchEngine string
	matchSims   int
	gate        string
	preset      string
	gameName    string
	run         runFlags
}

// train checks the flags, completes the configuration from them and
// trains.
func (f *trainFlags) train(cmd *cobra.Command) error {
	if err := f.run.check(); err != nil {
		return err
	}
	if err := checkGameFlag(f.gameName); err != nil {
		return err
	}
	if f.preset != "" {
		if err := f.c.WithPreset(f.preset); err != nil {
			return fmt.Errorf("--%w", err)
		}
	}
	if !cmd.Flags().Changed("pool") {
		f.c.Pool = train.DefaultPool(f.c.Gen0)
	}
	pool := f.c.Pool
	if err := f.c.WithGame(f.gameName); err != nil {
		return err
	}
	if cmd.Flags().Changed("pool") {
		f.c.Pool = pool
	}
	r, err := f.rf.rules()
	if err != nil {
		return err
	}
	f.c.Rules = r
	if match.HasKey(f.matchEngine, "evaluator") {
		return errors.New("--match-engine: leave evaluator out: the ladder's players bring their own (models, material)")
	}
	me, err := mcts.ParseEngine(mcts.Engine{Settings: f.c.Match}, f.matchEngine)
	if err != nil {
		return fmt.Errorf("--match-engine: %w", err)
	}
	if cmd.Flags().Changed("match-sims") {
		me.Sims = f.matchSims
	}
	f.c.Match = me.Settings
	f.c.Fit.NoPrior = f.noPrior || f.c.Game != "" // another game's models have no prior
	f.c.Match.Tablebase = f.c.SelfPlay.Tablebase  // every player of the run, or none
	f.c.Fit.Value.Seed, f.c.Fit.Value.Workers = f.c.Run.Seed, f.c.Run.Concurrency
	f.c.Command = commandLine(cmd)
	if f.c.Gate, err = train.ParseGateRule(f.gate); err != nil {
		return err
	}
	f.c.Log = cmd.ErrOrStderr() // --quiet: only what a resume removed, as in pipeline and experiment run
	l, err := train.Run(cmd.Context(), f.c)
	if err != nil {
		return err
	}
	return printResult(cmd, f.asJSON, l, func(w io.Writer) error { return l.WriteText(w, f.c.Run.Out, f.c.ModelCPUCT) })
}

// bind binds train's flags.
func (f *trainFlags) bind(cmd *cobra.Command) {
	fs := cmd.Flags()
	addRunFlags(cmd, &f.run, map[string]string{
		"out":            "directory for everything the run writes (created if missing)",
		"games":          "self-play games of each generation's data",
		"random_opening": "uniformly random plies that open every self-play game and match pair",
		"seed":           "seed of everything random",
		"resume":         "continue the run in --out: keep the finished stages, run the rest",
	}, "shard", "shards")
	fs.IntVar(&f.c.Generations, "generations", f.c.Generations, "generations to train after generation 0 (the shipped model, or --preset's engine)")
	fs.StringVar(&f.preset, "preset", "", "generation 0's engine (its search in self-play and matches, and its evaluator): "+runspec.PresetHelp())
	fs.Int64Var(&f.c.Gen0Games, "gen0-games", 0, "self-play games of a generation whose data generation 0 plays, the first (0: --games; under --preset baseline its playouts make a game several times dearer)")
	fs.IntVar(&f.c.SelfPlay.Sims, "sims", f.c.SelfPlay.Sims, "self-play simulations per move (a count, never a time)")
	fs.StringVar(&f.matchEngine, "match-engine", mcts.Engine{Settings: f.c.Match}.Text("sims"),
		"every match player's search settings as comma-separated engine flags key=value (as pipeline's --match-engine; value-leaf players use --model-cpuct)")
	fs.IntVar(&f.matchSims, "match-sims", f.c.Match.Sims, "simulations per move of every match player")
	deprecateFlag(cmd, "match-sims", "use --match-engine sims=N: the match engine's settings are one flag, as in pipeline")
	fs.StringVar(&f.c.SelfPlay.Tablebase, "tablebase", "", mcts.LookupSetting("tablebase").Doc+"; in self-play and every match")
	fs.Float64Var(&f.c.ModelCPUCT, "model-cpuct", f.c.ModelCPUCT, "PUCT constant of the value-leaf players (trained models and the material anchor), in self-play and matches (the engines' --cpuct, 1.5, is the playout search's)")
	deprecatedAlias(cmd, "cpuct", "model-cpuct", "train's constant is the value-leaf players' (default 0.5), not the search's --cpuct of the other commands (1.5)")
	fs.IntVar(&f.c.Window, "window", f.c.Window, "latest generations whose data each fit reads")
	fs.Float64Var(&f.c.Fit.TDLambda, "td-lambda", f.c.Fit.TDLambda, "value target: TD(λ) returns along each game (1: the game result, 0: the next position's root value)")
	fs.BoolVar(&f.c.Fit.SpreadScale, "spread-scale", f.c.Fit.SpreadScale, "scale the fitted values so that they spread as widely as the results")
	fs.BoolVar(&f.c.Fit.Value.ColorBlind, "color-blind", false, "fit the linear value head without red_to_move (its weight stays 0), so that the trained engines have no colour preference (the pattern head never has it)")
	fs.StringVar(&f.c.Fit.ValueHead, "value-head", f.c.Fit.ValueHead, "value head: patterns (board patterns with a weight set per game phase, colour-blind) or linear (the hand features)")
	fs.BoolVar(&f.noPrior, "no-prior", false, "fit no move prior (uniform priors): the value head alone")
	fs.Float64Var(&f.c.Fit.PriorTemperature, "prior-temperature", f.c.Fit.PriorTemperature, "soften the fitted prior the search sees: softmax(w·x / T) (1: the fitted prior)")
	fs.IntVar(&f.c.GateGames, "gate-games", f.c.GateGames, "games of each gate against the champion (even)")
	fs.StringVar(&f.gate, "gate", string(f.c.Gate), "promotion rule of the gates: interval (the score's 95% interval, over the colour-swapped pairs, lies above one half) or half (any score above one half, the rule of older runs)")
	fs.IntVar(&f.c.AnchorGames, "anchor-games", f.c.AnchorGames, "games against each anchor per generation (even; 0: none)")
	fs.IntVar(&f.c.PoolGames, "pool-games", f.c.PoolGames, "games of each generation against each pool opponent, besides its gate: --pool-depth generations before it and each --pool model (even; 0: none); every match of the run goes into one rating fit, the ladder's Elo")
	fs.IntVar(&f.c.PoolDepth, "pool-depth", f.c.PoolDepth, "earlier generations each generation plays in the pool (its gate's opponent aside)")
	fs.StringArrayVar(&f.c.Pool, "pool", f.c.Pool, "a model every generation plays in the pool: a model file or an --evaluator name (repeatable); the first is the ladder's Elo 0 (without one, generation 0; default none, or best under --preset baseline)")
	fs.IntVar(&f.c.StrengthGames, "strength-games", f.c.StrengthGames, "games of each match of the final comparison at equal simulations and equal time (even; 0: none; a finished run resumed with another number replays that comparison)")
	fs.StringArrayVar(&f.c.Baselines, "baseline", nil, "a model file the champion also plays in the final comparison, at equal simulations and at equal time as calibrated for the run's engines (repeatable; a finished run resumed with other baselines replays that comparison)")
	fs.BoolVar(&f.c.Quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.asJSON, "json", false, "print the ladder as one JSON object instead of text")
	addGameFlag(cmd, &f.gameName)
	addRulesFlags(cmd, &f.rf)
}
