package dataset

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/internal/base/filelock"
)

// GamesLock is a writer's exclusive hold on a range of game ids of a
// variant partition. Every writer and every resume takes one before it
// cleans up, checks or writes parts, so that two runs never write, or
// remove, the same games: shards of one run, whose ranges are disjoint,
// still write side by side.
type GamesLock struct {
	own *filelock.Lock
}

// claimLockName is the lock file of a partition's manifest: held for the
// moment a run reads and updates it, so that shards starting together
// update it one at a time.
const claimLockName = lockPrefix + ".claim"

// rangesLockName is the lock file held while a writer takes its range lock
// and tries the overlapping ones, so that writers starting together take
// their ranges one at a time: without it two writers of overlapping ranges
// could each find the other's lock held and both give up.
const rangesLockName = lockPrefix + ".ranges"

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
	guard, err := filelock.Wait(filepath.Join(pdir, rangesLockName), holder)
	if err != nil {
		return nil, err
	}
	defer guard.Unlock()
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
	for _, e := range entries {
		a, b, ok := parseLockName(e.Name())
		if !ok || (a == lo && b == hi) || a >= hi || b <= lo {
			continue
		}
		other, err := filelock.TryLock(filepath.Join(pdir, e.Name()), holder)
		if err != nil {
			own.Unlock()
			return nil, heldError(pdir, err)
		}
		other.Unlock() // stale: its writer is gone
	}
	return &GamesLock{own: own}, nil
}

func heldError(pdir string, err error) error {
	var held *filelock.HeldError
	if errors.As(err, &held) {
		return fmt.Errorf("another run is writing games of %s: %s; wait for it to finish or stop it, then resume: %w", pdir, held.Holder, filelock.ErrHeld)
	}
	return err
}

// Unlock releases the lock.
func (l *GamesLock) Unlock() error {
	if l == nil {
		return nil
	}
	return l.own.Unlock()
}
