package fit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/dataset/verify"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/internal/base/words"
)

// WeightsFit is a fit of a self-play dataset's positions into a weights
// file, as surakarta fit runs it.
type WeightsFit struct {
	// Dir is the dataset, Variant its partition ("": its only one),
	// Weights the file to write.
	Dir, Variant, Weights string
	// Game is the dataset's game to fit ("": the dataset's only game;
	// "surakarta": a linear weights file; "alquerque": Alquerque's
	// pattern model, by FitAlquerquePatterns with Options and the default
	// pattern penalty, written as an Alquerque model file).
	Game    string
	Options FitOptions
	// AllowDamaged reads a dataset verify.Check finds fault with, with a
	// warning on Stderr. Stderr gets the progress line (none when Quiet),
	// the time taken and a warning about the weights (even when Quiet).
	AllowDamaged bool
	Stderr       io.Writer
	Quiet        bool
}

// WeightsReport is the report of a WeightsFit, fit --json's object: the
// fit's report, the variant, the dataset's provenance and the weights
// file written.
type WeightsReport struct {
	eval.Report
	Variant string          `json:"variant"`
	Dataset eval.Provenance `json:"dataset"`
	Out     string          `json:"out"`
}

// FitWeights checks the dataset, fits its positions with the progress on
// Stderr, and writes the weights file with its settings, provenance (the
// dataset's directory relative to the file's) and report.
func FitWeights(ctx context.Context, f WeightsFit) (*WeightsReport, error) {
	dir, opt := f.Dir, f.Options
	if err := verify.CheckDir(dir); err != nil {
		return nil, err
	}
	if dataset.IsMatchRecord(dir) {
		return nil, setting.Errorf("%s is a match's record (games and matches tables, no positions): fit needs the positions of a self-play dataset; write one with %s (or fit a pipeline's DIR/data, a training run's gen-NN/data)",
			dir, setting.Line{setting.Cmd("selfplay"), setting.Set("out", "DIR")})
	}
	if err := verify.CheckReadable(dir, f.AllowDamaged, f.Stderr); err != nil {
		return nil, err
	}
	v, err := ResolveGameVariant(dir, f.Game, f.Variant)
	if err != nil {
		return nil, err
	}
	game, _ := dataset.SplitKey(v)
	prov, err := DatasetProvenance(dir, v)
	if err != nil {
		return nil, err
	}
	opt.RowsHint = prov.Rows
	start := time.Now()
	src := newProgressSource(f.Stderr, DatasetSource{Dir: dir, Variant: v}, prov.Rows, opt.Model, f.Quiet)
	var res *FitResult
	var save func() error
	if game == eval.AlquerqueGame {
		var ar *AlquerquePatternFitResult
		ar, err = FitAlquerquePatterns(ctx, src, PatternFitOptions{FitOptions: opt, PatternLambda: DefaultPatternLambda})
		if ar != nil {
			res = &FitResult{Report: ar.Report}
			save = func() error {
				mf := eval.NewAlquerqueModelFile(ar.Model, 1, &res.Report)
				mf.Patterns.Variant, mf.Patterns.Lambda, mf.Patterns.PatternLambda = v, opt.Lambda, DefaultPatternLambda
				mf.Patterns.Blend, mf.Patterns.Holdout, mf.Patterns.Seed = opt.Blend, opt.Holdout, opt.Seed
				mf.Patterns.Dataset = prov
				mf.Patterns.Dataset.Dir = pathFrom(filepath.Dir(f.Weights), dir)
				return mf.Save(f.Weights)
			}
		}
	} else {
		res, err = Fit(ctx, src, opt)
		if res != nil {
			save = func() error {
				wf := eval.NewWeightsFile(res.Model)
				wf.Variant, wf.Lambda, wf.Blend, wf.Holdout, wf.Seed = v, opt.Lambda, opt.Blend, opt.Holdout, opt.Seed
				wf.Dataset = prov
				wf.Dataset.Dir = pathFrom(filepath.Dir(f.Weights), dir)
				wf.Report = &res.Report
				return wf.Save(f.Weights)
			}
		}
	}
	src.rep.Stop()
	if err != nil && ctx.Err() != nil {
		// A fit cut short reads as one without held-out games: say what happened.
		return nil, fmt.Errorf("fit interrupted: no weights written to %s; run the same command again", f.Weights)
	}
	if errors.Is(err, ErrNoHeldOut) {
		return nil, setting.Errorf("%w: raise %s or add games", err, setting.Key("holdout"))
	}
	if err != nil {
		return nil, err
	}
	elapsed := time.Since(start)
	if err := save(); err != nil {
		return nil, fmt.Errorf("writing weights: %w", err)
	}
	rep := res.Report
	if rep.Warning != "" { // also under Quiet: it is no progress
		fmt.Fprintf(f.Stderr, "warning: %s\n", rep.Warning)
	}
	if !f.Quiet {
		fmt.Fprintf(f.Stderr, "fit: %d positions read twice and fitted in %.2f s\n",
			rep.Total().Positions, elapsed.Seconds())
	}
	return &WeightsReport{rep, v, prov, f.Weights}, nil
}

// pathFrom returns path as a file in directory base records it: an absolute
// path as it is, a relative one (to the working directory) rewritten
// relative to base, so that the record stays true wherever the command ran
// and when base's tree is moved as a whole. Slashes are forward.
func pathFrom(base, path string) string {
	if filepath.IsAbs(path) {
		return filepath.ToSlash(filepath.Clean(path))
	}
	absBase, err1 := filepath.Abs(base)
	absPath, err2 := filepath.Abs(path)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(path)
	}
	rel, err := filepath.Rel(absBase, absPath)
	if err != nil {
		return filepath.ToSlash(absPath)
	}
	return filepath.ToSlash(rel)
}

// progressSource is a Source that counts the rows Fit reads, over its
// two passes, on a progress reporter.
type progressSource struct {
	src   Source
	rep   *progress.Reporter
	phase atomic.Int32 // scans started and finished: 1 fitting, 2 solving, 3 scoring, 4 done (the line says "done in")
}

func newProgressSource(w io.Writer, src Source, rows int64, model eval.Model, quiet bool) *progressSource {
	f := &progressSource{src: src}
	solve := "solving the normal equations"
	if model == eval.Logistic {
		solve = "L-BFGS on the training rows"
	}
	f.rep = progress.Start(w, progress.Options{
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
func (f *progressSource) Scan(ctx context.Context, fields Fields, fn func(*Sample) error) error {
	f.phase.Add(1)
	defer f.phase.Add(1)
	const batch = 4096
	n := 0
	err := f.src.Scan(ctx, fields, func(r *Sample) error {
		if n++; n == batch {
			f.rep.Add(batch)
			n = 0
		}
		return fn(r)
	})
	f.rep.Add(int64(n))
	return err
}

// WriteText prints the report as fit does: the fit's settings, the
// held-out figures beside the material baseline's, the calibration, the
// weights and where they were written.
func (r *WeightsReport) WriteText(w io.Writer) error {
	rep, variant, prov, out := &r.Report, r.Variant, r.Dataset, r.Out
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
	if len(rep.Weights) == 0 { // a pattern model: too many weights to list
		fmt.Fprintf(w, "a pattern model: its weights are in the file\nwrote %s\n", out)
		return nil
	}
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
