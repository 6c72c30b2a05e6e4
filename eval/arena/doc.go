// Package arena plays evaluators and engines against each other: paired
// matches with Elo and SPRT, the players, the faults that lose a game, the
// match's records in the games and matches tables, resume, and PGN
// export. It plays any game through the contract (package game): the
// Of types and functions take the game's types as parameters, and a game
// in progress is a game.Line, which referees every move; the records are
// any game's, in the games and matches tables of its partition
// (game=G/variant=V).
//
// Files: arena.go plays matches and scores them; player.go is the Player
// (SearchPlayer, TimedSearchPlayer, faults); baseline.go the
// built-in baselines random and first (BaselinePlayer); baselineengine.go
// a baseline behind the engine protocol (BaselineEngineOf, surakarta
// engine --preset random|first); clock.go the
// game clocks the referee keeps (TimeControl, Clock, ClockedPlayerOf,
// losses on time); openings.go the positions a match starts from
// (ReadOpenings: FEN and EPD lines; ShuffleOpenings, a seeded order);
// record.go and records.go record the
// games (GameRecord, RecordRows, WriteRecords, ReadRecords); pgn.go prints them
// (WritePGN, and a directory's games: WriteDirPGN).
//
// # Matches
//
// Arena plays paired games between two engines: each random opening is
// played twice with colours swapped, on ArenaOptions.Run.Concurrency
// workers (0: one per CPU the process may use) with a pair of players
// each, and the pairs are scored in order, so the result, including where
// an optional SPRT stops the match, depends only on the seed. It reports
// wins, draws and losses from A's side, the score, the Elo difference with
// its 95% interval and the likelihood of superiority from the pentanomial
// distribution of the pairs (package internal/base/stats).
//
// A Player is one side (player.go): the built-in search (SearchPlayer) or
// another program (package eval/external). The rules core referees every
// move; a move it refuses, or a player's *Fault (a crash, a hang, garbage),
// loses that game with the reason recorded and the match goes on. Each game
// becomes a GameRecord (record.go) with each side's time and nodes; with
// ArenaOptions.OnPair a match writes them pair by pair to the games and
// matches tables (records.go: WriteRecords, with commit records as
// self-play's parts have), which ReadRecords reads back as
// ArenaOptions.Played so that an interrupted match resumes (package
// eval/match takes the directory through dataset.ResumeRun). WritePGN
// (pgn.go) prints any game of a games table, of any game, as standard PGN (export
// format: the seven-tag roster, FEN and SetUp for other starts, the Game,
// Variant and Rules tags), which a PGN reader that shares no code with it
// reads back (pgn_test.go, through scripts/pgn).
package arena
