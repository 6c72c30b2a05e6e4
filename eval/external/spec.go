package external

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/surakarta/surakarta/internal/protocol"
)

// Spec describes an external engine and how the arena drives it.
type Spec struct {
	// Name labels the engine in reports and records; Start replaces an
	// empty Name with the engine's id name.
	Name string
	// Argv is the command and its arguments; Dir the working directory
	// ("" the current one).
	Argv []string
	Dir  string
	// Options are sent as setoption NAME VALUE once the engine has
	// identified itself, in order.
	Options []Option
	// Budget is each go's budget.
	Budget protocol.Budget
	// Margin is added to a movetime budget before the engine counts as
	// hung; MoveTimeout is the limit for the other budgets, which promise
	// no time. Both also bound the wait for an answer to any other
	// command.
	Margin, MoveTimeout time.Duration
	// Log, when not nil, records every line sent and received; Tag names
	// the engine in it (match uses a and b), short and without spaces.
	// An empty Tag is the command's base name.
	Log *Transcript
	Tag string
}

// tag returns the engine's name in the transcript.
func (s *Spec) tag() string {
	if s.Tag != "" {
		return s.Tag
	}
	return strings.ReplaceAll(filepath.Base(s.Argv[0]), " ", "_")
}

// Option is one setoption of a Spec.
type Option struct{ Name, Value string }

// Defaults of the time limits.
const (
	DefaultMargin      = time.Second
	DefaultMoveTimeout = time.Minute
)

// withDefaults fills in the time limits s leaves at zero.
func (s Spec) withDefaults() Spec {
	if s.Margin <= 0 {
		s.Margin = DefaultMargin
	}
	if s.MoveTimeout <= 0 {
		s.MoveTimeout = DefaultMoveTimeout
	}
	return s
}

// deadline returns how long a go with s's budget may take.
func (s *Spec) deadline() time.Duration {
	if s.Budget.Kind == protocol.MoveTime {
		return time.Duration(s.Budget.N)*time.Millisecond + s.Margin
	}
	return s.MoveTimeout
}

// answerTimeout bounds the wait for the answer to a command other than go.
func (s *Spec) answerTimeout() time.Duration {
	return max(s.Margin, 5*time.Second)
}

// String describes the engine for a match's settings: the command line,
// working directory, options and budget.
func (s *Spec) String() string {
	var b strings.Builder
	b.WriteString("engine:" + JoinCommandLine(s.Argv))
	if s.Dir != "" {
		b.WriteString(" (in " + s.Dir + ")")
	}
	for _, o := range s.Options {
		b.WriteString(" " + o.Name + "=" + o.Value)
	}
	if bs := s.Budget.String(); bs != "" {
		b.WriteString(" go " + bs)
	}
	return b.String()
}

// SplitCommandLine splits s into words as a POSIX shell would, without
// expansions: words are separated by blanks; single quotes keep everything
// up to the next single quote; double quotes keep everything but a
// backslash before ", \, $ or `, which keeps that character; outside quotes
// a backslash keeps the next character. Variables, globs, redirections and
// pipes are not interpreted (their characters stay in the words).
func SplitCommandLine(s string) ([]string, error) {
	var words []string
	var w []byte
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words, w, inWord = append(words, string(w)), w[:0], false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("command line %q: unterminated single quote at byte %d", s, i)
			}
			w, inWord = append(w, s[i+1:i+1+j]...), true
			i += j + 1
		case c == '"':
			inWord = true
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				w = append(w, s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("command line %q: unterminated double quote", s)
			}
		case c == '\\':
			if i+1 >= len(s) {
				return nil, fmt.Errorf("command line %q: backslash at the end", s)
			}
			i++
			if s[i] != '\n' { // backslash-newline joins lines
				w = append(w, s[i])
			}
			inWord = true
		default:
			w, inWord = append(w, c), true
		}
	}
	if inWord {
		words = append(words, string(w))
	}
	if len(words) == 0 {
		return nil, errors.New("empty command line: want the engine's command and its arguments")
	}
	return words, nil
}

// JoinCommandLine quotes argv so that SplitCommandLine returns it.
func JoinCommandLine(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
		}) < 0 {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}

// FileEngine is one engine of an engines file.
type FileEngine struct {
	// Command is the command line, split as SplitCommandLine splits it.
	Command string `json:"command"`
	// Dir is the working directory, relative to the current one; a
	// relative command path (./mine) is taken from it.
	Dir string `json:"dir,omitempty"`
	// Options are set with setoption, in the order of their names.
	Options map[string]string `json:"options,omitempty"`
	// Go is the budget of each go, as the go command writes it
	// ("sims 800", "movetime 100"); empty: the match's --go.
	Go string `json:"go,omitempty"`
}

// LoadEnginesFile reads an engines file: a JSON object from engine names to
// FileEngine, e.g. {"mine": {"command": "./mine --fast", "dir": "engines",
// "options": {"hash": "64"}, "go": "movetime 100"}}.
func LoadEnginesFile(path string) (map[string]FileEngine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m map[string]FileEngine
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: not an engines file (a JSON object of name: {command, dir, options, go}): %w", path, err)
	}
	for name, e := range m {
		if _, err := SplitCommandLine(e.Command); err != nil {
			return nil, fmt.Errorf("%s: engine %q: %w", path, name, err)
		}
		if _, err := protocol.ParseBudget(e.Go); err != nil {
			return nil, fmt.Errorf("%s: engine %q: go: %w", path, name, err)
		}
	}
	return m, nil
}

// Spec returns the engine's Spec named name, with budget b where the file
// gives none.
func (e FileEngine) Spec(name string, b protocol.Budget) (Spec, error) {
	argv, err := SplitCommandLine(e.Command)
	if err != nil {
		return Spec{}, err
	}
	s := Spec{Name: name, Argv: argv, Dir: e.Dir, Budget: b, Margin: DefaultMargin, MoveTimeout: DefaultMoveTimeout}
	if e.Go != "" {
		if s.Budget, err = protocol.ParseBudget(e.Go); err != nil {
			return Spec{}, err
		}
	}
	keys := make([]string, 0, len(e.Options))
	for k := range e.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s.Options = append(s.Options, Option{k, e.Options[k]})
	}
	return s, nil
}
