package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

// FileSum identifies the exact bytes of a file.
type FileSum struct {
	Name   string `json:"name"`
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// CommitRecord is written beside a part's games file once both of its
// files are in place (DIR/games/game=G/variant=V/_commit-FIRSTID.json):
// the game range and the size and SHA-256 of each file, the games file's
// and the other table's (positions for self-play, matches for a match's
// record: the other is absent). Other readers (DuckDB, Spark) trust a
// file's footer statistics to skip pages; the hashes let Verify and a
// resumed run catch any changed byte, which the rows alone would not show.
type CommitRecord struct {
	FirstGame int64   `json:"first_game"`
	LastGame  int64   `json:"last_game"`
	Games     FileSum `json:"games"`
	Positions FileSum `json:"positions,omitzero"`
	Matches   FileSum `json:"matches,omitzero"`
}

// sumOf returns the record's sum of the part's file in table, the games
// table or the other table of its run (TablePositions, TableMatches).
func (rec *CommitRecord) sumOf(table string) *FileSum {
	switch table {
	case TableGames:
		return &rec.Games
	case TableMatches:
		return &rec.Matches
	}
	return &rec.Positions
}

// CommitPath returns the path of the commit record of the part that starts
// at game id first.
func CommitPath(dir, variant string, first int64) string {
	return filepath.Join(PartitionDir(dir, TableGames, variant), fmt.Sprintf("%s%010d%s", commitPrefix, first, commitSuffix))
}

func parseCommitName(name string) (int64, bool) {
	rest, ok := strings.CutPrefix(name, commitPrefix)
	if !ok {
		return 0, false
	}
	if rest, ok = strings.CutSuffix(rest, commitSuffix); !ok {
		return 0, false
	}
	return parseID(rest)
}

// WriteCommit records that the part of rec's range is complete in both
// tables of the variant partition.
func WriteCommit(dir, variant string, rec CommitRecord) error {
	return atomicfile.WriteJSON(CommitPath(dir, variant, rec.FirstGame), rec)
}

// readCommit reads a commit record.
func readCommit(path string) (CommitRecord, error) {
	var rec CommitRecord
	b, err := os.ReadFile(path)
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return rec, fmt.Errorf("%s: not a commit record: %w", path, err)
	}
	return rec, nil
}

// summer counts and hashes the bytes written through it.
type summer struct {
	w io.Writer
	h hash.Hash
	n int64
	// path is the part the bytes are for ("" when hashing a file read).
	path string
}

func newSummer(w io.Writer) *summer { return &summer{w: w, h: sha256.New()} }

// writeFault, set only by tests, is asked before each write to a part
// file and fails the write with its error: an injected full disk.
var writeFault func(path string) error

func (s *summer) Write(b []byte) (int, error) {
	if writeFault != nil && s.path != "" {
		if err := writeFault(s.path); err != nil {
			return 0, err
		}
	}
	n, err := s.w.Write(b)
	s.h.Write(b[:n])
	s.n += int64(n)
	return n, err
}

func (s *summer) sum(path string) FileSum {
	return FileSum{Name: filepath.Base(path), Bytes: s.n, SHA256: hex.EncodeToString(s.h.Sum(nil))}
}

// sumFile reads a file and returns its FileSum.
func sumFile(path string) (FileSum, error) {
	f, err := os.Open(path)
	if err != nil {
		return FileSum{}, err
	}
	defer f.Close()
	s := newSummer(io.Discard)
	if _, err := io.Copy(s, f); err != nil {
		return FileSum{}, fmt.Errorf("reading %s: %w", path, err)
	}
	return s.sum(path), nil
}

// CheckCommit compares a part's files with its commit record and returns
// what differs, each naming the file; none when the bytes are those
// committed. table is the part's other table (Layout.Table).
func (p *Pair) CheckCommit(table string) []string {
	rec, err := readCommit(p.Commit)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	if rec.FirstGame != p.First || rec.LastGame < rec.FirstGame {
		out = append(out, fmt.Sprintf("%s: records games %d..%d for the part starting at game %d", p.Commit, rec.FirstGame, rec.LastGame, p.First))
	}
	for _, c := range []struct {
		f    PartFile
		want FileSum
	}{{p.Games, rec.Games}, {p.Other, *rec.sumOf(table)}} {
		if c.f.Path == "" {
			continue
		}
		got, err := sumFile(c.f.Path)
		switch {
		case err != nil:
			out = append(out, err.Error())
		case got.Name != c.want.Name:
			out = append(out, fmt.Sprintf("%s: the commit record %s names %s", c.f.Path, filepath.Base(p.Commit), c.want.Name))
		case got.Bytes != c.want.Bytes || got.SHA256 != c.want.SHA256:
			out = append(out, fmt.Sprintf("%s: %d bytes with SHA-256 %.12s…, committed as %d bytes with %.12s…: the file changed after it was written",
				c.f.Path, got.Bytes, got.SHA256, c.want.Bytes, c.want.SHA256))
		}
	}
	return out
}
