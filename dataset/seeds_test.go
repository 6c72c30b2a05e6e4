package dataset

import (
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestRandomOpeningsArePinned: the random openings of a seed are part of
// every dataset (dataset verify replays them), so they must not change when
// move generation's order does. The moves below are those of the code that
// wrote the datasets before issue 12 made that order side-relative.
func TestRandomOpeningsArePinned(t *testing.T) {
	want := []string{
		"e2-d3 f5-f4 c2-c3 e5-e4 b2-a3 e6-e5",
		"c2-b3 d5-d4 b3-b4 f5-e4 b2-c3 b5-a4",
		"f2-e3 b5-c4 e1-f2 c4-b4 e3-f4 a5-a4",
	}
	for id := range int64(len(want)) {
		g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
		if err != nil {
			t.Fatal(err)
		}
		PlayRandomOpening(g, 1, id, 6)
		var got []string
		for _, m := range g.Moves() {
			got = append(got, m.String())
		}
		if s := strings.Join(got, " "); s != want[id] {
			t.Errorf("seed 1, game %d: opening %q, want %q", id, s, want[id])
		}
	}
}
