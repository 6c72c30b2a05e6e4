package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/pipeline/train"
)

func newTrainCommand() *cobra.Command {
	c := train.DefaultConfig()
	var (
		asJSON      bool
		noPrior     bool
		rf          rulesFlags
		matchEngine string
		matchSims   int
		run         = runFlags{Settings: runspec.Settings{Out: c.Out, Games: c.Games, Seed: c.Seed, RandomOpening: c.RandomOpening, Concurrency: c.Workers}}
	)
	cmd := &cobra.Command{
		Use:   "train [--out DIR] [--generations G] [--games N] [--sims S] [--match-engine SETTINGS] [rules flags] [--resume] [--json]",
		Short: "Train models by generations of self-play, gated by matches, with an Elo ladder",
		Long: "train improves the engine by iterating. Generation 0 is the built-in engine (playouts,\n" +
			"material). Generation g+1: the champion (the last promoted generation) plays --games\n" +
			"self-play games (root noise and sampled opening plies for diversity) into DIR/gen-NN/data;\n" +
			"a model (a value head, linear or with --value-head patterns a pattern evaluator, and a\n" +
			"log-linear move prior, one model file) is fitted on the\n" +
			"data of the latest --window generations into DIR/gen-NN/model.json; it plays --gate-games\n" +
			"against the champion in colour-swapped pairs and is promoted when it scores above one half;\n" +
			"then it plays --anchor-games against each fixed anchor (generation 0, and material with\n" +
			"value leaves). DIR/ladder.json records every generation, DIR/report.md and DIR/ladder.png\n" +
			"show the Elo ladder with 95% intervals and the held-out figures of both heads. At the end the\n" +
			"champion plays --strength-games against generation 1 (with its prior, and its value head\n" +
			"alone, what pipeline fits) and against its own value head with uniform priors, each at equal\n" +
			"simulations and at equal time (node budgets from each engine's simulations a second, timed\n" +
			"once and recorded in DIR/strength.json, so the matches replay from the budgets).\n\n" +
			"Every dataset is a normal one (dataset verify, stats, fit read it) and every model file works\n" +
			"wherever --evaluator does. Every random choice derives from --seed and every count is fixed, so the\n" +
			"same flags give the same models and ladder on any machine and any --concurrency (the equal-time\n" +
			"budgets excepted: they are timed). Interrupted, the\n" +
			"same command with --resume continues where it stopped (more --generations extend a finished\n" +
			"run). The defaults finish in about ten minutes on two cores. Progress goes to stderr.\n\n" +
			"The rules flags (--variant majority, --no-capture-limit, ...) set the rules of every game,\n" +
			"self-play and matches. --match-engine sets every match player's search as comma-separated\n" +
			"engine settings (as pipeline's --match-engine and match --a take them; the old --match-sims N\n" +
			"still works, as sims=N, with a deprecation note); the value-leaf players (the trained\n" +
			"models, and material as an anchor) search with leaf=value and --model-cpuct, 0.5 by\n" +
			"default, where an evaluator's judgement decides the search (the engines' --cpuct, 1.5 by\n" +
			"default, is the playout search's; train's old --cpuct, the same value-leaf constant, still\n" +
			"works with a deprecation note).",
		Example: "  surakarta train\n" +
			"  surakarta train --out runs/t1 --generations 6 --games 2000 --sims 400\n" +
			"  surakarta train --out runs/t1 --generations 8 --games 2000 --sims 400 --resume\n" +
			"  surakarta match --a 'evaluator=train/gen-03/model.json,leaf=value,cpuct=0.5' --b 'leaf=value,cpuct=0.5' --games 200",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := run.check(); err != nil {
				return err
			}
			c.Out, c.Games, c.Seed, c.RandomOpening, c.Workers, c.Resume = run.Out, run.Games, run.Seed, run.RandomOpening, run.Concurrency, run.Resume
			r, err := rf.rules()
			if err != nil {
				return err
			}
			c.Rules = r
			if hasKey(matchEngine, "evaluator") {
				return errors.New("--match-engine: leave evaluator out: the ladder's players bring their own (models, material)")
			}
			me, err := mcts.ParseEngine(mcts.Engine{Settings: c.Match}, matchEngine)
			if err != nil {
				return fmt.Errorf("--match-engine: %w", err)
			}
			if cmd.Flags().Changed("match-sims") {
				me.Sims = matchSims
			}
			c.Match = me.Settings
			c.Fit.NoPrior = noPrior
			c.Match.Tablebase = c.SelfPlay.Tablebase // every player of the run, or none
			c.Fit.Value.Seed, c.Fit.Value.Workers = c.Seed, c.Workers
			if !c.Quiet { // --quiet: nothing on stderr, as in pipeline and experiment run
				c.Log = cmd.ErrOrStderr()
			}
			l, err := train.Run(cmd.Context(), c)
			var mm *train.SettingsMismatchError
			if errors.As(err, &mm) {
				return trainMismatch(mm)
			}
			if err != nil {
				return err
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), l)
			}
			return writeLadder(cmd.OutOrStdout(), c.Out, c.ModelCPUCT, l)
		},
	}
	fs := cmd.Flags()
	addRunFlags(cmd, &run, map[string]string{
		"out":            "directory for everything the run writes (created if missing)",
		"games":          "self-play games of each generation's data",
		"random_opening": "uniformly random plies that open every self-play game and match pair",
		"seed":           "seed of everything random",
		"resume":         "continue the run in --out: keep the finished stages, run the rest",
	}, "shard", "shards")
	fs.IntVar(&c.Generations, "generations", c.Generations, "generations to train after generation 0 (the built-in engine)")
	fs.IntVar(&c.SelfPlay.Sims, "sims", c.SelfPlay.Sims, "self-play simulations per move (a count, never a time)")
	fs.StringVar(&matchEngine, "match-engine", mcts.Engine{Settings: c.Match}.Text("sims"),
		"every match player's search settings as comma-separated engine flags key=value (as pipeline's --match-engine; value-leaf players use --model-cpuct)")
	fs.IntVar(&matchSims, "match-sims", c.Match.Sims, "simulations per move of every match player")
	deprecateFlag(cmd, "match-sims", "use --match-engine sims=N: the match engine's settings are one flag, as in pipeline")
	fs.StringVar(&c.SelfPlay.Tablebase, "tablebase", "", mcts.LookupSetting("tablebase").Doc+"; in self-play and every match")
	fs.Float64Var(&c.ModelCPUCT, "model-cpuct", c.ModelCPUCT, "PUCT constant of the value-leaf players (trained models and the material anchor), in self-play and matches (the engines' --cpuct, 1.5, is the playout search's)")
	deprecatedAlias(cmd, "cpuct", "model-cpuct", "train's constant is the value-leaf players' (default 0.5), not the search's --cpuct of the other commands (1.5)")
	fs.IntVar(&c.Window, "window", c.Window, "latest generations whose data each fit reads")
	fs.Float64Var(&c.Fit.TDLambda, "td-lambda", c.Fit.TDLambda, "value target: TD(λ) returns along each game (1: the game result, 0: the next position's root value)")
	fs.BoolVar(&c.Fit.SpreadScale, "spread-scale", c.Fit.SpreadScale, "scale the fitted values so that they spread as widely as the results")
	fs.BoolVar(&c.Fit.Value.ColorBlind, "color-blind", false, "fit the value head without red_to_move (its weight stays 0), so that the trained engines have no colour preference")
	fs.StringVar(&c.Fit.ValueHead, "value-head", c.Fit.ValueHead, "value head: linear (the hand features) or patterns (board patterns with a weight set per game phase, colour-blind)")
	fs.BoolVar(&noPrior, "no-prior", false, "fit no move prior (uniform priors): the value head alone")
	fs.Float64Var(&c.Fit.PriorTemperature, "prior-temperature", c.Fit.PriorTemperature, "soften the fitted prior the search sees: softmax(w·x / T) (1: the fitted prior)")
	fs.IntVar(&c.GateGames, "gate-games", c.GateGames, "games of each gate against the champion (even)")
	fs.IntVar(&c.AnchorGames, "anchor-games", c.AnchorGames, "games against each anchor per generation (even; 0: none)")
	fs.IntVar(&c.StrengthGames, "strength-games", c.StrengthGames, "games of each match of the final comparison at equal simulations and equal time (even; 0: none)")
	fs.BoolVar(&c.Quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&asJSON, "json", false, "print the ladder as one JSON object instead of text")
	addRulesFlags(cmd, &rf)
	return cmd
}

