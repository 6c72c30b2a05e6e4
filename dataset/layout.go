package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

// Layout: DIR/TABLE/game=G/variant=V/part-FIRSTID.parquet, FIRSTID the
// part's first game id in ten zero-padded digits so that names sort by game
// id. Datasets of schema versions 1 and 2 (Surakarta's alone) have
// DIR/TABLE/variant=V/ instead, which is read, and resumed, where it is.
// Beside the games parts, files whose names start with "_" (which
// Hive-style readers skip and *.parquet globs do not match) keep the run's
// bookkeeping: the manifest (_run.json), one commit record per part
// (_commit-FIRSTID.json), the journals of parts in progress
// (_journal-FIRSTID-LASTID.*) and the writers' lock files (_lock*).
// Anything else in a partition is unexpected: verify and inspect name it.
const (
	partPrefix    = "part-"
	partSuffix    = ".parquet"
	legacyTmp     = ".tmp" // part-FIRSTID.parquet.tmp, written by earlier versions
	commitPrefix  = "_commit-"
	commitSuffix  = ".json"
	journalPrefix = "_journal-"
	lockPrefix    = "_lock"
	// MaxGameID bounds game ids so that part names keep ten digits.
	MaxGameID = 9_999_999_999
)

// Key returns the key of a game's variant partition, as the functions
// that take one (PartitionDir, Complete, ReadManifest...) and Variants
// spell it: the variant alone for DefaultGame, so that Surakarta's keys
// are the variant names they always were; "GAME/VARIANT" for another game.
func Key(game, variant string) string {
	if game == DefaultGame || game == "" {
		return variant
	}
	return game + "/" + variant
}

// SplitKey returns the game and variant of a partition key (Key).
func SplitKey(key string) (game, variant string) {
	if g, v, ok := strings.Cut(key, "/"); ok {
		return g, v
	}
	return DefaultGame, key
}

// PartitionName says a partition by its key (Key) in the words of its
// directories: "game=G/variant=V".
func PartitionName(key string) string {
	game, variant := SplitKey(key)
	return "game=" + game + "/variant=" + variant
}

// PartitionDir returns the directory of one table's partition of a game
// and variant, by its key (Key): DIR/TABLE/game=G/variant=V, or for
// Surakarta the DIR/TABLE/variant=V of schema versions 1 and 2 where the
// dataset has that layout (its games or this table hold that directory),
// so that an earlier dataset resumes where it is.
func PartitionDir(dir, table, key string) string {
	game, variant := SplitKey(key)
	if game == DefaultGame {
		for _, t := range []string{table, TableGames} {
			legacy := filepath.Join(dir, t, "variant="+variant)
			if st, err := os.Stat(legacy); err == nil && st.IsDir() {
				return filepath.Join(dir, table, "variant="+variant)
			}
		}
	}
	return filepath.Join(dir, table, "game="+game, "variant="+variant)
}

// PartPath returns the path of the part of a table that starts at game id
// first.
func PartPath(dir, table, variant string, first int64) string {
	return filepath.Join(PartitionDir(dir, table, variant), partName(first))
}

func partName(first int64) string { return fmt.Sprintf("%s%010d%s", partPrefix, first, partSuffix) }

// parseID parses a ten-digit game id.
func parseID(s string) (int64, bool) {
	if len(s) != 10 {
		return 0, false
	}
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id >= 0
}

// parsePartName returns the first game id a complete part's file name
// carries.
func parsePartName(name string) (first int64, ok bool) {
	rest, found := strings.CutPrefix(name, partPrefix)
	if !found {
		return 0, false
	}
	rest, found = strings.CutSuffix(rest, partSuffix)
	if !found {
		return 0, false
	}
	return parseID(rest)
}

// parseTempName recognises the temporary file of a file being written:
// atomicfile's hidden ".NAME.tmp-*" and the ".tmp" suffix of earlier
// versions. target is NAME, the file it would have become.
func parseTempName(name string) (target string, ok bool) {
	if atomicfile.IsTemp(name) {
		t := strings.TrimPrefix(name, ".")
		return t[:strings.LastIndex(t, ".tmp-")], true
	}
	if t, found := strings.CutSuffix(name, legacyTmp); found && strings.HasPrefix(t, partPrefix) {
		return t, true
	}
	return "", false
}

// PartFile is one file of a partition: its path and, for a part, its
// first game id.
type PartFile struct {
	Path  string
	First int64
}

// Listing is what one table's partition of a game and variant holds,
// by kind (ReadListing): what verify and inspect report of it.
type Listing struct {
	// Dir is the partition's directory (PartitionDir).
	Dir string
	// Parts are the complete part files, sorted by first game id.
	Parts []PartFile
	// Temps are temporary files of writes in progress or killed; First is
	// the part's first game id, or -1 for another file (a manifest).
	Temps []PartFile
	// Commits maps a part's first game id to its commit record's path,
	// Journals lists the journals of parts in progress (games table only).
	Commits  map[int64]string
	Journals []PartFile
	// Unexpected lists every other entry: no reader of this program reads
	// it, but a *.parquet glob may.
	Unexpected []string
}

