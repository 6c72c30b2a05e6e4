package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/internal/progress"
	"github.com/surakarta/surakarta/internal/words"
)

func newFitCommand() *cobra.Command {
	var (
		dir, variant, model, out string
		opt                      = fit.DefaultFitOptions()
		asJSON, quiet            bool
		allowDamaged             bool
	)
	cmd := &cobra.Command{
		Use:   "fit DIR --weights FILE [--variant V] [--model ridge|logistic] [--lambda L] [--holdout F] [--blend W] [--seed S] [--json] [--quiet]",
		Short: "Fit linear evaluation weights to a self-play dataset and score them on held-out games",
		Long: "fit streams the positions of the self-play dataset DIR (one variant) and fits a weight per\n" +
			"evaluation feature (see the features command):\n" +
			"  ridge     least squares on the game result (+1/0/-1, side to move's view) by the\n" +
			"            normal equations (gonum SymRankK + Cholesky); memory does not grow with\n" +
			"            the rows; its value is w·x clamped to [-1, 1]\n" +
			"  logistic  logistic regression on the win probability (draws count half) by L-BFGS\n" +
			"            (gonum/optimize) with an analytic gradient; keeps the training features in\n" +
			"            memory as float32 (about 100 MB per million positions); its value is\n" +
			"            2·sigmoid(w·x) - 1\n" +
			"Both penalise the standardized weights by --lambda (required above 0: the circuit\n" +
			"counts add up to the material, so the features are linearly dependent). --blend W\n" +
			"fits (1-W)·result + W·root_value instead of the result.\n\n" +
			"Games are split by a seeded hash of their id: --holdout of them are held out, never\n" +
			"split between the sides. On the held-out games fit reports log-loss, Brier score,\n" +
			"mean squared error, sign accuracy and a calibration table, beside the same figures\n" +
			"for a material-only baseline (bias and material, fitted the same way on the same\n" +
			"rows); predictions v become win probabilities p = (1+v)/2 clipped to [0.001, 0.999].\n" +
			"Weights whose held-out log-loss is worse than the baseline's are still written, with a\n" +
			"warning on stderr (even with --quiet) and in the report (\"warning\" in --json and the\n" +
			"weights file): they tend to lose to material; fit on more games first.\n" +
			"--weights FILE receives the weights with their names, the feature-set version, the model,\n" +
			"the variant, the settings, the dataset's provenance (its directory relative to FILE's, or\n" +
			"absolute as given) and this report, written atomically; give it to the engines as\n" +
			"--evaluator FILE. (The old forms --data DIR and --out FILE still work, with a\n" +
			"deprecation note.)\n" +
			"Progress (positions read over both passes, rate, ETA and the phase) goes to stderr: a\n" +
			"live line on a terminal, a plain line every few seconds otherwise; --quiet silences it.",
		Example: "  surakarta fit out/data --weights weights.json\n" +
			"  surakarta fit out/data --variant majority --model logistic --lambda 1e-3 --weights w.json --json",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) == 1 && cmd.Flags().Changed("data"):
				return fmt.Errorf("the dataset is given twice (%s and --data %s): give it once, as the argument", args[0], dir)
			case len(args) == 1:
				dir = args[0]
			case dir == "":
				return errors.New("give the dataset directory to fit on: surakarta fit DIR --weights FILE")
			}
			if out == "" {
				return errors.New("--weights FILE is required: where to write the weights (e.g. weights.json)")
			}
			m, err := eval.ParseModel(model)
			if err != nil {
				return fmt.Errorf("--model: %w", err)
			}
			opt.Model = m
			if err := opt.Validate(); err != nil {
				return err
			}
			if err := dataset.CheckDir(dir); err != nil {
				return err
			}
			if dataset.IsMatchRecord(dir) {
				return fmt.Errorf("%s is a match's record (games and matches tables, no positions): fit needs the positions of a self-play dataset; write one with surakarta selfplay --out DIR (or fit a pipeline's DIR/data, a training run's gen-NN/data)", dir)
			}
			if err := dataset.CheckReadable(dir, allowDamaged, cmd.ErrOrStderr()); err != nil {
				return err
			}
			v, err := fit.ResolveVariant(dir, variant)
			if err != nil {
				return err
			}
			prov, err := fit.DatasetProvenance(dir, v)
			if err != nil {
				return err
			}
			opt.RowsHint = prov.Rows
			start := time.Now()
			src := newFitProgress(cmd, fit.DatasetSource{Dir: dir, Variant: v}, prov.Rows, opt.Model, quiet)
			res, err := fit.Fit(cmd.Context(), src, opt)
			src.rep.Stop()
			if errors.Is(err, fit.ErrNoHeldOut) {
				return fmt.Errorf("%w: raise --holdout or add games", err)
			}
			if err != nil {
				return err
			}
			elapsed := time.Since(start)
			wf := eval.NewWeightsFile(res.Model)
			wf.Variant, wf.Lambda, wf.Blend, wf.Holdout, wf.Seed = v, opt.Lambda, opt.Blend, opt.Holdout, opt.Seed
			wf.Dataset = prov
			wf.Dataset.Dir = pathFrom(filepath.Dir(out), dir)
			wf.Report = &res.Report
			if err := wf.Save(out); err != nil {
				return fmt.Errorf("writing weights: %w", err)
			}
			rep := res.Report
			if rep.Warning != "" { // also under --quiet: it is no progress
				fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s\n", rep.Warning)
			}
			if !quiet {
				fmt.Fprintf(cmd.ErrOrStderr(), "fit: %d positions read twice and fitted in %.2f s\n",
					rep.Train.Positions+rep.Holdout.Positions, elapsed.Seconds())
			}
			if asJSON {
				return writeJSON(cmd.OutOrStdout(), struct {
					eval.Report
					Variant string          `json:"variant"`
					Dataset eval.Provenance `json:"dataset"`
					Out     string          `json:"out"`
				}{rep, v, prov, out})
			}
			return writeFitReport(cmd.OutOrStdout(), &rep, v, prov, out)
		},
	}
	cmd.Flags().StringVar(&dir, "data", "", "dataset directory (as written by selfplay)")
	deprecateFlag(cmd, "data", "give the dataset directory as the argument, as stats and dataset take it: fit DIR")
	cmd.Flags().StringVar(&variant, "variant", "", "variant partition to fit on (default: the dataset's only one)")
	cmd.Flags().StringVar(&model, "model", string(opt.Model), "ridge or logistic")
	cmd.Flags().Float64Var(&opt.Lambda, "lambda", opt.Lambda, "L2 penalty on the standardized weights (> 0)")
	cmd.Flags().Float64Var(&opt.Holdout, "holdout", opt.Holdout, "fraction of the games held out for the report")
	cmd.Flags().Float64Var(&opt.Blend, "blend", opt.Blend, "weight of the search's root value in the target, 0..1")
	cmd.Flags().Uint64Var(&opt.Seed, "seed", opt.Seed, "seed of the held-out split")
	cmd.Flags().BoolVar(&opt.ColorBlind, "color-blind", false, "fit without red_to_move (its weight stays 0), so that a search with the model has no colour preference: use it for first-player or variant studies")
	cmd.Flags().IntVar(&opt.MaxIterations, "max-iterations", opt.MaxIterations, "L-BFGS iteration limit (logistic)")
	cmd.Flags().IntVar(&opt.Workers, "threads", 0, "threads of the logistic gradient (0: all cores; results do not depend on it)")
	deprecatedAlias(cmd, "workers", "threads", "the threads of one computation are --threads, as in analyze, perft and engine")
	cmd.Flags().StringVar(&out, "weights", "", "weights file to write (JSON; the engines' --evaluator reads it)")
	deprecatedAlias(cmd, "out", "weights", outIsADirectory)
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the report as one JSON object")
	cmd.Flags().BoolVar(&quiet, "quiet", false, "no progress on stderr")
	addAllowDamagedFlag(cmd, &allowDamaged)
	return cmd
}

