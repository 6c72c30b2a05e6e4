package dataset

import (
	"errors"
	"fmt"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/surakarta/surakarta/dataset/pages"
)

// ErrStop, returned by a scan's callback, ends the scan early without error.
var ErrStop = errors.New("dataset: stop scan")

// scanBatch is how many rows a scan decodes at once, column by column,
// before handing them to the callback one by one.
const scanBatch = 256

// scanner reads the rows of a table's files into a reused batch of rows,
// filling only the selected columns (the others keep their zero values).
type scanner[R any] struct {
	cols []column[R]
	sel  []bool
	// leaves and maxDef give each column's leaf indexes in the schema and
	// each leaf's maximum definition level (a list element is present at
	// its leaf's level).
	leaves [][]int
	maxDef []int
	bufs   [][]parquet.Value
	rows   []R
	strs   interner
	// file is the file being scanned, for the columns it lacks (absent).
	file *File
}

// newScanner prepares the scan of table in schema version version, whose
// columns are cols, reading the named columns (all of them when names is
// empty). A column the version lacks has no leaves; the scan fills it
// through its absent, or leaves it zero.
func newScanner[R any](table string, version int, cols []column[R], names []string) (*scanner[R], error) {
	schema := schemaOf(table, version)
	if schema == nil {
		return nil, fmt.Errorf("no %s table in schema version %d", table, version)
	}
	s := &scanner[R]{cols: cols, sel: make([]bool, len(cols)), leaves: make([][]int, len(cols)), strs: interner{}}
	index := map[string]int{}
	for i, c := range cols {
		index[c.name] = i
	}
	for leaf, path := range schema.Columns() {
		s.leaves[index[path[0]]] = append(s.leaves[index[path[0]]], leaf)
		l, _ := schema.Lookup(path...)
		s.maxDef = append(s.maxDef, l.MaxDefinitionLevel)
	}
	s.bufs = make([][]parquet.Value, len(s.maxDef))
	for _, n := range names {
		i, ok := index[n]
		if !ok {
			return nil, fmt.Errorf("no column %q in the %s table: want one of %s", n, table, strings.Join(tableColumns(cols), ", "))
		}
		s.sel[i] = true
	}
	if len(names) == 0 {
		for i := range s.sel {
			s.sel[i] = true
		}
	}
	return s, nil
}

// scan calls fn for every row of f. A callback error is returned as a
// callbackError; a reading error names the file and row group.
func (s *scanner[R]) scan(f *File, fn func(*R) error) error {
	s.file = f
	meta := f.pf.Metadata().RowGroups
	for gi, rg := range f.pf.RowGroups() {
		for ci, on := range s.sel {
			for _, leaf := range s.leaves[ci] {
				if !on {
					continue
				}
				md := &meta[gi].Columns[leaf].MetaData
				start := md.DataPageOffset
				if md.DictionaryPageOffset > 0 && md.DictionaryPageOffset < start {
					start = md.DictionaryPageOffset
				}
				if err := pages.Check(f.f, start, md.TotalCompressedSize); err != nil {
					return fmt.Errorf("%s: row group %d column %d: %w", f.Path, gi, leaf, err)
				}
			}
		}
		if err := s.scanGroup(rg, fn); err != nil {
			if _, ok := err.(callbackError); ok {
				return err
			}
			return fmt.Errorf("%s: row group %d: %w", f.Path, gi, err)
		}
	}
	return nil
}

func (s *scanner[R]) scanGroup(rg parquet.RowGroup, fn func(*R) error) error {
	curs := make([][]*cursor, len(s.cols))
	for ci, on := range s.sel {
		if !on {
			continue
		}
		for _, leaf := range s.leaves[ci] {
			if s.bufs[leaf] == nil {
				s.bufs[leaf] = make([]parquet.Value, cursorBatch)
			}
			c := newCursor(rg, leaf, s.maxDef[leaf], s.bufs[leaf])
			defer c.close()
			curs[ci] = append(curs[ci], c)
		}
	}
	if s.rows == nil {
		s.rows = make([]R, scanBatch)
	}
	for n := rg.NumRows(); n > 0; {
		batch := s.rows[:min(n, int64(len(s.rows)))]
		for ci, c := range curs {
			switch col := &s.cols[ci]; {
			case c != nil:
				if err := col.fill(batch, c, s.strs); err != nil {
					return err
				}
			case s.sel[ci] && col.absent != nil:
				col.absent(batch, s.file)
			}
		}
		for i := range batch {
			if err := fn(&batch[i]); err != nil {
				return callbackError{err}
			}
		}
		n -= int64(len(batch))
	}
	return nil
}

