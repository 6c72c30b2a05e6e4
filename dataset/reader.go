package dataset

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// ErrStop, returned by a scan's callback, ends the scan early without error.
var ErrStop = errors.New("dataset: stop scan")

// File is an open dataset file whose schema and footer have been checked.
type File struct {
	Path string
	Meta FileMeta
	// Rows is the number of rows; Size the file's size in bytes.
	Rows, Size int64
	f          *os.File
	pf         *parquet.File
}

// Open opens a dataset file and checks it before any row is read: that it
// is a Parquet file, that its schema is the positions or games schema of
// this SchemaVersion (column names, types and nesting), and that its footer
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
	if v, _ := pf.Lookup(keySchemaVersion); v != "" && v != fmt.Sprint(SchemaVersion) {
		return nil, fmt.Errorf("dataset schema version %s: this program reads version %d", v, SchemaVersion)
	}
	if err := checkSchema(table, pf.Schema()); err != nil {
		return nil, fmt.Errorf("%s table: %w", table, err)
	}
	if err := checkChunks(pf, size); err != nil {
		return nil, err
	}
	meta, err := parseFileMeta(pf.Lookup)
	if err != nil {
		return nil, fmt.Errorf("not a surakarta dataset file: %w", err)
	}
	return &File{Path: path, Meta: meta, Rows: pf.NumRows(), Size: size, f: f, pf: pf}, nil
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

// cursor streams the values of one leaf column of a row group in batches.
type cursor struct {
	r      parquet.ColumnChunkValueReader
	buf    []parquet.Value
	i, n   int
	eof    bool
	maxDef int
}

const cursorBatch = 1024

func newCursor(rg parquet.RowGroup, leaf, maxDef int, buf []parquet.Value) *cursor {
	return &cursor{r: parquet.NewColumnChunkValueReader(rg.ColumnChunks()[leaf]), buf: buf, maxDef: maxDef}
}

func (c *cursor) fill() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("corrupt column data (%v)", r)
		}
	}()
	c.i, c.n = 0, 0
	for c.n == 0 && !c.eof {
		n, err := c.r.ReadValues(c.buf)
		c.n = n
		if err == io.EOF {
			c.eof = true
		} else if err != nil {
			return err
		}
	}
	return nil
}

// next returns the next value; it fails when the column ends early.
func (c *cursor) next() (parquet.Value, error) {
	if c.i == c.n {
		if err := c.fill(); err != nil {
			return parquet.Value{}, err
		}
		if c.n == 0 {
			return parquet.Value{}, errors.New("corrupt file: a column ends before its row group")
		}
	}
	v := c.buf[c.i]
	c.i++
	return v, nil
}

// continues reports whether the next value belongs to the current row
// (repetition level > 0).
func (c *cursor) continues() (bool, error) {
	if c.i == c.n {
		if err := c.fill(); err != nil {
			return false, err
		}
		if c.n == 0 {
			return false, nil
		}
	}
	return c.buf[c.i].RepetitionLevel() > 0, nil
}

func (c *cursor) close() { c.r.Close() }

// interner turns repeated byte strings (moves, winners, rules) into
// shared strings so that scans do not allocate for them.
type interner map[string]string

func (m interner) get(b []byte) string {
	if s, ok := m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(m) < 1<<16 {
		m[s] = s
	}
	return s
}

// Leaf column indexes of the positions schema, in schema order.
const (
	pGameID = iota
	pPly
	pFEN
	pRed
	pBlack
	pSide
	pNoCapture
	pRedPieces
	pBlackPieces
	pLegalMoves
	pMove
	pMoveIndex
	pPolicyAction
	pPolicyVisits
	pRootValue
	pResult
	pLeaves
)

// Leaf column indexes of the games schema.
const (
	gGameID = iota
	gVariant
	gRules
	gSeed
	gStartFEN
	gOpeningPlies
	gMoves
	gPlies
	gCaptures
	gWinner
	gReason
	gRedPieces
	gBlackPieces
	gMajorityWinner
	gLeaves
)

// selectLeaves turns column names into a leaf selection; no names selects
// every column.
func selectLeaves(table string, columns []string, nleaves int) ([]bool, error) {
	sel := make([]bool, nleaves)
	if len(columns) == 0 {
		for i := range sel {
			sel[i] = true
		}
		return sel, nil
	}
	idx := leafIndex(table)
	for _, c := range columns {
		leaves, ok := idx[c]
		if !ok {
			return nil, fmt.Errorf("no column %q in the %s table: want one of %s", c, table, strings.Join(Columns(table), ", "))
		}
		for _, l := range leaves {
			sel[l] = true
		}
	}
	return sel, nil
}

