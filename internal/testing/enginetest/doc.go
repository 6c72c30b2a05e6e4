// Package enginetest is a second, deliberately simple engine that speaks
// the protocol of docs/PROTOCOL.md, written from that document alone (it
// does not use package internal/protocol), so that tests of the arena play
// a foreign process for real. It plays the first legal move or a seeded
// random one, and can misbehave on purpose: answer slowly, send an illegal
// move, crash, print garbage, refuse to search, fail before its first
// answer (exit, stay mute, send an over-long line), or ignore the end of its
// input; it can list budgets and rules in its identify answer.
//
// Tests run it by re-executing their own binary: TestMain calls Main when
// the environment variable EnvVar is set, with the mode as arguments.
package enginetest