// ReadListing lists one table's partition of a key (Key); an absent
// partition is empty.
func ReadListing(dir, table, variant string) (*Listing, error) {
	p := &Listing{Dir: PartitionDir(dir, table, variant), Commits: map[int64]string{}}
	entries, err := os.ReadDir(p.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, err
	}
	games := table == TableGames
	for _, e := range entries {
		name, path := e.Name(), filepath.Join(p.Dir, e.Name())
		if e.IsDir() {
			p.Unexpected = append(p.Unexpected, path)
			continue
		}
		if first, ok := parsePartName(name); ok {
			p.Parts = append(p.Parts, PartFile{path, first})
			continue
		}
		if target, ok := parseTempName(name); ok {
			first, isPart := parsePartName(target)
			if !isPart {
				first, isPart = parseCommitName(target)
			}
			if !isPart {
				first = -1
			}
			p.Temps = append(p.Temps, PartFile{path, first})
			continue
		}
		if games {
			if first, ok := parseCommitName(name); ok {
				p.Commits[first] = path
				continue
			}
			if first, _, ok := parseJournalName(name); ok {
				p.Journals = append(p.Journals, PartFile{path, first})
				continue
			}
			if name == ManifestName || strings.HasPrefix(name, lockPrefix) {
				continue
			}
		}
		p.Unexpected = append(p.Unexpected, path)
	}
	sort.Slice(p.Parts, func(i, j int) bool { return p.Parts[i].First < p.Parts[j].First })
	return p, nil
}

// listParts returns the complete part files of a table's variant partition
// sorted by first game id; none when the partition does not exist.
func listParts(dir, table, variant string) ([]PartFile, error) {
	p, err := ReadListing(dir, table, variant)
	if err != nil {
		return nil, err
	}
	return p.Parts, nil
}

