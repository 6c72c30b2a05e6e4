package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/match"
	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/words"
	"github.com/surakarta/surakarta/pipeline"
	"github.com/surakarta/surakarta/rules"
)

func newPipelineCommand() *cobra.Command {
	f := &pipelineFlags{cfg: pipeline.DefaultConfig()}
	f.run = runFlags{Settings: &f.cfg.Run}
	cmd := &cobra.Command{
		Use:   "pipeline [--out DIR] [--game G] [--games N] [--sims S] [--concurrency C] [--seed X] [--random-opening K] [--resume] [--quiet] [--json]",
		Short: "Run the whole job: self-play of both variants, verify, fit, match, statistics and report",
		Long:  pipelineLong,
		Example: "  surakarta pipeline\n" +
			"  surakarta pipeline --out runs/big --games 4096 --sims 1600 --match-games 2048\n" +
			"  surakarta pipeline --out runs/big --games 4096 --sims 1600 --match-games 2048 --resume\n" +
			"  surakarta pipeline --out runs/big --games 16384 --sims 1600 --match-games 2048 --resume   # four times the games\n" +
			"  surakarta pipeline --out runs/baseline --preset baseline\n" +
			"  surakarta pipeline --game alquerque --out runs/alquerque\n" +
			"  surakarta pipeline --games 16 --random-opening 1 --sims 8 --match-games 4 --out /tmp/tiny --json",
		Args: cobra.NoArgs,
		RunE: f.runE,
	}
	f.bind(cmd)
	return cmd
}

// defMatchSpec is the default of --match-engine: the pipeline's match
// engine in the words of the flag.
var defMatchSpec = runspec.PipelineMatchEngine().Text("sims", "leaf", "cpuct")

// pipelineLong is pipeline's help: text, not logic, so a value rather than
// a function over a screen long.
var pipelineLong = "pipeline goes from nothing to a dataset, fitted weights and a variant report in one command:\n\n" +
	"  1. self-play  --games games under each endgame variant (standard, majority) into DIR/data,\n" +
	"                game i of both from the same opening (paired variants): with --opening\n" +
	"                enumerated, opening i mod N of the N openings of --random-opening plies\n" +
	"  2. verify     replays every game with the rules core (dataset verify); DIR/verify.json\n" +
	"  3. fit        ridge (--model) weights on the standard games' positions, scored on held-out\n" +
	"                games against a material-only baseline; DIR/weights.json\n" +
	"  4. match      the fitted weights (A) against the material evaluator (B), then against\n" +
	"                --match-model (B), --match-games games each in colour-swapped pairs from\n" +
	"                the same openings, both engines at --match-engine; DIR/match.json and\n" +
	"                DIR/match-model.json\n" +
	"  5. report     statistics of both variants and their paired comparison, and the strength\n" +
	"                they hold at beside docs/findings' figures: DIR/report/report.md,\n" +
	"                report.json, stats.json and plots\n\n" +
	"It ends with a summary of where everything went and the headline figures (DIR/summary.json\n" +
	"holds it too; --json prints it as JSON). Progress goes to stderr.\n\n" +
	"The self-play engine is the project's strongest without endgame tables: the shipped model\n" +
	"(--evaluator best) with its move prior, value leaves, cpuct 0.5, the most visited move after\n" +
	"the opening (no root noise, no temperature), with the findings' procedure: two independent\n" +
	"players (each colour its own searcher and tree; --players shared plays one searcher for\n" +
	"both), every 2-ply opening equally often, the first player's advantage stratified by opening. " +
	fmt.Sprintf("The defaults\n(%d games per variant at %d simulations a move, two matches of %d games) take about a\n", pipeline.DefaultGames, runspec.PipelineEngine().Sims, pipeline.DefaultMatchGames) +
	"minute on two cores (about 65 CPU-seconds). The figures are this engine's at this strength:\n" +
	"the first player's advantage changes with the engine's strength, and docs/findings/README.md\n" +
	"says what each figure measures. --sims and --games scale it up (--games a multiple of the openings; four\n" +
	"times the games halve every interval); --opening random plays --random-opening uniformly\n" +
	"random plies instead; --preset baseline plays the former default engine (playouts,\n" +
	"material, cpuct 1.5). The match engine defaults to " +
	defMatchSpec + ": with value leaves the evaluator scores every leaf, and at the default\n" +
	"cpuct 1.5 the fitted weights' flatter values make the search explore more, so they measure\n" +
	"about even there; at 0.5 their gain shows. --match-games 0 skips the matches.\n\n" +
	"Every random choice derives from --seed and every count is fixed, so the same flags give the\n" +
	"same data and figures on any machine and any --concurrency. Interrupted (Ctrl-C), the run keeps\n" +
	"what is complete; the same command with --resume continues: self-play plays only the missing\n" +
	"games, and each later stage is skipped when its output is complete and was made with the\n" +
	"same settings from the same data, else run again. With a larger --games, --resume extends\n" +
	"the run in place: only the new games are played, the later stages run again on all of them.\n" +
	"A run of other settings (one made before these defaults, say) is refused, naming each flag\n" +
	"that differs and the flags that continue it. Without --resume a DIR holding an earlier run\n" +
	"is refused, and one pipeline at a time writes a DIR (a second is refused, naming the first).\n\n" +
	"--game alquerque runs the same job for Alquerque (docs/RULES-ALQUERQUE.md; White moves first):\n" +
	"self-play into DIR/data's game=alquerque partitions, scored by Alquerque's shipped model\n" +
	"(alquerque-v1, the evaluator best) unless --evaluator names another; the fit is Alquerque's\n" +
	"pattern model (logistic, colour-blind) into DIR/weights.json, an Alquerque model file; the\n" +
	"matches play it against material and against --match-model (Alquerque's shipped model);\n" +
	fmt.Sprintf("its defaults are every %d-ply opening (107) %d times a variant (--games %d) and --match-games %d.\n",
		pipeline.AlquerqueRandomOpening, pipeline.AlquerqueGames/107, pipeline.AlquerqueGames, pipeline.AlquerqueMatchGames) +
	"It takes about 30 CPU-seconds, and its summary reads the first player's (White's) score and\n" +
	"advantage beside docs/findings' Alquerque figures (section 20)."

