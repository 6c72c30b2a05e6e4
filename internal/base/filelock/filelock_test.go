package filelock

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSecondLockIsRefusedNamingTheHolder(t *testing.T) {
	p := filepath.Join(t.TempDir(), "_lock")
	a, err := TryLock(p, "writer A")
	if err != nil {
		t.Fatal(err)
	}
	_, err = TryLock(p, "writer B")
	var held *HeldError
	if !errors.As(err, &held) || !errors.Is(err, ErrHeld) || held.Holder != "writer A" || !strings.Contains(err.Error(), "writer A") {
		t.Fatalf("second TryLock: %v, want a HeldError naming writer A", err)
	}
	if err := a.Unlock(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatalf("Unlock left the lock file: %v", err)
	}
	b, err := TryLock(p, "writer B")
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	b.Unlock()
}

func TestAStaleLockFileIsTakenOver(t *testing.T) {
	p := filepath.Join(t.TempDir(), "_lock")
	// A crashed holder leaves its file; the kernel dropped its flock.
	os.WriteFile(p, []byte("pid 1 (crashed)\n"), 0o644)
	l, err := TryLock(p, "new writer")
	if err != nil {
		t.Fatalf("stale lock file refused: %v", err)
	}
	defer l.Unlock()
	if b, _ := os.ReadFile(p); string(b) != "new writer\n" {
		t.Fatalf("lock file holds %q, want the new holder only", b)
	}
}
