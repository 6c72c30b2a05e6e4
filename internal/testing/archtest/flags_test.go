package archtest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// aFlag is a CLI flag in a string: "--resume", "--%s", or a "--" that a
// flag's name follows ("--" + name).
var aFlag = regexp.MustCompile(`(^|[^-\w])--([a-z%]|$)`)

// namesNoFlagOfOurs are the strings that look like our flags and are not,
// each "FILE: the part of the string", with why: other programs' flags,
// which no command of ours could name otherwise, and a key read with or
// without the "--" a user may type before it.
var namesNoFlagOfOurs = map[string]string{
	"internal/base/version/version.go: --porcelain":          "git's arguments (the tree's state for the version), not a message",
	"internal/base/version/version.go: --untracked-files=no": "git's arguments, as above",
	"internal/app/runspec/shard.go: sbatch --array=":         "Slurm's own flag, in how to submit an array a run's shards match",
	"internal/base/setting/entry.go: --":                     "Lookup reads a setting's key with or without a flag's dashes",
	"mcts/settings.go: --":                                   "an unknown key is named without the dashes it was given with",
	"eval/match/sides.go: --":                                "a side's CONFIG key read with or without the dashes it was given with",
}

// TestOnlyCommandsNameFlags: libraries name values, commands name flags.
// A string of a non-test file outside cmd/ that names a flag of ours
// ("add --resume", "--games %d: want ...") speaks the CLI's words where a
// library caller gave no flag, and the command's flags can change under
// it: the library names the setting (setting.Errorf with setting.Key,
// Set, Cmd: "add resume", "games=4"; or a typed error such as
// runspec.SettingError) and the command says it as its flag (execute's
// flagNamed).
func TestOnlyCommandsNameFlags(t *testing.T) {
	fset := token.NewFileSet()
	var found []string
	eachSource(t, func(rel string, src []byte) error {
		f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !aFlag.MatchString(s) || notOurs(rel, s) {
				return true
			}
			found = append(found, fmt.Sprintf("%s:%d: %s", rel, fset.Position(lit.Pos()).Line, lit.Value))
			return true
		})
		return nil
	}, "cmd")
	for _, f := range found {
		t.Errorf("%s names a flag: name the setting (setting.Errorf with setting.Key or Set) and let the command say its flag", f)
	}
}

// notOurs reports whether every flag s names in the file rel is one of
// namesNoFlagOfOurs.
func notOurs(rel, s string) bool {
	for k := range namesNoFlagOfOurs {
		if file, part, _ := strings.Cut(k, ": "); file == rel {
			s = strings.ReplaceAll(s, part, "")
		}
	}
	return !aFlag.MatchString(s)
}
