package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// The house's bounds on what a reader takes in at once: a function fits a
// screen, a file a sitting. Tests are exempt.
const (
	maxFuncLines = 80
	maxFileLines = 600
)

// longFuncs are the non-test functions allowed over maxFuncLines, each
// "path:Func" (a method by its name alone) with why. Split one and delete
// its line: TestNoFunctionIsLongerThanAScreen names (in its log, so that a
// split landing beside another's does not fail) each line that no longer
// names a long function.
var longFuncs = map[string]string{}

// longFiles are the non-test files allowed over maxFileLines, with why, as
// longFuncs.
var longFiles = map[string]string{}

// TestNoFunctionIsLongerThanAScreen parses every non-test Go file of the
// module and lists each function over maxFuncLines lines and each file
// over maxFileLines that its exception list does not name, and logs each
// exception that no longer applies.
func TestNoFunctionIsLongerThanAScreen(t *testing.T) {
	fset := token.NewFileSet()
	seen := map[string]bool{}
	var long []string
	eachSource(t, func(rel string, src []byte) error {
		if n := strings.Count(string(src), "\n"); n > maxFileLines {
			seen[rel] = true
			if _, ok := longFiles[rel]; !ok {
				long = append(long, fmt.Sprintf("%s: a file of %d lines", rel, n))
			}
		}
		f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			key := rel + ":" + fd.Name.Name
			if n > maxFuncLines {
				seen[key] = true
				if _, ok := longFuncs[key]; !ok {
					long = append(long, fmt.Sprintf("%s: %d lines", key, n))
				}
			}
		}
		return nil
	})
	for _, l := range long {
		t.Errorf("%s, over the house's %d a function, %d a file: split it by what it does", l, maxFuncLines, maxFileLines)
	}
	var stale []string
	for k := range longFuncs {
		if !seen[k] {
			stale = append(stale, k)
		}
	}
	for k := range longFiles {
		if !seen[k] {
			stale = append(stale, k)
		}
	}
	slices.Sort(stale)
	for _, k := range stale {
		t.Logf("%s is no longer long (or no longer there): delete it from the exceptions", k)
	}
}
