package tablebase

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

var (
	builtMu   sync.Mutex
	built     = map[string]string{}
	builtRoot string
)

func TestMain(m *testing.M) {
	code := m.Run()
	if builtRoot != "" {
		os.RemoveAll(builtRoot)
	}
	os.Exit(code)
}

// tablesFor builds (once per test binary) the tables of up to n pieces for
// r and opens them.
func tablesFor(t testing.TB, r rules.Rules, n int) *Tables {
	t.Helper()
	builtMu.Lock()
	defer builtMu.Unlock()
	name := r.String() + "," + string(rune('0'+n))
	dir, ok := built[name]
	if !ok {
		if builtRoot == "" {
			root, err := os.MkdirTemp("", "tablebase-test-")
			if err != nil {
				t.Fatal(err)
			}
			builtRoot = root
		}
		dir = filepath.Join(builtRoot, string(rune('a'+len(built))))
		if _, err := Build(dir, BuildOptions{Rules: r, Pieces: n}); err != nil {
			t.Fatal(err)
		}
		built[name] = dir
	}
	tabs, err := Open(dir, r)
	if err != nil {
		t.Fatal(err)
	}
	return tabs
}

func rulesWith(v rules.Variant, limit int) rules.Rules {
	r := rules.DefaultRules()
	r.Variant, r.NoCaptureLimit = v, limit
	return r
}
