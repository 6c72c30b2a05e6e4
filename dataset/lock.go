package dataset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/internal/filelock"
)

// GamesLock is a writer's exclusive hold on a range of game ids of a
// variant partition. Every writer and every resume takes one before it
// cleans up, checks or writes parts, so that two runs never write, or
// remove, the same games: shards of one run, whose ranges are disjoint,
// still write side by side.
type GamesLock struct {
	own *filelock.Lock
	// alone is true when no other writer held a lock of the partition
	// when this one was taken.
	alone bool
}

// lockPath names the lock file of the game ids [lo, hi).
func lockPath(dir, variant string, lo, hi int64) string {
	return filepath.Join(PartitionDir(dir, TableGames, variant), fmt.Sprintf("%s-%010d-%010d", lockPrefix, lo, hi))
}

// parseLockName returns the range [lo, hi) of a range lock file's name.
func parseLockName(name string) (lo, hi int64, ok bool) {
	rest, found := strings.CutPrefix(name, lockPrefix+"-")
	if !found || len(rest) != 21 || rest[10] != '-' {
		return 0, 0, false
	}
	lo, ok1 := parseID(rest[:10])
	hi, ok2 := parseID(rest[11:])
	return lo, hi, ok1 && ok2
}

// LockGames takes the lock of the game ids [lo, hi) of the variant
// partition of dir for this process. A writer whose range overlaps is
// refused with an error naming its holder (filelock.HeldError); a lock
// left by a crashed writer is stale and taken over. Release it with
// Unlock when the run ends.
func LockGames(dir, variant string, lo, hi int64) (*GamesLock, error) {
	pdir := PartitionDir(dir, TableGames, variant)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return nil, err
	}
	holder := fmt.Sprintf("%s, writing games %d..%d", filelock.Holder(), lo, hi-1)
	own, err := filelock.TryLock(lockPath(dir, variant, lo, hi), holder)
	if err != nil {
		return nil, heldError(pdir, err)
	}
	// A writer of an overlapping range holds a lock file of another name:
	// try each, and give up if one is held.
	entries, err := os.ReadDir(pdir)
	if err != nil {
		own.Unlock()
		return nil, err
	}
	l := &GamesLock{own: own, alone: true}
	for _, e := range entries {
		a, b, ok := parseLockName(e.Name())
		if !ok || (a == lo && b == hi) {
			continue
		}
		other, err := filelock.TryLock(filepath.Join(pdir, e.Name()), holder)
		if err != nil {
			if a >= hi || b <= lo { // another shard: it may write beside us
				l.alone = false
				continue
			}
			own.Unlock()
			return nil, heldError(pdir, err)
		}
		other.Unlock() // stale: its writer is gone
	}
	return l, nil
}

func heldError(pdir string, err error) error {
	var held *filelock.HeldError
	if errors.As(err, &held) {
		return fmt.Errorf("another run is writing games of %s: %s; wait for it to finish or stop it, then resume: %w", pdir, held.Holder, filelock.ErrHeld)
	}
	return err
}

// RemoveStaleTemps removes the temporary files of a partition's
// bookkeeping (manifest, commit records) that a killed writer left, when
// no other writer shares the partition; it returns their paths. Parts'
// temporary files are Cleanup's.
func (l *GamesLock) RemoveStaleTemps(dir, variant string) ([]string, error) {
	if !l.alone {
		return nil, nil
	}
	p, err := readPartition(dir, TableGames, variant)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, t := range p.temps {
		if t.First < 0 {
			if err := os.Remove(t.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return removed, err
			}
			removed = append(removed, t.Path)
		}
	}
	return removed, nil
}

// Unlock releases the lock.
func (l *GamesLock) Unlock() error {
	if l == nil {
		return nil
	}
	return l.own.Unlock()
}
