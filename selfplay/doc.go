// Package selfplay plays Surakarta against itself with the MCTS engine on
// every core and writes the games to a Parquet dataset (package dataset).
//
// Run is the whole job: it plans the game ids of a run, its shard or a
// chosen replay, skips those already complete when resuming, and plays the
// rest on Config.Workers goroutines, each owning its searcher and buffers.
// Game i is played from streams derived from (seed, i) alone (see
// dataset.OpeningSeed and dataset.SearchSeed), so the rows are identical for
// any number of workers, any sharding, and a replay of single games.
// Finished games pass through a reorder buffer to one writer goroutine per
// table, which writes them in game id order into parts that are committed
// atomically; an interrupted run keeps its complete parts and resumes
// without duplicates or gaps.
//
// Progress is the progress line the commands show during a run: its Start
// and Game fit Config.OnStart and Config.OnGame.
package selfplay
