// Package legacy holds the layouts of the dataset's earlier schema
// versions, frozen: dataset's readers open files of these versions with
// them, so that datasets written before a schema change still read,
// verify and fit. Never edit a layout here; a new version adds its
// predecessor's layout instead.
//
// Files: legacy.go the rows of versions 1 and 2, their tables' schemas
// (Of) and the games' outcome those versions did not store (Outcome).
//
// Version 1 lacked run_id (readers fill it from the file's footer, Run.ID)
// and the policy entries' move (read as ""), and wrote a clean game's fault
// as an empty string instead of NULL.
//
// Versions 1 and 2 held Surakarta alone: they lacked the game column
// (read as "surakarta") and the games' outcome (read from winner: red is
// first, black second), and their Surakarta columns were required.
package legacy
