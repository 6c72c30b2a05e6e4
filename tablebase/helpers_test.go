package tablebase

import (
	"strconv"
	"testing"

	"github.com/surakarta/surakarta/internal/testing/testutil"
	"github.com/surakarta/surakarta/rules"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// tablesFor builds (once per test binary) the tables of up to n pieces for
// r and opens them.
func tablesFor(t testing.TB, r rules.Rules, n int) *Tables {
	t.Helper()
	dir := testutil.Once(t, "tables "+r.String()+" "+strconv.Itoa(n), func(dir string) (string, error) {
		_, err := Build(dir, BuildOptions{Rules: r, Pieces: n})
		return dir, err
	})
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
