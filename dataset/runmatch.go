package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/internal/base/setting"
)

// SettingDiff is one setting in which two runs differ.
type SettingDiff struct {
	// Setting names it: a field of the manifest ("seed",
	// "random_opening", "game_ids", "schema_version", "variant"), a key
	// of the rules ("no-capture-limit") or of the engine description
	// ("sims"), or "rules" or "engine" when that text is not in its usual
	// form: the setting's name, which a command says by its flag (Said).
	Setting string
	// Mine is this run's value and Have the partition's, as text;
	// "(not recorded)" when one side lacks the setting.
	Mine, Have string
}

func (d SettingDiff) String() string {
	return fmt.Sprintf("%s: this run has %q, the partition holds %q", d.Setting, d.Mine, d.Have)
}

// Said says the difference naming the setting (setting.Key), as
// selfplay, match and train say a mismatch on resuming, "random_opening:
// this run 4, HAVE 2" (a command says the setting by its flag:
// "--random-opening: ..."), where have names what holds the other
// settings ("the partition").
func (d SettingDiff) Said(have string) error {
	switch d.Setting {
	case "schema_version":
		return fmt.Errorf("schema version: this program writes %s, %s holds %s (written by another version of surakarta)", d.Mine, have, d.Have)
	case "rules", "engine": // texts not in their usual form
		return fmt.Errorf("%s: this run %q, %s %q", d.Setting, d.Mine, have, d.Have)
	}
	return setting.Errorf("%s: this run %s, %s %s", setting.Key(strings.ReplaceAll(d.Setting, "-", "_")), d.Mine, have, d.Have)
}

// Restore returns the setting and value that set the setting back to the
// value on disk (sims=100, a command's --sims 100), and false where no
// setting of a command does (the schema version, the variant, a game-id
// selection or a start, a text out of its usual form, a setting not
// recorded there).
func (d SettingDiff) Restore() (setting.Ref, bool) {
	switch d.Setting {
	case "schema_version", "variant", "rules", "engine", "game_ids", "start":
		return setting.Ref{}, false
	}
	if d.Have == notRecorded {
		return setting.Ref{}, false
	}
	return setting.Set(strings.ReplaceAll(d.Setting, "-", "_"), d.Have), true
}

// RunMismatchError is the refusal to mix runs: Partition already holds a
// run whose settings differ from this one's in every one of Diffs.
type RunMismatchError struct {
	Partition string
	Diffs     []SettingDiff
}

func (e *RunMismatchError) Error() string {
	parts := make([]string, len(e.Diffs))
	for i, d := range e.Diffs {
		parts[i] = d.String()
	}
	return fmt.Sprintf("%s already holds a different run (%s): write to another directory or repeat that run's settings",
		e.Partition, strings.Join(parts, "; "))
}

const notRecorded = "(not recorded)"

// Diffs lists every setting in which r differs from o, the settings already
// on disk: the rules and the engine description key by key. Games is not
// compared: a run may grow (game i does not depend on the run's number of
// games), and ClaimRun decides when it may.
func (r Run) Diffs(o Run) []SettingDiff {
	var out []SettingDiff
	seen := map[string]bool{}
	add := func(name, mine, have string) {
		if mine != have && !seen[name] {
			seen[name] = true
			out = append(out, SettingDiff{name, mine, have})
		}
	}
	// Runs of earlier schema versions are this program's to compare and
	// resume (it reads every earlier version: a part of one is as good as
	// its own), one of a later version is not.
	if max(r.SchemaVersion, o.SchemaVersion) > SchemaVersion {
		add("schema_version", strconv.Itoa(r.SchemaVersion), strconv.Itoa(o.SchemaVersion))
	}
	add("game", r.GameName(), o.GameName())
	add("variant", r.Variant, o.Variant)
	diffPairs(r.Rules, o.Rules, "rules", splitRules, add)
	diffPairs(string(r.Engine), string(o.Engine), "engine", splitJSONObject, add)
	add("seed", strconv.FormatUint(r.Seed, 10), strconv.FormatUint(o.Seed, 10))
	add("random_opening", strconv.Itoa(r.RandomOpening), strconv.Itoa(o.RandomOpening))
	proc := func(s string) string {
		if s == "" {
			return OpeningRandom
		}
		return s
	}
	add("opening", proc(r.Opening), proc(o.Opening))
	start := func(s string) string {
		if s == "" {
			return "(the standard start)"
		}
		return s
	}
	add("start", start(r.Start), start(o.Start))
	gid := func(s string) string {
		if s == "" {
			return "(all games)"
		}
		return s
	}
	add("game_ids", gid(r.GameIDs), gid(o.GameIDs))
	return out
}

// diffPairs compares two texts of key=value settings key by key, in the
// order of mine's keys and then have's others; when either does not
// split, the whole texts under name.
func diffPairs(mine, have, name string, split func(string) ([][2]string, bool), add func(name, mine, have string)) {
	pm, okM := split(mine)
	ph, okH := split(have)
	if !okM || !okH {
		add(name, mine, have)
		return
	}
	lookup := func(pairs [][2]string, k string) string {
		for _, p := range pairs {
			if p[0] == k {
				return p[1]
			}
		}
		return notRecorded
	}
	for _, p := range pm {
		add(p[0], p[1], lookup(ph, p[0]))
	}
	for _, p := range ph {
		add(p[0], lookup(pm, p[0]), p[1])
	}
}

// DiffJSON lists the keys in which two JSON objects differ, as Diffs does
// an engine description: key by key in the order of mine's keys and then
// have's others, a nested object's keys under "key.inner"; "(not
// recorded)" stands for a missing key. A text that is not an object is
// compared whole, under the name "".
func DiffJSON(mine, have string) []SettingDiff {
	var out []SettingDiff
	seen := map[string]bool{}
	var walk func(prefix, mine, have string)
	walk = func(prefix, mine, have string) {
		diffPairs(mine, have, prefix, splitJSONObject, func(name, m, h string) {
			if name != prefix && prefix != "" {
				name = prefix + "." + name
			}
			if m == h || seen[name] {
				return
			}
			seen[name] = true
			if _, ok := splitJSONObject(m); ok {
				if _, ok := splitJSONObject(h); ok {
					walk(name, m, h)
					return
				}
			}
			out = append(out, SettingDiff{name, m, h})
		})
	}
	walk("", mine, have)
	return out
}

// splitRules splits rules.Rules.String's form, "k=v,k=v".
func splitRules(s string) ([][2]string, bool) {
	var out [][2]string
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, false
		}
		out = append(out, [2]string{k, v})
	}
	return out, true
}

// splitJSONObject splits a flat JSON object into its keys and values in
// order (strings unquoted, other values as written).
func splitJSONObject(s string) ([][2]string, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var out [][2]string
	for dec.More() {
		t, err := dec.Token()
		k, isKey := t.(string)
		if err != nil || !isKey {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		v := string(raw)
		if u, err := strconv.Unquote(v); err == nil && strings.HasPrefix(v, `"`) {
			v = u
		}
		out = append(out, [2]string{k, v})
	}
	return out, true
}

// UnmarshalJSON reads a run as json.Marshal writes it (the engine as the
// object it is: setting.JSON), and the manifests of earlier versions, whose
// engine is a string; an unknown field is an error. The engine object is
// kept compact, as the footers hold it.
func (r *Run) UnmarshalJSON(data []byte) error {
	type fields Run // Run without this method
	var j fields
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return err
	}
	*r = Run(j)
	return nil
}
