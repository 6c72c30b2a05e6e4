// Package selfplay plays a game against itself with the MCTS engine,
// several games at once, and writes the games to a Parquet dataset
// (package dataset). One runner serves every game through the game
// contract (package game): RunOf and ConfigOf[G, P, M] take the game's
// rules value (Surakarta's rules.Rules, alquerque.Rules) and its
// evaluator; Run and Config are Surakarta's instances.
//
// Run is the whole job: it plans the game ids of a run, its shard or a
// chosen replay, skips those already complete when resuming, and plays the
// rest on Config.Run.Concurrency goroutines (0: one per CPU the process
// may use), each owning its searcher and buffers.
// Game i is played from streams derived from (seed, i) alone (see
// dataset.OpeningSeed and dataset.SearchSeed), so the rows are identical for
// any number of workers, any sharding, and a replay of single games.
// Every finished game is journaled at once (dataset.Journal), then passes
// through a reorder buffer to one writer goroutine per table, which writes
// games in id order into parts that are committed atomically and recorded
// with their hashes. An interrupted run, even a killed one, keeps its
// complete parts and its journaled games; a resumed run checks and repairs
// what it keeps and continues without duplicates or gaps, and may extend
// the run to more games. A run holds the lock of its game range, so a
// second writer of the same games is refused.
//
// Files: run.go the configuration, the run and a game's play (a
// game.Line searched move by move, its rows filled through the contract); resume.go what a run finds
// in its directory; write.go the workers, the collector, the table writers
// and the committer; journal.go the journals of parts in progress;
// plan.go the game ids and parts; progress.go the progress line
// (and a run that shows it: RunShowingOf);
// report.go what a run says: its summary (text and JSON), an
// interruption, and a partition of other settings refused up front.
//
// Progress is the progress line the commands show during a run: its Start
// and Game fit Config.OnStart and Config.OnGame.
package selfplay