// Variants returns the keys (Key) of the partitions present in either
// table of dir, sorted: Surakarta's variants by their names, whichever
// layout holds them, and another game's as "GAME/VARIANT".
func Variants(dir string) ([]string, error) {
	if st, err := os.Stat(dir); err != nil {
		return nil, err
	} else if !st.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	seen := map[string]bool{}
	for _, table := range []string{TablePositions, TableGames, TableMatches} {
		entries, err := os.ReadDir(filepath.Join(dir, table))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			if v, ok := strings.CutPrefix(e.Name(), "variant="); ok {
				seen[v] = true
				continue
			}
			game, ok := strings.CutPrefix(e.Name(), "game=")
			if !ok {
				continue
			}
			inner, err := os.ReadDir(filepath.Join(dir, table, e.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range inner {
				if v, ok := strings.CutPrefix(f.Name(), "variant="); ok && f.IsDir() {
					seen[Key(game, v)] = true
				}
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

// VariantsOrAll returns []string{variant}, or every variant of dir when
// variant is empty.
func VariantsOrAll(dir, variant string) ([]string, error) {
	if variant != "" {
		return []string{variant}, nil
	}
	vs, err := Variants(dir)
	if err != nil {
		return nil, err
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("%s holds no dataset: expected %s/game=G/variant=V/ or %s/game=G/variant=V/ inside", dir, TablePositions, TableGames)
	}
	return vs, nil
}

// Range is an inclusive range of game ids.
type Range struct{ First, Last int64 }

// Len returns the number of ids in r.
func (r Range) Len() int64 { return r.Last - r.First + 1 }

// ShardRange returns the game ids [lo, hi) of shard i of n in a run of
// games games: [i·games/n, (i+1)·games/n).
func ShardRange(games int64, i, n int) (lo, hi int64) {
	return games * int64(i) / int64(n), games * int64(i+1) / int64(n)
}

// Complete returns the game id ranges of the parts of a variant partition
// that are complete in both tables, sorted by first id. Only those games
// count as written; a resumed run plays the rest.
func Complete(dir, variant string) ([]Range, error) {
	parts, err := ReadLayout(dir, variant)
	if err != nil {
		return nil, err
	}
	var out []Range
	for _, pp := range parts.Complete() {
		f, err := Open(pp.Games.Path)
		if err != nil {
			return nil, err
		}
		m := f.Meta
		f.Close()
		if m.FirstGame != pp.First {
			return nil, misnamedPart(dir, pp, m.FirstGame)
		}
		out = append(out, Range{m.FirstGame, m.LastGame})
	}
	return out, nil
}

// misnamedPart is the error of a part whose footer says it starts at game
// first while its name says pp.First: a copy or a rename, which no writer
// makes. Its rows belong to other games, so nothing here removes it: the
// error names each of its files and says to move them out of the dataset.
func misnamedPart(dir string, pp *Pair, first int64) error {
	files := []string{pp.Games.Path, pp.Other.Path, pp.Commit}
	files = slices.DeleteFunc(files, func(p string) bool { return p == "" })
	return fmt.Errorf("%s: footer says the part starts at game %d, its name says %d: it is a copy or a rename of another part, not written under this name; move %s out of %s (to a folder outside the dataset), then run again",
		pp.Games.Path, first, pp.First, strings.Join(files, " and "), dir)
}

// Pair is what a partition holds of one part: its file in the games table
// and in the run's other table (Layout.Table: positions or matches), and
// its commit record (empty paths for what is missing).
type Pair struct {
	First        int64
	Games, Other PartFile
	Commit       string
}

// whole reports whether both tables hold the part. A part written by this
// version also has a commit record once whole; earlier versions wrote
// none.
func (p *Pair) whole() bool { return p.Games.Path != "" && p.Other.Path != "" }

// Layout is a partition of both of its run's tables, part by part: the
// games table and the other table, Table (positions for self-play,
// matches for a match's record). A resume repairs it; verify, inspect and
// Check read it.
type Layout struct {
	Games, Other *Listing
	Table        string
	ByFirst      []*Pair // sorted by first game id
}

// OtherTable returns the table whose parts pair with the games parts of a
// variant partition of dir (by its key, Key): TableMatches for a match's
// record (match --out), whose partition has a matches table, and
// TablePositions for self-play.
func OtherTable(dir, variant string) string {
	if st, err := os.Stat(PartitionDir(dir, TableMatches, variant)); err == nil && st.IsDir() {
		return TableMatches
	}
	return TablePositions
}

// ReadLayout lists the partition of a key (Key) in both tables, part by
// part.
func ReadLayout(dir, variant string) (*Layout, error) {
	g, err := ReadListing(dir, TableGames, variant)
	if err != nil {
		return nil, err
	}
	table := OtherTable(dir, variant)
	p, err := ReadListing(dir, table, variant)
	if err != nil {
		return nil, err
	}
	ps := &Layout{Games: g, Other: p, Table: table}
	m := map[int64]*Pair{}
	get := func(first int64) *Pair {
		if m[first] == nil {
			m[first] = &Pair{First: first}
			ps.ByFirst = append(ps.ByFirst, m[first])
		}
		return m[first]
	}
	for _, f := range g.Parts {
		get(f.First).Games = f
	}
	for _, f := range p.Parts {
		get(f.First).Other = f
	}
	for first, path := range g.Commits {
		get(first).Commit = path
	}
	sort.Slice(ps.ByFirst, func(i, j int) bool { return ps.ByFirst[i].First < ps.ByFirst[j].First })
	return ps, nil
}

// Complete returns the parts that both tables hold, sorted by first game
// id.
func (ps *Layout) Complete() []*Pair {
	var out []*Pair
	for _, p := range ps.ByFirst {
		if p.whole() {
			out = append(out, p)
		}
	}
	return out
}

// Cleanup removes what an interrupted run of the variant partition left
// for game ids in [lo, hi): temporary files, parts of one table whose
// other table's part is missing (their games count as not written) and
// commit records without their parts. Parts outside the range belong to
// other shards and are left alone. The caller holds the range's lock
// (LockGames).
func Cleanup(dir, variant string, lo, hi int64) (removed []string, err error) {
	paths, err := Leftovers(dir, variant, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, p)
	}
	return removed, nil
}

// Leftovers lists, sorted, what Cleanup would remove.
func Leftovers(dir, variant string, lo, hi int64) ([]string, error) {
	ps, err := ReadLayout(dir, variant)
	if err != nil {
		return nil, err
	}
	in := func(first int64) bool { return first >= lo && first < hi }
	var out []string
	for _, part := range []*Listing{ps.Games, ps.Other} {
		for _, t := range part.Temps {
			if in(t.First) {
				out = append(out, t.Path)
			}
		}
	}
	for _, p := range ps.ByFirst {
		if p.whole() || !in(p.First) {
			continue
		}
		for _, path := range []string{p.Games.Path, p.Other.Path, p.Commit} {
			if path != "" {
				out = append(out, path)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// FormatRanges writes game id ranges as "0..9, 20..29" (sep ", ", for
// people) or in the --game-ids form "0-9,20-29" (sep ",", a single id
// alone: "3,7-9"), which selfplay.ParseGameIDs reads. It is the project's
// one formatter of id ranges.
func FormatRanges(rs []Range, sep string) string {
	dots := ".."
	if sep == "," {
		dots = "-"
	}
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.FormatInt(r.First, 10))
		if r.Last > r.First || sep != "," {
			b.WriteString(dots + strconv.FormatInt(r.Last, 10))
		}
	}
	return b.String()
}

// IsMatchRecord reports whether dir is a match's record (match --out): a
// games table with a matches table beside it and no positions, which
// Verify and a fit cannot use.
func IsMatchRecord(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, TableMatches))
	return err == nil && st.IsDir()
}
