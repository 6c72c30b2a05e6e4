// Package verify is dataset inspect and verify: what a dataset directory
// holds, read from its footers alone (Inspect), every game replayed by its
// rules through the game contract and every row checked (Verify), the
// checks of a directory that the commands reading a dataset make before
// they read it (CheckDir, CheckReadable, and Check: what changes the rows
// a reader sees, without a replay; CheckPool: datasets that may be pooled),
// and what all of these print, in text and JSON.
//
// Files: verify.go Verify, its options and report (Options, Report,
// Coverage: the game ids a partition holds against those its run should
// hold) and each part's footers; replay.go the replay of a part's games
// by their game's rules (replayPart, one replay for every game) and the
// checks of each games row; positions.go the checks of the positions
// rows against the replay (one row per searched ply, the columns the
// position decides, the policy); verifymatch.go a match's record: each
// games part replayed with its matches part (replayTables picks the
// replay of the part's other table), the matches rows checked;
// inspect.go Inspect; check.go Check, CheckPool and the check of a
// partition's layout both share; report.go the checks of a directory
// (CheckDir, CheckReadable), verify's progress line (WithProgress) and
// the reports' text and JSON.
//
// It reads a dataset through package dataset's readers and layout
// (ReadLayout, Open, the scans); it writes nothing.
package verify
