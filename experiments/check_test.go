package experiments

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/rules"
	"github.com/surakarta/surakarta/tablebase"
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

// TestSpecTablesAreCheckedBeforeAnyGame: experiment check passed a spec
// whose tablebase was missing, damaged, of the other variant or /etc (the
// shipped tables.yaml before its tables are built among them), and run
// played the earlier arms in full before failing at the tables' arm.
func TestSpecTablesAreCheckedBeforeAnyGame(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "tables")
	if _, err := tablebase.Build(good, tablebase.BuildOptions{Rules: rules.DefaultRules(), Pieces: 3, Concurrency: 1}); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(dir, "damaged")
	os.Mkdir(damaged, 0o755)
	files, _ := filepath.Glob(filepath.Join(good, "*.sktb"))
	for i, f := range files {
		b, _ := os.ReadFile(f)
		if i == 0 {
			b = b[:len(b)/2]
		}
		os.WriteFile(filepath.Join(damaged, filepath.Base(f)), b, 0o644)
	}
	// A set missing a balance of its largest total: 1v2 of 3-piece tables
	// (with 2v1 there, they answer up to 2 pieces only).
	gap := filepath.Join(dir, "gap")
	os.Mkdir(gap, 0o755)
	for _, f := range files {
		if !strings.Contains(filepath.Base(f), "1v2") {
			b, _ := os.ReadFile(f)
			os.WriteFile(filepath.Join(gap, filepath.Base(f)), b, 0o644)
		}
	}
	specFile := func(variant, tables string) string {
		p := filepath.Join(dir, "spec.yaml")
		os.WriteFile(p, []byte("name: t\ngames: 2\nrandom_opening: 2\npairing: openings\nengine: {sims: 4}\narms:\n"+
			"  - {name: plain, variant: "+variant+"}\n  - {name: tables, variant: "+variant+", engine: {tablebase: "+tables+"}}\n"), 0o644)
		return p
	}
	if _, err := CheckSpec(specFile("standard", good)); err != nil {
		t.Fatalf("the tables built: %v", err)
	}
	for _, c := range []struct{ what, variant, tables string }{
		{"missing", "standard", filepath.Join(dir, "none")},
		{"damaged", "standard", damaged},
		{"missing a balance", "standard", gap},
		{"of the other variant", "majority", good},
		{"not tables", "standard", "/etc"},
	} {
		p := specFile(c.variant, c.tables)
		want := "arm tables: engine tablebase " + c.tables + ": "
		_, err := CheckSpec(p)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("check, tables %s: %v; want %q…", c.what, err, want)
			continue
		}
		if c.tables == gap && !strings.Contains(err.Error(), "lack standard-1v2.sktb") {
			t.Errorf("check, tables %s: %v; want the missing balance named", c.what, err)
		}
		out := filepath.Join(dir, "run-"+strings.ReplaceAll(c.what, " ", "-"))
		s, _ := spec.Read(p)
		var log strings.Builder
		_, rerr := Run(context.Background(), s, &SelfPlayer{}, RunOptions{Out: out, SpecDir: dir, Log: &log})
		if rerr == nil || rerr.Error() != err.Error() || log.Len() > 0 {
			t.Errorf("run, tables %s: %v, log %q; want check's error alone, before any arm", c.what, rerr, log.String())
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("run, tables %s: a refused run left %s (%v)", c.what, out, err)
		}
	}
	if _, err := CheckSpec("specs/tables.yaml"); err == nil || !strings.HasPrefix(err.Error(), "arm standard-tables: engine tablebase runs/tables: ") {
		t.Errorf("the shipped tables.yaml before its tables are built: %v", err)
	}
}
