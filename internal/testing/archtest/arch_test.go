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
// import, and those its tests may import besides (after "tests also");
// stdOnly when the row says "standard library only", which rules out
// third-party modules as well.
type rule struct {
	code, tests map[string]bool
	stdOnly     bool
	floor       int // the index of its floor in floors (0 the ground)
}

// floor is a heading of docs/ARCHITECTURE.md's table: "### Floor N: NAME
// (`FOLDER/...`)", or "### Beside the floors, for tests only: NAME
// (`FOLDER/...`)" for test support, which only tests import. A floor that
// names a folder holds every package in it and no other.
type floor struct {
	heading   string
	folder    string // "" for a floor of top-level packages
	testsOnly bool
}

var floorHeading = regexp.MustCompile("^### (Floor [0-9]+|Beside the floors, for tests only): ")

// never lists, for a package, the project packages it must not depend on
// even indirectly, whatever the table's rows allow: each is a promise of
// docs/ARCHITECTURE.md's "Rules of the graph". A name covers the packages
// below it too (eval covers eval/external).
var never = map[string][]string{
	// A dataset is read without the engine, and its schema does not change
	// with it.
	"dataset": {"mcts", "selfplay", "eval", "experiments"},
	// The statistics of games are computed from the games alone: no
	// search, self-play or evaluator is needed to read them.
	"experiments/gamestats": {"mcts", "selfplay", "eval"},
}

// documentedGraph parses the table of docs/ARCHITECTURE.md: package → its
// rule, and the floors in order from the ground up.
func documentedGraph(t *testing.T) (map[string]rule, []floor) {
	f, err := os.Open(filepath.Join("..", "..", "..", "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	graph := map[string]rule{}
	var floors []floor
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := floorHeading.FindStringSubmatch(sc.Text()); m != nil {
			fl := floor{heading: sc.Text(), testsOnly: !strings.HasPrefix(m[1], "Floor")}
			if b := backticked.FindStringSubmatch(sc.Text()); b != nil {
				fl.folder = strings.TrimSuffix(b[1], "/...")
			}
			floors = append(floors, fl)
			continue
		}
		cells := strings.Split(sc.Text(), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		pkg := backticked.FindStringSubmatch(cells[1])[1]
		code, tests, _ := strings.Cut(cells[len(cells)-2], "tests also")
		if len(floors) == 0 {
			t.Fatalf("docs/ARCHITECTURE.md: the row of %s stands under no floor's heading", pkg)
		}
		r := rule{code: map[string]bool{}, tests: map[string]bool{}, stdOnly: strings.Contains(code, "standard library only"), floor: len(floors) - 1}
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
	return graph, floors
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
	graph, _ := documentedGraph(t)
	cmd := exec.Command(goTool(t), "list", "-f",
		`{{.ImportPath}}{{range .Imports}} {{.}}{{end}} |{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}`, module+"/...")
	cmd.Dir = filepath.Join("..", "..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{} // package → the project packages its code imports
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		code, tests, _ := strings.Cut(line, "|")
		fields := strings.Fields(code)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if pkg == "internal/testing/archtest" {
			continue
		}
		for _, imp := range fields[1:] {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				imports[pkg] = append(imports[pkg], rel)
			}
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
		if r.stdOnly {
			for _, imp := range fields[1:] {
				if first, _, _ := strings.Cut(imp, "/"); strings.Contains(first, ".") {
					t.Errorf("%s imports %s, outside the standard library, which docs/ARCHITECTURE.md does not allow", pkg, imp)
				}
			}
		}
	}
	for pkg, banned := range never {
		if _, ok := imports[pkg]; !ok {
			t.Errorf("go list did not list package %s", pkg)
		}
		for dep, path := range dependencies(imports, pkg) {
			for _, b := range banned {
				if dep == b || strings.HasPrefix(dep, b+"/") {
					t.Errorf("package %s depends on %s (through %s), which docs/ARCHITECTURE.md rules out", pkg, dep, path)
				}
			}
		}
	}
}

// dependencies returns every project package pkg depends on through its
// code's imports, directly or not, each with one chain of imports that
// leads to it (for the error).
func dependencies(imports map[string][]string, pkg string) map[string]string {
	seen := map[string]string{}
	var walk func(p, path string)
	walk = func(p, path string) {
		for _, imp := range imports[p] {
			if _, ok := seen[imp]; !ok {
				seen[imp] = path + " → " + imp
				walk(imp, seen[imp])
			}
		}
	}
	walk(pkg, pkg)
	return seen
}

// TestNoImportClimbsAFloor checks the floors of docs/ARCHITECTURE.md: a
// package's code imports nothing from a floor above its own, nothing of test
// support unless it is test support, and a floor that names a folder holds
// exactly the packages in that folder.
func TestNoImportClimbsAFloor(t *testing.T) {
	graph, floors := documentedGraph(t)
	if len(floors) < 3 {
		t.Fatalf("found only %d floors' headings in docs/ARCHITECTURE.md", len(floors))
	}
	inFolder := func(pkg, folder string) bool {
		return folder != "" && (pkg == folder || strings.HasPrefix(pkg, folder+"/"))
	}
	for pkg, r := range graph {
		if f := floors[r.floor]; f.folder != "" && !inFolder(pkg, f.folder) {
			t.Errorf("%s stands under %q but is not in its folder %s: move the package or its row", pkg, f.heading, f.folder)
		}
	}
	cmd := exec.Command(goTool(t), "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"/...")
	cmd.Dir = filepath.Join("..", "..", "..")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
		if pkg == "internal/testing/archtest" {
			continue
		}
		r, ok := graph[pkg]
		if !ok {
			continue // TestPackagesImportOnlyWhatArchitectureAllows says so
		}
		for i, f := range floors {
			if i != r.floor && inFolder(pkg, f.folder) {
				t.Errorf("%s is in the folder %s of %q but its row stands under %q: move the package or its row", pkg, f.folder, f.heading, floors[r.floor].heading)
			}
		}
		mine := floors[r.floor]
		for _, imp := range fields[1:] {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			d, ok := graph[rel]
			if !ok {
				continue
			}
			theirs := floors[d.floor]
			switch {
			case theirs.testsOnly && !mine.testsOnly:
				t.Errorf("%s imports %s, test support (%q), which only tests may import", pkg, rel, theirs.heading)
			case !mine.testsOnly && d.floor > r.floor:
				t.Errorf("%s (%q) imports %s, a floor above it (%q): an arrow climbs back up; move the code down or the package up", pkg, mine.heading, rel, theirs.heading)
			}
		}
	}
}
