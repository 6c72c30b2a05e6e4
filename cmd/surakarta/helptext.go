package main

import "embed"

// The commands' long help is prose, kept in help/NAME.txt (NAME the
// command's path below the root, joined by "-") beside the code that
// binds the flags it describes, and built into the binary: the code
// stays the commands' wiring, and the help goldens
// (testdata/help) and docs/CLI.md hold the texts to what --help prints.
// Texts that show a computed default (selfplay's engine, bench's
// positions) stay in the code that computes it.
//
//go:embed help/*.txt
var helpFiles embed.FS

// helpText returns the help text help/NAME.txt. A missing file is a
// mistake in the binary itself, found by every help test.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("surakarta: the help text " + name + " is not built in: " + err.Error())
	}
	return string(b)
}
