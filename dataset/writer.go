package dataset

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/surakarta/surakarta/internal/atomicfile"
)

// DefaultRowGroupRows is the row-group size limit of the writers: large
// enough for fast column scans (DuckDB splits work by row group), small
// enough that a writer's buffered row group stays a few tens of MB.
const DefaultRowGroupRows = 1 << 16

// zstdCodec is shared by all writers so that its pool of encoders (each
// with a history buffer of several MB) serves every part instead of being
// rebuilt, and left to the collector, for each file.
var zstdCodec = &zstd.Codec{Level: zstd.SpeedDefault}

// Writer writes one part file of a table: rows of type T (PositionRow or
// GameRow), zstd-compressed, in row groups of at most DefaultRowGroupRows,
// with the FileMeta in the footer. It writes a hidden temporary file and
// renames it to the part's path on Commit (package atomicfile), so that a
// part either exists complete or not at all, and hashes the bytes on the
// way for the part's commit record.
// A Writer is not safe for concurrent use: one goroutine owns it.
type Writer[T Row] struct {
	f    *atomicfile.File
	sum  *summer
	pw   *parquet.GenericWriter[T]
	rows int64
	done bool
	fs   FileSum
}

// PositionWriter writes a part of the positions table.
type PositionWriter = Writer[PositionRow]

// GameWriter writes a part of the games table.
type GameWriter = Writer[GameRow]

// Create starts the part of T's table in dataset dir that holds games
// meta.FirstGame..meta.LastGame of variant meta.Variant. It sets meta.Table,
// and meta.Version and meta.Revision when empty. Writers of one game range
// exclude each other through LockGames, not here.
func Create[T Row](dir string, meta FileMeta) (*Writer[T], error) {
	meta.Table = tableOf[T]()
	if meta.Version == "" && meta.Revision == "" {
		meta.Version, meta.Revision = BuildVersion()
	}
	if meta.FirstGame < 0 || meta.LastGame < meta.FirstGame || meta.LastGame > MaxGameID {
		return nil, fmt.Errorf("dataset: bad game id range %d..%d", meta.FirstGame, meta.LastGame)
	}
	path := PartPath(dir, meta.Table, meta.Variant, meta.FirstGame)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := atomicfile.Create(path)
	if err != nil {
		return nil, err
	}
	opts := []parquet.WriterOption{
		parquet.Compression(zstdCodec),
		parquet.MaxRowsPerRowGroup(DefaultRowGroupRows),
		parquet.CreatedBy("surakarta", meta.Version, meta.Revision),
	}
	for _, kv := range meta.keyValues() {
		opts = append(opts, parquet.KeyValueMetadata(kv[0], kv[1]))
	}
	s := newSummer(f)
	return &Writer[T]{f: f, sum: s, pw: parquet.NewGenericWriter[T](s, opts...)}, nil
}

// Path returns the file's final path.
func (w *Writer[T]) Path() string { return w.f.Path() }

// Rows returns the number of rows written so far.
func (w *Writer[T]) Rows() int64 { return w.rows }

// Write appends rows to the part.
func (w *Writer[T]) Write(rows []T) error {
	if w.done {
		return fmt.Errorf("dataset: write to %s after commit or abort", w.Path())
	}
	n, err := w.pw.Write(rows)
	w.rows += int64(n)
	if err != nil {
		return fmt.Errorf("writing %s: %w", w.Path(), err)
	}
	return nil
}

// Commit writes the footer, syncs the file and renames it into place. A
// part of the same name that already exists is never overwritten.
func (w *Writer[T]) Commit() error {
	if w.done {
		return fmt.Errorf("dataset: commit of %s after commit or abort", w.Path())
	}
	w.done = true
	if err := w.pw.Close(); err != nil {
		w.f.Abort()
		return fmt.Errorf("finishing %s: %w", w.Path(), err)
	}
	w.fs = w.sum.sum(w.Path())
	if err := w.f.Commit(true); err != nil {
		return fmt.Errorf("%w: two runs wrote the same part, or the write failed", err)
	}
	return nil
}

// Sum returns the size and SHA-256 of the committed file, for its part's
// CommitRecord; zero before Commit.
func (w *Writer[T]) Sum() FileSum { return w.fs }

// Abort discards the part: the temporary file is closed and removed.
// Abort after Commit does nothing.
func (w *Writer[T]) Abort() {
	if w.done {
		return
	}
	w.done = true
	w.f.Abort()
}

// WritePart writes one complete part: the games and positions of the game
// id range meta.FirstGame..meta.LastGame, positions first (a part counts as
// written only once both files exist), then its commit record. Rows must be ordered by game id,
// then ply. It suits small writes and tests; self-play streams rows
// through one Writer per table instead.
func WritePart(dir string, meta FileMeta, games []GameRow, positions []PositionRow) error {
	ps, err := WriteRows(dir, meta, positions)
	if err != nil {
		return err
	}
	gs, err := WriteRows(dir, meta, games)
	if err != nil {
		return err
	}
	return WriteCommit(dir, meta.Variant, CommitRecord{FirstGame: meta.FirstGame, LastGame: meta.LastGame, Games: gs, Positions: ps})
}

// WriteRows writes rows as one complete part of T's table, created,
// written and committed (or not there at all), and returns the file's sum.
func WriteRows[T Row](dir string, meta FileMeta, rows []T) (FileSum, error) {
	w, err := Create[T](dir, meta)
	if err != nil {
		return FileSum{}, err
	}
	if err := w.Write(rows); err != nil {
		w.Abort()
		return FileSum{}, err
	}
	if err := w.Commit(); err != nil {
		return FileSum{}, err
	}
	return w.Sum(), nil
}