// pipelineFlags are pipeline's flags, bound by bind and read by runE.
type pipelineFlags struct {
	cfg         pipeline.Config
	run         runFlags
	asJSON      bool
	model       string
	matchEngine string
	rf          rulesFlags
	ef          engineFlags
	gameName    string
}

// bind declares pipeline's flags on cmd.
func (f *pipelineFlags) bind(cmd *cobra.Command) {
	d := runspec.PipelineEngine()
	fs := cmd.Flags()
	addRunFlags(cmd, &f.run, map[string]string{
		"out":            "directory for everything the pipeline writes (created if missing)",
		"games":          "self-play games per variant",
		"seed":           "seed of everything random: the self-play openings and searches, the fit's held-out split and the match",
		"concurrency":    "games played at once, one searcher each (0: one per CPU); changes only the speed",
		"random_opening": "uniformly random plies that open every self-play game and every match pair, from --seed and the game id",
		"resume":         "continue the run in --out: play the missing games, skip the stages that are up to date",
	}, "shard", "shards")
	fs.BoolVar(&f.cfg.Quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&f.asJSON, "json", false, "print the summary as one JSON object instead of text")
	fs.StringVar(&f.model, "model", string(f.cfg.Fit.Model), "fitted model: ridge or logistic")
	fs.Float64Var(&f.cfg.Fit.Lambda, "lambda", f.cfg.Fit.Lambda, "L2 penalty of the fit on the standardized weights (> 0)")
	fs.BoolVar(&f.cfg.Fit.ColorBlind, "color-blind", false, "fit without red_to_move (its weight stays 0), so that the match engine has no colour preference")
	fs.Float64Var(&f.cfg.Fit.Holdout, "holdout", f.cfg.Fit.Holdout, "fraction of the standard games held out to score the fit")
	fs.IntVar(&f.cfg.MatchGames, "match-games", f.cfg.MatchGames, "match games, an even number (0: skip the match)")
	fs.StringVar(&f.matchEngine, "match-engine", defMatchSpec, "both match engines' settings as comma-separated engine flags key=value (as match --a)")
	fs.StringVar(&f.cfg.MatchModel, "match-model", f.cfg.MatchModel, "the second match's opponent of the fitted weights: an evaluator name or file (empty: only the match against material)")
	fs.StringVar(&f.cfg.Players, "players", f.cfg.Players, "who plays the self-play games: independent (each colour its own searcher and tree, as two programs in a match: the findings' estimand) or shared (one searcher for both colours, whose tree reuse hands the tree one side searched to the other)")
	fs.StringVar(&f.cfg.Opening, "opening", f.cfg.Opening, "how the --random-opening plies are chosen: enumerated (every opening of that many plies in turn, game i and match pair i opening i mod N; --games a multiple of N) or random (uniformly random plies from --seed and the game id)")
	fs.Float64Var(&f.cfg.Confidence, "confidence", f.cfg.Confidence, "confidence level of the report's intervals")
	addGameFlag(cmd, &f.gameName)
	addRulesFlagsExcept(cmd, &f.rf, "variant")
	bindEngineFlags(cmd, &f.ef, d)
	// The engine flags set the self-play search; say so where it matters.
	fs.Lookup("sims").Usage = "self-play simulations per move (a count, never a time); the matches' are in --match-engine"
	fs.Lookup("evaluator").Usage = "self-play " + fs.Lookup("evaluator").Usage
}

