package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/surakarta/surakarta/internal/base/version"
)

func TestCLIReferenceIsUpToDate(t *testing.T) {
	var buf bytes.Buffer
	writeMarkdown(&buf, newRootCommand())
	path := filepath.Join("..", "..", "docs", "CLI.md")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("docs/CLI.md missing: run go run ./cmd/surakarta docs: %v", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Fatal("docs/CLI.md is stale: run go run ./cmd/surakarta docs (or go test ./cmd/surakarta -update)")
	}
}

func TestHelpOfEveryCommandMatchesGolden(t *testing.T) {
	root := newRootCommand()
	for _, c := range append(root.Commands(), root) {
		if c.Name() == "help" || c.Hidden {
			continue
		}
		args := []string{"--help"}
		name := "root"
		if c != root {
			args = []string{c.Name(), "--help"}
			name = c.Name()
		}
		out, _, err := run(t, "", args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		golden(t, filepath.Join("help", name+".txt"), out)
	}
}

// TestDocsCommandWritesTheCheckedInReference: the docs command itself
// (which cobra gives a --help flag when it runs) writes exactly the
// checked-in docs/CLI.md, and finds the checkout's docs/ from any
// directory below its go.mod.
func TestDocsCommandWritesTheCheckedInReference(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "..", "docs", "CLI.md"))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "", "docs", "--file", "-")
	if err != nil || out != string(want) {
		t.Fatalf("docs --file - differs from docs/CLI.md (%v)", err)
	}
	checkout := t.TempDir()
	deep := filepath.Join(checkout, "a", "b")
	os.MkdirAll(deep, 0o755)
	os.MkdirAll(filepath.Join(checkout, "docs"), 0o755)
	os.WriteFile(filepath.Join(checkout, "go.mod"), []byte("module "+version.ModulePath+"\n\ngo 1.26.0\n"), 0o644)
	os.WriteFile(filepath.Join(deep, "go.mod"), []byte("module example.com/other\n"), 0o644) // not ours: keep looking up
	t.Chdir(deep)
	if _, _, err := run(t, "", "docs"); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(checkout, "docs", "CLI.md")); err != nil || !bytes.Equal(got, want) {
		t.Errorf("docs from %s: %v, or the file differs from docs/CLI.md", deep, err)
	}
	t.Chdir(t.TempDir())
	if _, _, err := run(t, "", "docs"); err == nil || !strings.Contains(err.Error(), "not inside a surakarta checkout") {
		t.Errorf("docs outside a checkout: %v", err)
	}
}

// TestEveryCommandHasExamples: each command's help, cobra's completion
// commands included, shows how it is called.
func TestEveryCommandHasExamples(t *testing.T) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no examples", c.CommandPath())
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCommand())
}

// TestDocsPointAtTheProjectsOwnRules: the README, DATASET.md and the help
// send readers to docs/RULES.md, which a clone contains, and nowhere
// outside the project.
func TestDocsPointAtTheProjectsOwnRules(t *testing.T) {
	repo := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(repo, "docs", "RULES.md")); err != nil {
		t.Fatal(err)
	}
	for file, link := range map[string]string{"README.md": "(docs/RULES.md)", filepath.Join("docs", "DATASET.md"): "(RULES.md"} {
		b, err := os.ReadFile(filepath.Join(repo, file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), link) || strings.Contains(string(b), "shared folder") {
			t.Errorf("%s does not link the project's RULES.md with %q, or names a folder outside the project", file, link)
		}
	}
	for _, args := range [][]string{{"--help"}, {"selfplay", "--help"}, {"replay", "--help"}} {
		if out, _, _ := run(t, "", args...); !strings.Contains(out, "docs/RULES.md") {
			t.Errorf("surakarta %v does not point at docs/RULES.md", args)
		}
	}
}

// TestOneFlagFormPerConcept: across every command, --out is a directory,
// the superseded spellings are hidden (they still work, with a note), and
// a dataset a command reads is its argument, not a --data flag.
func TestOneFlagFormPerConcept(t *testing.T) {
	hiddenOld := map[string]bool{"data": true, "eval": true, "capture-prob": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch {
			case f.Hidden:
			case f.Name == "out" && !strings.Contains(f.Usage, "director"):
				t.Errorf("%s --out is not a directory: %q", c.CommandPath(), f.Usage)
			case hiddenOld[f.Name]:
				t.Errorf("%s lists the old spelling --%s", c.CommandPath(), f.Name)
			case f.Name == "games" && c.Name() == "verify":
				t.Errorf("%s --games checks a count: it is --expect-games", c.CommandPath())
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRootCommand())
}