// fitProgress is an fit.Source that counts the rows Fit reads, over its
// two passes, on a progress reporter.
type fitProgress struct {
	src   fit.Source
	rep   *progress.Reporter
	phase atomic.Int32 // scans started and finished: 1 fitting, 2 solving, 3 scoring, 4 done (the line says "done in")
}

func newFitProgress(cmd *cobra.Command, src fit.Source, rows int64, model eval.Model, quiet bool) *fitProgress {
	f := &fitProgress{src: src}
	solve := "solving the normal equations"
	if model == eval.Logistic {
		solve = "L-BFGS on the training rows"
	}
	f.rep = progress.Start(cmd.ErrOrStderr(), progress.Options{
		Unit: "positions", Total: 2 * rows, Quiet: quiet,
		Extra: func(time.Duration) string {
			switch f.phase.Load() {
			case 0, 1:
				return "pass 1 of 2: reading the training rows"
			case 2:
				return solve
			case 3:
				return "pass 2 of 2: scoring the held-out games"
			}
			return "" // the line already ends "done in T"
		},
	})
	return f
}

// Scan passes the rows through, counting them in batches.
func (f *fitProgress) Scan(ctx context.Context, fn func(*fit.Row) error) error {
	f.phase.Add(1)
	defer f.phase.Add(1)
	const batch = 4096
	n := 0
	err := f.src.Scan(ctx, func(r *fit.Row) error {
		if n++; n == batch {
			f.rep.Add(batch)
			n = 0
		}
		return fn(r)
	})
	f.rep.Add(int64(n))
	return err
}

