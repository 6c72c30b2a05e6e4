package tablebase

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/surakarta/surakarta/internal/base/setting"
	"github.com/surakarta/surakarta/rules"
)

// BuildJSON is tablebase build's result, as --json prints it and as its
// text line says it.
type BuildJSON struct {
	Dir     string   `json:"dir"`
	Rules   string   `json:"rules"`
	Pieces  int      `json:"pieces"`
	Built   []string `json:"built"`
	Kept    []string `json:"kept"`
	Removed []string `json:"removed_temps"`
	Classes int64    `json:"classes"`
	Bytes   int64    `json:"bytes"`
	// LongestPlies is the longest distance of the balances built.
	LongestPlies int     `json:"longest_plies"`
	Seconds      float64 `json:"seconds"`
}

// NewBuildJSON returns the result of a build into dir with o that reported
// rep and took took.
func NewBuildJSON(dir string, o BuildOptions, rep BuildReport, took time.Duration) BuildJSON {
	return BuildJSON{
		Dir: dir, Rules: o.Rules.String(), Pieces: o.Pieces,
		Built: fileNames(o.Rules, rep.Built), Kept: fileNames(o.Rules, rep.Kept), Removed: nonNil(rep.Removed),
		Classes: rep.Classes, Bytes: rep.Bytes, LongestPlies: rep.MaxPlies, Seconds: took.Seconds(),
	}
}

// WriteText writes the build's one line.
func (j BuildJSON) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "tables of up to %d pieces for %s in %s: %d balances built, %d kept, %d classes, %d bytes, longest distance %d plies, %.1f s\n",
		j.Pieces, j.Rules, j.Dir, len(j.Built), len(j.Kept), j.Classes, j.Bytes, j.LongestPlies, j.Seconds)
	return err
}

// VerifyJSON is tablebase verify's result: one entry per rules found in
// the directory and the temporary files a killed build left there.
type VerifyJSON struct {
	Dir       string           `json:"dir"`
	Sound     bool             `json:"sound"`
	Tables    []VerifiedTables `json:"tables"`
	Leftovers []string         `json:"leftovers"`
}

// VerifiedTables is what verify found of one rules' tables.
type VerifiedTables struct {
	Rules   string   `json:"rules"`
	Pieces  int      `json:"pieces"`
	Files   int      `json:"files"`
	Classes int64    `json:"classes"`
	Bytes   int64    `json:"bytes"`
	Missing []string `json:"missing"`
	// Build is the command that adds the missing balances ("" when none is).
	Build string `json:"build,omitempty"`
}

// Add records the report of r's tables; a missing balance makes the
// directory unsound.
func (j *VerifyJSON) Add(r rules.Rules, rep VerifyReport) {
	v := VerifiedTables{Rules: r.String(), Pieces: rep.Pieces, Files: rep.Files, Classes: rep.Classes, Bytes: rep.Bytes, Missing: fileNames(r, rep.Missing)}
	if len(rep.Missing) > 0 {
		most := rep.Missing[len(rep.Missing)-1].Total()
		v.Build = setting.Sprintf("%s", BuildLine(r, most, j.Dir))
		j.Sound = false
	}
	j.Tables = append(j.Tables, v)
	if j.Leftovers == nil {
		j.Leftovers = []string{}
	}
}

// WriteText writes one line per rules and one on the leftovers.
func (j VerifyJSON) WriteText(w io.Writer) error {
	for _, t := range j.Tables {
		verdict := "sound"
		if len(t.Missing) > 0 {
			verdict = fmt.Sprintf("sound up to %d pieces, but %s missing: '%s' adds them", t.Pieces, strings.Join(t.Missing, ", "), t.Build)
		}
		if _, err := fmt.Fprintf(w, "%s: %d files for %s (up to %d pieces), %d classes, %d bytes: %s\n", j.Dir, t.Files, t.Rules, t.Pieces, t.Classes, t.Bytes, verdict); err != nil {
			return err
		}
	}
	if len(j.Leftovers) > 0 {
		names := make([]string, len(j.Leftovers))
		for i, p := range j.Leftovers {
			names[i] = filepath.Base(p)
		}
		_, err := fmt.Fprintf(w, "%s: %d temporary files of a killed build are left (%s): the next 'surakarta tablebase build' into it removes them\n", j.Dir, len(names), strings.Join(names, ", "))
		return err
	}
	return nil
}

// Err is the error of an unsound directory (a missing balance), nil when
// every rules' set is complete.
func (j VerifyJSON) Err() error {
	for _, t := range j.Tables {
		if len(t.Missing) > 0 {
			return fmt.Errorf("tables for %s in %s are incomplete: %s missing; '%s' adds them", t.Rules, j.Dir, strings.Join(t.Missing, ", "), t.Build)
		}
	}
	return nil
}

func fileNames(r rules.Rules, ms []Material) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = FileName(r, m)
	}
	return out
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
