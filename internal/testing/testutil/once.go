package testutil

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

var (
	mu      sync.Mutex
	root    string // made on the first Once; removed by Main
	entries = map[string]*entry{}
)

type entry struct {
	once sync.Once
	dir  string
	v    any
	err  error
}

// Once returns make's value for key. The first call for key in the test
// binary makes it, in a fresh directory of its own that lasts until Main
// removes it; every later call, from any test, gets the same value, or the
// same error, which fails t. Values of different keys are made
// concurrently.
func Once[T any](t testing.TB, key string, make func(dir string) (T, error)) T {
	t.Helper()
	mu.Lock()
	e, ok := entries[key]
	if !ok {
		e = &entry{}
		entries[key] = e
		if root == "" {
			root, e.err = os.MkdirTemp("", "surakarta-test-*")
		}
		if e.err == nil {
			e.dir = filepath.Join(root, strconv.Itoa(len(entries)))
			e.err = os.Mkdir(e.dir, 0o755)
		}
	}
	mu.Unlock()
	e.once.Do(func() {
		if e.err == nil {
			e.v, e.err = make(e.dir)
		}
	})
	if e.err != nil {
		t.Fatal(e.err)
	}
	v, _ := e.v.(T) // nil when make stopped its goroutine (a b.Fatal in it)
	return v
}

// Main runs the tests of a package that uses Once, removes the directory
// its values were made in, and exits with the tests' status: call it from
// TestMain.
func Main(m *testing.M) {
	code := m.Run()
	if root != "" {
		os.RemoveAll(root)
	}
	os.Exit(code)
}
