package dataset

import "testing"

// TestRunIDCountsAMatchsStart: two matches alike but for the positions
// their pairs start from have different run ids (their games differ).
func TestRunIDCountsAMatchsStart(t *testing.T) {
	r := Run{Variant: "standard", Rules: "variant=standard,no-capture-limit=50,repetition=3,no-moves=loss", Engine: "a: x | b: y", Seed: 3, RandomOpening: 0}
	plain := r.ID()
	r.Start = "6/2b3/1r4/6/6/5r b 0 30"
	if r.ID() == plain {
		t.Error("a match from another start has the same run id")
	}
}
