// Package alquerque is the exact rules core of Alquerque, the seeds' third
// game (docs/RULES-ALQUERQUE.md), beside Surakarta's (package rules) and
// in its style: a bitboard Position value, legal moves into caller-supplied
// buffers, copy-make Apply, Zobrist hashing, the position text and move
// notation, a Game that tracks repetition and adjudicates endings, the
// board's symmetries, perft.
//
// Files: board.go the points, bitboards, directions and the step and jump
// tables along the board's lines, position.go the Position and Apply,
// move.go the Move, movegen.go move generation and counting, bound.go
// MaxMoves and why it bounds every position, perft.go perft, notation.go
// the move notation (canonical paths, parsing any path), text.go the
// position text (package boardtext's, shared with Surakarta's FEN),
// zobrist.go the hash keys, symmetry.go the board's symmetries, outcome.go
// the endings and how each variant scores them, game.go the Game (its bookkeeping game.Course's),
// contract.go the game contract (Rules), code.go the 16-bit move codes,
// diagram.go the terminal drawing (Diagram, surakarta show --game
// alquerque), errors.go the error type.
//
// The board is 5 × 5 points, a1 = 0 .. e5 = 24 rank by rank; a Bitboard
// holds one bit per point. Orthogonal lines join every pair of
// neighbouring points, diagonal lines only the points whose 0-based file +
// rank is even. A move is identified by where it starts, where it ends
// and the set of pieces it captures (Move): the jumps of a capture
// sequence are not part of it, and every path making the same move is the
// same move, written in notation by its canonical path.
//
// The settings are Surakarta's: rules.Rules's fields (variant, no-capture
// limit, repetition, no-moves), its rules string and the ending reasons
// rules.Reason mean the same for both games, so the package reuses them
// rather than declaring them twice: Rules is rules.Rules's struct with
// Alquerque's methods, among them the game contract's (package game),
// whose 16-bit move codes are Code. Its own are what names
// the sides (White moves first, Black second): Color, Result and Outcome.
//
// Move generation lists moves in the side to move's frame (Black's order
// is White's on the board turned round, Turn), so that anything walking
// the list treats both colours alike.
//
// Errors versus panics: everything a user can supply (position text, move
// notation) is checked and returns an error naming what is wrong.
// Functions documented as taking a legal move (Position.Apply) do not
// check it; passing an illegal move is a programmer error.
package alquerque
