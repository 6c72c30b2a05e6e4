// Package spec reads and checks experiment specs: what an experiment plays
// (its arms, games, seeds, pairing and who plays) and what its report
// compares, with every default declared once.
//
// Files: spec.go the Spec and its arms' settings (ArmEngine, ArmRules,
// ArmSeed, the comparisons), enginespec.go an arm's engine settings by
// their run-settings names (EngineSpec), specparse.go reads a spec
// strictly (Read, Parse, ParseRecorded), specints.go refuses a
// fraction where a key is an integer, specvalidate.go checks a spec,
// extend.go is a ladder's stopping rule as a spec states it (ExtendSpec)
// and the rungs it adds.
//
// A Spec (YAML or JSON, strictly parsed; see experiments/specs/) names arms
// that differ in variant, engine settings or rules, the games per arm, the
// seed and the pairing of openings and search seeds, and who plays:
// independent players (the default: each colour its own searcher and tree,
// as two programs in a match) or one shared searcher (self-play's
// procedure, which with tree reuse hands one side's tree to the other;
// every run recorded before the key existed played so, ParseRecorded).
// With independent players an arm may set one colour's search settings
// (red, black: a handicap). Arms start from StudyEngine: the self-play
// engine playing its best move, without root noise or a temperature
// opening, so that a study's diversity comes from its random openings and
// its figures describe the game rather than a noise schedule. A spec's
// game (Spec.Game) is Surakarta's by default; game: alquerque plays every
// arm in Alquerque (package alquerque, the same rules settings).
//
// Everything a spec can cause returns an error naming the file, line or
// key; nothing panics on bad input.
package spec
