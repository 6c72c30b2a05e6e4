package completion

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/surakarta/surakarta/mcts"
)

// Prefixed returns the values that start with typed, in their order (nil
// for none).
func Prefixed(values []string, typed string) []string {
	var out []string
	for _, v := range values {
		if strings.HasPrefix(v, typed) {
			out = append(out, v)
		}
	}
	return out
}

// Paths lists the directories and the files ending in ext that complete
// typed, sorted, directories with a trailing slash (so that completion can
// go on inside them: dirs reports that there is one). Hidden entries are
// left out, and a directory that cannot be read completes nothing.
func Paths(typed, ext string) (vals []string, dirs bool) {
	dir, _ := filepath.Split(typed)
	entries, err := os.ReadDir(filepath.Clean(dir + "."))
	if err != nil {
		return nil, false
	}
	for _, e := range entries {
		name := dir + e.Name()
		switch {
		case !strings.HasPrefix(name, typed) || strings.HasPrefix(e.Name(), "."):
		case e.IsDir():
			vals = append(vals, name+"/")
			dirs = true
		case strings.HasSuffix(e.Name(), ext):
			vals = append(vals, name)
		}
	}
	sort.Strings(vals)
	return vals, dirs
}

// List completes a comma-separated list of values: typed with each value
// not yet in the list that starts with its last item.
func List(values []string, typed string) []string {
	i := strings.LastIndex(typed, ",")
	done, last := typed[:i+1], typed[i+1:]
	have := map[string]bool{}
	for _, v := range strings.Split(done, ",") {
		have[v] = true
	}
	var out []string
	for _, v := range values {
		if !have[v] && strings.HasPrefix(v, last) {
			out = append(out, done+v)
		}
	}
	return out
}

// EngineSettings completes an engine's settings text, comma-separated
// key=value pairs of the engine settings (mcts.EngineSettings, by the
// names the text takes, and seed): the keys not yet given, then after
// key= the values of a setting with a fixed set, true and false for a
// switch, else those valuesOf gives for the key and the value typed so
// far (nil: none; seed has none).
func EngineSettings(typed string, valuesOf func(key, value string) []string) []string {
	i := strings.LastIndex(typed, ",")
	done, last := typed[:i+1], typed[i+1:]
	key, value, hasValue := strings.Cut(last, "=")
	if !hasValue {
		keys := []string{"seed="}
		for _, s := range mcts.EngineSettings() {
			keys = append(keys, s.Flag()+"=")
		}
		var out []string
		for _, k := range keys {
			if strings.HasPrefix(k, key) && !strings.Contains(","+done, ","+k) {
				out = append(out, done+k)
			}
		}
		return out
	}
	var vals []string
	if s := mcts.LookupSetting(key); s != nil && s.Kind == "bool" {
		vals = Prefixed([]string{"true", "false"}, value)
	} else if key != "seed" {
		vals = valuesOf(key, value)
	}
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = done + key + "=" + v
	}
	return out
}
