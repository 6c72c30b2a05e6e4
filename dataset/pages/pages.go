package pages

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// A column chunk is a run of pages, each a Thrift-encoded (compact
// protocol) header and its data. parquet-go allocates whatever length a
// header's strings claim, up to 2 GB, before it finds the data missing, so
// a damaged header costs gigabytes. Check walks the headers of a chunk
// first, without allocating what they claim, and refuses one whose lengths
// run past the chunk.

// MaxChunkBytes bounds a column chunk's uncompressed size: dataset's row
// groups of at most dataset.DefaultRowGroupRows rows stay far below it
// (the policy column of a full row group is about 8 MB), and a damaged
// footer claiming more would make the decoder allocate it.
const MaxChunkBytes = 128 << 20

// Check checks the page headers of the column chunk at [start,
// start+length) of r: every string and list within the header's bounds,
// every page within the chunk, no page larger than MaxChunkBytes.
func Check(r io.ReaderAt, start, length int64) error {
	br := bufio.NewReaderSize(nil, 256)
	for off := int64(0); off < length; {
		br.Reset(io.NewSectionReader(r, start+off, length-off))
		s := &skimmer{r: br, left: length - off}
		compressed, uncompressed, err := s.pageHeader()
		switch {
		case err != nil:
			return fmt.Errorf("page header at byte %d of a column chunk: %w", off, err)
		case compressed < 0 || compressed > s.left:
			return fmt.Errorf("page at byte %d of a column chunk claims %d bytes, %d remain: damaged file", off, compressed, s.left)
		case uncompressed < 0 || uncompressed > MaxChunkBytes:
			return fmt.Errorf("page at byte %d of a column chunk claims %d bytes uncompressed: damaged file", off, uncompressed)
		}
		off = length - s.left + compressed
	}
	return nil
}

// skimmer reads a Thrift compact-protocol structure without keeping it,
// within left bytes.
type skimmer struct {
	r    *bufio.Reader
	left int64
}

var errHeader = errors.New("damaged page header")

func (s *skimmer) byte() (byte, error) {
	if s.left <= 0 {
		return 0, errHeader
	}
	b, err := s.r.ReadByte()
	if err != nil {
		return 0, errHeader
	}
	s.left--
	return b, nil
}

func (s *skimmer) uvarint() (uint64, error) {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		b, err := s.byte()
		if err != nil {
			return 0, err
		}
		v |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return v, nil
		}
	}
	return 0, errHeader
}

func (s *skimmer) zigzag() (int64, error) {
	u, err := s.uvarint()
	return int64(u>>1) ^ -int64(u&1), err
}

// skip discards n bytes, which must lie within the header's bounds.
func (s *skimmer) skip(n uint64) error {
	if n > uint64(s.left) {
		return fmt.Errorf("%w: a field of %d bytes, %d remain", errHeader, n, s.left)
	}
	if _, err := s.r.Discard(int(n)); err != nil {
		return errHeader
	}
	s.left -= int64(n)
	return nil
}

// Compact-protocol types.
const (
	tTrue, tFalse, tByte, tI16, tI32, tI64, tDouble, tBinary, tList, tSet, tMap, tStruct = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
)

// value skips one value of type t; inList tells that booleans take a byte
// (they do in lists and maps, not as struct fields).
func (s *skimmer) value(t byte, inList bool, depth int) error {
	if depth > 16 {
		return errHeader
	}
	switch t {
	case tTrue, tFalse:
		if inList {
			_, err := s.byte()
			return err
		}
		return nil
	case tByte:
		_, err := s.byte()
		return err
	case tI16, tI32, tI64:
		_, err := s.uvarint()
		return err
	case tDouble:
		return s.skip(8)
	case tBinary:
		n, err := s.uvarint()
		if err != nil {
			return err
		}
		return s.skip(n)
	case tList, tSet:
		h, err := s.byte()
		if err != nil {
			return err
		}
		n := uint64(h >> 4)
		if n == 15 {
			if n, err = s.uvarint(); err != nil {
				return err
			}
		}
		return s.elements(n, h&0x0f, 0, depth)
	case tMap:
		n, err := s.uvarint()
		if err != nil || n == 0 {
			return err
		}
		kv, err := s.byte()
		if err != nil {
			return err
		}
		return s.elements(n, kv>>4, kv&0x0f, depth)
	case tStruct:
		return s.fields(depth+1, nil)
	}
	return fmt.Errorf("%w: unknown field type %d", errHeader, t)
}

// elements skips n elements of type a (and, for a map, values of type b).
func (s *skimmer) elements(n uint64, a, b byte, depth int) error {
	if n > uint64(s.left) { // every element takes at least a byte
		return fmt.Errorf("%w: %d elements, %d bytes remain", errHeader, n, s.left)
	}
	for range n {
		if err := s.value(a, true, depth+1); err != nil {
			return err
		}
		if b != 0 {
			if err := s.value(b, true, depth+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// fields skips a structure's fields up to its stop byte, reporting the
// i32 fields that keep asks for.
func (s *skimmer) fields(depth int, keep func(id, v int64)) error {
	var id int64
	for {
		h, err := s.byte()
		if err != nil || h == 0 {
			return err
		}
		t := h & 0x0f
		if d := int64(h >> 4); d != 0 {
			id += d
		} else if id, err = s.zigzag(); err != nil {
			return err
		}
		if keep != nil && t == tI32 {
			v, err := s.zigzag()
			if err != nil {
				return err
			}
			keep(id, v)
			continue
		}
		if err := s.value(t, false, depth); err != nil {
			return err
		}
	}
}

// pageHeader skims a PageHeader and returns its compressed_page_size
// (field 3) and uncompressed_page_size (field 2).
func (s *skimmer) pageHeader() (compressed, uncompressed int64, err error) {
	compressed, uncompressed = -1, -1
	err = s.fields(0, func(id, v int64) {
		switch id {
		case 2:
			uncompressed = v
		case 3:
			compressed = v
		}
	})
	return compressed, uncompressed, err
}