// callbackError marks an error returned by the caller's function, which
// scans pass through unwrapped.
type callbackError struct{ err error }

func (c callbackError) Error() string { return c.err.Error() }

// scanFile runs a scanner over one file of table and returns the
// callback's error as is (ErrStop included).
func scanFile[R any](f *File, table string, cols []column[R], names []string, fn func(*R) error) error {
	if f.Meta.Table != table {
		return fmt.Errorf("%s holds the %s table, not %s", f.Path, f.Meta.Table, table)
	}
	s, err := newScanner(table, f.Meta.SchemaVersion, cols, names)
	if err != nil {
		return err
	}
	err = s.scan(f, fn)
	if ce, ok := err.(callbackError); ok {
		return ce.err
	}
	return err
}

// stopped turns ErrStop into nil.
func stopped(err error) error {
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

// ScanPositions calls fn for every row of the file, in file order, with
// only the named columns filled (all of them when columns is empty; the
// others keep their zero values). Rows and their Policy slices are reused
// after fn returns: copy what you keep. A callback error ends the scan and
// is returned as is, except ErrStop, which ends it with nil.
func (f *File) ScanPositions(columns []string, fn func(*PositionRow) error) error {
	return stopped(scanFile(f, TablePositions, positionColumns, columns, fn))
}

// ScanGames calls fn for every row of the file, in file order. Rows and
// their Moves slices are reused after fn returns: copy what you keep. A
// callback error ends the scan and is returned as is, except ErrStop.
func (f *File) ScanGames(fn func(*GameRow) error) error {
	return stopped(scanFile(f, TableGames, gameColumns, nil, fn))
}

// partitionFiles returns the complete part files of a table for one
// variant, or for every variant of dir when variant is empty, ordered by
// variant then first game id.
func partitionFiles(dir, table, variant string) ([]PartFile, error) {
	vs, err := VariantsOrAll(dir, variant)
	if err != nil {
		return nil, err
	}
	var out []PartFile
	for _, v := range vs {
		ps, err := listParts(dir, table, v)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	if len(out) == 0 {
		if variant == "" {
			return nil, fmt.Errorf("%s holds no %s files", dir, table)
		}
		return nil, fmt.Errorf("%s holds no %s files", PartitionDir(dir, table, variant), table)
	}
	return out, nil
}

// eachFile calls scan with each complete part file of a table in the
// order of partitionFiles; ErrStop from scan ends the walk without error.
func eachFile(dir, table, variant string, scan func(*File) error) error {
	files, err := partitionFiles(dir, table, variant)
	if err != nil {
		return err
	}
	for _, pf := range files {
		f, err := Open(pf.Path)
		if err != nil {
			return err
		}
		err = scan(f)
		f.Close()
		if errors.Is(err, ErrStop) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ScanPositions streams the positions table of dataset dir: one variant,
// or all of them when variant is empty. Rows come ordered by variant, game
// id and ply, with only the named columns filled (every column when
// columns is empty); memory does not grow with the dataset. See
// File.ScanPositions for the callback's contract.
func ScanPositions(dir, variant string, columns []string, fn func(*PositionRow) error) error {
	if _, err := newScanner(TablePositions, SchemaVersion, positionColumns, columns); err != nil {
		return err
	}
	return eachFile(dir, TablePositions, variant, func(f *File) error {
		return scanFile(f, TablePositions, positionColumns, columns, fn)
	})
}

// ScanGames streams the games table of dataset dir: one variant, or all of
// them when variant is empty, ordered by variant and game id. See
// File.ScanGames for the callback's contract.
func ScanGames(dir, variant string, fn func(*GameRow) error) error {
	return eachFile(dir, TableGames, variant, func(f *File) error {
		return scanFile(f, TableGames, gameColumns, nil, fn)
	})
}
