package tablebase

import (
	"fmt"
	"io"
	"runtime"

	"github.com/surakarta/surakarta/internal/base/progress"
	"github.com/surakarta/surakarta/rules"
)

// VerifyReport says what Verify checked: the files of every balance up to
// Pieces, and the balances Missing below the largest total present (files
// of those totals that are there are not checked: the tables do not answer
// for them).
type VerifyReport struct {
	Pieces  int
	Files   int
	Classes int64
	Bytes   int64
	Missing []Material
}

// Verify checks the tables in dir for r: every file of balances up to
// Pieces() loads (header, length, checksum, key order), holds exactly the
// balance's classes, and every stored value at every counter is the one its
// moves give from the stored values of the positions they reach (with the
// counters in the state play is acyclic, so a table consistent everywhere
// is the solution: no other values satisfy every equation). progress is as
// BuildOptions.Progress (units: BuildWork); workers 0 is one per CPU.
func Verify(dir string, r rules.Rules, workers int, progress func(int64)) (VerifyReport, error) {
	var rep VerifyReport
	tabs, err := Open(dir, r)
	if err != nil {
		return rep, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rep.Pieces, rep.Missing = tabs.Pieces(), tabs.Missing()
	done := map[Material]*table{}
	for _, m := range Balances(tabs.Pieces()) {
		if done[m] != nil {
			continue
		}
		pair := []Material{m}
		if m.Own != m.Enemy {
			pair = append(pair, m.Swap())
		}
		var stored []*table
		for _, q := range pair {
			t, err := tabs.load(q)
			if err != nil {
				return rep, err
			}
			stored = append(stored, t)
		}
		b := &builder{rules: r, workers: workers, done: done, progress: progress}
		if _, _, err := b.pair(pair, stored); err != nil {
			return rep, fmt.Errorf("%s: %w", dir, err)
		}
		for i, q := range pair {
			done[q] = stored[i]
			rep.Files++
			rep.Classes += int64(stored[i].count())
			rep.Bytes += int64(len(header(r, stored[i])) + 32 + 4*stored[i].count() + len(stored[i].values))
		}
	}
	return rep, nil
}

// VerifyDir verifies every rules' tables in dir (RulesIn, Verify) on
// workers goroutines, with a progress line for each on w (quiet: none),
// and finds the temporary files a killed build left there: tablebase
// verify's result. A directory missing a balance is in the result, not an
// error (VerifyJSON.Err says it); a file that fails its check is.
func VerifyDir(dir string, workers int, w io.Writer, quiet bool) (VerifyJSON, error) {
	j := VerifyJSON{Dir: dir, Sound: true}
	rs, err := RulesIn(dir)
	if err != nil {
		return j, err
	}
	if j.Leftovers, err = Leftovers(dir); err != nil {
		return j, err
	}
	for _, r := range rs {
		var work int64
		if t, err := Open(dir, r); err == nil {
			work = BuildWork(t.Pieces(), r.NoCaptureLimit)
		}
		bar := progress.Start(w, progress.Options{Unit: "positions", Total: work, Quiet: quiet})
		rep, err := Verify(dir, r, workers, bar.Add)
		bar.Stop()
		if err != nil {
			return j, err
		}
		j.Add(r, rep)
	}
	return j, nil
}
