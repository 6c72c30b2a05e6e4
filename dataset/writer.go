package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"
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
// with the FileMeta in the footer. It writes to PATH.tmp and renames it to
// PATH on Commit, so that a part either exists complete or not at all.
// A Writer is not safe for concurrent use: one goroutine owns it.
type Writer[T Row] struct {
	path, tmp string
	f         *os.File
	pw        *parquet.GenericWriter[T]
	rows      int64
	done      bool
}

// PositionWriter writes a part of the positions table.
type PositionWriter = Writer[PositionRow]

// GameWriter writes a part of the games table.
type GameWriter = Writer[GameRow]

// Create starts the part of T's table in dataset dir that holds games
// meta.FirstGame..meta.LastGame of variant meta.Variant. It sets meta.Table,
// and meta.Version and meta.Revision when empty. It fails if a temporary
// file of the same part exists (another run writes it, or a crashed run
// left it: Cleanup removes it).
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
	tmp := path + tmpSuffix
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("%s exists: another run is writing this part, or an interrupted one left it (resume removes it)", tmp)
	}
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
	return &Writer[T]{path: path, tmp: tmp, f: f, pw: parquet.NewGenericWriter[T](f, opts...)}, nil
}

// Path returns the file's final path.
func (w *Writer[T]) Path() string { return w.path }

// Rows returns the number of rows written so far.
func (w *Writer[T]) Rows() int64 { return w.rows }

// Write appends rows to the part.
func (w *Writer[T]) Write(rows []T) error {
	if w.done {
		return fmt.Errorf("dataset: write to %s after commit or abort", w.path)
	}
	n, err := w.pw.Write(rows)
	w.rows += int64(n)
	if err != nil {
		return fmt.Errorf("writing %s: %w", w.tmp, err)
	}
	return nil
}

// Commit writes the footer, syncs the file and renames it into place. A
// part of the same name that already exists is never overwritten.
func (w *Writer[T]) Commit() error {
	if w.done {
		return fmt.Errorf("dataset: commit of %s after commit or abort", w.path)
	}
	w.done = true
	err := w.pw.Close()
	if err == nil {
		err = w.f.Sync()
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		if _, serr := os.Lstat(w.path); serr == nil {
			err = fmt.Errorf("%s already exists: two runs wrote the same part", w.path)
		}
	}
	if err == nil {
		err = os.Rename(w.tmp, w.path)
	}
	if err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("finishing %s: %w", w.path, err)
	}
	return syncDir(filepath.Dir(w.path))
}

// Abort discards the part: the temporary file is closed and removed.
// Abort after Commit does nothing.
func (w *Writer[T]) Abort() error {
	if w.done {
		return nil
	}
	w.done = true
	w.f.Close()
	return os.Remove(w.tmp)
}

// WritePart writes one complete part: the games and positions of the game
// id range meta.FirstGame..meta.LastGame, positions first (a part counts as
// written only once both files exist). Rows must be ordered by game id,
// then ply. It suits small writes and tests; self-play streams rows
// through one Writer per table instead.
func WritePart(dir string, meta FileMeta, games []GameRow, positions []PositionRow) error {
	pw, err := Create[PositionRow](dir, meta)
	if err != nil {
		return err
	}
	if err := pw.Write(positions); err != nil {
		pw.Abort()
		return err
	}
	if err := pw.Commit(); err != nil {
		return err
	}
	gw, err := Create[GameRow](dir, meta)
	if err != nil {
		return err
	}
	if err := gw.Write(games); err != nil {
		gw.Abort()
		return err
	}
	return gw.Commit()
}
