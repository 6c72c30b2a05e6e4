// Package mcts is the Monte Carlo tree search engine: PUCT selection over
// the positions of any game that implements the contract of package game,
// two leaf modes (random playouts preferring the game's forcing moves, cut
// off after a number of plies, or an Evaluator's value directly), an exact
// MCTS-Solver, root Dirichlet noise and a move-temperature schedule for
// self-play, tree reuse between the moves of one game, an exact oracle
// such as endgame tables, and tree-parallel analysis with virtual loss.
//
// # One search, many games
//
// The searcher is generic: SearcherOf[G, P, M] searches game G (a
// game.Game value, the rules under their settings, in ConfigOf.Rules)
// with positions P and moves M as type parameters, so that positions and
// moves stay concrete values in the hot path; the evaluator is an
// EvaluatorOf[P, M]. The game's optional capabilities (game.Forcing for
// playouts, game.Decisive for moves that win at once) are looked up once,
// when a worker is made. A node stores its move's 16-bit code (game.Move),
// so nodes are 24 bytes for every game. Surakarta's instances have the
// short names: Searcher, Config, Result, MoveStat, Evaluator, PriorFiller,
// Cloner, with NewSearcher and Material; Surakarta's
// endgame tables reach the search as its oracle (tablebase.Oracle), given
// to NewSearcherOf.
//
// Files: search.go holds the searcher and its entry points (Search,
// SearchParallel, SearchContext, SearchMove: a player's search and
// choice, tree reuse), result.go reads the tree into
// a Result and Choose samples from it, noise.go mixes root noise in and
// out. One simulation is the worker's (worker.go: its state, simulate
// with its descent from the root to a leaf, descend, and the parallel
// threads' run loop): select.go chooses a child by PUCT,
// order.go keeps the children in a seeded random order, expand.go
// evaluates and expands a leaf (and fills priors it left pending),
// playout.go plays it out, adjudicate.go
// scores game endings by the rules, repetition.go tracks the positions
// since the last capture, backup.go adds the value along the path, and
// solver.go proves nodes with their distances, oracle.go those an exact
// oracle covers (Surakarta's endgame tables, tablebase.Oracle, opened by
// the searcher's caller: the search opens no file). parallel.go holds what
// only tree-parallel search needs (pending counts of busy blocks, their
// flushes, the shared counters); arena.go the node store; config.go
// declares every engine setting once (Settings, Engine, Config and the
// table EngineSettings, whose entries internal/base/setting makes), and
// settings.go derives from that table the text form, flag values, the
// run description, the comparison and the errors that name a setting
// (SettingError: by its name, or by a reader's names with Named, a
// command's flags, a protocol's options); eval.go the Evaluator; rng.go
// the generator.
//
// # Values and proofs
//
// Values are in [-1, 1]. An Evaluator scores a position for its side to
// move. Result.Value is the root's value for the side to move at the root;
// MoveStat.Value is a move's value for the player who plays it (the root's
// side to move). Proofs follow the same rule: MoveStat.Proof is the proven
// result of playing the move, for the player who plays it (ProofWin: the move
// wins by force), and Result.Proof is the proven result of the root position
// for its side to move. A proven node also carries its distance, the plies
// from its position to the end of the game along the proof: the winner's
// shortest proven win, the loser's longest proven loss (MoveStat.Distance
// and Result.Distance count from the root, the move included; solver.go
// says how they are derived, and worker.setProof is the one way a proof,
// the solver's own or an exact source's such as an endgame table, enters
// the tree). The shortest proven win is played at once; a move proven to
// lose is never chosen while a move not proven to lose exists, and when
// every move loses the longest proven loss is played. A root with a proven
// win goes on searching its open moves while one of them may still win
// sooner (the tree bounds how soon each can), so the search stops early
// only at the shortest win.
//
// Game endings inside the tree and in playouts follow Config.Rules exactly
// (game.Game.Judge; for Surakarta: all pieces captured, no legal move (loss
// or draw), the no-capture limit and repetition, the last two scored by the
// variant: draw, or the side with more pieces in Majority). Repetitions are
// counted over the game's history since its last irreversible move
// (game.Record.History) followed by the search path, so a position
// repeated partly in the game and partly in the search ends exactly where
// the game record would end it. Repetitions compare the game's 64-bit keys.
//
// # Determinism
//
// A Searcher draws every random number (playouts, noise, temperature, the order of children) from
// its own generator (RNG, xoshiro256** seeded through splitmix64), never from
// math/rand's global source, and counts simulations, never time. The same
// sequence of Search and Choose calls with the same Config, seed and games
// gives the same moves and the same visit counts on every run and machine of
// the same architecture, however many other searches run beside it.
// (Architectures that fuse multiply-adds, such as arm64, may round a few
// floating-point scores differently from amd64.) SearchParallel is the
// exception: its threads interleave by timing, so its results are
// statistically equivalent to Search's but not bit-identical from run to run
// (BenchmarkParallelStrength: a 2-thread search plays as strongly as a
// 1-thread search of as many simulations).
//
// # Memory
//
// Nodes are 24-byte structs (value sum, visits, first-child index, child
// count and proof, move, prior) held in chunked arenas and addressed by int32
// indices; the children of a node are contiguous. An expansion allocates all
// children at once, so a tree holds about (legal moves per position) nodes
// per simulation, roughly 25 in the middlegame: 600 bytes per simulation.
// Config.MaxNodes bounds the node slots of the live tree. When they run out
// the search keeps simulating with the same simulation count: leaves that
// cannot be expanded are still adjudicated exactly and evaluated (or played
// out), only the tree stops growing, so results stay deterministic. Tree
// reuse copies the subtree of the new root into a second arena, so a
// Searcher holds at most two trees' worth of chunks, reused from search to
// search: in steady state a simulation allocates nothing.
//
// # Concurrency
//
// A Searcher belongs to one goroutine. Self-play runs one Searcher per game
// or worker and shares nothing. SearchParallel runs tree-parallel threads on
// one shared tree: node statistics are updated with atomic operations, each
// thread has its own random generator, buffers and run of node slots, a
// thread descending a node adds a virtual loss (a visit valued as a loss)
// so the others spread out, and a thread that reaches a node another one
// is expanding waits for its children instead of evaluating it a second
// time (a thread descheduled mid-expansion would otherwise let the others
// pile copies of one evaluation onto the node). The root's children, and the
// children of every node with 128 or more visits, keep per-thread counts
// that are added to the tree every 1/16 of the search (16 to 1024
// simulations): the threads pass these nodes on nearly every simulation,
// and updating them in place would move their cache lines between the
// cores at each level of each path. Each thread sees the others'
// statistics of busy nodes at most that stale, and their virtual losses
// only below them, where one visit in flight still matters. Evaluators are
// shared by the threads unless they implement Cloner.
//
// # Selection
//
// PUCT gives every unvisited child of a node the same first-play value, so
// among them the one with the largest prior wins, the earliest in the
// block on ties. Every block is created ordered: priors never increase
// along it (uniform priors, or priors sorted highest first at expansion)
// and its visited children form a prefix, so selection stops at the first
// unvisited child: the choice is the full scan's, and a search deep in a
// large tree reads a few children of each block instead of all. Root noise
// unorders the root.
//
// Priors are computed when they are first needed, not at expansion, where
// the evaluator can give them apart from its value (PriorFiller, as
// eval.WithPrior does): most expanded nodes are never selected from again
// (with the shipped trained model a third of the expansions of a 10,000-
// simulation search from the start read their priors, 45% from a
// middlegame: BenchmarkSearchModel in eval), so a search on one
// thread expands with the value alone and fills a block's priors at its
// first selection (priorsBit). The block is shuffled at expansion, as one
// with priors is, and sorted when they come, so the search is exactly the
// one computing them eagerly (the golden searches use a PriorFiller).
//
// # Symmetry
//
// The search does not know which colour it plays. Let g be a symmetry of
// the game that keeps the order of the move lists (game.Game.KeepsOrder;
// for Surakarta rules.Rotate: the board turned through 180° with the
// colours swapped, which maps the rules onto themselves and every
// Red-to-move position onto a Black-to-move one). For every position P,
// game history, seed and Config, searching g(P) gives exactly g of the
// result for P: the mapped best move and PV, the same visits, values and
// proofs per mapped move, the same move from Choose
// (TestSearchCommutesWithRotate). That holds by construction: the game
// lists the moves in the side to move's frame (game.Game.Moves; Surakarta's
// Black order is Red's turned round), and every random draw (playout
// moves, noise components, the order of the children, temperature
// sampling) is made against that list, so P and g(P) consume the same
// draws for mapped choices. Nothing else reads a colour: Material and the
// adjudication of endings are colour-blind, and repetitions compare keys
// only for equality.
//
// The board's reflections (rules.MirrorFiles, rules.MirrorRanks) cannot be
// exact as well, since a symmetric position must still break its ties; they
// are unbiased instead. Ties between moves the search cannot tell apart go
// by child order, and the children of every block come in a uniformly
// random order drawn from the searcher's generator: blocks with priors are
// shuffled before their sort at expansion; blocks with uniform priors are
// shuffled lazily, each simulation that enters a block's first unvisited
// child swapping a uniformly drawn unvisited one into its place (lazyBit),
// one draw a simulation instead of one per child. So at the start position
// each first move is chosen as often as its mirror image within sampling
// error (TestStartMovesShowNoSidePreference; BenchmarkStartColourChoice and
// docs/BENCHMARKS.md for the large sample). An Evaluator that reads the
// colour (eval.Linear with a red_to_move weight) breaks the exact symmetry
// on purpose.
package mcts
