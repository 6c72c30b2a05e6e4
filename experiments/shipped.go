package experiments

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/surakarta/surakarta/experiments/spec"
	"github.com/surakarta/surakarta/internal/base/words"
)

// shippedFS holds the specs shipped in experiments/specs, so that what the
// program says about them (experiment --help) is read from the files
// themselves and cannot leave one out.
//
//go:embed specs/*.yaml
var shippedFS embed.FS

// ShippedSpec is one spec of experiments/specs: its file name, the question
// its header's first comment paragraph asks, and its size.
type ShippedSpec struct {
	File     string
	Question string
	Arms     int
	Games    int64 // per arm
}

// ShippedSpecs lists the specs shipped in experiments/specs, by file name.
// The question is the first comment paragraph of the file, joined into one
// line; it must not end with a colon, so that experiment --help never
// shows a description cut before what it introduces.
func ShippedSpecs() ([]ShippedSpec, error) {
	names, err := fs.Glob(shippedFS, "specs/*.yaml")
	if err != nil {
		return nil, err
	}
	var out []ShippedSpec
	for _, name := range names {
		b, err := shippedFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		s, err := spec.Parse(b, false)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		var para []string
		for _, line := range strings.Split(string(b), "\n") {
			text, ok := strings.CutPrefix(line, "#")
			if text = strings.TrimSpace(text); !ok || text == "" {
				break
			}
			para = append(para, text)
		}
		if len(para) == 0 || strings.HasSuffix(para[len(para)-1], ":") {
			// A paragraph that runs on into what follows (tables.yaml's
			// once ended "Build the tables first ...:") reads cut short.
			return nil, fmt.Errorf("%s: want a first comment paragraph (# lines) saying what the spec asks, whole: not ending with a colon that introduces what follows", name)
		}
		out = append(out, ShippedSpec{File: path.Base(name), Question: strings.Join(para, " "), Arms: len(s.Arms), Games: s.Games})
	}
	return out, nil
}

// ShippedSpecsText lists the shipped specs for experiment --help: each
// file with its size, then its question wrapped under it.
func ShippedSpecsText() string {
	specs, err := ShippedSpecs()
	if err != nil {
		return "  (the shipped specs cannot be read: " + err.Error() + ")"
	}
	var b strings.Builder
	for i, s := range specs {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "  %s (%s × %d games)\n", s.File, words.Count(int64(s.Arms), "arm"), s.Games)
		line := "     "
		for _, w := range strings.Fields(s.Question) {
			if len(line)+1+len(w) > 92 {
				b.WriteString(line + "\n")
				line = "     "
			}
			line += " " + w
		}
		b.WriteString(line + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}
