package testgames

import (
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// Middlegame is the middlegame of the rules' and eval's benchmarks, Black
// to move at ply 31 with captures on both circuits.
const Middlegame = "1br1bb/1r3b/1b1rr1/4b1/5r/r1rbr1 b 0 31"

// Position is the position fen writes; a fen that does not parse fails the
// test, naming it. (The rules' own tests, which this package cannot serve,
// keep their mustFEN.)
func Position(t testing.TB, fen string) rules.Position {
	t.Helper()
	p, err := rules.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}
