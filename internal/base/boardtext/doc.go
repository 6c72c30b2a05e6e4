// Package boardtext reads and writes the FEN-like position text the
// project's games share (Surakarta's FEN, docs/RULES.md, and Alquerque's
// position text, docs/RULES-ALQUERQUE.md): the ranks of a square board
// from the top down separated by '/', each from its first file with a
// letter per piece and a digit for a run of empty points, then the side
// to move's letter, the plies since the last capture and the move number.
// Each game describes its text by a Format (the board's size, the sides'
// letters, the word its errors start with) and builds its position from
// the Fields; every malformed text gets an error naming the problem.
//
// Files: boardtext.go the Format, its parser and its writer.
package boardtext
