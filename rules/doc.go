// Package rules is the exact rules core of Surakarta: a bitboard Position
// value, legal move generation into caller-supplied buffers, copy-make Apply,
// Zobrist hashing, FEN and move notation, the Rules settings with both endgame
// variants, and a Game that tracks repetition and adjudicates endings.
//
// The specification is RULES.md in the project's shared folder. Squares are
// numbered a1 = 0 .. f6 = 35 rank by rank; a Bitboard holds one bit per square.
// Captures use precomputed circuit rings: each circuit is a 24-position ring,
// so the first piece met in either direction is one bit scan away.
//
// Errors versus panics: everything a user can supply (FEN, move notation,
// rules strings) is checked and returns an error naming what is wrong.
// Functions documented as taking a legal move (Position.Apply) do not check
// it; passing an illegal move is a programmer error.
//
// The package imports only the standard library.
package rules
