// Package words writes numbers in the words of the command-line outputs:
// a count with a noun that agrees with it ("1 game", "3 plies"), a choice
// of phrase by number, a byte size in binary units, and a value as one
// word of a shell command line.
//
// Files: words.go all of it.
package words
