package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/internal/base/filelock"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// Dir is a run directory held by this process.
type Dir struct {
	path string
	lock *filelock.Lock
}

// Claim creates dir if needed and takes its lock file, named lockName
// inside it, for a writer of the kind what ("train", "experiment run").
// While another process holds it, the error names that process (its pid,
// host, start and command line) and says what to do; nothing is written.
func Claim(dir, lockName, what string) (*Dir, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	lock, err := filelock.TryLock(filepath.Join(dir, lockName), filelock.Holder())
	var held *filelock.HeldError
	if errors.As(err, &held) {
		h := held.Holder
		if h == "" {
			h = "a process that has not described itself"
		}
		return nil, &busyError{msg: setting.Errorf("another %s is writing %s now: %s; wait for it to finish or stop it, then %s", what, dir, h, setting.Key("resume")), held: held}
	}
	if err != nil {
		return nil, err
	}
	return &Dir{path: dir, lock: lock}, nil
}

// busyError is Claim's refusal while another process holds the
// directory; errors.Is(err, filelock.ErrHeld) is true of it, and msg, the
// advice, names the setting to resume by.
type busyError struct {
	msg  error
	held *filelock.HeldError
}

func (e *busyError) Error() string { return e.msg.Error() }

func (e *busyError) Unwrap() []error { return []error{e.msg, e.held} }

// Release gives the directory up: its lock file goes.
func (d *Dir) Release() error {
	if d == nil {
		return nil
	}
	return d.lock.Unlock()
}

// Path returns the directory.
func (d *Dir) Path() string { return d.path }

// maxNamed is the number of entries NotEmpty names before it counts the
// rest.
const maxNamed = 4

// NotEmpty returns nil when the directory holds nothing but its lock
// file, else the refusal of a new run there: what the directory holds (a
// few names, directories with a slash, and how many more) and that no run
// is writing it, since the caller holds the lock, so that resuming is
// safe advice (the message names the settings resume and out).
func (d *Dir) NotEmpty() error {
	entries, err := os.ReadDir(d.path)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range entries {
		if e.Name() == filepath.Base(d.lock.Path()) {
			continue
		}
		n := e.Name()
		if e.IsDir() {
			n += "/"
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return nil
	}
	slices.Sort(names)
	held := strings.Join(names[:min(len(names), maxNamed)], ", ")
	if len(names) > maxNamed {
		held += fmt.Sprintf(" and %d more", len(names)-maxNamed)
	}
	return setting.Errorf("%s is not empty (it holds %s) and no run is writing it: %s to continue the run there, or choose an empty or new %s", d.path, held, setting.Key("resume"), setting.Key("out"))
}

// RemoveTemps removes the temporary files a killed writer left in the
// directory and in its subdirectories matching any of the patterns
// (filepath.Match, relative to it: "gen-*"), and returns a note that says
// how many went and from where, "" when there were none. The lock makes
// it safe: no live writer of this directory has files in progress.
func (d *Dir) RemoveTemps(patterns ...string) (string, error) {
	dirs := []string{d.path}
	for _, p := range patterns {
		m, err := filepath.Glob(filepath.Join(d.path, p))
		if err != nil {
			return "", err
		}
		for _, x := range m {
			if fi, err := os.Stat(x); err == nil && fi.IsDir() {
				dirs = append(dirs, x)
			}
		}
	}
	var removed []string
	for _, dir := range dirs {
		r, err := atomicfile.RemoveTemps(dir)
		removed = append(removed, r...)
		if err != nil {
			return "", err
		}
	}
	return Note(removed), nil
}

// Note says in one line which temporary files of a killed writer were
// removed, "" for none.
func Note(removed []string) string {
	switch len(removed) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("removed 1 temporary file a killed run left: %s", removed[0])
	}
	return fmt.Sprintf("removed %d temporary files a killed run left: %s", len(removed), strings.Join(removed, ", "))
}
