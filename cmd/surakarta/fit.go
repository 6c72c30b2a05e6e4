package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

func newFitCommand() *cobra.Command {
	var (
		w      = fit.WeightsFit{Options: fit.DefaultFitOptions()}
		model  string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "fit DIR --weights FILE [--variant V] [--model ridge|logistic] [--lambda L] [--holdout F] [--blend W] [--seed S] [--json] [--quiet]",
		Short: "Fit linear evaluation weights to a self-play dataset and score them on held-out games",
		Long:  helpText("fit"),
		Example: "  surakarta fit out/data --weights weights.json\n" +
			"  surakarta fit out/data --variant majority --model logistic --lambda 1e-3 --weights w.json --json\n" +
			"  surakarta fit alq/data --game alquerque --weights alquerque.json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runFit(cmd, args, &w, model, asJSON) },
	}
	bindFitFlags(cmd, &w, &model, &asJSON)
	return cmd
}

// runFit checks fit's arguments and flags (w holds them, model the
// --model text) and fits.
func runFit(cmd *cobra.Command, args []string, w *fit.WeightsFit, model string, asJSON bool) error {
	opt := &w.Options
	switch {
	case len(args) == 1 && cmd.Flags().Changed("data"):
		return fmt.Errorf("the dataset is given twice (%s and --data %s): give it once, as the argument", args[0], w.Dir)
	case len(args) == 1:
		w.Dir = args[0]
	case w.Dir == "":
		return errors.New("give the dataset directory to fit on: surakarta fit DIR --weights FILE")
	}
	if w.Game != "" { // "": the dataset's own game, as stats and dataset verify read it
		if err := checkGameFlag(w.Game); err != nil {
			return err
		}
	}
	if w.Weights == "" {
		return errors.New("--weights FILE is required: where to write the weights (e.g. weights.json)")
	}
	if err := atomicfile.CheckWritable(w.Weights); err != nil {
		// Before the fit, not after minutes of it.
		return fmt.Errorf("--weights: %w; give a file in a directory you can write", err)
	}
	m, err := eval.ParseModel(model)
	if err != nil {
		return fmt.Errorf("--model: %w", err)
	}
	opt.Model = m
	if err := opt.Validate(); err != nil {
		return err
	}
	w.Stderr = cmd.ErrOrStderr()
	r, err := fit.FitWeights(cmd.Context(), *w)
	if err != nil {
		return err
	}
	return printResult(cmd, asJSON, r, r.WriteText)
}

// bindFitFlags binds fit's flags to w, model and asJSON.
func bindFitFlags(cmd *cobra.Command, w *fit.WeightsFit, model *string, asJSON *bool) {
	opt := &w.Options
	cmd.Flags().StringVar(&w.Dir, "data", "", "dataset directory (as written by selfplay)")
	deprecateFlag(cmd, "data", "give the dataset directory as the argument, as stats and dataset take it: fit DIR")
	cmd.Flags().StringVar(&w.Variant, "variant", "", "variant partition to fit on (default: the dataset's only one)")
	cmd.Flags().StringVar(&w.Game, "game", "", gameFlagUsage+" (default: the dataset's only game)")
	cmd.Flags().StringVar(model, "model", string(opt.Model), "ridge or logistic")
	cmd.Flags().Float64Var(&opt.Lambda, "lambda", opt.Lambda, "L2 penalty on the standardized weights (> 0)")
	cmd.Flags().Float64Var(&opt.Holdout, "holdout", opt.Holdout, "fraction of the games held out for the report")
	cmd.Flags().Float64Var(&opt.Blend, "blend", opt.Blend, "weight of the search's root value in the target, 0..1")
	cmd.Flags().Uint64Var(&opt.Seed, "seed", opt.Seed, "seed of the held-out split")
	cmd.Flags().BoolVar(&opt.ColorBlind, "color-blind", false, "fit without red_to_move (its weight stays 0), so that a search with the model has no colour preference: use it for first-player or variant studies")
	cmd.Flags().IntVar(&opt.MaxIterations, "max-iterations", opt.MaxIterations, "L-BFGS iteration limit (logistic)")
	cmd.Flags().IntVar(&opt.Workers, "threads", 0, "threads of the logistic gradient (0: one per CPU; results do not depend on it)")
	deprecatedAlias(cmd, "workers", "threads", "the threads of one computation are --threads, as in analyze, perft and engine")
	cmd.Flags().StringVar(&w.Weights, "weights", "", "weights file to write (JSON; the engines' --evaluator reads it)")
	deprecatedAlias(cmd, "out", "weights", outIsADirectory)
	cmd.Flags().BoolVar(asJSON, "json", false, "print the report as one JSON object")
	cmd.Flags().BoolVar(&w.Quiet, "quiet", false, "no progress on stderr")
	addAllowDamagedFlag(cmd, &w.AllowDamaged)
}
