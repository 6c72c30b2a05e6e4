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
	d := runspec.SelfPlayEngine()
	f := &selfplayFlags{cfg: selfplay.Config{Run: runspec.Defaults()}}
	f.run = runFlags{Settings: &f.cfg.Run}
	cmd := &cobra.Command{
		Use:   "selfplay --games N --out DIR [--game G] [--variant V] [--sims S] [--concurrency C] [flags]",
		Short: "Play games engine against engine and write them to a Parquet dataset",
		Long:  selfplayLong(d),
		Example: "  surakarta selfplay --games 1000 --out data\n" +
			"  surakarta selfplay --games 1000 --out data --variant majority --random-opening 4\n" +
			"  surakarta selfplay --game alquerque --games 200 --out data\n" +
			"  surakarta selfplay --games 1000 --out data --resume\n" +
			"  surakarta selfplay --games 4000 --out data --resume   # extend the run of 1000 to 4000\n" +
			"  surakarta selfplay --games 100000 --out data --shard 0 --shards 4\n" +
			"  surakarta selfplay --games 1000 --out replay --game-ids 17,40-42",
		Args: cobra.NoArgs,
		RunE: f.runE,
	}
	f.bind(cmd, d)
	return cmd
}

// selfplayFlags are selfplay's flags, bound by bind and read by runE.
type selfplayFlags struct {
	cfg           selfplay.Config
	run           runFlags
	gameIDs       string
	quiet, asJSON bool
	rf            rulesFlags
	ef            engineFlags
	gameName      string
}

// selfplayLong is selfplay's help, with the self-play engine's defaults d.
func selfplayLong(d mcts.Engine) string {
	return "selfplay plays --games games of the engine against itself, --concurrency at once, and writes\n" +
		"every searched position and every game to DIR/positions/game=G/variant=V/ and DIR/games/game=G/variant=V/\n" +
		"(docs/DATASET.md documents the columns, docs/RULES.md and docs/RULES-ALQUERQUE.md the rules and endings).\n" +
		"--game alquerque plays Alquerque by the same runner (its evaluator: best, Alquerque's shipped model\n" +
		"alquerque-v1, by default; material or an Alquerque model file; no endgame tables). Game i is played from its own random streams,\n" +
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
		"positions_per_s, out and interrupted."
}

// bind declares selfplay's flags on cmd, the engine's defaulting to d.
func (f *selfplayFlags) bind(cmd *cobra.Command, d mcts.Engine) {
	fs := cmd.Flags()
	addRunFlags(cmd, &f.run, map[string]string{
		"games":       "N: games in the whole run (all shards together)",
		"out":         "dataset directory to write (created if missing)",
		"concurrency": "games played at once, one searcher each (0: one per CPU; at most 4 per CPU)",
		"shard":       "this machine's shard, 0..shards-1 (if not given: $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID)",
	})
	fs.StringVar(&f.gameIDs, "game-ids", "", "play only these games of the run, e.g. 17,40-42 (a replay into a new --out)")
	fs.IntVar(&f.cfg.PartGames, "part-games", selfplay.DefaultPartGames, "game ids per part file")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.asJSON, "json", false, "print the run's summary as one JSON object")
	addGameFlag(cmd, &f.gameName)
	addRulesFlags(cmd, &f.rf)
	bindEngineFlags(cmd, &f.ef, d)
}

// runE checks the flags and plays the run of the game --game names.
func (f *selfplayFlags) runE(cmd *cobra.Command, _ []string) error {
	if f.run.Out == "" {
		return errors.New("--out DIR is required: the dataset directory to write")
	}
	r, err := f.rf.rules()
	if err != nil {
		return err
	}
	if !cmd.Flags().Changed("game-ids") {
		if f.run.Shard, err = runspec.ResolveShard(f.run.Shard, cmd.Flags().Changed("shard"), f.run.Shards, os.Getenv); err != nil {
			return err
		}
	}
	if cmd.Flags().Changed("game-ids") {
		if cmd.Flags().Changed("shard") || cmd.Flags().Changed("shards") {
			return errors.New("--game-ids and --shard/--shards exclude each other: a replay plays exactly the ids given")
		}
		if f.cfg.GameIDs, err = selfplay.ParseGameIDs(f.gameIDs); err != nil {
			return fmt.Errorf("--game-ids: %w", err)
		}
		if last := f.cfg.GameIDs[len(f.cfg.GameIDs)-1]; last >= f.run.Games {
			return fmt.Errorf("--game-ids: game %d is outside a run of --games %d (ids 0..%d): give the run's --games", last, f.run.Games, f.run.Games-1)
		}
	}
	if err := f.run.check(); err != nil {
		return err
	}
	if f.cfg.PartGames < 1 {
		return fmt.Errorf("--part-games %d: want at least 1", f.cfg.PartGames)
	}
	switch f.gameName {
	case gameNames[0]:
		c, o, err := f.ef.open(r)
		if err != nil {
			return err
		}
		f.cfg.Rules, f.cfg.Engine, f.cfg.Evaluator = r, playEngine{r, c, o}.engine(), o.Evaluator
		return runSelfplay(cmd, f.cfg, f.quiet, f.asJSON)
	case alquerque.Rules{}.Name():
		acfg, err := alquerqueSelfplay(cmd, f.cfg, r, &f.ef)
		if err != nil {
			return err
		}
		return runSelfplay(cmd, acfg, f.quiet, f.asJSON)
	}
	return fmt.Errorf("--game %q: want %s", f.gameName, strings.Join(gameNames, " or "))
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
// Alquerque evaluator --evaluator names (best, Alquerque's shipped model,
// when it is not given).
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
// (best, which Alquerque's registry opens as its shipped model, when it is
// not given: the flags' defaults are the strongest engine's, which is
// Alquerque's, runspec.AlquerqueEngine); no endgame tables.
func alquerqueEngine(cmd *cobra.Command, ef *engineFlags) (mcts.Engine, eval.OpenedAlquerque, error) {
	e, err := ef.resolved()
	if err != nil {
		return e, eval.OpenedAlquerque{}, err
	}
	if e.Tablebase != "" {
		return e, eval.OpenedAlquerque{}, errors.New("--tablebase: endgame tables are Surakarta's; Alquerque has none")
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
	sum, err := selfplay.RunShowingOf(cmd.Context(), cfg, cmd.ErrOrStderr(), quiet)
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
