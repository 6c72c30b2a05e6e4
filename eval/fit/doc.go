// Package fit fits the evaluators of package eval to self-play data with
// gonum (gonum.org/v1/gonum): the linear value evaluator (Fit), the
// pattern evaluator (FitPatterns), the move prior (FitPrior) and a whole
// model file (FitModel), reading the samples of Parquet datasets.
//
// Files: sample.go is what every fit reads (Sample, Source, the held-out
// split) and dataset.go reads it from a dataset; fit.go runs a value fit,
// with its settings in fit_options.go, the ridge and logistic models in
// fit_ridge.go and fit_logistic.go (their unrolled inner loops in
// fit_kernels.go) and the held-out figures in fit_metrics.go;
// patternfit.go fits the pattern evaluators of both games, with its rows in
// patternfit_rows.go and its objective in patternfit_lbfgs.go;
// priorfit.go fits the move prior; lbfgs.go runs L-BFGS for the logistic,
// pattern and prior fits; targets.go holds the training loop's value
// targets, modelfit.go the fit of a whole model, weights.go a dataset
// fitted into a weights file (or, for Alquerque, a model file) as
// surakarta fit runs it (FitWeights: progress, the file and the report's
// text). The reports the fits return
// are eval's (eval.Report, eval.PriorReport), since the files carry them.
//
// # One sample stream
//
// Every fit reads the same Sample from a Source: the position (bitboards,
// side to move, no-capture plies, game id), the value fits' targets (the
// result and the search's root value) and the prior's (the visit counts,
// with the position as a rules.Position and its legal moves, made once as
// the sample is read). A fit asks for the fields it reads (WithTargets,
// WithPolicy), and DatasetSource reads only their columns, streamed, so
// that memory does not grow with the dataset; Samples holds samples in
// memory, Sources concatenates sources (a window of datasets) and TDSource
// replaces the root values by TD(λ) returns. A fit may scan a source more
// than once; every scan yields the same samples in the same order.
//
// # Value fits
//
// Fit reads a Source twice: once to fit, once to score the held-out games.
// Games, never single positions, are held out, by a seeded hash of the game
// id (InHoldout). Two models:
//
//   - Ridge: least squares on the result y ∈ {+1, 0, -1}. XᵀX and Xᵀy are
//     accumulated in blocks of rows with gonum's SymRankK, then the penalised
//     normal equations are solved by Cholesky: memory does not grow with the
//     rows. Value: w·x clamped to [-1, 1].
//   - Logistic: the win probability (draws as ½) modelled as σ(w·x), fitted by
//     L-BFGS (gonum/optimize) with an analytic gradient, started from the
//     ridge solution. It keeps the training rows' features in memory as
//     float32 (eval.NumFeatures × 4 bytes a row). Value: 2σ(w·x) - 1 = tanh(w·x/2).
//
// Both penalise the standardized weights (each feature but the bias scaled
// to mean 0 and variance 1 on the training rows) by λ·Σβ², and both can fit
// a blend of the result and the search's root value. The held-out report
// gives log-loss, Brier score, mean squared error, sign accuracy and a
// calibration table, for the model and for a material-only baseline (bias
// and material, the same model fitted on the same rows). Predictions v
// become probabilities p = (1+v)/2 clipped to [ProbEpsilon, 1-ProbEpsilon].
//
// # Pattern fits
//
// FitPatterns fits the weights of eval.Patterns by L-BFGS (gonum/optimize) on the mean
// log-loss of the win probability σ(score) (draws as ½; Blend and TD(λ)
// targets as for Fit), plus Lambda·Σβ² on the standardized hand weights
// and PatternLambda·Σw² on the pattern weights, from zero. Games are held
// out as Fit holds them out. The training rows are stored compactly
// (PatternRowBytes, 165 bytes a row: a uint16 slot an instance, the hand
// features as float32, the band and the target), and the loss is summed
// over eight fixed blocks of rows added in order, so the fit does not
// depend on the number of workers. Tests recover a known model from its
// own probabilities and hold the analytic gradient to finite differences.
//
// FitAlquerquePatterns fits Alquerque's pattern evaluator
// (eval.AlquerquePatterns) by the same machinery: the rows are stored by
// the game's pattern shape (its hand features, instances and slots), and
// the objective, the scaling, the warm start, L-BFGS, the held-out split,
// the material-only baseline and the report are the ones above, written
// once. Its samples are Alquerque positions in Sample's fields (Red and
// Black hold White's and Black's pieces): DatasetSource reads them from an
// Alquerque partition's position text (key "alquerque/VARIANT",
// ResolveGameVariant), and fit --game alquerque writes the model file.
// Alquerque has no move prior.
//
// # Prior fits
//
// FitPrior fits the prior's weights w (eval.Prior: softmax(w·x) over the
// legal moves) by maximum likelihood to the search's visit counts (the
// positions table's policy column): it minimises the mean cross-entropy
// between each position's visit shares and the softmax, plus λ·Σβ² on the
// standardized weights, with L-BFGS (gonum/optimize) and an analytic
// gradient, holding out games as the value fit does. Each training move is
// stored as an index into a table of the distinct move feature vectors and
// its visit share (8 bytes a move), so an iteration scores the table once
// and then costs a few operations per move. The report gives, on the
// held-out games, the cross-entropy of the fitted prior and of uniform
// priors, the visit shares' own entropy (the floor) and how often the most
// probable move is the most visited one.
//
// # Training targets and model fits
//
// A training loop fits on its own games: TDSource gives each sample the
// TD(λ) return along its game (λ = 1 the result, λ = 0 the next position's
// root value) for a fit with Blend 1, Sources fits on a window of
// datasets, and SpreadScale calibrates a value head so that its scores
// spread as widely as the results do (a least-squares value is flatter).
// FitModel fits both heads on a window of datasets into an eval.ModelFile:
// the one training path of the pipeline's fit (its value head alone) and
// of `surakarta train`.
//
// # Errors
//
// Everything a user can cause (bad options, a bad sample, a dataset
// without rows or without held-out games: ErrNoHeldOut) returns an error.
package fit
