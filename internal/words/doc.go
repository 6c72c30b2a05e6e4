// Package words writes numbers in the words of the command-line outputs:
// a count with a noun that agrees with it ("1 game", "3 plies"), a choice
// of phrase by number, and a byte size in binary units.
//
// Files: words.go all of it.
package words
