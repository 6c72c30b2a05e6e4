// Package play is a game against the engine at the terminal (surakarta
// play), of any game through the game contract: the board after each
// move, the human's moves read line by line in the game's notation with
// the prompt's commands (moves, hint, undo, help, quit), the engine's
// moves with their value notes, and an interrupt that leaves the position
// to continue from. What a game shows beyond the contract is its View
// (Surakarta's diagram and capture routes, Alquerque's diagram).
//
// Files: play.go the game at the terminal, view.go each game's View.
package play
