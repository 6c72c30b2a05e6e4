package selfplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/dataset"
)

// part is a planned part file: the contiguous game ids first..last.
type part struct{ first, last int64 }

// ShardRange returns the game ids [lo, hi) of shard i of n in a run of
// games games: [i·games/n, (i+1)·games/n).
func ShardRange(games int64, i, n int) (lo, hi int64) {
	return games * int64(i) / int64(n), games * int64(i+1) / int64(n)
}

// runsOf groups sorted, distinct ids into maximal contiguous ranges.
func runsOf(ids []int64) []dataset.Range {
	var out []dataset.Range
	for _, id := range ids {
		if n := len(out); n > 0 && out[n-1].Last+1 == id {
			out[n-1].Last = id
		} else {
			out = append(out, dataset.Range{First: id, Last: id})
		}
	}
	return out
}

// subtract returns the ranges of want not covered by have (both sorted;
// have may overlap itself).
func subtract(want, have []dataset.Range) []dataset.Range {
	var out []dataset.Range
	for _, w := range want {
		lo := w.First
		for _, h := range have {
			if h.Last < lo || h.First > w.Last {
				continue
			}
			if h.First > lo {
				out = append(out, dataset.Range{First: lo, Last: h.First - 1})
			}
			lo = max(lo, h.Last+1)
		}
		if lo <= w.Last {
			out = append(out, dataset.Range{First: lo, Last: w.Last})
		}
	}
	return out
}

// overlap returns how many ids of want lie in have.
func overlap(want, have []dataset.Range) int64 {
	var n int64
	for _, w := range want {
		n += w.Len()
	}
	for _, r := range subtract(want, have) {
		n -= r.Len()
	}
	return n
}

// planParts cuts ranges into parts at multiples of size, so that parts of
// one run line up whatever was already written.
func planParts(ranges []dataset.Range, size int64) []part {
	var out []part
	for _, r := range ranges {
		for lo := r.First; lo <= r.Last; {
			hi := min(r.Last, (lo/size+1)*size-1)
			out = append(out, part{lo, hi})
			lo = hi + 1
		}
	}
	return out
}

// ParseGameIDs parses a list of game ids and ranges, "3,7,10-12", into
// sorted distinct ids.
func ParseGameIDs(s string) ([]int64, error) {
	var ids []int64
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			return nil, fmt.Errorf("game ids %q: empty item", s)
		}
		lo, hi, isRange := strings.Cut(f, "-")
		a, err := strconv.ParseInt(lo, 10, 64)
		if err != nil || a < 0 {
			return nil, fmt.Errorf("game ids %q: %q is not a game id (0, 1, 2, ...)", s, lo)
		}
		b := a
		if isRange {
			if b, err = strconv.ParseInt(hi, 10, 64); err != nil || b < a {
				return nil, fmt.Errorf("game ids %q: %q is not a range FIRST-LAST with FIRST <= LAST", s, f)
			}
		}
		if b > dataset.MaxGameID {
			return nil, fmt.Errorf("game ids %q: %d exceeds the largest game id %d", s, b, int64(dataset.MaxGameID))
		}
		if b-a >= 1<<24 {
			return nil, fmt.Errorf("game ids %q: range %s holds more than %d games", s, f, 1<<24)
		}
		for id := a; id <= b; id++ {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// FormatGameIDs writes sorted distinct ids as ParseGameIDs reads them, with
// runs as ranges: "3,7,10-12".
func FormatGameIDs(ids []int64) string {
	var b strings.Builder
	for i, r := range runsOf(ids) {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(r.First, 10))
		if r.Last > r.First {
			b.WriteString("-" + strconv.FormatInt(r.Last, 10))
		}
	}
	return b.String()
}
