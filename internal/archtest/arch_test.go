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

// documentedGraph parses the table of docs/ARCHITECTURE.md: package → the
// project packages it may import.
func documentedGraph(t *testing.T) map[string]map[string]bool {
	f, err := os.Open(filepath.Join("..", "..", "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	graph := map[string]map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := backticked.FindStringSubmatch(cells[1])[1]
		allowed := map[string]bool{}
		for _, m := range backticked.FindAllStringSubmatch(cells[len(cells)-2], -1) {
			allowed[m[1]] = true
		}
		graph[pkg] = allowed
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

func TestPackagesImportOnlyWhatArchitectureAllows(t *testing.T) {
	graph := documentedGraph(t)
	cmd := exec.Command(goTool(t), "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"/...")
	cmd.Dir = filepath.Join("..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if pkg == "internal/archtest" {
			continue
		}
		allowed, ok := graph[pkg]
		if !ok {
			t.Errorf("package %s is not in the table of docs/ARCHITECTURE.md: add a row saying what it owns and may import", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			if !allowed[rel] && pkg != "cmd/surakarta" {
				t.Errorf("%s imports %s, which docs/ARCHITECTURE.md does not allow: change the code or the table", pkg, rel)
			}
		}
	}
}
