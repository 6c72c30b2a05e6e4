// Package tablebase builds and probes endgame tables: the exact value of
// every position of up to a few pieces under the rules, with the no-capture
// counter part of the state, for either endgame variant.
//
// Files: material.go the balances and the numbering of placements (ranks),
// symmetry.go the eight board maps, the canonical form and each balance's
// class count, value.go the scores (results with their distances, as game.Exact) and the stored byte, build.go
// the retrograde build (its lock and the leftovers of a killed build),
// file.go the file format and the names that carry the rules, probe.go
// opening, missing balances, probing, the best move and a position's
// Verdict (Lookup), verify.go the re-check of built tables (every rules' set
// of a directory with a progress line: VerifyDir), report.go what
// build and verify print (text and JSON), auto.go the default tables
// directory, the tables built on first use (Ensure), a build with its
// progress line (BuildWithProgress), the check of a
// directory a run names (Check) and what a run records of it (Identity), oracle.go the
// tables as a search's exact oracle (game.Oracle: Oracle, OpenOracle) and
// the tables of one directory opened once for those who share them (Cache),
// resolver.go the tables of the commands that play or analyse for a person
// (Resolver: the named directory's, or the default one's, built on first
// use where the command may wait; each note said once).
//
// # What is solved
//
// A table holds one material balance in the side to move's frame: Own
// pieces for the side to move, Enemy for the other (a Material, "2v1").
// The rules do not depend on colour, only on who moves, so Red to move with
// Red on X and Black on Y is the same game as Black to move with Black on X
// and Red on Y, and one table serves both. The state is the placement and
// the no-capture counter c (plies since the last capture, the FEN's third
// field), 0 ≤ c < limit; the endings are rules.Rules.Ending's, in its order:
// the capture of the last piece wins, a side without a legal move loses (or
// draws under no-moves=draw), and when the counter reaches the limit the
// game is drawn (standard) or won by the side with more pieces (majority;
// equal counts draw).
//
// With the counter in the state, play inside one balance is acyclic: a
// quiet move raises the counter by one (and swaps the balance to the other
// side's view), a capture goes to a balance with one piece fewer at counter
// 0. So the build needs no fixpoint iteration: balances are built smallest
// first (Balances), each together with its swap, and inside them the
// values follow by backward induction over the counter, from limit-1 down
// to 0: a position's value at counter c is the best, over its moves, of the
// negated value of the quiet child at c+1 (an ending at the limit) and of
// the capture children at counter 0 in the finished smaller tables.
//
// Best play is: a side that can win wins in as few plies as it can, a side
// that must lose loses in as many as it can, and a side that can draw but
// not win draws. The distance (game.Exact's Plies) is the number of plies
// to the end of the game under that play, captures and later balances
// included; 0 for a draw (the draw's ending, at some limit or by
// repetition, is not fixed by best play).
//
// # Storage
//
// The value is stored per counter: one byte per class and counter, 0 a
// draw, 1..127 a win in that many plies, 128+d a loss in d plies. Storing
// every counter is what makes both the result and the distance exact for
// any counter: neither follows from a counter-free number in general,
// because a capture resets the counter, so a win may be forced at counter
// 10 by a line with several captures and not at counter 40, with distances
// that do not differ by the counters' difference; and under majority the
// limit itself is a win for the side ahead, so results are not even
// monotone in the counter. A byte holds distances up to 127 plies; the
// tables of a balance and its swap whose distances exceed that (majority
// from 6 pieces, where the limit can be played out once per capture) are
// built again with two bytes a value (up to 999 plies), recorded in the
// header, so no value is ever cut. The layers are
// counter-major, so the build touches one layer (a few MB) of each table at
// a time.
//
// Positions are stored once per class under the board's eight symmetries:
// the four turns and four reflections of the square (the 180° turn and the
// two mirrors of rules.Symmetry among them; the transpose maps each circuit
// onto itself too, symmetry_test.go checks all eight against move
// generation). A placement's rank numbers the own set colexicographically,
// then the enemy set among the free squares; a class is stored under its
// least rank (canonical), the file keeps the sorted ranks, and a probe maps
// the position eight times, ranks the images (only those with the least own
// rank in full) and binary-searches the rank: well under 2 µs
// (BenchmarkProbe). The build keeps a dense map from every rank to its
// class, so a child's class is one array read.
//
// # Files
//
// One file per balance and rules, named RULES-OvE.sktb (FileName: the
// variant, then each setting that differs from the default rules), so
// tables of several rules share a directory and never replace each other;
// the format is described in file.go: magic, version, the full rules
// string, the balance, the limit, the class count, a SHA-256 of all of it
// and the payload (ranks, then the layers). Open checks every header (a
// file for other rules, of another version, with a bad magic, cut inside
// its header or with another class count than its balance's is refused
// with its name) and lists the balances missing below the most pieces
// present; the first probe of a balance reads its file and checks the
// length and the checksum (LoadAll does it for all at once). Files are
// written with internal/base/atomicfile, so a killed build leaves whole files
// only (and a temporary file, which the next build removes), one build
// writes a directory at a time (internal/base/filelock), and Build keeps every
// balance whose files load cleanly, so it resumes where it stopped. The files are the same byte for
// byte at any concurrency. Verify re-checks everything: checksums, that the
// stored classes are the balance's, and that every value at every counter
// is the one its moves give from the stored values below it; as play is
// acyclic, a table that satisfies every such equation is the solution.
//
// # The best move
//
// Best returns a move that keeps the result and the distance. Ties are
// broken in the canonical frame of the position's class, so that positions
// that are images of each other get images of one move: captures first,
// then the least canonical rank of the position reached, then the least
// move code there, mapped back. Black's positions are turned round first
// (the side to move's frame, as rules lists moves), which makes the choice
// exactly symmetric under rules.Rotate, the colour swap the search must
// commute with; under another map a position symmetric in itself may get
// the other of two moves that are images of each other (the same class
// reached either way).
//
// # Repetition
//
// The tables do not model the threefold-repetition ending: a value is that
// of the position without earlier history (nothing repeated since the last
// capture). What repetition does to the values:
//
// Standard. The values are exact for a position without earlier history.
// A repetition ends in a draw, so it cannot help a side that the tables
// give a draw, nor hurt one. For a win, the winner's fastest line never
// repeats a board (with the same side to move), so the loser cannot force
// a third occurrence against it: the winner's distance from a board never
// shrinks as the counter grows (a strategy that wins from counter c2 wins
// the same way from c1 < c2, only the limit, a draw the winner never
// reaches, comes later), while along the winner's fastest line the
// distance falls at every ply; a board met at c1 and again at c2 > c1
// (inside one balance, captures change the material) would have a distance
// both at least and smaller than its first one. With earlier history the
// loser may steer into a board seen twice before; then the table's win can
// be a draw.
//
// Majority. The repetition ending, like the limit, goes to the side with
// more pieces. Where the tables' winner is the side ahead, a repetition only
// ends the game sooner in its favour: the result is exact, the distance an
// upper bound. Where the winner is the side behind (or material is equal),
// the argument above fails, because the limit is not a draw and the
// distance is not monotone in the counter, and the side ahead might force a
// third occurrence; those values are exact for play without a third
// occurrence and are not proved exact with the repetition rule. The engine
// therefore plays a table move at its root only when it does not end the
// game by repetition (package mcts).
//
// The package imports only game, rules, internal/base/atomicfile,
// internal/base/filelock and internal/base/progress (the progress line of a build on first use).
package tablebase
