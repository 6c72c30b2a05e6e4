// Package setting is the machinery of the project's settings tables: a
// struct whose every field is declared once, in a table of entries (name,
// default, meaning, text form, access to the field), from which the flags,
// spec keys, errors and comparisons of that struct come. mcts declares
// the engine's settings with it, runspec the settings of a run; each
// wraps an Entry in a Setting of its own with what only its table has
// (an engine setting's valid range and JSON value, a run setting's
// manifest field).
//
// Files: entry.go is an entry (Entry, made by Declare: its value's text
// form read and written as the flag package does, with strconv's errors
// or with what is wanted, as the table chooses) and what runs over a
// table (Lookup, Defaults, Diff); names.go is the names of an enumerated
// setting's values (Names: String and Parse from one list); value.go is
// a value a library refuses, named by its option's name (ValueError), for
// the options outside the tables (a build's, a fit's); json.go is settings
// described as one JSON object as the records keep them (JSON); ref.go is
// a library's advice that names settings (Errorf with Ref arguments: Key,
// Set, Cmd, Line), said in the library's words by Error and in a
// reader's, a command's flags, by Say.
//
// The package imports only the standard library.
package setting
