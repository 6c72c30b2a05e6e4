package gamestats

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneGameRefusesDatasetsOfTwoGames: datasets of one game (in any
// number of variants) pass; a second game among them is refused, naming
// what each directory holds; a directory that does not list is left to
// the statistics.
func TestOneGameRefusesDatasetsOfTwoGames(t *testing.T) {
	root := t.TempDir()
	partition := func(name string, parts ...string) string {
		dir := filepath.Join(root, name)
		for _, p := range parts {
			if err := os.MkdirAll(filepath.Join(dir, "games", p), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	s := partition("s", "variant=standard", "variant=majority")
	s2 := partition("s2", "game=surakarta/variant=standard")
	a := partition("a", "game=alquerque/variant=standard")
	if err := OneGame([]string{s, s2, filepath.Join(root, "missing")}); err != nil {
		t.Errorf("one game's datasets: %v", err)
	}
	err := OneGame([]string{s, a})
	if err == nil || !strings.HasPrefix(err.Error(), "the datasets hold 2 games ("+s+": surakarta; "+a+": alquerque): a comparison across games measures the games") ||
		!strings.HasSuffix(err.Error(), "compare one game's datasets at a time") {
		t.Errorf("two games: %v", err)
	}
}
