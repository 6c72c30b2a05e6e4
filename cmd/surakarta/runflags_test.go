package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/surakarta/surakarta/internal/app/runspec"
	"github.com/surakarta/surakarta/internal/base/setting"
)

// playingCommands are the commands that play games, by path.
var playingCommands = []string{"selfplay", "match", "pipeline", "train", "experiment run"}

func findCommand(t *testing.T, path string) *cobra.Command {
	t.Helper()
	c, _, err := newRootCommand().Find(strings.Fields(path))
	if err != nil || c.CommandPath() != "surakarta "+path {
		t.Fatalf("no command %q: %v", path, err)
	}
	return c
}

// TestRunFlagsComeFromTheTable: on every command that plays, a flag named
// for a run setting is bound from runspec's table (it writes into the
// command's runspec.Settings), never declared by hand, so that a setting's
// one declaration gives every command its flag, default and check;
// selfplay, which takes them all, has a flag for each.
func TestRunFlagsComeFromTheTable(t *testing.T) {
	for _, path := range playingCommands {
		c := findCommand(t, path)
		settings := runspec.Declared()
		for i := range settings {
			s := &settings[i]
			f := c.Flags().Lookup(s.Flag())
			if f == nil {
				if path == "selfplay" {
					t.Errorf("selfplay has no --%s", s.Flag())
				}
				continue
			}
			if _, ok := f.Value.(*setting.Value[runspec.Settings]); !ok {
				t.Errorf("%s --%s is declared by hand, not bound from runspec's table (addRunFlags)", path, s.Flag())
			}
		}
	}
}

// TestRunSettingErrorsReadAlike: a run setting out of range is refused in
// the same words, naming the flag, by every command that takes it.
func TestRunSettingErrorsReadAlike(t *testing.T) {
	dir := t.TempDir()
	base := map[string][]string{
		"selfplay":       {"selfplay", "--out", filepath.Join(dir, "s")},
		"match":          {"match", "--games", "2"},
		"pipeline":       {"pipeline", "--out", filepath.Join(dir, "p")},
		"train":          {"train", "--out", filepath.Join(dir, "t")},
		"experiment run": {"experiment", "run", filepath.Join(dir, "none.yaml"), "--out", filepath.Join(dir, "e")},
	}
	for _, tc := range []struct{ flag, value, want string }{
		{"random-opening", "1001", "--random-opening 1001: want 0..1000 plies"},
		{"concurrency", "-1", "--concurrency -1: want 1 or more, or 0 for one per CPU"},
		{"workers", "-1", "--concurrency -1: want 1 or more, or 0 for one per CPU"},
	} {
		for _, path := range playingCommands {
			if findCommand(t, path).Flags().Lookup(tc.flag) == nil {
				continue
			}
			args := append(append([]string(nil), base[path]...), "--"+tc.flag, tc.value, "--quiet")
			if _, _, err := run(t, "", args...); err == nil || err.Error() != tc.want {
				t.Errorf("%s --%s %s: %v, want %q", path, tc.flag, tc.value, err, tc.want)
			}
		}
	}
}
