// Package match plays a match as the commands play it, on top of the
// arena (eval/arena) and external engines (eval/external): sides resolved
// from their settings text (a built-in CONFIG, a baseline, engine:COMMAND or conf:NAME
// of an engines file) under go budgets, the games recorded in a directory
// within seconds of their end (any game's, in its game=G partition) and
// resumed from it through dataset.ResumeRun, and the report (text
// and JSON) with each side's cost. A match plays any game through the
// contract (package game): OptionsOf's type parameters are the game's,
// and GameOf what it needs beyond the contract (a side's engine and
// evaluator, the endgame tables); Options is Surakarta's.
//
// Files: match.go the Options and Run (the progress line, SPRT and
// openings too); game.go what a match needs of its game (GameOf,
// SurakartaGame, AlquerqueGame); sides.go the sides and the engine settings text
// (ParseEngineSpec); records.go the recording, resume and each side's
// cost, and a recorded engine's lines (EngineLines); report.go the
// report.
package match