func writeFitReport(w io.Writer, rep *eval.Report, variant string, prov eval.Provenance, out string) error {
	h := rep.Holdout
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "%s fit on %s (variant %s), feature set v%d: lambda %g, blend %g, holdout %g (seed %d)\n",
		rep.Model, prov.Dir, variant, rep.FeatureSetVersion, rep.Lambda, rep.Blend, rep.HoldoutFraction, rep.Seed)
	fmt.Fprintf(w, "positions: %d training (%s), %d held out (%s)\n",
		rep.Train.Positions, words.Count(rep.Train.Games, "game"), h.Positions, words.Count(h.Games, "game"))
	if rep.Iterations > 0 {
		fmt.Fprintf(w, "L-BFGS: %d iterations, %s; training log-loss %.4f\n", rep.Iterations, rep.Status, rep.TrainLoss)
	} else {
		fmt.Fprintf(w, "training mean squared error %.4f (penalised)\n", rep.TrainLoss)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-34s %9s %9s\n", "held out", "model", "material")
	fmt.Fprintf(w, "%-34s %9.4f %9.4f\n", "log-loss", h.LogLoss, h.BaselineLogLoss)
	fmt.Fprintf(w, "%-34s %9.4f %9.4f\n", "Brier", h.Brier, h.BaselineBrier)
	fmt.Fprintf(w, "%-34s %9.4f %9.4f\n", "MSE", h.MSE, h.BaselineMSE)
	fmt.Fprintf(w, "%-34s %9.4f %9.4f\n", fmt.Sprintf("sign accuracy (%d decisive)", h.Decisive), h.SignAccuracy, h.BaselineSignAccuracy)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "calibration: predicted win probability vs observed score")
	fmt.Fprintln(tw, "bin\tmodel n\tpredicted\tobserved\tmaterial n\tpredicted\tobserved\t")
	for i, b := range h.Calibration {
		c := h.BaselineCalibration[i]
		fmt.Fprintf(tw, "%.1f-%.1f\t%d\t%s\t%s\t%d\t%s\t%s\t\n", b.Lo, b.Hi,
			b.Positions, binFigure(b.Positions, b.Predicted), binFigure(b.Positions, b.Observed),
			c.Positions, binFigure(c.Positions, c.Predicted), binFigure(c.Positions, c.Observed))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "weights (raw feature scale)")
	feats := eval.Features()
	lt := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for i, nw := range rep.Weights {
		fmt.Fprintf(lt, "  %s\t%+.5f\t%s\n", nw.Name, nw.Weight, feats[i].Meaning)
	}
	if err := lt.Flush(); err != nil {
		return err
	}
	fmt.Fprint(w, "material-only baseline:")
	for _, nw := range rep.BaselineWeights {
		fmt.Fprintf(w, " %s %+.5f", nw.Name, nw.Weight)
	}
	fmt.Fprintf(w, "\nwrote %s\n", out)
	return nil
}

func binFigure(n int64, x float64) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.3f", x)
}
