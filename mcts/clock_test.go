package mcts

import (
	"testing"
	"time"
)

// TestMoveTimeKnownAnswers: the rule's arithmetic at hand-computed points
// (left/25 + 3/4 inc, capped at 30% of left, less min(20 ms, left/10), at
// least 1 ms).
func TestMoveTimeKnownAnswers(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct{ left, inc, want time.Duration }{
		{10 * time.Second, 100 * ms, 400*ms + 75*ms - 20*ms}, // 455 ms
		{60 * time.Second, 0, 2400*ms - 20*ms},               // 2380 ms
		{1000 * ms, 2000 * ms, 300*ms - 20*ms},               // capped at 30%: 280 ms
		{100 * ms, 0, ms},                                    // 4 ms less a tenth of left: the 1 ms floor
		{0, 0, ms},
		{-5 * ms, 100 * ms, ms},
	} {
		want := max(c.want, ms)
		if got := MoveTime(c.left, c.inc); got != want {
			t.Errorf("MoveTime(%v, %v) = %v, want %v", c.left, c.inc, got, want)
		}
	}
}

// TestMoveTimeNeverFlagsAndSpendsTheClock: a game of 150 moves a side
// under clocks from bullet to long, each move taking its allocation plus
// 5 ms the search does not see, never runs the clock out, and over a game
// that long spends most of what the clock gave (the base and every
// increment): the rule neither flags nor hoards.
func TestMoveTimeNeverFlagsAndSpendsTheClock(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct{ base, inc time.Duration }{
		{1 * time.Second, 10 * ms}, {10 * time.Second, 100 * ms}, {60 * time.Second, 0}, {180 * time.Second, 2 * time.Second}, {3 * time.Second, 0},
	} {
		left, used, given := tc.base, time.Duration(0), tc.base
		for move := 0; move < 150; move++ {
			spent := MoveTime(left, tc.inc) + 5*ms
			if spent >= left {
				t.Fatalf("%v+%v: move %d took %v with %v left: the rule flagged", tc.base, tc.inc, move, spent, left)
			}
			left -= min(spent, left)
			used += spent
			left += tc.inc
			given += tc.inc
		}
		if tc.base >= 10*time.Second && used < given*6/10 {
			t.Errorf("%v+%v: 150 moves used %v of the %v the clock gave: the rule hoards time", tc.base, tc.inc, used, given)
		}
	}
}

// BenchmarkMoveTime: the rule is arithmetic, no allocation (it runs once
// a move, outside the search).
func BenchmarkMoveTime(b *testing.B) {
	b.ReportAllocs()
	var sink time.Duration
	for i := 0; b.Loop(); i++ {
		sink += MoveTime(time.Duration(i%100000)*time.Millisecond, 100*time.Millisecond)
	}
	_ = sink
}
