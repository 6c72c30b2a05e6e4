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
// games games (dataset.ShardRange).
func ShardRange(games int64, i, n int) (lo, hi int64) { return dataset.ShardRange(games, i, n) }

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

// plan is the games a run plays, cut into parts at multiples of size so
// that parts of one run line up whatever was already written. It is walked
// id by id and never listed, so that its memory does not grow with the
// number of games.
type plan struct {
	ranges []dataset.Range // sorted, disjoint
	size   int64
}

// first returns the plan's first game id; ok is false for an empty plan.
func (p *plan) first() (int64, bool) {
	if len(p.ranges) == 0 {
		return 0, false
	}
	return p.ranges[0].First, true
}

// next returns the id after id in the plan; ok is false after the last.
// r is the index of id's range, updated in place.
func (p *plan) next(id int64, r *int) (int64, bool) {
	if id < p.ranges[*r].Last {
		return id + 1, true
	}
	*r++
	if *r == len(p.ranges) {
		return 0, false
	}
	return p.ranges[*r].First, true
}

// partAt returns the part that holds id, an id of the plan.
func (p *plan) partAt(id int64) part {
	r, _ := slices.BinarySearchFunc(p.ranges, id, func(rg dataset.Range, id int64) int {
		switch {
		case rg.Last < id:
			return -1
		case rg.First > id:
			return 1
		}
		return 0
	})
	return p.partOf(id, r)
}

// partOf returns the part that holds id, which range r of the plan holds.
func (p *plan) partOf(id int64, r int) part {
	rg := p.ranges[r]
	return part{max(rg.First, id/p.size*p.size), min(rg.Last, (id/p.size+1)*p.size-1)}
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
func FormatGameIDs(ids []int64) string { return dataset.FormatRanges(runsOf(ids), ",") }
