// Package atomicfile writes files that readers see complete or not at all,
// and that survive a crash once written: the one way the project writes a
// file (Parquet parts, manifests, weights, reports, docs).
//
// A file is written to a uniquely named hidden temporary file in the same
// directory (".NAME.tmp-RANDOM"), synced, renamed over NAME, and the
// directory is synced so that the rename itself is durable. Files get mode
// 0644, readable by others on a shared volume like the Parquet parts.
// A process killed mid-write leaves only its temporary file, which
// IsTemp recognises and RemoveTemps deletes. File.Finish syncs without
// renaming, so that files that must appear together are all written
// before any is renamed. The one file written in place, an append-only log
// (a dataset's journals), is created by CreateLog, with the same mode.
//
// Files: atomicfile.go writes a file by temporary file and rename (File,
// WriteFile, CreateLog, SyncDir, CheckWritable, the temporary files'
// names); json.go writes a value as an indented JSON file the same way
// and reads one back.
package atomicfile
