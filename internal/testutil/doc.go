// Package testutil holds what the tests of several packages share and no
// program uses.
//
// Files: once.go makes a value once per test binary (a built command,
// endgame tables, a fresh run, a dataset) in a directory of its own under
// one temporary root, which Main removes when the tests end.
package testutil
