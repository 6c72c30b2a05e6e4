package completion

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPrefixedKeepsTheOrderAndIsNilForNone: the values that start with
// what is typed, in the list's order; none is nil.
func TestPrefixedKeepsTheOrderAndIsNilForNone(t *testing.T) {
	if got := Prefixed([]string{"playout", "value", "pattern"}, "p"); !slices.Equal(got, []string{"playout", "pattern"}) {
		t.Errorf("%q", got)
	}
	if got := Prefixed([]string{"a"}, "b"); got != nil {
		t.Errorf("none: %q, want nil", got)
	}
}

// TestPathsListsDirectoriesAndFilesOfTheExtension: inside a directory,
// its subdirectories (with a slash) and its files of the extension,
// sorted, hidden ones left out; an unreadable directory completes nothing.
func TestPathsListsDirectoriesAndFilesOfTheExtension(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"models", ".hidden"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"w.json", "notes.txt", "m.json"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vals, dirs := Paths(dir+"/", ".json")
	if want := []string{dir + "/m.json", dir + "/models/", dir + "/w.json"}; !slices.Equal(vals, want) || !dirs {
		t.Errorf("%q %v, want %q and a directory", vals, dirs, want)
	}
	if vals, dirs := Paths(dir+"/w", ".json"); !slices.Equal(vals, []string{dir + "/w.json"}) || dirs {
		t.Errorf("after w: %q %v", vals, dirs)
	}
	if vals, dirs := Paths(filepath.Join(dir, "missing")+"/", ".json"); vals != nil || dirs {
		t.Errorf("a missing directory: %q %v", vals, dirs)
	}
}

// TestListOffersTheValuesNotYetGiven: after a comma, the values not in
// the list yet that start with the last item, each with the list before it.
func TestListOffersTheValuesNotYetGiven(t *testing.T) {
	values := []string{"variant", "reason", "source"}
	if got := List(values, "variant,re"); !slices.Equal(got, []string{"variant,reason"}) {
		t.Errorf("%q", got)
	}
	if got := List(values, "reason,"); !slices.Equal(got, []string{"reason,variant", "reason,source"}) {
		t.Errorf("%q", got)
	}
}

// TestEngineSettingsOffersKeysThenValues: the keys not given yet, the
// switches' true and false, the values valuesOf gives for the others,
// and none for seed.
func TestEngineSettingsOffersKeysThenValues(t *testing.T) {
	leaf := func(key, value string) []string {
		if key == "leaf" {
			return Prefixed([]string{"playout", "value"}, value)
		}
		return nil
	}
	if got := EngineSettings("sims=10,le", leaf); !slices.Equal(got, []string{"sims=10,leaf="}) {
		t.Errorf("a key: %q", got)
	}
	if got := EngineSettings("sims=10,si", leaf); len(got) != 0 {
		t.Errorf("a key already given: %q", got)
	}
	if got := EngineSettings("leaf=v", leaf); !slices.Equal(got, []string{"leaf=value"}) {
		t.Errorf("a value: %q", got)
	}
	if got := EngineSettings("solver=", leaf); !slices.Equal(got, []string{"solver=true", "solver=false"}) {
		t.Errorf("a switch: %q", got)
	}
	if got := EngineSettings("seed=", func(string, string) []string { return []string{"1"} }); len(got) != 0 {
		t.Errorf("seed: %q", got)
	}
}
