package experiments

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestCheckSpecResolvesEveryArmAndComparison: a shipped spec checks, each
// arm with its rules and engine, each comparison by its arms' names, and
// the text has a line for each.
func TestCheckSpecResolvesEveryArmAndComparison(t *testing.T) {
	c, err := CheckSpec("specs/variants.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Arms) < 2 || len(c.Comparisons) == 0 || c.Arms[0].Sims == 0 || c.Arms[0].Rules == "" {
		t.Fatalf("check %+v", c)
	}
	var b strings.Builder
	c.WriteText(&b)
	text := b.String()
	if got := strings.Count(text, "\n"); got != 1+len(c.Arms)+len(c.Comparisons) {
		t.Errorf("%d lines for %d arms and %d comparisons:\n%s", got, len(c.Arms), len(c.Comparisons), text)
	}
	if !strings.Contains(text, "compare "+c.Comparisons[0][0]+" → "+c.Comparisons[0][1]) {
		t.Errorf("first comparison missing:\n%s", text)
	}
}

// TestSpecConcurrencyIsCheckedAsTheSpecsKey: a spec's concurrency above
// this machine's bound (runspec's, per CPU the process may use) is refused
// by experiment check and by experiment run before anything is written,
// and the error names the spec's key, not the --concurrency flag the user
// did not give.
func TestSpecConcurrencyIsCheckedAsTheSpecsKey(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	dir := t.TempDir()
	path := filepath.Join(dir, "s.yaml")
	text := "name: s\ngames: 2\npairing: none\nconcurrency: 5\nengine:\n  sims: 2\narms:\n  - {name: a, variant: standard}\n  - {name: b, variant: majority}\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "spec key concurrency 5: at most 4 (4 per CPU; this process may use 1)"
	if _, err := CheckSpec(path); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("check: %v, want %q…", err, want)
	}
	out := filepath.Join(dir, "out")
	if _, err := Run(context.Background(), mustSpec(t, text), nil, RunOptions{Out: out}); err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("run: %v, want %q…", err, want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("run wrote %s before refusing the spec", out)
	}
}
