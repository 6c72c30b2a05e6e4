// Package eval turns positions into evaluation features and evaluates
// them for the search: linear and pattern value evaluators, the move
// prior, the weights and model files that hold them, and the registry
// that opens an evaluator by name. Fitting them to self-play data is
// package eval/fit; playing them against each other, package eval/arena.
//
// Files: features.go and circuits.go extract the position features (and
// FeaturesOf names them, as the features command prints them),
// movefeatures.go the move features of the prior; patternset.go builds a
// game's pattern set (families, instances, slots, the reading of a
// position and the exact sum of its weights), patterns.go declares
// Surakarta's, patternvalue.go is the pattern evaluator and patternhead.go
// its part of a model file; alquerque.go holds Alquerque's material
// evaluator, hand features and pattern set, alquerquepatterns.go its
// pattern evaluator, model files and opener; prior.go is the
// move prior; linear.go is the linear evaluator and its weights file,
// model.go the model file, report.go the fits' reports that both files
// carry, filecheck.go the check of the numbers they hold; registry.go
// turns evaluator names into evaluators (and an engine's settings into its
// checked search configuration: OpenEngine); shipped.go builds the model
// files of models/ into the binary (ShippedModel and
// ShippedAlquerqueModel, each opened as "best" by its game's registry),
// modelbin.go their compact form, the one the binary holds.
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
// with a colour-blind model (fit.FitOptions.ColorBlind, fit --color-blind),
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
// The pattern weights are fitted by package eval/fit (FitPatterns), which
// stores a training position as its instances' slots (AppendPatternSlots,
// PatternOffsets).
//
// # Alquerque
//
// Alquerque (package alquerque, docs/RULES-ALQUERQUE.md) has its own
// evaluators, built from the same pieces as Surakarta's, with these
// decisions:
//
//   - AlquerqueMaterial is mcts.Material's curve, tanh(d/MaterialScale) of
//     the piece difference for the side to move: both games start with 12
//     pieces a side and end by taking them, so the same squash serves both,
//     and Alquerque's searches at material compare with Surakarta's.
//   - The hand features (ExtractAlquerque, version
//     AlquerqueFeatureSetVersion) are bias, material, phase,
//     material_x_phase, material_x_clock (as Surakarta's), mobility_own/opp
//     (steps along the lines) and attacks_own/opp (pieces a first jump
//     takes now). There is no first_to_move feature: the evaluators are
//     colour-blind by construction, as the studies of the first player's
//     advantage need (the Surakarta models needed ColorBlind for it).
//   - The pattern set (AlquerquePatternFamilies, version
//     AlquerquePatternSetVersion) is n-tuples along the board's lines, the
//     lines being where pieces step and jump: the edge lines, the lines
//     next to them, the middle lines, the long diagonals and the short
//     (three-point) diagonals, and two 3×3 families, the corner regions and
//     the centre, which read the jumps that cross two lines. Instances are
//     the images under the square's eight symmetries; the colour swap is
//     the own/opponent reading. 21 instances, 13,626 weights a band.
//   - The phase bands are Surakarta's (PhaseBand: 19-24, 13-18, 8-12, 0-7
//     pieces on the board): both games start with 24 pieces.
//   - One pattern set's tables for both games (patternset.go): Surakarta's
//     and Alquerque's evaluators read a position and sum its weights through
//     the same code, and the fit (package eval/fit) stores either game's rows
//     through it.
//   - An Alquerque model is a model file (ModelFile) with "game":
//     "alquerque" and a pattern head naming Alquerque's features and
//     families; Surakarta's registry refuses it by its game, and
//     OpenAlquerqueEvaluator ("material", a built-in Alquerque model, "best"
//     for ShippedAlquerqueModel, or such a file) refuses Surakarta's.
//     It has no move prior: the prior's move features are Surakarta's
//     (circuits, loops), and Alquerque's searches use uniform priors.
//
// An evaluation allocates nothing (TestAlquerqueEvaluatorsAllocateNothing);
// BenchmarkAlquerqueValue and BenchmarkSearchAlquerqueValue measure them.
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
// # Evaluators, weights files and model files
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
// ModelFile (format ModelFormat, version ModelVersion) holds one trained
// model: the value head, either linear as a weights file or a pattern head
// (PatternHead, from version 2; version 1 files still open), the scale
// applied, the prior head, both heads' held-out reports (report.go) and
// the model's provenance (generation, parent, datasets, settings).
//
// # The evaluator registry
//
// OpenEvaluator turns an evaluator's name into an mcts.Evaluator and the
// identity a run records (registry.go): a built-in name ("material"), a
// model built into the binary or else a file, read by the format its
// "format" field names (weights files, model files). Every command, the
// pipeline and the experiments open evaluators through it. A new built-in
// is one NamedEvaluator in namedEvaluators; a new file format is one
// FileFormat in fileFormats (its format string and a Load of the file's
// bytes); help texts list the tables (EvaluatorHelp).
//
// The built-in models (shipped.go) are the files of models/, embedded with
// go:embed: models/NAME.json opens as NAME with its game's registry,
// ShippedModel (the model Surakarta's default engine plays) also as "best"
// by OpenEvaluator and ShippedAlquerqueModel (Alquerque's) as "best" by
// OpenAlquerqueEvaluator, and each by its identity, the hash
// of its bytes, which is the identity it had as a file: a run that named
// the file and one that names the model record the same engine. The
// binary holds each in a compact form, models/NAME.bin (modelbin.go: the
// pattern weights as raw float32s, the rest and the JSON's identity in a
// small header, checksummed), made from the JSON and kept byte-equal to
// it by TestEmbeddedModelsMatchTheirJSON: decoding the JSON's numbers cost
// every command about 28 ms of CPU, the compact form about 6. A model is
// read and decoded on its first open (sync.Once), so a command that never
// opens one pays nothing, and each open gets its own copy of the decoded
// evaluator. Shipping a stronger model is adding its file and its compact
// form (go test ./eval -run TestEmbeddedModelsMatchTheirJSON -update) and
// changing its game's shipped name to it; the model it replaces keeps its
// name.
//
// # Errors versus panics
//
// Everything a user can cause (an unreadable or mismatched weights file, a
// bad number in one) returns an error. NewLinear panics on an unknown
// model, a programmer error.
package eval
