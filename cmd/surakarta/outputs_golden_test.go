package main

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/internal/base/version"
)

// TestOutputsOfASeedAreGolden pins what the playing commands write for a
// seed: a small self-play dataset, a recorded match and an experiment's
// report, each by a SHA-256 digest in testdata/outputs-digests.txt. The
// commands' flags and configs may be reorganised; their outputs must not
// change (run with -update only for a change of output made on purpose,
// and say why in the commit). Parquet files are hashed without their footer,
// which records the program's revision; JSON and Markdown (but not commit
// records, which hash whole files) with the revision and the temporary directory replaced by placeholders.
func TestOutputsOfASeedAreGolden(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	add := func(what string, sum []byte) { lines = append(lines, fmt.Sprintf("%s %x", what, sum)) }

	sp := filepath.Join(dir, "sp")
	if _, _, err := run(t, "", "selfplay", "--games", "6", "--sims", "8", "--concurrency", "2", "--out", sp, "--quiet",
		"--random-opening", "2", "--seed", "3", "--part-games", "4", "--no-capture-limit", "30"); err != nil {
		t.Fatal(err)
	}
	add("selfplay", treeDigest(t, sp, dir))

	m := filepath.Join(dir, "m")
	stdout, _, err := run(t, "", "match", "--a", "sims=8", "--b", "sims=4,leaf=value", "--games", "6", "--seed", "2",
		"--out", m, "--quiet", "--concurrency", "2", "--random-opening", "3")
	if err != nil {
		t.Fatal(err)
	}
	add("match", treeDigest(t, m, dir))
	rows := sha256.New()
	if err := dataset.ScanMatches(m, "", func(r *dataset.MatchRow) error {
		r.RedTimeMS, r.BlackTimeMS = 0, 0 // times of the machine
		_, err := fmt.Fprintf(rows, "%+v\n", *r)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	add("match-rows", rows.Sum(nil))
	var kept []string
	for _, l := range strings.Split(stdout, "\n") {
		if !strings.HasPrefix(l, "cost:") { // times of the machine
			kept = append(kept, l)
		}
	}
	h := sha256.Sum256([]byte(strings.Join(kept, "\n")))
	add("match-stdout", h[:])

	spec := filepath.Join(dir, "tiny.yaml")
	if err := os.WriteFile(spec, []byte("name: tiny\nseed: 2\ngames: 4\nrandom_opening: 2\npairing: openings\n"+
		"engine: {sims: 6, temperature_plies: 0, noise_weight: 0}\nrules: {no_capture_limit: 30}\n"+
		"arms:\n  - {name: standard, variant: standard}\n  - {name: majority, variant: majority}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := filepath.Join(dir, "e")
	if _, _, err := run(t, "", "experiment", "run", spec, "--out", e, "--quiet", "--concurrency", "2"); err != nil {
		t.Fatal(err)
	}
	add("experiment", treeDigest(t, e, dir))
	golden(t, "outputs-digests.txt", strings.Join(lines, "\n")+"\n")
}

// treeDigest hashes the name and content of every Parquet, JSON and
// Markdown file under root (PNG and SVG plots are left out: their bytes
// follow the plotting library), in name order; see
// TestOutputsOfASeedAreGolden for what is left out of each.
func treeDigest(t *testing.T, root, tmp string) []byte {
	t.Helper()
	var names []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, path := range names {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(path) {
		case ".parquet":
			if strings.Contains(filepath.ToSlash(path), "/"+dataset.TableMatches+"/") { // measured times: see match-rows
				continue
			}
			n := len(b) - 8
			if n < 0 || string(b[n+4:]) != "PAR1" {
				t.Fatalf("%s is not a Parquet file", path)
			}
			b = b[:n-int(binary.LittleEndian.Uint32(b[n:n+4]))]
		case ".json", ".md":
			if strings.HasPrefix(filepath.Base(path), "_commit-") { // hashes of whole files, footers included
				continue
			}
			s := strings.ReplaceAll(string(b), version.VCSRevision(), "REV")
			b = []byte(strings.ReplaceAll(s, tmp, "TMP"))
		default:
			continue
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return h.Sum(nil)
}
