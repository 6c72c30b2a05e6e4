// Package engine puts the project's search (package mcts) behind the
// engine protocol: Engine is a protocol.Engine that `surakarta engine`
// serves on stdin and stdout.
//
// Its options are the engine flags, parsed by the Configure function the
// CLI passes (the flags' own parser, so that setoption NAME VALUE means
// exactly --NAME VALUE), plus threads. go sims N and go nodes N run N
// simulations; go movetime MS searches until the server's deadline, which
// reaches the search as a cancelled context (mcts.Searcher.SearchContext);
// a plain go runs the sims setting. newgame starts the searcher afresh from
// the seed setting, so that a count budget on one thread repeats exactly.
package engine
