// Package game is the contract between a game's rules and everything that
// plays them: what a game gives the search (package mcts), the self-play
// runner, the datasets, the arena, the engine protocol and the CLI. A game
// is a value of a type implementing Game[P, M], where P is the game's
// position and M its move, both concrete types of the game's own; code
// above the rules takes them as type parameters, not interfaces, so that
// positions and moves stay concrete values in the hot path (no boxing, no
// allocation: a position is copied, a move is a 16-bit code).
//
// Files: game.go the contract (Game, the Move constraint and NoMove,
// Player, Result, Reason, Outcome, OutcomeText; MoverError, the parsers'
// refusal of a move not from the mover's piece), capability.go the
// optional capabilities a searcher or runner looks up once (Forcing, Decisive, Oracle with its Exact value, the
// tables' one verdict, in words by Result and String;
// Turns, OpeningOrder), record.go a game in progress as a search reads it
// (Record, Occurrences), course.go what every keeper of a game in progress
// holds (Course: rules, start, position, moves, repetition keys, ending;
// Line and the games' own Game types embed it), line.go a game in progress
// as a match, an engine or a command keeps it (Line: the referee, with the
// random opening plies), perft.go the contract's perft (one walk for every game).
// Package game/gametest holds the conformance checks every game runs.
//
// # What a game must be
//
// Two players, First and Second, take turns; the game says whose turn it is
// (ToMove), so a turn of several decisions (the same player moving again) is
// expressible: see Turns. A position is a value: copying it copies the game
// state, and Apply changes only the position it is given. The game ends by
// its own rules (Judge), which include, where the game has them, a limit on
// plies without an irreversible move (counted inside the position) and a
// repetition limit (counted by the caller over the keys since the last
// irreversible move, which Judge receives as a number). Every move a
// position lists is legal; everything a user can type (positions, moves,
// rules strings) is checked by the game's parsers, which return errors,
// never panic.
//
// # Moves are 16-bit codes
//
// A move is a game-defined 16-bit code (the Move constraint), read in the
// position it is played from: a tree node stores it in 16 bits, and the
// search keeps 24-byte nodes for every game. A game whose moves carry more
// than 16 bits of information codes them relative to the position: an
// Alquerque capture, (from, to, captured set) over 25 points, can be coded
// as from, to and which of the capture paths between them it takes (the
// set is then found again by Apply from the position); a Growths decision
// (a placement, a jump as a point and a direction, a kill, a pass) fits as
// it is. The zero code is never a legal move (NoMove). Codes of the moves
// of one position are distinct; the same code may mean different moves in
// different positions.
//
// # Frames and symmetries
//
// Moves lists the legal moves in the mover's frame: for a symmetry t that
// keeps the order (KeepsOrder), the list of the image of p is the image of
// p's list, move for move, so that a search that draws its random choices
// against the list treats p and its image alike (package mcts: the search
// commutes exactly with such symmetries, and is unbiased under the
// others). Symmetry 0 is the identity; a game without symmetries has only
// it.
package game
