// Package testgames plays games of random moves and writes them as a
// dataset's games table, for the tests of packages that read games
// (experiments, the commands), and holds the positions tests share (eval's);
// no program uses it.
//
// Files: testgames.go the games (Rows) and the one-part dataset (Write);
// positions.go the shared positions (Middlegame) and the FEN parse that
// fails the test naming the FEN (Position).
//
// The games come from the dataset's seeded streams (a game's random
// opening, then its search stream for the moves), so a seed and game id
// give the same game in every test.
package testgames
