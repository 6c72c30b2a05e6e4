package dataset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
	"github.com/surakarta/surakarta/dataset/pages"
)

// File is an open dataset file whose schema and footer have been checked.
type File struct {
	Path string
	Meta FileMeta
	// Rows is the number of rows; Size the file's size in bytes.
	Rows, Size int64
	f          *os.File
	pf         *parquet.File
	runID      string // Meta.Run.ID(), for the rows of files without run_id
}

// Open opens a dataset file and checks it before any row is read: that it
// is a Parquet file, that its schema is the positions, games or matches
// schema of the version its footer names, this SchemaVersion or an earlier
// one (column names, types and nesting), and that its footer
// carries the dataset metadata. Every failure is an error naming the file;
// foreign or damaged input never panics.
func Open(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	file, err := openChecked(f, st.Size(), path)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return file, nil
}

func openChecked(f *os.File, size int64, path string) (file *File, err error) {
	defer func() {
		if r := recover(); r != nil {
			file, err = nil, fmt.Errorf("not a readable Parquet file (%v)", r)
		}
	}()
	if err := checkFrame(f, size); err != nil {
		return nil, err
	}
	pf, err := parquet.OpenFile(f, size, parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		return nil, fmt.Errorf("not a Parquet file: %w", err)
	}
	table, ok := pf.Lookup(keyTable)
	if !ok {
		// A foreign file: say which table its directory implies and how
		// its schema differs, which is what its owner needs to know.
		table = filepath.Base(filepath.Dir(filepath.Dir(path)))
		if Schema(table) == nil {
			return nil, errors.New("not a surakarta dataset file: footer has no " + keyTable + " key")
		}
	}
	if Schema(table) == nil {
		return nil, fmt.Errorf("footer names table %q: want %s, %s or %s", table, TablePositions, TableGames, TableMatches)
	}
	version := SchemaVersion // a foreign file is compared with this version's schema
	if v, ok := pf.Lookup(keySchemaVersion); ok && v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > SchemaVersion {
			return nil, fmt.Errorf("dataset schema version %s: this program reads versions 1 to %d (a newer program wrote it?)", v, SchemaVersion)
		}
		version = n
	}
	if err := checkSchema(table, version, pf.Schema()); err != nil {
		return nil, fmt.Errorf("%s table: %w", table, err)
	}
	if err := checkChunks(pf, size); err != nil {
		return nil, err
	}
	meta, err := parseFileMeta(pf.Lookup)
	if err != nil {
		return nil, fmt.Errorf("not a surakarta dataset file: %w", err)
	}
	return &File{Path: path, Meta: meta, Rows: pf.NumRows(), Size: size, f: f, pf: pf, runID: meta.Run.ID()}, nil
}

// checkFrame checks a Parquet file's frame before parquet-go reads it: the
// magic at both ends and a footer length that fits in the file (parquet-go
// allocates the length it reads, gigabytes for a damaged one).
func checkFrame(f *os.File, size int64) error {
	var head, tail [8]byte
	if size < 12 {
		return fmt.Errorf("not a Parquet file: %d bytes", size)
	}
	if _, err := f.ReadAt(head[:4], 0); err != nil {
		return err
	}
	if _, err := f.ReadAt(tail[:], size-8); err != nil {
		return err
	}
	if string(head[:4]) != "PAR1" || string(tail[4:]) != "PAR1" {
		return errors.New("not a Parquet file: no PAR1 magic at its start and end")
	}
	if n := int64(binary.LittleEndian.Uint32(tail[:4])); n > size-12 {
		return fmt.Errorf("damaged Parquet file: its footer of %d bytes is larger than the file (%d bytes)", n, size)
	}
	return nil
}

// checkChunks refuses column chunks that cannot be ours before any page is
// decoded: codecs other than those listed (parquet-go's LZ4 decoder loops
// forever on damaged input) and chunks that lie outside the file.
func checkChunks(pf *parquet.File, size int64) error {
	for i, rg := range pf.Metadata().RowGroups {
		for j, c := range rg.Columns {
			md := &c.MetaData
			switch md.Codec {
			case format.Uncompressed, format.Snappy, format.Gzip, format.Zstd:
			default:
				return fmt.Errorf("row group %d column %d: compression %v is not read by this program (want zstd)", i, j, md.Codec)
			}
			start := md.DataPageOffset
			if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
				start = md.DictionaryPageOffset
			}
			if md.TotalUncompressedSize < 0 || md.TotalUncompressedSize > pages.MaxChunkBytes {
				return fmt.Errorf("row group %d column %d: column chunk of %d bytes uncompressed, more than any this program writes (%d): damaged file", i, j, md.TotalUncompressedSize, pages.MaxChunkBytes)
			}
			if start < 4 || md.TotalCompressedSize < 0 || start+md.TotalCompressedSize > size {
				return fmt.Errorf("row group %d column %d: column chunk at %d+%d lies outside the file (%d bytes): damaged file", i, j, start, md.TotalCompressedSize, size)
			}
		}
	}
	return nil
}

// Close closes the file.
func (f *File) Close() error { return f.f.Close() }

// RowGroups returns the number of row groups.
func (f *File) RowGroups() int { return len(f.pf.RowGroups()) }
