// Package analysis searches one position of any game (through the game
// contract, in the game's position text and move notation) and says what
// the search found, as analyze prints it and play shows it: the moves
// with their visits, values and proofs, the principal variation, the
// endgame tables' verdict, and the search's progress on a writer while a
// long search runs.
//
// Files: analysis.go the Analysis (analyze --json's object) and how it is
// made from a search, text.go its text and the one-line value note play
// prints after a move, start.go what analyze and play start from (Start:
// the game, its searcher with the endgame tables a Resolver gives, the
// note at each position).
package analysis
