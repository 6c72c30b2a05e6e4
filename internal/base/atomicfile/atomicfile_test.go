package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFileReplacesWholeWithMode0644(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.json")
	if err := WriteFile(p, []byte("old")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil || string(b) != "new" {
		t.Fatalf("read %q, %v; want new", b, err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != Mode {
		t.Fatalf("mode %v, want %v", st.Mode().Perm(), Mode)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("directory holds %d entries after two writes, want only the file", len(entries))
	}
}

func TestUncommittedFileIsInvisibleAndRemovable(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "part.parquet")
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("half"))
	if _, err := os.Stat(p); err == nil {
		t.Fatal("the file is visible before Commit")
	}
	if !IsTemp(filepath.Base(f.Name())) || IsTemp("part.parquet") || IsTemp("_run.json") {
		t.Fatalf("IsTemp does not tell %s from finished files", f.Name())
	}
	f.Close() // as if the process died
	removed, err := RemoveTemps(dir)
	if err != nil || len(removed) != 1 {
		t.Fatalf("RemoveTemps removed %v, %v; want the one temporary file", removed, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("%d entries left", len(entries))
	}
}

func TestCommitNoReplaceKeepsTheExistingFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x")
	os.WriteFile(p, []byte("first"), 0o644)
	f, _ := Create(p)
	f.Write([]byte("second"))
	if err := f.Commit(true); err == nil {
		t.Fatal("Commit(noReplace) replaced an existing file")
	}
	if b, _ := os.ReadFile(p); string(b) != "first" {
		t.Fatalf("file holds %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the failed commit left its temporary file")
	}
}

// TestJSONRoundTrip: WriteJSON writes indented JSON with a final newline,
// ReadJSON reads it back.
func TestJSONRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	in := map[string]int{"a": 1}
	if err := WriteJSON(path, in); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if string(b) != "{\n  \"a\": 1\n}\n" {
		t.Errorf("written %q", b)
	}
	var out map[string]int
	if err := ReadJSON(path, &out); err != nil || out["a"] != 1 {
		t.Errorf("read back %v, %v", out, err)
	}
	if err := WriteJSON(path, func() {}); err == nil || !strings.Contains(err.Error(), "encoding r.json") {
		t.Errorf("unencodable value: %v", err)
	}
}

// TestCreateInAMissingDirectoryNamesThePath: the error names the file asked
// for and its missing directory, not the hidden temporary file.
func TestCreateInAMissingDirectoryNamesThePath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nodir", "x.md")
	_, err := Create(path)
	if err == nil || !strings.Contains(err.Error(), "create "+path+": directory "+filepath.Dir(path)+" does not exist") || strings.Contains(err.Error(), tmpMarker) {
		t.Fatalf("Create(%s): %v, want an error naming the path and its missing directory", path, err)
	}
}

// TestCreateLogIsUniqueWithMode0644: logs written in place get the mode of
// every other file (os.CreateTemp alone gives 0600, which a reader on a
// shared volume cannot open) and names that never collide.
func TestCreateLogIsUniqueWithMode0644(t *testing.T) {
	dir := t.TempDir()
	a, err := CreateLog(dir, "_journal-")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := CreateLog(dir, "_journal-")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if a.Name() == b.Name() || !strings.HasPrefix(filepath.Base(a.Name()), "_journal-") {
		t.Fatalf("names %s and %s: want two distinct names starting _journal-", a.Name(), b.Name())
	}
	for _, f := range []*os.File{a, b} {
		st, err := os.Stat(f.Name())
		if err != nil || st.Mode().Perm() != Mode {
			t.Fatalf("%s: mode %v (%v), want %v", f.Name(), st.Mode().Perm(), err, Mode)
		}
	}
	if _, err := CreateLog(filepath.Join(dir, "missing"), "x-"); err == nil {
		t.Fatal("CreateLog in a missing directory succeeded")
	}
}

// TestFinishedFileStaysHiddenUntilCommit: after Finish (synced, closed) a
// file is still invisible at its path; Commit then puts it there, and
// Abort instead removes every trace.
func TestFinishedFileStaysHiddenUntilCommit(t *testing.T) {
	dir := t.TempDir()
	for _, commit := range []bool{true, false} {
		p := filepath.Join(dir, fmt.Sprintf("part-%v", commit))
		f, err := Create(p)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("rows")
		if err := f.Finish(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(p); err == nil {
			t.Fatalf("%s visible after Finish", p)
		}
		if commit {
			if err := f.Commit(true); err != nil {
				t.Fatal(err)
			}
			if b, err := os.ReadFile(p); err != nil || string(b) != "rows" {
				t.Fatalf("committed after Finish: %q, %v", b, err)
			}
		} else {
			f.Abort()
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "part-true" {
		t.Fatalf("directory holds %v, want only the committed file", entries)
	}
}

// TestCheckWritableLeavesNothingAndRefusesADirectory: the check creates
// and removes its file, leaving the directory as it was, and refuses a
// directory and a missing one by name.
func TestCheckWritableLeavesNothingAndRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "w.json")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the check left %v", entries)
	}
	if err := CheckWritable(dir); err == nil || err.Error() != dir+" is a directory" {
		t.Errorf("a directory: %v", err)
	}
	if err := CheckWritable(filepath.Join(dir, "no", "w.json")); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("a missing directory: %v", err)
	}
}