// ScanPositions calls fn for every row of the file, in file order, with
// only the named columns filled (all of them when columns is empty; the
// others keep their zero values). The row and its Policy slice are reused
// after fn returns: copy what you keep. A callback error ends the scan and
// is returned as is, except ErrStop, which ends it with nil.
func (f *File) ScanPositions(columns []string, fn func(*PositionRow) error) error {
	if f.Meta.Table != TablePositions {
		return fmt.Errorf("%s holds the %s table, not %s", f.Path, f.Meta.Table, TablePositions)
	}
	sel, err := selectLeaves(TablePositions, columns, pLeaves)
	if err != nil {
		return err
	}
	s := positionScanner{sel: sel, strs: interner{}}
	err = s.scan(f, fn)
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

type positionScanner struct {
	sel  []bool
	strs interner
	bufs [pLeaves][]parquet.Value
	row  PositionRow
}

func (s *positionScanner) scan(f *File, fn func(*PositionRow) error) error {
	for gi, rg := range f.pf.RowGroups() {
		if err := s.scanGroup(rg, fn); err != nil {
			if ce, ok := err.(callbackError); ok {
				return ce.err
			}
			return fmt.Errorf("%s: row group %d: %w", f.Path, gi, err)
		}
	}
	return nil
}

// callbackError marks an error returned by the caller's function, which
// scans pass through unwrapped.
type callbackError struct{ err error }

func (c callbackError) Error() string { return c.err.Error() }

func (s *positionScanner) scanGroup(rg parquet.RowGroup, fn func(*PositionRow) error) (err error) {
	var cur [pLeaves]*cursor
	for i, on := range s.sel {
		if on {
			if s.bufs[i] == nil {
				s.bufs[i] = make([]parquet.Value, cursorBatch)
			}
			maxDef := 0
			if i == pPolicyAction || i == pPolicyVisits {
				maxDef = 1
			}
			cur[i] = newCursor(rg, i, maxDef, s.bufs[i])
			defer cur[i].close()
		}
	}
	row := &s.row
	var v parquet.Value
	for n := rg.NumRows(); n > 0; n-- {
		if c := cur[pGameID]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.GameID = v.Int64()
		}
		if c := cur[pPly]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.Ply = int16(v.Int32())
		}
		if c := cur[pFEN]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.FEN = string(v.ByteArray())
		}
		if c := cur[pRed]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.Red = uint64(v.Int64())
		}
		if c := cur[pBlack]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.Black = uint64(v.Int64())
		}
		if c := cur[pSide]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.SideToMove = int8(v.Int32())
		}
		if c := cur[pNoCapture]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.NoCapturePlies = int16(v.Int32())
		}
		if c := cur[pRedPieces]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.RedPieces = int8(v.Int32())
		}
		if c := cur[pBlackPieces]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.BlackPieces = int8(v.Int32())
		}
		if c := cur[pLegalMoves]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.LegalMoves = int16(v.Int32())
		}
		if c := cur[pMove]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.Move = s.strs.get(v.ByteArray())
		}
		if c := cur[pMoveIndex]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.MoveIndex = int16(v.Int32())
		}
		if ca, cv := cur[pPolicyAction], cur[pPolicyVisits]; ca != nil {
			row.Policy = row.Policy[:0]
			for first := true; ; first = false {
				if !first {
					more, err := ca.continues()
					if err != nil {
						return err
					}
					if !more {
						break
					}
				}
				a, err := ca.next()
				if err != nil {
					return err
				}
				b, err := cv.next()
				if err != nil {
					return err
				}
				if a.DefinitionLevel() == ca.maxDef {
					row.Policy = append(row.Policy, PolicyEntry{Action: int16(a.Int32()), Visits: b.Int32()})
				}
			}
		}
		if c := cur[pRootValue]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.RootValue = v.Float()
		}
		if c := cur[pResult]; c != nil {
			if v, err = c.next(); err != nil {
				return err
			}
			row.Result = int8(v.Int32())
		}
		if err := fn(row); err != nil {
			return callbackError{err}
		}
	}
	return nil
}

// ScanGames calls fn for every row of the file, in file order. The row and
// its Moves slice are reused after fn returns: copy what you keep. A
// callback error ends the scan and is returned as is, except ErrStop.
func (f *File) ScanGames(fn func(*GameRow) error) error {
	if f.Meta.Table != TableGames {
		return fmt.Errorf("%s holds the %s table, not %s", f.Path, f.Meta.Table, TableGames)
	}
	s := gameScanner{strs: interner{}}
	err := s.scan(f, fn)
	if errors.Is(err, ErrStop) {
		return nil
	}
	return err
}

