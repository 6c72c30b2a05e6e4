// Package external plays other programs in the arena: Player is an
// arena.PlayerFactory whose players each run an engine process and drive it
// through the protocol of docs/PROTOCOL.md (package internal/protocol);
// PlayerOf and PlayersOf play any game, positions and moves in its
// notation.
//
// spec.go describes an engine (Spec: command line, directory, options,
// budget and time limits), splits command lines as a shell would
// (SplitCommandLine, without expansions) and reads engines files
// (LoadEnginesFile, as fastchess and cutechess keep them). start.go is a
// match's start-up check (Start: the engine started once, identify, the
// options, what it lists it can do), whose process then serves the first
// player (Engine.Players). player.go is the
// process: identify and the options when it starts, then for each game
// setoption seed (when the engine has one) and newgame, and for each move
// position with the whole game and go. Whatever the engine does wrong
// (an illegal move, a crash, no bestmove within its budget plus the margin,
// garbage, an error answer) is an *arena.Fault that loses the game; the
// process is killed and a fresh one serves the next game. Engines run in
// their own process group (proc_unix.go), so that Ctrl-C reaches the match
// alone and Close ends an engine with everything it started. When the
// match dies without ending an engine (kill -9), a watchdog ends its group
// (watchdog_unix.go: a shell in the engine's group that kills the group
// with SIGKILL a grace period after the match's end of a pipe closes); on
// Linux the kernel also kills the engine process at once (proc_linux.go:
// the parent-death signal; proc_nolinux.go where there is none);
// proc_other.go is the process
// handling of systems without process groups (an engine must exit at the
// end of its input). transcript.go records every line exchanged with the
// engines (Transcript, match --log).
package external
