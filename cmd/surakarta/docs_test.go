package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
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
