// Package completion lists what may complete a word being typed (a shell's
// completion of the commands' values, or any other front end's): the
// values that start with it, the next item of a comma-separated list,
// paths (directories, and files with an extension), and an engine's
// settings text (key=value pairs of mcts's settings table). It knows no
// shell and no command: the caller says which list a word completes from.
//
// Files: completion.go all of it.
package completion
