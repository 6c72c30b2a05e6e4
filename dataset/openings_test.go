package dataset

import (
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestEnumeratedOpeningsFromTheStart counts the openings from the start
// position (16 first moves for each side: 16 one-ply and 256 two-ply
// openings; every count equals rules.Perft at that depth, since no game
// ends that early; rules.Game.Openings' tests check them one by one) and
// checks that PlayOpening plays opening id mod N.
func TestEnumeratedOpeningsFromTheStart(t *testing.T) {
	r := rules.DefaultRules()
	for k, want := range map[int]int{0: 1, 1: 16, 2: 256, 3: 5382} {
		list, err := EnumerateOpenings(r, rules.Start(), k)
		if err != nil || len(list) != want || uint64(want) != rules.Perft(rules.Start(), k) {
			t.Fatalf("%d plies: %d openings (%v), want %d", k, len(list), err, want)
		}
	}
	list, _ := EnumerateOpenings(r, rules.Start(), 2)
	for _, id := range []int64{0, 255, 256, 1000} {
		g, _ := rules.NewGame(r, rules.Start())
		n, err := PlayOpening(g, OpeningEnumerated, 1, id, 2)
		if err != nil || n != 2 || g.Moves()[0] != list[id%256][0] || g.Moves()[1] != list[id%256][1] {
			t.Fatalf("game %d: played %v (%d, %v), want opening %d %v", id, g.Moves(), n, err, id%256, list[id%256])
		}
	}
	if _, err := EnumerateOpenings(r, rules.Start(), 6); err == nil {
		t.Error("6-ply openings (more than MaxEnumeratedOpenings) were enumerated")
	}
	if _, err := ParseOpening("shuffled"); err == nil {
		t.Error("an unknown opening procedure was accepted")
	}
}