// trainMismatch says a training run's other settings in selfplay's form,
// each by the flag that sets it ("--sims: this run 60, the run 50"), or by
// its key in ladder.json where no flag sets it alone.
func trainMismatch(e *train.SettingsMismatchError) error {
	var lines []string
	for _, d := range e.Diffs {
		if flag, ok := trainFlag(d.Setting); ok {
			d.Setting = flag
			lines = append(lines, settingsDiff([]dataset.SettingDiff{d}, "the run")...)
		} else {
			lines = append(lines, fmt.Sprintf("%s (ladder.json settings): this run %s, the run %s", d.Setting, d.Mine, d.Have))
		}
	}
	return fmt.Errorf("%s holds a training run with other settings:\n  %s\n"+
		"--resume continues a run with its own settings: repeat them, or choose another --out",
		e.Out, strings.Join(lines, "\n  "))
}

// trainFlag names the train flag that sets a key of the ladder's settings
// (train.SettingsMismatchError), with ok false where no flag sets it alone.
func trainFlag(key string) (string, bool) {
	switch key {
	case "model_cpuct":
		return "model-cpuct", true
	case "selfplay_engine.sims":
		return "sims", true
	case "match_engine.sims":
		return "match-engine sims", true
	case "fit.value.color_blind":
		return "color-blind", true
	case "fit.td_lambda", "fit.spread_scale", "fit.no_prior", "fit.prior_temperature":
		return strings.TrimPrefix(key, "fit."), true
	case "games", "window", "gate_games", "anchor_games", "strength_games", "random_opening", "seed", "rules":
		return key, true
	}
	return key, false
}

