// Package runspec declares, once, the settings of a run that plays games
// and the default engine of each purpose, for every command and package
// that plays: selfplay, match, pipeline, train and experiment run, and the
// packages behind them (selfplay, eval's arena, pipeline, pipeline/train,
// experiments).
//
// A run setting (games, seed, random opening, concurrency, out, resume,
// shard and shards) is one entry of a table, as an engine setting is one
// entry of mcts's (mcts.EngineSettings), both made by package
// internal/base/setting: its name, which is the key of
// experiment specs and of a run's manifest, with its flag the same with
// '-' for '_'; its default and usage line; its check, whose error names the
// setting ("random_opening 1001: want 0..1000 plies"), which a command
// says as its flag; the manifest field it is recorded in (Settings.Record); and
// the comparison of two runs (Settings.Diff). Commands bind their flags
// from the table, with their own defaults and, where a count means
// something of their own (games per variant, per arm), their own usage.
//
// Files: settings.go the table and everything it feeds; shard.go the shard
// a run plays, from the setting shard or the scheduler's index; engines.go the
// default engine of each purpose (analysis, self-play, study, match, the
// pipeline and training jobs and their matches, and Alquerque's), with
// the one table of their figures; tables.go what a run (selfplay, match) records of its
// engine's endgame tables: their identity beside their directory.
package runspec
