package archtest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

const module = "github.com/surakarta/surakarta"

var backticked = regexp.MustCompile("`([^`]+)`")

// rule is a package's row of the table: the project packages its code may
// import, and those its tests may import besides (after "tests also").
type rule struct{ code, tests map[string]bool }

// documentedGraph parses the table of docs/ARCHITECTURE.md: package → its
// rule.
func documentedGraph(t *testing.T) map[string]rule {
	f, err := os.Open(filepath.Join("..", "..", "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	graph := map[string]rule{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := backticked.FindStringSubmatch(cells[1])[1]
		code, tests, _ := strings.Cut(cells[len(cells)-2], "tests also")
		r := rule{code: map[string]bool{}, tests: map[string]bool{}}
		for _, m := range backticked.FindAllStringSubmatch(code, -1) {
			r.code[m[1]] = true
		}
		for _, m := range backticked.FindAllStringSubmatch(tests, -1) {
			r.tests[m[1]] = true
		}
		graph[pkg] = r
	}
	if len(graph) < 5 {
		t.Fatalf("found only %d package rows in docs/ARCHITECTURE.md", len(graph))
	}
	return graph
}

func goTool(t *testing.T) string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		t.Skip("go tool not found: cannot list imports")
	}
	return p
}

// TestPackagesImportOnlyWhatArchitectureAllows checks every package's
// imports, and its tests' (in-package and _test package), against its row.
func TestPackagesImportOnlyWhatArchitectureAllows(t *testing.T) {
	graph := documentedGraph(t)
	cmd := exec.Command(goTool(t), "list", "-f",
		`{{.ImportPath}}{{range .Imports}} {{.}}{{end}} |{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}`, module+"/...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		code, tests, _ := strings.Cut(line, "|")
		fields := strings.Fields(code)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if pkg == "internal/archtest" {
			continue
		}
		r, ok := graph[pkg]
		if !ok {
			t.Errorf("package %s is not in the table of docs/ARCHITECTURE.md: add a row saying what it owns and may import", pkg)
			continue
		}
		check := func(imports []string, what string, allowed func(string) bool) {
			for _, imp := range imports {
				rel, ok := strings.CutPrefix(imp, module+"/")
				if ok && rel != pkg && pkg != "cmd/surakarta" && !allowed(rel) { // cmd: every package
					t.Errorf("%s %s %s, which docs/ARCHITECTURE.md does not allow: change the code or the table", pkg, what, rel)
				}
			}
		}
		check(fields[1:], "imports", func(p string) bool { return r.code[p] })
		check(strings.Fields(tests), "tests import", func(p string) bool { return r.code[p] || r.tests[p] })
	}
}