// writeLadder prints the ladder's headline: one line per generation.
func writeLadder(w io.Writer, out string, cpuct float64, l *train.Ladder) error {
	fmt.Fprintf(w, "train finished: everything is in %s (report.md, ladder.png, ladder.json)\n\n", out)
	fmt.Fprintf(w, "%-4s %-10s %-20s %-9s %-20s %-20s %-20s %-14s %s\n", "gen", "gate", "gate Elo", "promoted", "Elo over gen 1", "Elo vs gen 0", "Elo vs material", "value logloss", "prior CE (uniform)")
	ci := func(m *train.Match) string {
		if m == nil {
			return "-"
		}
		return train.EloText(m.Elo, m.EloCI)
	}
	chain := func(c *train.Chain) string {
		if c == nil {
			return "-"
		}
		return train.EloText(c.Elo, c.EloCI)
	}
	for i := range l.Generations {
		g := &l.Generations[i]
		fmt.Fprintf(w, "%-4d %-10s %-20s %-9v %-20s %-20s %-20s %-14.4f %.3f (%.3f)\n", g.Generation,
			fmt.Sprintf("%d-%d-%d", g.Gate.Wins, g.Gate.Draws, g.Gate.Losses), ci(&g.Gate), g.Promoted,
			chain(g.Chained), ci(g.VsGen0), ci(g.VsMaterial), g.ValueLogLoss, g.PriorCrossEntropy, g.UniformCrossEntropy)
	}
	if st := l.Strength; st != nil {
		rates := make([]string, len(st.Rates))
		for i, r := range st.Rates {
			rates[i] = fmt.Sprintf("%s %.0f", r.Engine, r.SimsPerSecond)
		}
		fmt.Fprintf(w, "\nstrength (sims/s, one thread: %s)\n", strings.Join(rates, "; "))
		for _, m := range st.Matches {
			fmt.Fprintf(w, "  %s (%d / %d sims): %d-%d-%d, Elo %s\n", m.Name, m.ASims, m.BSims, m.Match.Wins, m.Match.Draws, m.Match.Losses, ci(&m.Match))
		}
	}
	if l.ChampionModel != "" {
		fmt.Fprintf(w, "\nchampion: generation %d, play it with --evaluator %s --leaf value --cpuct %g\n", l.Champion, filepath.Join(out, l.ChampionModel), cpuct)
	} else {
		fmt.Fprintf(w, "\nchampion: generation 0 (no trained generation passed its gate)\n")
	}
	return nil
}
