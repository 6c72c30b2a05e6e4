package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/alquerque"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/mcts"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/selfplay"
)

func newSelfplayCommand() *cobra.Command {
	var (
		cfg           = selfplay.Config{Run: runspec.Defaults()}
		run           = runFlags{Settings: &cfg.Run}
		gameIDs       string
		quiet, asJSON bool
		rf            rulesFlags
		ef            engineFlags
		gameName      string
	)
	d := runspec.SelfPlayEngine()
	cmd := &cobra.Command{
		Use:   "selfplay --games N --out DIR [--game G] [--variant V] [--sims S] [--concurrency C] [flags]",
		Short: "Play games engine against engine and write them to a Parquet dataset",
		Long: "selfplay plays --games games of the engine against itself, --concurrency at once, and writes\n" +
			"every searched position and every game to DIR/positions/game=G/variant=V/ and DIR/games/game=G/variant=V/\n" +
			"(docs/DATASET.md documents the columns, docs/RULES.md and docs/RULES-ALQUERQUE.md the rules and endings).\n" +
			"--game alquerque plays Alquerque by the same runner (its evaluator: material, or an Alquerque model file;\n" +
			"material when --evaluator is not given; no endgame tables). Game i is played from its own random streams,\n" +
			"derived from --seed and i, so the rows are the same for any --concurrency, any sharding and a\n" +
			"replay of chosen games with --game-ids.\n\n" +
			fmt.Sprintf("Self-play defaults differ from analysis: --sims %d, --noise-weight %g (root Dirichlet\n", d.Sims, d.NoiseWeight) +
			fmt.Sprintf("noise), --temperature-plies %d (the first plies sample moves by visit count), --max-nodes %d.\n", d.TemperaturePlies, d.MaxNodes) +
			"--random-opening K starts each game with K uniformly random plies; they depend on --seed and\n" +
			"the game id only, so runs of both variants with one seed share their openings (paired games).\n\n" +
			"Files appear complete or not at all, and every finished game is journaled at once: a run\n" +
			"stopped in any way (Ctrl-C, SIGTERM, kill -9) loses only the games it was playing. The same\n" +
			"command with --resume writes the journaled games, checks the parts already there (hashes,\n" +
			"footers, game ranges, run settings), replaces damaged ones and plays exactly the missing\n" +
			"games (a file in DIR that surakarta did not write stops it, named, for you to move); with a larger --games it extends the run in place. One run writes a range of games at\n" +
			"a time: a second writer of the same games is refused, naming the first. --shard i --shards n plays games\n" +
			"[i*N/n, (i+1)*N/n) so that machines can share a run in one DIR; runs of the two variants\n" +
			"share a DIR as separate partitions. A run whose settings differ from those a partition\n" +
			"holds is refused, naming each differing flag with both values.\n\n" +
			"--json prints the run's summary as one object: planned, skipped, played, journaled (games\n" +
			"an interrupted run had finished, written now without playing them again), written,\n" +
			"positions, red, black, draw (of the games played now), run_red, run_black, run_draw (of\n" +
			"every game of the run in DIR, those a resume kept too), parts, seconds, games_per_s,\n" +
			"positions_per_s, out and interrupted.",
		Example: "  surakarta selfplay --games 1000 --out data\n" +
			"  surakarta selfplay --games 1000 --out data --variant majority --random-opening 4\n" +
			"  surakarta selfplay --game alquerque --games 200 --out data\n" +
			"  surakarta selfplay --games 1000 --out data --resume\n" +
			"  surakarta selfplay --games 4000 --out data --resume   # extend the run of 1000 to 4000\n" +
			"  surakarta selfplay --games 100000 --out data --shard 0 --shards 4\n" +
			"  surakarta selfplay --games 1000 --out replay --game-ids 17,40-42",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if run.Out == "" {
				return errors.New("--out DIR is required: the dataset directory to write")
			}
			r, err := rf.rules()
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("game-ids") {
				if run.Shard, err = runspec.ResolveShard(run.Shard, cmd.Flags().Changed("shard"), run.Shards, os.Getenv); err != nil {
					return err
				}
			}
			if cmd.Flags().Changed("game-ids") {
				if cmd.Flags().Changed("shard") || cmd.Flags().Changed("shards") {
					return errors.New("--game-ids and --shard/--shards exclude each other: a replay plays exactly the ids given")
				}
				if cfg.GameIDs, err = selfplay.ParseGameIDs(gameIDs); err != nil {
					return fmt.Errorf("--game-ids: %w", err)
				}
				if last := cfg.GameIDs[len(cfg.GameIDs)-1]; last >= run.Games {
					return fmt.Errorf("--game-ids: game %d is outside a run of --games %d (ids 0..%d): give the run's --games", last, run.Games, run.Games-1)
				}
			}
			if err := run.check(); err != nil {
				return err
			}
			if cfg.PartGames < 1 {
				return fmt.Errorf("--part-games %d: want at least 1", cfg.PartGames)
			}
			switch gameName {
			case gameNames[0]:
				c, o, err := ef.open(r)
				if err != nil {
					return err
				}
				cfg.Rules, cfg.Engine, cfg.Evaluator = r, playEngine{r, c, o}.engine(), o.Evaluator
				return runSelfplay(cmd, cfg, quiet, asJSON)
			case alquerque.Rules{}.Name():
				acfg, err := alquerqueSelfplay(cmd, cfg, r, &ef)
				if err != nil {
					return err
				}
				return runSelfplay(cmd, acfg, quiet, asJSON)
			}
			return fmt.Errorf("--game %q: want %s", gameName, strings.Join(gameNames, " or "))
		},
	}
	fs := cmd.Flags()
	addRunFlags(cmd, &run, map[string]string{
		"games":       "N: games in the whole run (all shards together)",
		"out":         "dataset directory to write (created if missing)",
		"concurrency": "games played at once, one searcher each (0: one per CPU; at most 4 per CPU)",
		"shard":       "this machine's shard, 0..shards-1 (if not given: $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID)",
	})
	fs.StringVar(&gameIDs, "game-ids", "", "play only these games of the run, e.g. 17,40-42 (a replay into a new --out)")
	fs.IntVar(&cfg.PartGames, "part-games", selfplay.DefaultPartGames, "game ids per part file")
	fs.BoolVar(&quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&asJSON, "json", false, "print the run's summary as one JSON object")
	addGameFlag(cmd, &gameName)
	addRulesFlags(cmd, &rf)
	bindEngineFlags(cmd, &ef, d)
	return cmd
}

