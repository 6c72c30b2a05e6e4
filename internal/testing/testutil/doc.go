// Package testutil holds what the tests of several packages share and no
// program uses.
//
// Files: once.go makes a value once per test binary (a built command,
// endgame tables, a fresh run, a dataset) in a directory of its own under
// one temporary root, which Main removes when the tests end; buffer.go is
// a buffer safe to read while another goroutine writes it, which can call
// a function (a cancel) once a text arrives; declared.go checks that a
// settings table (mcts's engine settings, runspec's run settings) has an
// entry for every field of its struct; roundtrip.go checks, for a fuzz
// test of a parser and its printer, that what the parser accepted prints
// as text it parses back to the same value.
package testutil
