// Package testgames plays games of random moves and writes them as a
// dataset's games table, for the tests of packages that read games
// (experiments, the commands), writes consistent datasets of both tables
// for the tests of dataset and its verify, and holds the positions tests
// share (eval's); no program uses it.
//
// Files: testgames.go the games (Rows) and the one-part dataset (Write);
// synth.go the games of a synthetic self-play run with their positions
// and policies (SynthGame, SynthRun, WriteSynth) and deep copies of rows
// (Clone);
// positions.go the shared positions (Middlegame) and the FEN parse that
// fails the test naming the FEN (Position).
//
// The games come from the dataset's seeded streams (a game's random
// opening, then its search stream for the moves), so a seed and game id
// give the same game in every test.
package testgames
