// Package rules is the exact rules core of Surakarta: a bitboard Position
// value, legal move generation into caller-supplied buffers, copy-make Apply,
// Zobrist hashing, FEN and move notation, the Rules settings with both endgame
// variants, and a Game that tracks repetition and adjudicates endings.
//
// Files: board.go the squares and bitboards, circuit.go the two circuits'
// tracks, segments and loops (the capture relation's tables), position.go
// the Position and Apply, move.go the Move, movegen.go move generation and
// counting, route.go the capture routes for notation, notation.go and
// fen.go the text forms, zobrist.go the hash keys, symmetry.go the board's
// symmetries, settings.go the Rules, game.go the Game (its bookkeeping
// game.Course's), outcome.go the endings and how each variant scores them,
// openings.go the random plies a game may start with (from the caller's
// draws; package dataset enumerates every opening of k plies), perft.go
// perft, diagram.go the terminal drawing, errors.go the error type,
// contract.go the game contract (package game) that Rules implements for
// everything above the rules.
//
// The specification is docs/RULES.md. Squares are
// numbered a1 = 0 .. f6 = 35 rank by rank; a Bitboard holds one bit per square.
// Captures are found without walking the track. Each circuit is four
// straight segments joined by corner loops, and a route passes a loop exactly
// when it leaves its segment, so move generation and counting only examine
// the links between the end pieces of neighbouring non-empty segments,
// computed with whole-board bit operations (movegen.go). That is the
// capture relation's one definition: CaptureTargets, Attacked and IsLegal
// read it, and package eval builds its features on its exported facts
// (SegmentLine, Crossings, LineHighs, LineLows, SelfLinks). Only Routes,
// for notation, walks the circuit as a 24-position ring, where the first
// piece met in either direction is one bit scan away (route.go, on
// circuit.go's track tables).
//
// Symmetry (symmetry.go) maps positions, moves and games onto their images
// under the board's symmetries that carry the rules onto themselves: the
// turn-round with colours swapped (Rotate) and the two reflections. Move
// generation lists moves in the side to move's frame (Black's order is
// Red's turned round), so that anything walking or drawing from the list,
// the search above all, treats both colours alike.
//
// Errors versus panics: everything a user can supply (FEN, move notation,
// rules strings) is checked and returns an error naming what is wrong.
// Functions documented as taking a legal move (Position.Apply) do not check
// it; passing an illegal move is a programmer error.
//
// The package imports only the standard library, package game, the
// contract it implements, and internal/base/boardtext, the position text it
// shares with Alquerque.
package rules
