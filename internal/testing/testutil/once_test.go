package testutil

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func TestMain(m *testing.M) { Main(m) }

// TestOnceMakesEachKeyOnceInItsOwnDirectory: concurrent calls for a key
// make its value once and all get it; another key gets another, existing
// directory.
func TestOnceMakesEachKeyOnceInItsOwnDirectory(t *testing.T) {
	var mu sync.Mutex
	made := map[string]int{}
	get := func(key string) string {
		return Once(t, key, func(dir string) (string, error) {
			mu.Lock()
			made[key]++
			mu.Unlock()
			return dir, os.WriteFile(filepath.Join(dir, "f"), []byte(key), 0o644)
		})
	}
	var wg sync.WaitGroup
	dirs := make([]string, 8)
	for i := range dirs {
		wg.Go(func() {
			dirs[i] = get("a")
		})
	}
	wg.Wait()
	for _, d := range dirs {
		if d != dirs[0] {
			t.Fatalf("key a gave directories %v, want one", dirs)
		}
	}
	b := get("b")
	if b == dirs[0] {
		t.Fatalf("keys a and b share directory %s", b)
	}
	if made["a"] != 1 || made["b"] != 1 {
		t.Fatalf("made %v, want each key once", made)
	}
	if got, err := os.ReadFile(filepath.Join(dirs[0], "f")); err != nil || string(got) != "a" {
		t.Fatalf("key a's directory holds %q, %v", got, err)
	}
}

// TestOnceRepeatsTheFirstError: a value that failed to be made fails every
// caller with the same error, without being made again.
func TestOnceRepeatsTheFirstError(t *testing.T) {
	calls := 0
	for range 2 {
		ft := &fatalT{TB: t}
		func() {
			defer func() { recover() }()
			Once(ft, "broken", func(string) (int, error) { calls++; return 0, errors.New("no value") })
		}()
		if ft.msg != "no value" {
			t.Fatalf("failed with %q, want the make's error", ft.msg)
		}
	}
	if calls != 1 {
		t.Fatalf("made %d times, want once", calls)
	}
}

// fatalT records a Fatal instead of ending the test, and panics to stop
// the caller as Fatal would.
type fatalT struct {
	testing.TB
	msg string
}

func (f *fatalT) Helper() {}

func (f *fatalT) Fatal(args ...any) {
	f.msg = args[0].(error).Error()
	panic(f)
}
