package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Mode is the permission of every file written here.
const Mode fs.FileMode = 0o644

// tmpMarker separates a temporary file's target name from its random
// suffix: ".NAME.tmp-RANDOM".
const tmpMarker = ".tmp-"

// File is a file being written. Write to it, then Commit to put it in
// place or Abort to discard it. One goroutine owns a File.
type File struct {
	*os.File
	path     string
	done     bool
	finished bool
}

// Create starts writing path. Nothing appears at path until Commit.
func Create(path string) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+tmpMarker+"*")
	if err != nil {
		// Name path, not the hidden temporary file the user never asked for.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("create %s: directory %s does not exist: %w", path, filepath.Dir(path), err)
		}
		return nil, fmt.Errorf("create %s: %w", path, err)
	}
	if err := f.Chmod(Mode); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &File{File: f, path: path}, nil
}

// CheckWritable returns nil if Create and Commit can write path now: it
// is no directory and its directory takes a new file (one is created and
// removed). A command that computes for long before it writes checks its
// output first, so that a path it cannot write is refused at once.
func CheckWritable(path string) error {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := Create(path)
	if err != nil {
		return err
	}
	f.Abort()
	return nil
}

// Path returns the path the file will have once committed.
func (f *File) Path() string { return f.path }

// Commit syncs the file, closes it, renames it to its path (replacing what
// is there unless noReplace, in which case an existing path is an error)
// and syncs the directory. On an error the temporary file is removed.
func (f *File) Commit(noReplace bool) error {
	if f.done {
		return fmt.Errorf("%s: commit after commit or abort", f.path)
	}
	tmp := f.Name()
	if err := f.Finish(); err != nil {
		return err
	}
	f.done = true
	var err error
	if noReplace {
		if _, serr := os.Lstat(f.path); serr == nil {
			err = fmt.Errorf("%s already exists", f.path)
		}
	}
	if err == nil {
		err = os.Rename(tmp, f.path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	return SyncDir(filepath.Dir(f.path))
}

// Finish syncs and closes the file, still hidden under its temporary
// name: what remains of Commit is the rename, which needs no space. Files
// that must appear together (a match's two tables) are all finished before
// any is committed, so that a full disk fails them all. Finish twice, or
// after Commit or Abort, does nothing more.
func (f *File) Finish() error {
	if f.done || f.finished {
		return nil
	}
	f.finished = true
	err := f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		f.done = true
		os.Remove(f.Name())
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	return nil
}

// Abort discards the file. Abort after Commit does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if !f.finished {
		f.Close()
	}
	os.Remove(f.Name())
}

// CreateLog creates a new file in dir, uniquely named prefix followed by
// random characters, for a writer that appends to it in place rather than
// renaming it into place (a journal, whose frames carry their own checks,
// and which a reader recognises by prefix). It gets mode Mode like every
// other file, and the directory is synced so that its name survives a
// crash as the first synced append does.
func CreateLog(dir, prefix string) (*os.File, error) {
	f, err := os.CreateTemp(dir, prefix+"*")
	if err != nil {
		return nil, err
	}
	err = f.Chmod(Mode)
	if err == nil {
		err = SyncDir(dir)
	}
	if err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// WriteFile writes data to path atomically and durably (see the package
// documentation).
func WriteFile(path string, data []byte) error {
	f, err := Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit(false)
}

// SyncDir makes the renames and removals in dir durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	// Some file systems cannot sync a directory; the rename stands anyway.
	if errors.Is(err, os.ErrInvalid) {
		return nil
	}
	return err
}

// IsTemp reports whether a file name is one of Create's temporary files.
func IsTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tmpMarker)
}

// RemoveTemps deletes the temporary files a killed writer left in dir and
// returns their paths. Call it only while no writer uses dir: a live
// writer's file looks the same.
func RemoveTemps(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		if e.Type().IsRegular() && IsTemp(e.Name()) {
			p := filepath.Join(dir, e.Name())
			if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}
