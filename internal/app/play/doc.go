// Package play is a game against the engine at the terminal (surakarta
// play): the board after each move, the human's moves read line by line
// with the prompt's commands (moves, hint, undo, help, quit), the engine's
// moves with their value notes and capture routes, and an interrupt that
// leaves the position to continue from.
//
// Files: play.go all of it.
package play
