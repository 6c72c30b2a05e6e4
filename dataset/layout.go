package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Layout: DIR/TABLE/variant=V/part-FIRSTID.parquet, FIRSTID the part's
// first game id in ten zero-padded digits so that names sort by game id.
// A part is written as part-FIRSTID.parquet.tmp and renamed when complete.
const (
	partPrefix = "part-"
	partSuffix = ".parquet"
	tmpSuffix  = ".tmp"
	// MaxGameID bounds game ids so that part names keep ten digits.
	MaxGameID = 9_999_999_999
)

// PartitionDir returns the directory of one table's variant partition.
func PartitionDir(dir, table, variant string) string {
	return filepath.Join(dir, table, "variant="+variant)
}

// PartPath returns the path of the part of a table that starts at game id
// first.
func PartPath(dir, table, variant string, first int64) string {
	return filepath.Join(PartitionDir(dir, table, variant), fmt.Sprintf("%s%010d%s", partPrefix, first, partSuffix))
}

// parsePartName returns the first game id a part file name carries, and
// whether the name is a complete part (not a temporary one).
func parsePartName(name string) (first int64, complete, ok bool) {
	rest, found := strings.CutPrefix(name, partPrefix)
	if !found {
		return 0, false, false
	}
	switch {
	case strings.HasSuffix(rest, partSuffix+tmpSuffix):
		rest = strings.TrimSuffix(rest, partSuffix+tmpSuffix)
	case strings.HasSuffix(rest, partSuffix):
		rest, complete = strings.TrimSuffix(rest, partSuffix), true
	default:
		return 0, false, false
	}
	if len(rest) != 10 {
		return 0, false, false
	}
	first, err := strconv.ParseInt(rest, 10, 64)
	if err != nil {
		return 0, false, false
	}
	return first, complete, true
}

// partFile is one file of a partition.
type partFile struct {
	Path  string
	First int64
}

// listParts returns the complete part files of a table's variant partition
// sorted by first game id; none when the partition does not exist.
func listParts(dir, table, variant string) ([]partFile, error) {
	return listPartFiles(dir, table, variant, true)
}

// listBothTables lists a variant partition's complete parts in the games
// and the positions table.
func listBothTables(dir, variant string) (games, positions []partFile, err error) {
	if games, err = listParts(dir, TableGames, variant); err != nil {
		return nil, nil, err
	}
	if positions, err = listParts(dir, TablePositions, variant); err != nil {
		return nil, nil, err
	}
	return games, positions, nil
}

func listPartFiles(dir, table, variant string, complete bool) ([]partFile, error) {
	pdir := PartitionDir(dir, table, variant)
	entries, err := os.ReadDir(pdir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []partFile
	for _, e := range entries {
		first, c, ok := parsePartName(e.Name())
		if !ok || c != complete || e.IsDir() {
			continue
		}
		out = append(out, partFile{filepath.Join(pdir, e.Name()), first})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].First < out[j].First })
	return out, nil
}

// Variants returns the variant partitions present in either table of dir,
// sorted.
func Variants(dir string) ([]string, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, err
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	seen := map[string]bool{}
	for _, table := range []string{TablePositions, TableGames} {
		entries, err := os.ReadDir(filepath.Join(dir, table))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if v, ok := strings.CutPrefix(e.Name(), "variant="); ok && e.IsDir() {
				seen[v] = true
			}
		}
	}
	out := make([]string, 0, len(seen))
	for v := range seen {
		out = append(out, v)
	}
	sort.Strings(out)
	return out, nil
}

// variantsOrAll returns []string{variant}, or every variant of dir when
// variant is empty.
func variantsOrAll(dir, variant string) ([]string, error) {
	if variant != "" {
		return []string{variant}, nil
	}
	vs, err := Variants(dir)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s holds no dataset: expected %s/variant=V/ or %s/variant=V/ inside", dir, TablePositions, TableGames)
	}
	return vs, nil
}

// Range is an inclusive range of game ids.
type Range struct{ First, Last int64 }

// Len returns the number of ids in r.
func (r Range) Len() int64 { return r.Last - r.First + 1 }

// Complete returns the game id ranges of the parts of a variant partition
// that are complete in both tables, sorted by first id. Only those games
// count as written; a resumed run plays the rest.
func Complete(dir, variant string) ([]Range, error) {
	games, pos, err := listBothTables(dir, variant)
	if err != nil {
		return nil, err
	}
	hasPos := map[int64]string{}
	for _, p := range pos {
		hasPos[p.First] = p.Path
	}
	var out []Range
	for _, g := range games {
		if _, ok := hasPos[g.First]; !ok {
			continue
		}
		f, err := Open(g.Path)
		if err != nil {
			return nil, err
		}
		m := f.Meta
		f.Close()
		if m.FirstGame != g.First {
			return nil, fmt.Errorf("%s: footer says the part starts at game %d, its name says %d", g.Path, m.FirstGame, g.First)
		}
		out = append(out, Range{m.FirstGame, m.LastGame})
	}
	return out, nil
}

// Cleanup removes what an interrupted run of the variant partition left
// for game ids in [lo, hi): temporary files, and parts of one table whose
// other table's part is missing (their games count as not written). Parts
// outside the range belong to other shards and are left alone.
func Cleanup(dir, variant string, lo, hi int64) (removed []string, err error) {
	paths, err := Leftovers(dir, variant, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// Leftovers lists, sorted, what Cleanup would remove.
func Leftovers(dir, variant string, lo, hi int64) ([]string, error) {
	var out []string
	for _, table := range []string{TablePositions, TableGames} {
		tmps, err := listPartFiles(dir, table, variant, false)
		if err != nil {
			return nil, err
		}
		for _, t := range tmps {
			if t.First >= lo && t.First < hi {
				out = append(out, t.Path)
			}
		}
	}
	games, pos, err := listBothTables(dir, variant)
	if err != nil {
		return nil, err
	}
	in := func(ps []partFile) map[int64]string {
		m := map[int64]string{}
		for _, p := range ps {
			m[p.First] = p.Path
		}
		return m
	}
	gm, pm := in(games), in(pos)
	for _, pair := range []struct{ a, b map[int64]string }{{gm, pm}, {pm, gm}} {
		for first, path := range pair.a {
			if _, ok := pair.b[first]; !ok && first >= lo && first < hi {
				out = append(out, path)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}
