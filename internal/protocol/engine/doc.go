// Package engine puts the project's search (package mcts) behind the
// engine protocol, for any game: EngineOf is a protocol.EngineOf that
// `surakarta engine [--game G]` serves on stdin and stdout (Engine is
// Surakarta's; a game without endgame tables has no Tables, and a
// tablebase setting is then refused).
//
// Its options are the engine flags, plus threads. The engine starts from
// the flags' values as typed settings (mcts.Engine and the seed, never
// their text), and setoption NAME VALUE reads VALUE with the flag's own
// parser (mcts's settings table), so that it means exactly --NAME VALUE;
// the evaluator is opened through the CLI's OpenEvaluator at start and
// again only when setoption names another one, so that changing any other
// option does not re-read its file. go sims N and go nodes N run N
// simulations; go movetime MS searches until the server's deadline, which
// reaches the search as a cancelled context (mcts.Searcher.SearchContext);
// a plain go runs the sims setting. newgame starts the searcher afresh from
// the seed setting, so that a count budget on one thread repeats exactly.
// The endgame tables go through the CLI's Tables (the default directory's
// when the tablebase setting was never given); with tables the searcher is
// made when the settings change, so that damaged tables refuse the start,
// the setoption or the newgame, and the first go's clock does not pay for
// opening them.
package engine
