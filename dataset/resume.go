package dataset

import (
	"fmt"
	"strings"

	"github.com/surakarta/surakarta/internal/base/words"
)

// Resumed is what a run that writes the games [lo, hi) of a variant
// partition holds and finds there once ResumeRun has taken it.
type Resumed struct {
	// Lock holds the run's games (LockGames); the run releases it when it
	// ends.
	Lock *GamesLock
	// Complete are the game ranges of the parts complete in both tables
	// (Complete): with a resume, those that passed CheckParts.
	Complete []Range
	// Journals are the journals of the run's games (ReadJournals): with a
	// resume, the games an interrupted run kept in them; without, only
	// their paths count (a sign of an interrupted run).
	Journals *Journals
	// Leftovers, without a resume, lists what an interrupted run left
	// among the run's games (Leftovers); nothing is removed.
	Leftovers []string
}

// ResumeRun takes dir's variant partition for run, which writes the games
// [lo, hi) (of self-play, or of a match: its games pair with the matches
// table, OtherTable): it locks them (LockGames), claims the partition (ClaimRun; a
// resume may extend the run), and reads what the partition holds. Without
// resume it only looks (Complete, Leftovers, the journals), so that the
// caller can refuse a directory that holds its games. With resume it
// refuses files this program did not write (Unexpected: they may be the
// user's), removes what an interrupted run left (Cleanup, and
// CleanupStrays outside the range), checks the parts it keeps (CheckParts,
// removing the damaged ones) and reads the journals, saying each removal,
// check and ignored journal through logf. On an error the lock is released.
func ResumeRun(dir string, run Run, lo, hi int64, resume bool, logf func(string, ...any)) (res *Resumed, err error) {
	lock, err := LockGames(dir, run.Partition(), lo, hi)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			lock.Unlock()
		}
	}()
	if err := ClaimRun(dir, run, resume); err != nil {
		return nil, err
	}
	res = &Resumed{Lock: lock}
	if resume {
		if err := repairRun(dir, run, lo, hi, logf); err != nil {
			return nil, err
		}
	} else if res.Leftovers, err = Leftovers(dir, run.Partition(), lo, hi); err != nil {
		return nil, err
	}
	if res.Complete, err = Complete(dir, run.Partition()); err != nil {
		return nil, err
	}
	if res.Journals, err = ReadJournals(dir, run, lo, hi); err != nil {
		return nil, err
	}
	if resume {
		for _, n := range res.Journals.Notes {
			logf("%s", n)
		}
	}
	return res, nil
}

// repairRun is a resume's repair of the games [lo, hi) before it counts
// what is written: refuse foreign files, remove what an interrupted run
// left in the range and outside it, check the parts kept.
func repairRun(dir string, run Run, lo, hi int64, logf func(string, ...any)) error {
	foreign, err := Unexpected(dir, run.Partition())
	if err != nil {
		return err
	}
	if len(foreign) > 0 {
		return fmt.Errorf("%s holds %s not written by surakarta, which readers would read as rows: %s; move them out of the dataset (or delete them), then resume again",
			dir, words.Count(len(foreign), "file"), strings.Join(foreign, ", "))
	}
	removed, err := Cleanup(dir, run.Partition(), lo, hi)
	if err != nil {
		return err
	}
	for _, p := range removed {
		logf("removed %s, left by an interrupted run", p)
	}
	strays, busy, err := CleanupStrays(dir, run.Partition(), lo, hi)
	if err != nil {
		return err
	}
	for _, p := range strays {
		logf("removed %s, a part missing a table outside this run's games %d..%d", p, lo, hi-1)
	}
	for _, p := range busy {
		logf("left %s: a running writer holds its games", p)
	}
	rep, err := CheckParts(dir, run, lo, hi)
	if err != nil {
		return err
	}
	for _, r := range rep.Removed {
		logf("removed %s; its games are played again", r)
	}
	for _, p := range rep.Recorded {
		logf("checked %s and recorded its hashes", p)
	}
	return nil
}
