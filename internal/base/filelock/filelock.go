package filelock

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// Lock is a held lock file.
type Lock struct {
	f    *os.File
	path string
}

// HeldError is TryLock's error when another holder has the lock.
type HeldError struct {
	Path string
	// Holder is the holder's description as it wrote it, or "" when it
	// wrote none.
	Holder string
}

func (e *HeldError) Error() string {
	h := e.Holder
	if h == "" {
		h = "a process that has not described itself"
	}
	return fmt.Sprintf("%s is locked by %s", e.Path, h)
}

// ErrHeld matches every HeldError with errors.Is.
var ErrHeld = errors.New("lock held")

// Is makes errors.Is(err, ErrHeld) true for a HeldError.
func (e *HeldError) Is(target error) bool { return target == ErrHeld }

// Holder describes the running process for a lock file: its pid, host,
// start time and command line.
func Holder() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("pid %d on %s since %s (%s)", os.Getpid(), host, time.Now().UTC().Format(time.RFC3339), strings.Join(os.Args, " "))
}

// TryLock takes the lock at path, creating the file if needed, without
// waiting, and writes holder into it. When another process (or another
// Lock in this process) holds it, the error is a *HeldError quoting that
// holder.
func TryLock(path, holder string) (*Lock, error) { return lock(path, holder, false) }

// Wait takes the lock at path like TryLock, waiting for another holder to
// release it. It suits short critical sections (a manifest's update).
func Wait(path, holder string) (*Lock, error) { return lock(path, holder, true) }

func lock(path, holder string, wait bool) (*Lock, error) {
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, err
		}
		if err := flock(f, wait); err != nil {
			f.Close()
			if errors.Is(err, errWouldBlock) {
				h, gone := readHolder(path)
				if gone {
					continue // released meanwhile: try again
				}
				return nil, &HeldError{Path: path, Holder: h}
			}
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		// A holder that released the lock removed the file first: if path
		// is no longer the file locked, lock the new one.
		if same, err := isFile(f, path); err != nil || !same {
			f.Close()
			if err != nil {
				return nil, err
			}
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(holder+"\n"), 0)
		}
		return &Lock{f: f, path: path}, nil
	}
}

// readHolder reads the holder's line of a held lock file; gone reports
// that the file was removed, its holder done. A holder writes its line
// just after taking the lock, so an empty file is read again for a moment.
func readHolder(path string) (holder string, gone bool) {
	for range 50 {
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return "", true
		}
		if len(bytes.TrimSpace(b)) > 0 {
			return strings.TrimSpace(string(b)), false
		}
		time.Sleep(2 * time.Millisecond)
	}
	return "", false
}

// isFile reports whether path still names the open file f.
func isFile(f *os.File, path string) (bool, error) {
	a, err := f.Stat()
	if err != nil {
		return false, err
	}
	b, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return os.SameFile(a, b), nil
}

// Path returns the lock file's path.
func (l *Lock) Path() string { return l.path }

// Unlock removes the lock file and releases the lock. The file goes first,
// so that a process waiting for it finds a fresh one (see TryLock).
func (l *Lock) Unlock() error {
	if l == nil || l.f == nil {
		return nil
	}
	err := os.Remove(l.path)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
