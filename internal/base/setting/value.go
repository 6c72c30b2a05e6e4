package setting

// ValueError is a value a library refuses, named by the name of the
// option it sets, as the library's own options struct calls it ("pieces
// 9: want 2..8"): libraries name values; a command says it by its flag
// (Named), as it says the settings of the tables (mcts's, runspec's).
type ValueError struct {
	// Name is the option's name, lower case with underscores
	// ("max_iterations"); Value the refused value in text form; Want
	// what is wanted ("at least 1").
	Name, Value, Want string
}

func (e *ValueError) Error() string { return e.Named(e.Name) }

// Named is the error's text with the option called name instead, e.g. a
// command's "--max-iterations 0: want at least 1".
func (e *ValueError) Named(name string) string { return name + " " + e.Value + ": want " + e.Want }
