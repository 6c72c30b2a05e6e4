// Package progress reports the progress of long commands (self-play,
// verification, fitting) on a writer, usually the command's stderr: a live
// bar redrawn in place when the writer is a terminal, a plain line every
// few seconds otherwise (CI logs, files), nothing when quiet. Files:
// progress.go the Reporter, watch.go Watch, a line for work that counts on
// its own (shown only once it lasts), json.go the JSON format (SetFormat:
// one Event object a line, the --progress json of every long command, and
// NoteWriter, which makes a command's other stderr lines Notes).
//
// A Reporter counts units done (games, files, positions) with Add, from any
// goroutine; the caller may add its own fields (rates, tallies) through
// Options.Extra. Stop prints the final line.
package progress
