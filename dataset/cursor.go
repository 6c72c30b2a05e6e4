package dataset

import (
	"errors"
	"fmt"
	"io"

	"github.com/parquet-go/parquet-go"
)

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
