package dataset

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
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
	f        *atomicfile.File
	sum      *summer
	pw       rowWriter[T]
	rows     int64
	done     bool
	finished bool
	fs       FileSum
	runID    string // Run.ID of the file's run, set in every row
	game     string // the run's game, set in every row
}

// rowWriter is the Parquet writer of a table's rows: parquet-go's for the
// positions and matches, gameWriter for the games.
type rowWriter[T Row] interface {
	Write(rows []T) (int, error)
	Close() error
}

// gameWriter writes games rows through gameWire, so that a Surakarta
// game's piece counts of 0 are written as 0, not NULL; own says whether
// the run's game has those columns.
type gameWriter struct {
	pw  *parquet.GenericWriter[gameWire]
	buf []gameWire
	own bool
}

func (w *gameWriter) Write(rows []GameRow) (int, error) {
	w.buf = slices.Grow(w.buf[:0], len(rows))[:len(rows)]
	for i := range rows {
		w.buf[i].fromRow(&rows[i], w.own)
	}
	n, err := w.pw.Write(w.buf)
	clear(w.buf) // no pointer into rows outlives the call
	return n, err
}

func (w *gameWriter) Close() error { return w.pw.Close() }

// PositionWriter writes a part of the positions table.
type PositionWriter = Writer[PositionRow]

// GameWriter writes a part of the games table.
type GameWriter = Writer[GameRow]

// Create starts the part of T's table in dataset dir that holds games
// meta.FirstGame..meta.LastGame of the game and variant of meta.Run (its
// partition, Run.Partition). It sets meta.Table,
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
	path := PartPath(dir, meta.Table, meta.Partition(), meta.FirstGame)
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
	s.path = path
	game := meta.GameName()
	var pw any = parquet.NewGenericWriter[T](s, opts...)
	if meta.Table == TableGames {
		pw = &gameWriter{pw: parquet.NewGenericWriter[gameWire](s, opts...), own: game == DefaultGame}
	}
	return &Writer[T]{f: f, sum: s, pw: pw.(rowWriter[T]), runID: meta.Run.ID(), game: game}, nil
}

// setRun sets the RunID of every row, and the Game of positions and games.
func setRun[T Row](rows []T, id, game string) {
	switch rs := any(rows).(type) {
	case []PositionRow:
		for i := range rs {
			rs[i].RunID, rs[i].Game = id, game
		}
	case []GameRow:
		for i := range rs {
			rs[i].RunID, rs[i].Game = id, game
		}
	case []MatchRow:
		for i := range rs {
			rs[i].RunID = id
		}
	}
}

// Path returns the file's final path.
func (w *Writer[T]) Path() string { return w.f.Path() }

// Rows returns the number of rows written so far.
func (w *Writer[T]) Rows() int64 { return w.rows }

// Write appends rows to the part. It sets each row's RunID to the file's
// run (Run.ID), and a position's or game's Game to the run's game, so that
// no writer can get the join key or the game wrong.
func (w *Writer[T]) Write(rows []T) error {
	if w.done {
		return fmt.Errorf("dataset: write to %s after commit or abort", w.Path())
	}
	setRun(rows, w.runID, w.game)
	n, err := w.pw.Write(rows)
	w.rows += int64(n)
	if err != nil {
		return fmt.Errorf("writing %s: %w", w.Path(), err)
	}
	return nil
}

// Finish writes the footer and syncs the file, still hidden: every write
// that can fail for want of space is done, and Commit only renames it into
// place. On an error the file is discarded. CommitTogether finishes the
// parts of one game range before committing any.
func (w *Writer[T]) Finish() error {
	if w.done {
		return fmt.Errorf("dataset: finish of %s after commit or abort", w.Path())
	}
	if w.finished {
		return nil
	}
	w.finished = true
	if err := w.pw.Close(); err != nil {
		w.done = true
		w.f.Abort()
		return fmt.Errorf("finishing %s: %w", w.Path(), err)
	}
	w.fs = w.sum.sum(w.Path())
	if err := w.f.Finish(); err != nil {
		w.done = true
		return err
	}
	return nil
}

