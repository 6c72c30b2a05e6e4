package game

import "testing"

// Result.Value gives +1 to the winner, -1 to the loser and 0 otherwise:
// the sign every search and statistic reads a result by.
func TestResultValueIsSignedForThePlayer(t *testing.T) {
	cases := []struct {
		r             Result
		first, second float64
	}{{Ongoing, 0, 0}, {FirstWins, 1, -1}, {SecondWins, -1, 1}, {Draw, 0, 0}}
	for _, c := range cases {
		if c.r.Value(First) != c.first || c.r.Value(Second) != c.second {
			t.Errorf("%v: values %v, %v; want %v, %v", c.r, c.r.Value(First), c.r.Value(Second), c.first, c.second)
		}
	}
	if WinFor(First) != FirstWins || WinFor(Second) != SecondWins || First.Other() != Second || Second.Other() != First {
		t.Error("WinFor or Other maps a player wrongly")
	}
}

// Occurrences counts the last key among the keys since the last
// irreversible move, itself included, as Judge takes it.
func TestOccurrencesCountsTheLastKey(t *testing.T) {
	for _, c := range []struct {
		keys []uint64
		want int
	}{{nil, 0}, {[]uint64{7}, 1}, {[]uint64{7, 8, 7}, 2}, {[]uint64{7, 8, 7, 8}, 2}, {[]uint64{5, 5, 5}, 3}} {
		if got := Occurrences(c.keys); got != c.want {
			t.Errorf("Occurrences(%v) = %d, want %d", c.keys, got, c.want)
		}
	}
}