// playEngine is what a command that plays games takes from its rules and
// engine flags: the search settings (rules included) and the evaluator with
// the identity under which a run records it.
type playEngine struct {
	rules     rules.Rules
	config    mcts.Config
	evaluator eval.Opened
}

// engine returns the engine as a run records it: the settings and the
// evaluator's identity (a file by its hash).
func (e playEngine) engine() mcts.Engine {
	return mcts.Engine{Settings: e.config.Settings, Evaluator: e.evaluator.Identity}
}

// alquerqueSelfplay returns cfg's run as Alquerque's self-play: the same
// run and engine settings under the rules the flags give, scored by the
// Alquerque evaluator --evaluator names (material when it is not given:
// the default evaluator is Surakarta's).
func alquerqueSelfplay(cmd *cobra.Command, cfg selfplay.Config, r rules.Rules, ef *engineFlags) (selfplay.ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code], error) {
	acfg := selfplay.ConfigOf[alquerque.Rules, alquerque.Position, alquerque.Code]{Run: cfg.Run, GameIDs: cfg.GameIDs, Opening: cfg.Opening,
		Rules: alquerque.Rules(r), PartGames: cfg.PartGames}
	e, o, err := alquerqueEngine(cmd, ef)
	acfg.Engine, acfg.Evaluator = e, o.Evaluator
	return acfg, err
}

// alquerqueEngine returns the engine the engine flags give for Alquerque,
// as a run records it (the evaluator by its identity), and its evaluator:
// the flags' search, scored by the Alquerque evaluator --evaluator names
// (material when it is not given: the default evaluator is Surakarta's);
// no endgame tables.
func alquerqueEngine(cmd *cobra.Command, ef *engineFlags) (mcts.Engine, eval.OpenedAlquerque, error) {
	e, err := ef.resolved()
	if err != nil {
		return e, eval.OpenedAlquerque{}, err
	}
	if e.Tablebase != "" {
		return e, eval.OpenedAlquerque{}, errors.New("--tablebase: endgame tables are Surakarta's; Alquerque has none")
	}
	if !cmd.Flags().Changed("evaluator") && ef.preset == "" {
		e.Evaluator = mcts.MaterialName
	}
	o, err := eval.OpenAlquerqueEvaluator(e.Evaluator)
	if err != nil {
		return e, o, fmt.Errorf("--evaluator: %w", err)
	}
	e.Evaluator = o.Identity
	return e, o, nil
}

// resolvePlayEngine checks the rules and engine flags and loads the evaluator.
func resolvePlayEngine(rf *rulesFlags, ef *engineFlags) (playEngine, error) {
	var e playEngine
	var err error
	if e.rules, err = rf.rules(); err != nil {
		return e, err
	}
	e.config, e.evaluator, err = ef.open(e.rules)
	return e, err
}

// runSelfplay runs the self-play of any game and prints what it did.
func runSelfplay[G mcts.Game[P, M], P comparable, M game.Move](cmd *cobra.Command, cfg selfplay.ConfigOf[G, P, M], quiet, asJSON bool) error {
	if err := cfg.CheckPartition(); err != nil {
		return err
	}
	prog := selfplay.Progress{Players: [2]string{cfg.Rules.PlayerName(game.First), cfg.Rules.PlayerName(game.Second)}}
	cfg.Logf = func(format string, args ...any) {
		if !quiet {
			fmt.Fprintf(cmd.ErrOrStderr(), format+"\n", args...)
		}
	}
	cfg.OnStart = func(planned, skipped int64) { prog.Start(cmd.ErrOrStderr(), "", planned, skipped, quiet) }
	cfg.OnKept, cfg.OnGame = prog.Kept, prog.Game
	sum, err := selfplay.RunOf(cmd.Context(), cfg)
	prog.Stop()
	interrupted := errors.Is(err, selfplay.ErrInterrupted)
	if err != nil && !interrupted {
		return err
	}
	if asJSON {
		if err := writeJSON(cmd.OutOrStdout(), sum.JSON(cfg.Run.Out, interrupted)); err != nil {
			return err
		}
	}
	if interrupted {
		return sum.InterruptedErr(cfg.Run.Out)
	}
	if !asJSON {
		sum.WriteText(cmd.OutOrStdout(), cfg.Run.Out)
	}
	return nil
}