// Commit finishes the file (Finish) if it is not yet and renames it into
// place. A part of the same name that already exists is never
// overwritten.
func (w *Writer[T]) Commit() error {
	if err := w.Finish(); err != nil {
		return err
	}
	w.done = true
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
// id range meta.FirstGame..meta.LastGame, both tables' files together
// (WriteTables), then its commit record. Rows must be ordered by game id,
// then ply. It suits small writes and tests; self-play streams rows
// through one Writer per table instead.
func WritePart(dir string, meta FileMeta, games []GameRow, positions []PositionRow) error {
	return writePart(dir, meta, games, positions)
}

// WriteMatchPart writes one complete part of a match's record (match
// --out): the games and matches rows of the game id range
// meta.FirstGame..meta.LastGame, one matches row for each game, both
// tables' files together (CommitTogether), then its commit record, as
// WritePart writes a self-play part.
func WriteMatchPart(dir string, meta FileMeta, games []GameRow, matches []MatchRow) error {
	return writePart(dir, meta, games, matches)
}

// writePart writes one complete part of games and of the run's other
// table (positions or matches), then its commit record.
func writePart[T PositionRow | MatchRow](dir string, meta FileMeta, games []GameRow, rows []T) error {
	other, err := NewRows(dir, meta, rows)
	if err != nil {
		return err
	}
	gs, err := NewRows(dir, meta, games)
	if err != nil {
		other.Abort()
		return err
	}
	if err := CommitTogether(other, gs); err != nil {
		return err
	}
	rec := CommitRecord{FirstGame: meta.FirstGame, LastGame: meta.LastGame, Games: gs.Sum()}
	*rec.sumOf(tableOf[T]()) = other.Sum()
	return WriteCommit(dir, meta.Partition(), rec)
}

// WriteRows writes rows as one complete part of T's table, created,
// written and committed (or not there at all), and returns the file's sum.
func WriteRows[T Row](dir string, meta FileMeta, rows []T) (FileSum, error) {
	w, err := NewRows(dir, meta, rows)
	if err != nil {
		return FileSum{}, err
	}
	if err := w.Commit(); err != nil {
		return FileSum{}, err
	}
	return w.Sum(), nil
}

// NewRows writes rows as one part of T's table, finished (Finish) but not
// yet in place: Commit it, alone or with the other tables' parts of its
// game range through CommitTogether, or Abort it.
func NewRows[T Row](dir string, meta FileMeta, rows []T) (*Writer[T], error) {
	w, err := Create[T](dir, meta)
	if err != nil {
		return nil, err
	}
	if err := w.Write(rows); err != nil {
		w.Abort()
		return nil, err
	}
	if err := w.Finish(); err != nil {
		return nil, err
	}
	return w, nil
}

// Part is a part file being written, of any table: a *Writer.
type Part interface {
	Path() string
	Finish() error
	Commit() error
	Abort()
}

// CommitTogether puts the parts of one game range in place so that no
// failure to write (a full disk, an I/O error) leaves one table's part
// without the others', which a reader of the tables (DuckDB) would see as
// rows without their game: every part is finished and synced first, and
// only then are they renamed into place, a rename needing no space. When
// one fails the others are discarded, those already renamed removed
// again. A kill between two renames can still leave one part alone; a
// resume removes it (ResumeRun: Cleanup).
func CommitTogether(parts ...Part) error {
	for i, p := range parts {
		if err := p.Finish(); err != nil {
			for j, q := range parts {
				if j != i {
					q.Abort()
				}
			}
			return err
		}
	}
	for i, p := range parts {
		if err := p.Commit(); err != nil {
			for _, q := range parts[:i] {
				os.Remove(q.Path())
			}
			for _, q := range parts[i+1:] {
				q.Abort()
			}
			return err
		}
	}
	return nil
}
