package rules

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestRulesImportsOnlyTheStandardLibrary keeps the rules core free of
// third-party code (docs/ARCHITECTURE.md): every package it depends on,
// directly or not, must be in the standard library.
func TestRulesImportsOnlyTheStandardLibrary(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, err := exec.LookPath(goTool); err != nil {
			t.Skip("go tool not found on PATH or in GOROOT: cannot list dependencies")
		}
	}
	cmd := exec.Command(goTool, "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	self := "github.com/surakarta/surakarta/rules"
	var foreign []string
	for _, line := range strings.Fields(string(out)) {
		if line != self {
			foreign = append(foreign, line)
		}
	}
	if !strings.Contains(string(out), self) {
		t.Fatalf("go list -deps did not list the package itself; output:\n%s", out)
	}
	if len(foreign) > 0 {
		t.Errorf("package rules depends on non-standard packages %v: the rules core may import only the standard library", foreign)
	}
}