type gameScanner struct {
	strs interner
	bufs [gLeaves][]parquet.Value
	row  GameRow
}

func (s *gameScanner) scan(f *File, fn func(*GameRow) error) error {
	for gi, rg := range f.pf.RowGroups() {
		if err := s.scanGroup(rg, fn); err != nil {
			if ce, ok := err.(callbackError); ok {
				return ce.err
			}
			return fmt.Errorf("%s: row group %d: %w", f.Path, gi, err)
		}
	}
	return nil
}

func (s *gameScanner) scanGroup(rg parquet.RowGroup, fn func(*GameRow) error) error {
	var cur [gLeaves]*cursor
	for i := range cur {
		if s.bufs[i] == nil {
			s.bufs[i] = make([]parquet.Value, cursorBatch)
		}
		maxDef := 0
		if i == gMoves {
			maxDef = 1
		}
		cur[i] = newCursor(rg, i, maxDef, s.bufs[i])
		defer cur[i].close()
	}
	var vals [gLeaves]parquet.Value
	row := &s.row
	for n := rg.NumRows(); n > 0; n-- {
		for i, c := range cur {
			if i == gMoves {
				continue
			}
			v, err := c.next()
			if err != nil {
				return err
			}
			vals[i] = v
		}
		row.GameID = vals[gGameID].Int64()
		row.Variant = s.strs.get(vals[gVariant].ByteArray())
		row.Rules = s.strs.get(vals[gRules].ByteArray())
		row.Seed = uint64(vals[gSeed].Int64())
		row.StartFEN = s.strs.get(vals[gStartFEN].ByteArray())
		row.OpeningPlies = int16(vals[gOpeningPlies].Int32())
		row.Plies = int16(vals[gPlies].Int32())
		row.Captures = int16(vals[gCaptures].Int32())
		row.Winner = s.strs.get(vals[gWinner].ByteArray())
		row.Reason = s.strs.get(vals[gReason].ByteArray())
		row.RedPieces = int8(vals[gRedPieces].Int32())
		row.BlackPieces = int8(vals[gBlackPieces].Int32())
		row.MajorityWinner = s.strs.get(vals[gMajorityWinner].ByteArray())
		c := cur[gMoves]
		row.Moves = row.Moves[:0]
		for first := true; ; first = false {
			if !first {
				more, err := c.continues()
				if err != nil {
					return err
				}
				if !more {
					break
				}
			}
			v, err := c.next()
			if err != nil {
				return err
			}
			if v.DefinitionLevel() == c.maxDef {
				row.Moves = append(row.Moves, s.strs.get(v.ByteArray()))
			}
		}
		if err := fn(row); err != nil {
			return callbackError{err}
		}
	}
	return nil
}

// partitionFiles returns the complete part files of a table for one
// variant, or for every variant of dir when variant is empty, ordered by
// variant then first game id.
func partitionFiles(dir, table, variant string) ([]partFile, error) {
	vs, err := variantsOrAll(dir, variant)
	if err != nil {
		return nil, err
	}
	var out []partFile
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

// ScanPositions streams the positions table of dataset dir: one variant,
// or all of them when variant is empty. Rows come ordered by variant, game
// id and ply, one reused row at a time, with only the named columns filled
// (every column when columns is empty); memory use does not grow with the
// dataset. See File.ScanPositions for the callback's contract.
func ScanPositions(dir, variant string, columns []string, fn func(*PositionRow) error) error {
	files, err := partitionFiles(dir, TablePositions, variant)
	if err != nil {
		return err
	}
	if _, err := selectLeaves(TablePositions, columns, pLeaves); err != nil {
		return err
	}
	for _, pf := range files {
		f, err := Open(pf.Path)
		if err != nil {
			return err
		}
		err = f.ScanPositions(columns, func(r *PositionRow) error {
			if err := fn(r); err != nil {
				return callbackError{err}
			}
			return nil
		})
		f.Close()
		if ce, ok := err.(callbackError); ok {
			if errors.Is(ce.err, ErrStop) {
				return nil
			}
			return ce.err
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ScanGames streams the games table of dataset dir: one variant, or all of
// them when variant is empty, ordered by variant and game id. See
// File.ScanGames for the callback's contract.
func ScanGames(dir, variant string, fn func(*GameRow) error) error {
	return eachFile(dir, TableGames, variant, func(f *File) error {
		err := f.ScanGames(func(r *GameRow) error {
			if err := fn(r); err != nil {
				return callbackError{err}
			}
			return nil
		})
		if ce, ok := err.(callbackError); ok {
			return ce.err
		}
		return err
	})
}
