// Package dataset reads and writes the project's Parquet datasets of
// self-play positions and games (github.com/parquet-go/parquet-go).
//
// Files: schema.go and rows.go the tables' rows and how a game fills them,
// matches.go the matches table, writer.go the part writers, reader.go
// opens a file and checks it (Open), scan.go streams its rows
// (ScanPositions, ScanGames) through the columns of columns.go (each
// declared once: its name and how a batch of rows is filled from it),
// cursor.go the batches of one column's values, layout.go the directory
// layout, what a partition holds (ReadLayout) and game id ranges, meta.go
// the footers and the run manifest, runmatch.go the comparison of runs
// (RunMismatchError), commit.go the commit records, journal.go the
// journals of parts in progress, lock.go the writers' locks, resume.go a
// run's hold on its games and what it finds there, repaired on a resume
// (ResumeRun: the one call a writer makes), repair.go the resume's checks
// and repairs, strays.go what a resume finds outside its run (Unexpected
// files, CleanupStrays), seeds.go the per-game seeds and random openings,
// openings.go the opening procedures (random, enumerated).
//
// Beneath it: dataset/legacy holds the frozen layouts of earlier schema
// versions, dataset/pages the check of a column chunk's page headers
// before parquet-go reads them. Above it: dataset/verify is dataset
// inspect and verify, the checks of a directory commands read (Check,
// CheckDir, CheckReadable, CheckPool) and what they print.
//
// A dataset is a directory with two Hive-partitioned tables:
//
//	DIR/positions/game=G/variant=V/part-FIRSTID.parquet   one row per searched position (PositionRow)
//	DIR/games/game=G/variant=V/part-FIRSTID.parquet       one row per game (GameRow)
//	DIR/games/game=G/variant=V/_run.json                  the run manifest (Run)
//	DIR/games/game=G/variant=V/_commit-FIRSTID.json       a part's commit record
//	DIR/games/game=G/variant=V/_journal-…, _lock-…        a run in progress
//
// A match's record (match --out) has the games table and, in place of the
// positions, the matches table (MatchRow: each side's engine, time, nodes
// and fault), DIR/matches/game=G/variant=V/part-FIRSTID.parquet: the same
// parts, commit records, locks and resume, its games paired with the
// matches parts (OtherTable) as self-play's are with the positions.
// (Datasets of schema versions 1 and 2, Surakarta's alone, have
// DIR/TABLE/variant=V/, read and resumed where they are.) The functions
// that take a partition take its key (Key): the variant alone for
// Surakarta, "GAME/VARIANT" for another game.
//
// A part holds every game of a contiguous range of game ids in both tables,
// rows ordered by game id then ply; its name carries its first game id in
// ten digits so that names sort by id. Files are zstd-compressed with row
// groups of at most DefaultRowGroupRows rows, and every footer carries the
// run's settings and the file's game id range (FileMeta). docs/DATASET.md
// documents every column and shows queries from DuckDB and Go.
//
// Nothing half-written, nothing lost: a Writer writes a hidden temporary
// file, syncs it and renames it to its path on Commit (package
// atomicfile), so a part file is complete or absent. CommitTogether puts
// the parts of one game range in two tables (self-play's positions and
// games, a match's games and matches) in place only once both are written
// and synced, so that a failed write leaves neither. Once both tables hold a part, its commit record (CommitRecord, _commit-FIRSTID.json) gives each
// file's size and SHA-256, so that any byte changed later is caught. A
// Journal keeps the finished games of a part in progress so that a killed
// run loses only the games it was playing. A writer holds the lock of its
// game range (LockGames) while it cleans up, checks and writes. Complete
// lists the game ranges present in both tables, which is what a resumed
// run skips; Cleanup removes what an interrupted run left and CheckParts
// removes the parts a resumed run must not trust. ClaimRun refuses to mix
// runs whose settings differ, and lets a resumed run grow.
//
// Reading: Open checks a file before reading a row (Parquet magic and
// footer, schema equal to its version's, this SchemaVersion or an earlier
// one of dataset/legacy, footer keys) and returns an error for anything else,
// never a panic. Every row carries its run's id (run_id, Run.ID: a hash of
// the settings that decide the games), which the writer sets and readers of
// version-1 files compute from the footer, so that rows join on (run_id,
// game_id) across variants and runs. ScanPositions and ScanGames stream rows
// through one reused row struct, reading only the columns asked for in
// batches, so that memory does not grow with the dataset. verify.Verify
// (dataset/verify) replays every game by its rules through the game
// contract (the footer names the game) and checks every row.
//
// The random streams that make a run reproducible (OpeningSeed, SearchSeed,
// Stream, PlayRandomOpening) and the openings of any game
// (EnumerateOpeningsOf, PlayOpeningOf; the procedure is Run.Opening) are
// defined here, beside the data they explain; the plies themselves are
// played on a game.Line in the game's opening order (Surakarta's square
// order, game.OpeningOrder). Surakarta's rules core says how the majority
// variant scores a game (rules.MajorityWinner, the games table's
// majority_winner).
//
// The rows of any game are filled through the game contract
// (FillPositionOf, FillGameOf); Surakarta's own columns come from its
// rules core. The package imports the rules cores but never the search
// (mcts).
package dataset
