// Package eval turns positions into evaluation features, fits linear
// evaluators to self-play data with gonum (gonum.org/v1/gonum), and runs
// arena matches that show whether an evaluator makes the search stronger.
//
// Files: features.go and circuits.go extract the position features,
// movefeatures.go the move features of the prior; patterns.go defines the
// board patterns and their index tables, patternvalue.go is the pattern
// evaluator and patternhead.go its part of a model file, patternfit.go
// fits it, with its rows in patternfit_rows.go and its objective and
// L-BFGS run in patternfit_lbfgs.go; fit.go runs a value
// fit, with its rows in fit_source.go, its settings in fit_options.go, the
// ridge and logistic models in fit_ridge.go and fit_logistic.go (their
// unrolled inner loops in fit_kernels.go) and the held-out figures in
// fit_metrics.go and fit_report.go; prior.go and priorfit.go are the move
// prior and its fit, targets.go the training loop's value targets and
// modelfit.go the fit of a whole model; dataset.go reads rows from a
// dataset; linear.go is the fitted evaluator and its weights file, model.go
// the model file, filecheck.go the check of the numbers both hold;
// registry.go turns evaluator names into evaluators; player.go is the
// arena's Player (SearchPlayer, TimedSearchPlayer, faults), openings.go the
// positions a match starts from (ReadOpenings), arena.go plays matches, record.go
// and records.go record their games, pgn.go prints them.
//
// # Features
//
// Extract computes the feature set (version FeatureSetVersion) of a position
// for its side to move: "own" is the side to move, "opp" its opponent. Every
// feature has a stable name and a one-line meaning (Features, Names); the
// constants Bias, RedToMove, ... index a Vector. Version 1:
//
//	bias              constant 1: the intercept, the value of having the move
//	red_to_move       +1 when Red (the first player) is to move, -1 when Black
//	material          own pieces minus opponent pieces
//	phase             pieces on the board / 24
//	material_x_phase  material × phase
//	material_x_clock  material × min(no-capture plies, 50)/50
//	inner_own/opp     pieces on the inner circuit only
//	outer_own/opp     pieces on the outer circuit only
//	both_own/opp      pieces on both circuits (b3 b4 e3 e4 c2 d2 c5 d5)
//	corner_own/opp    pieces on neither circuit: the corners a1 f1 a6 f6
//	double_own/opp    pieces on a point their circuit passes twice
//	mobility_own/opp  quiet moves (the opponent's as if it were to move)
//	attacks_own       opponent pieces the side to move can capture now
//	attacks_opp       own pieces the opponent could capture if it were to move
//	defended_own/opp  attacked pieces whose every capture could be recaptured
//	loops_own/opp     loop ends whose nearest piece along the segment is that side's
//	blocked_own/opp   circuit pieces with no clear path to a loop
//
// Every feature but red_to_move is the same for a position and its images
// under the board's symmetries (rules.Symmetry; TestFeaturesRespectBoardSymmetry).
// red_to_move knows the colour on purpose: it lets a model express a
// first-player advantage. A search with such a model is no longer exactly
// colour-symmetric (mcts: Symmetry), and a model that learnt the advantage
// from self-play feeds it back into the games: studies that measure the
// first player's advantage, or compare rule variants by it, should play
// with a colour-blind model (FitOptions.ColorBlind, fit --color-blind),
// whose red_to_move weight is 0, or with the material evaluator.
//
// Definitions, precisely:
//
//   - The four classes inner-only, outer-only, both and corner partition the
//     board (12 + 12 + 8 + 4 points), so a side's four class counts add up to
//     its pieces, and material and phase are linear combinations of them: the
//     feature set is linearly dependent on purpose (each count is meaningful
//     on its own) and the fits are penalised so that the weights are unique.
//     The "neither circuit" and "corner pieces" are the same four
//     points, one feature pair.
//   - Attacks are exactly rules.Position.Attacked: a piece counts once however
//     many pieces or routes attack it.
//   - A piece is defended when it is attacked and, for every enemy piece that
//     can capture it, after that capture (the capturer on its point, the
//     capturer's own point emptied) its side could capture back on the point.
//   - Each circuit is four straight segments of six track positions with a
//     corner loop between consecutive segments (RULES.md), 8 segments and 16
//     loop ends in all. A loop end belongs to the side whose piece is nearest
//     to it along its segment; a piece alone on a segment holds both ends.
//     Every capture leaves its segment through such a piece.
//   - A circuit piece is blocked when, on every segment it stands on, pieces
//     lie between it and both loops: it can make no capture and must move
//     first. Corner pieces are never blocked (they are on no circuit).
//
// Extraction allocates nothing. It derives the capture relation from the
// segments' first and last pieces (every capture route passes a loop, so it
// leaves its segment through the segment's end piece and meets the first
// piece of the next occupied segment), which the tests check against the
// rules package's route walking on random positions.
//
// # Pattern evaluation
//
// Patterns is a linear evaluator over board patterns in the manner of
// Buro's Logistello and of n-tuple networks: a pattern is a set of points
// read as a base-3 number (empty, the side to move's piece, the
// opponent's), and every configuration of a pattern is one weight. The
// families (PatternFamilies, version PatternSetVersion) are the ranks and
// files (three families each: the home lines, the inner circuit's, the
// outer circuit's), the long and the short diagonals, each circuit's track
// through a corner loop (four track points either side) and the 3×3
// corner regions: 30 instances, 26,946 weights a band (107,784 in all). An instance and its
// images under rules.Symmetries read one table, and configurations that a
// symmetry fixing the instance's points maps onto each other share a
// weight (a slot), so that the evaluator is colour-blind (own/opponent,
// never red/black) and mirror-blind by construction; the pattern weights
// are summed as integers (PatternQuantum) so that a position and its
// images evaluate bit-identically, which a test checks on every symmetry.
// Each of NumPhaseBands phase bands (by pieces on the board: 19-24, 13-18,
// 8-12, 0-7; PhaseBand) has its own weights, the hand features (every
// feature but red_to_move) included; the score is the band's hand score
// plus its instances' weights and the value tanh(score/2). An evaluation
// extracts the hand features, adds each occupied point's digit to the
// instances it belongs to (a precomputed table) and makes one table
// lookup an instance; it allocates nothing.
//
// FitPatterns fits the weights by L-BFGS (gonum/optimize) on the mean
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
// # Move features and the move prior
//
// MoveContext.Features computes the move feature set (version
// MoveFeatureSetVersion) of a legal move: "own" is the mover, "opp" its
// opponent, "before" the position the move is played in and "after" the
// one it leads to, both from the mover's side, so that no feature knows
// which colour moves. MoveFeatures and MoveNames give every feature's name
// and meaning; the constants MoveCapture, ... index a MoveVector. Version 1:
//
//	capture             1 for a capture, 0 for a quiet move
//	recapturable        a capture whose capturer the opponent can capture where it lands
//	capture_x_clock     capture × min(no-capture plies, 50)/50
//	takes_inner/outer/both  a capture of a piece on the inner circuit only, the outer only, both
//	from_inner/outer/both/corner  the circuit class of the point the piece leaves
//	to_inner/outer/both/corner    the circuit class of the point it lands on
//	from_double/to_double  leaving / landing on a point its circuit passes twice
//	from_attacked       the moving piece was attacked before the move
//	lands_attacked      the moved piece is attacked where it lands
//	threats_own_delta   change in the opponent pieces the mover attacks (created minus removed)
//	threats_opp_delta   change in the mover's pieces the opponent attacks
//	loops_own/opp_delta change in the loop ends held by the mover / the opponent
//	mobility_own/opp_delta  change in the mover's / the opponent's quiet moves
//
// Attacks, loop ends and mobility are those of the position features
// (AttacksOwn, LoopsOwn, MobilityOwn, ...), read in the position before and
// after the move; a test computes every move feature that way, from Extract
// and the rules package, and compares. The classes one-hot and capture equals
// the sum of the takes features (corners cannot be captured), so the set is
// linearly dependent on purpose and the fit is penalised.
//
// Prior turns the features into move probabilities, softmax(w·x) over the
// legal moves; Fill costs one circuit scan per move (no allocation) and
// WithPrior pairs it with any value evaluator as the search's PUCT priors.
// FitPrior fits w by maximum likelihood to the search's visit counts (the
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
// # Fitting
//
// Fit reads rows from a Source (DatasetSource streams a Parquet dataset's
// needed columns) twice: once to fit, once to score the held-out games.
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
//     float32 (NumFeatures × 4 bytes a row). Value: 2σ(w·x) - 1 = tanh(w·x/2).
//
// Both penalise the standardized weights (each feature but the bias scaled
// to mean 0 and variance 1 on the training rows) by λ·Σβ², and both can fit
// a blend of the result and the search's root value. The held-out report
// gives log-loss, Brier score, mean squared error, sign accuracy and a
// calibration table, for the model and for a material-only baseline (bias
// and material, the same model fitted on the same rows). Predictions v
// become probabilities p = (1+v)/2 clipped to [ProbEpsilon, 1-ProbEpsilon].
//
// # Evaluators and weights files
//
// Linear implements mcts.Evaluator with the fitted weights, allocation-free
// and safe for concurrent use. WeightsFile is the JSON a fit writes
// (atomically): names, feature-set version, model, variant, settings,
// dataset provenance and the report. LoadLinear refuses weights fitted for
// another feature-set version or with other feature names.
//
// Every number an evaluator file gives the search (value weights, prior
// weights after their temperature, the value scale) is checked when the
// file is opened by one function, checkNumbers (filecheck.go): finite and
// within ±MaxWeight (1e6; fitted weights are of order 1), so that no
// accepted file can make a score overflow or a value NaN. The error names
// the file and the field ("value.weights[2] (material)"); a new head or
// file format checks its numbers through the same function.
//
// # Training targets and model files
//
// A training loop fits on its own games: TDSource gives each row the TD(λ)
// return along its game (λ = 1 the result, λ = 0 the next position's root
// value) for a fit with Blend 1, Sources and PolicySources fit on a window
// of datasets, and SpreadScale calibrates a value head so that its scores
// spread as widely as the results do (a least-squares value is flatter).
// ModelFile (format ModelFormat, version ModelVersion) holds one trained
// model: the value head, either linear as a weights file or a pattern head
// (PatternHead, from version 2; version 1 files still open), the scale
// applied, the prior
// head, both heads' held-out reports and the model's provenance
// (generation, parent, datasets, settings). FitModel fits both heads on a
// window of datasets into a ModelFile: the one training path of the
// pipeline's fit (its value head alone) and of `surakarta train`.
//
// # The evaluator registry
//
// OpenEvaluator turns an evaluator's name into an mcts.Evaluator and the
// identity a run records (registry.go): a built-in name ("material") or
// else a file, read by the format its "format" field names (weights files,
// model files). Every command, the pipeline and the experiments open
// evaluators through it. A new built-in is one NamedEvaluator in
// namedEvaluators; a new file format is one FileFormat in fileFormats (its
// format string and a Load of the file's bytes); help texts list both
// tables (EvaluatorHelp).
//
// # Arena
//
// Arena plays paired games between two engines: each random opening is
// played twice with colours swapped, on all cores with a pair of players per
// worker, and the pairs are scored in order, so the result, including where
// an optional SPRT stops the match, depends only on the seed. It reports
// wins, draws and losses from A's side, the score, the Elo difference with
// its 95% interval and the likelihood of superiority from the pentanomial
// distribution of the pairs (package internal/stats).
//
// A Player is one side (player.go): the built-in search (SearchPlayer) or
// another program (package eval/external). The rules core referees every
// move; a move it refuses, or a player's *Fault (a crash, a hang, garbage),
// loses that game with the reason recorded and the match goes on. Each game
// becomes a GameRecord (record.go) with each side's time and nodes; with
// ArenaOptions.OnPair a match writes them pair by pair to the games and
// matches tables (records.go: WriteRecords), which ResumeRecords reads back
// as ArenaOptions.Played so that an interrupted match resumes. WritePGN
// (pgn.go) prints any game of a games table as PGN-like text.
//
// # Errors versus panics
//
// Everything a user can cause (bad options, a bad row, an unreadable or
// mismatched weights file) returns an error. NewLinear panics on an unknown
// model, a programmer error.
package eval
