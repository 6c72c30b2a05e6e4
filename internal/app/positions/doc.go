// Package positions computes what the rules commands (perft, moves,
// replay) say of positions of any game, through the game contract in the
// game's position text and notation: the leaves of the move tree below a
// position with each root move's count (the divide) and progress while a
// long count runs, the legal moves of a position or of each line of a
// stream, and moves replayed to the position and outcome they reach; each
// with its JSON object and its text. It names values, never the commands'
// flags: the commands say which flag gave a value.
//
// Files: perft.go the counts (Surakarta's on threads with progress,
// Alquerque's on one thread) and Perft, perft --json's object and its
// text; moves.go the legal moves in canonical notation (LegalMoveStrings),
// Moves, a position with its moves, and the positions read one a line
// (EachPosition); replay.go moves played from a position (Replay) and the
// position and outcome they reach.
package positions