// runE checks the flags and runs the pipeline.
func (f *pipelineFlags) runE(cmd *cobra.Command, _ []string) error {
	if f.run.Out == "" {
		return errors.New("--out DIR: want a directory to write to")
	}
	if err := f.run.check(); err != nil {
		return err
	}
	if err := runspec.PairedGames("match_games", int64(f.cfg.MatchGames), "to skip the match"); err != nil {
		return err
	}
	if err := checkConfidence(f.cfg.Confidence); err != nil {
		return err
	}
	if err := checkGameFlag(f.gameName); err != nil {
		return err
	}
	r, err := f.rf.rules()
	if err != nil {
		return err
	}
	if f.gameName == gameNames[0] {
		eng, err := resolvePlayEngine(&f.rf, &f.ef)
		if err != nil {
			return err
		}
		f.cfg.Engine, f.cfg.Evaluator = eng.engine(), eng.evaluator
	} else if err := alquerquePipeline(cmd, &f.cfg, &f.ef); err != nil {
		return err
	}
	if f.cfg.Fit.Model, err = eval.ParseModel(f.model); err != nil {
		return fmt.Errorf("--model: %w", err)
	}
	f.cfg.Fit.Seed, f.cfg.Fit.Workers = f.run.Seed, f.run.Concurrency
	if err := f.cfg.Fit.Validate(); err != nil {
		return err
	}
	if match.HasKey(f.matchEngine, "evaluator") {
		return errors.New("--match-engine: leave evaluator out: the pipeline plays the fitted weights (A) against material (B)")
	}
	meng, _, err := match.ParseEngineSpec(f.matchEngine, r)
	if err != nil {
		return fmt.Errorf("--match-engine: %w", err)
	}
	f.cfg.Rules, f.cfg.MatchEngine = r, meng.Settings
	f.cfg.Command, f.cfg.Log = commandLine(cmd), cmd.ErrOrStderr()
	sum, err := pipeline.Run(cmd.Context(), f.cfg)
	if err != nil {
		return err
	}
	return printResult(cmd, f.asJSON, sum, sum.WriteText)
}

// alquerquePipeline makes cfg the pipeline of Alquerque: its engine and
// evaluator (alquerqueEngine) and its defaults where the flags are not
// given.
func alquerquePipeline(cmd *cobra.Command, cfg *pipeline.Config, ef *engineFlags) error {
	e, o, err := alquerqueEngine(cmd, ef)
	if err != nil {
		return err
	}
	cfg.Engine, cfg.AlquerqueEvaluator = e, o
	cfg.AlquerqueDefaults(func(s string) bool { return cmd.Flags().Changed(strings.ReplaceAll(s, "_", "-")) })
	return nil
}

// addRulesFlagsExcept registers the rules flags but those named, for a
// command that sets them itself (pipeline plays both variants): the flags
// keep the help text of addRulesFlags.
func addRulesFlagsExcept(cmd *cobra.Command, f *rulesFlags, except ...string) {
	tmp := &cobra.Command{Use: "rules"}
	addRulesFlags(tmp, f)
	tmp.Flags().VisitAll(func(fl *pflag.Flag) {
		for _, e := range except {
			if fl.Name == e {
				return
			}
		}
		cmd.Flags().AddFlag(fl)
	})
	// The variant the flags leave to the caller must still parse.
	f.variant = rules.DefaultRules().Variant.String()
}

// commandLine reconstructs the command as run, for the report's "reproduce
// with": the flags that were set, in name order, but those that change no
// output.
func commandLine(cmd *cobra.Command) string {
	parts := []string{cmd.CommandPath()}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		switch f.Name {
		case "resume", "quiet", "json": // they change no output file
			return
		}
		v := f.Value.String()
		if f.Value.Type() == "bool" && v == "true" {
			parts = append(parts, "--"+f.Name)
			return
		}
		values := []string{v}
		if sv, ok := f.Value.(pflag.SliceValue); ok { // a repeatable flag, once a value
			values = sv.GetSlice()
		}
		for _, v := range values {
			parts = append(parts, "--"+f.Name+" "+words.ShellWord(v))
		}
	})
	return strings.Join(parts, " ")
}
