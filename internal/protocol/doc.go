// Package protocol is the engine protocol of docs/PROTOCOL.md: a
// line-based text protocol, modelled on UCI's position/go/bestmove split
// and GTP's one answer per command, through which a controller (a GUI, an
// arena) drives an engine over its stdin and stdout.
//
// command.go parses and prints the controller's commands (ParseCommand,
// Command.String), reply.go the engine's lines (ParseReply, Reply.String):
// capabilities.go the identify lines in which an engine lists the budgets
// and rules it can do (Capabilities, Check);
// both refuse malformed lines with an error saying what is wrong, never a
// panic, and print what they parse so that it parses back the same (a fuzz
// test checks both). server.go runs an engine of any game behind the
// protocol (ServeOf, EngineOf; Serve and Engine are Surakarta's): commands
// answered in order, a search on its own goroutine so that stop is heard,
// movetime budgets as context deadlines, identify naming the game (id
// game), and positions in the game's notation replayed as a game.Line so
// that the repetition history is exact (ReplayOf).
//
// The package knows nothing of the search: internal/protocol/engine puts the
// project's search behind Serve, and eval/external is the controller side
// that the arena uses to play other programs.
package protocol
