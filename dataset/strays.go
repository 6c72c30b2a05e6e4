package dataset

import (
	"cmp"
	"errors"
	"sort"

	"github.com/surakarta/surakarta/internal/base/filelock"
)

// Unexpected lists, sorted, the entries of the variant partition of both
// of its run's tables that this program did not write (names of no part, commit
// record, journal, lock, temporary file or manifest). A resume refuses
// them rather than removing them: they may be the user's.
func Unexpected(dir, variant string) ([]string, error) {
	ps, err := ReadLayout(dir, variant)
	if err != nil {
		return nil, err
	}
	out := append(append([]string(nil), ps.Games.Unexpected...), ps.Other.Unexpected...)
	sort.Strings(out)
	return out, nil
}

// CleanupStrays removes, as Cleanup does inside a run's range, the parts
// outside [lo, hi) that miss a table, each with the lock of its first
// game id held so that the part in progress of a live writer (a shard
// whose lock covers it) is never touched: such parts are returned in
// busy, untouched. The caller holds the lock of [lo, hi).
func CleanupStrays(dir, variant string, lo, hi int64) (removed, busy []string, err error) {
	ps, err := ReadLayout(dir, variant)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range ps.ByFirst {
		if p.whole() || (p.First >= lo && p.First < hi) {
			continue
		}
		lock, err := LockGames(dir, variant, p.First, p.First+1)
		if errors.Is(err, filelock.ErrHeld) {
			busy = append(busy, cmp.Or(p.Games.Path, p.Other.Path, p.Commit))
			continue
		}
		if err != nil {
			return removed, busy, err
		}
		gone, err := Cleanup(dir, variant, p.First, p.First+1)
		removed = append(removed, gone...)
		if uerr := lock.Unlock(); err == nil {
			err = uerr
		}
		if err != nil {
			return removed, busy, err
		}
	}
	return removed, busy, nil
}
