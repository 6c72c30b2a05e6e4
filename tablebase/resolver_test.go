package tablebase

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// TestResolverNamedTablesMustLoad: tables named as "" are none; named
// tables that do not load are a *TablesError naming the directory (an
// engine refuses to start on them), not a note.
func TestResolverNamedTablesMustLoad(t *testing.T) {
	r := rules.DefaultRules()
	var notes bytes.Buffer
	res := NewResolver(&notes, true, false)
	if dir, tabs, err := res.Resolve("", r, true); dir != "" || tabs != nil || err != nil {
		t.Errorf("named none: %q %v %v", dir, tabs, err)
	}
	empty := t.TempDir()
	_, tabs, err := res.Resolve(empty, r, true)
	var te *TablesError
	if !errors.As(err, &te) || te.Dir != empty || tabs != nil || notes.Len() != 0 {
		t.Errorf("named empty directory: %v, %v, notes %q", tabs, err, notes.String())
	}
	if OracleOf(nil) != nil {
		t.Error("OracleOf(nil) is not a nil oracle")
	}
}

// TestResolverReadsTheDefaultDirectoryAndSaysEachNoteOnce: not named, the
// tables are the default directory's (loaded once however often they are
// asked for); an ending one piece larger is said once; a default directory
// that does not open leaves the engine without tables, said once.
func TestResolverReadsTheDefaultDirectoryAndSaysEachNoteOnce(t *testing.T) {
	r := rules.DefaultRules()
	built := tablesFor(t, r, 3)
	t.Setenv(EnvDir, built.Dir())
	var notes bytes.Buffer
	res := NewResolver(&notes, true, false)
	dir, tabs, err := res.Resolve("", r, false)
	if err != nil || dir != built.Dir() || tabs == nil || tabs.Pieces() != 3 || OracleOf(tabs) == nil {
		t.Fatalf("the default directory: %q %v %v", dir, tabs, err)
	}
	if _, again, _ := res.Resolve("", r, false); again != tabs {
		t.Error("the second resolve loaded the tables again")
	}
	p, _ := rules.ParseFEN("6/2b3/1r4/6/1b4/5r r 0 30")
	res.Larger(tabs, &p)
	res.Larger(tabs, &p)
	res.Larger(nil, &p)
	if strings.Count(notes.String(), "this ending has 4 pieces") != 1 {
		t.Errorf("notes %q, want the larger tables' note once", notes.String())
	}

	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvDir, filepath.Join(file, "tables"))
	notes.Reset()
	res = NewResolver(&notes, true, false)
	for range 2 {
		if dir, tabs, err := res.Resolve("", r, false); dir != "" || tabs != nil || err != nil {
			t.Fatalf("an unreadable default directory: %q %v %v", dir, tabs, err)
		}
	}
	if strings.Count(notes.String(), "playing without endgame tables for ") != 1 {
		t.Errorf("notes %q, want one", notes.String())
	}
}
