package tablebase

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
	"github.com/surakarta/surakarta/rules"
)

// The file format (version 2), all integers little-endian:
//
//	magic    8 bytes  "SKTBASE\x00"
//	version  uint32   1
//	rules    uint16 length, then the rules string (rules.Rules.String)
//	own      uint8    pieces of the side to move
//	enemy    uint8    pieces of the other side
//	limit    uint16   the no-capture limit (counters 0..limit-1 are stored)
//	width    uint8    bytes per value: 1, or 2 when a distance exceeds 127
//	count    uint32   classes stored (positions up to symmetry)
//	checksum 32 bytes SHA-256 of everything before it and everything after it
//	keys     count × uint32, the canonical ranks in increasing order
//	values   limit × count values of width bytes, counter-major: the class
//	         at index i with counter c is value c·count + i (value.go's
//	         encodings, the wide one little-endian)
const (
	fileMagic   = "SKTBASE\x00"
	fileVersion = 2
	fileExt     = ".sktb"
)

// FileName returns the name of the table of balance m under rules r: the
// rules' tag (RulesTag) and the balance, e.g. "standard-2v1.sktb" under the
// default rules, "standard-limit30-2v1.sktb" with a 30-ply limit. Tables
// of different rules have different names, so they share a directory and
// a build for some rules never replaces another's files.
func FileName(r rules.Rules, m Material) string {
	return fmt.Sprintf("%s-%s%s", RulesTag(r), m, fileExt)
}

// RulesTag returns the part of a table's name that spells its rules: the
// variant, then each setting that differs from rules.DefaultRules' value
// ("limit30" for the no-capture limit, "repetition0", "nomovesdraw"), in
// that order. The default rules of each variant keep the names tables
// have always had ("standard", "majority").
func RulesTag(r rules.Rules) string {
	d := rules.DefaultRules()
	tag := r.Variant.String()
	if r.NoCaptureLimit != d.NoCaptureLimit {
		tag += fmt.Sprintf("-limit%d", r.NoCaptureLimit)
	}
	if r.Repetition != d.Repetition {
		tag += fmt.Sprintf("-repetition%d", r.Repetition)
	}
	if r.NoMoves != d.NoMoves {
		tag += "-nomoves" + r.NoMoves.String()
	}
	return tag
}

// table is one balance's classes and values.
type table struct {
	m      Material
	limit  int
	keys   []uint32
	values []byte
	wide   bool // two bytes a value
}

// width returns the bytes of one value.
func (t *table) width() int {
	if t.wide {
		return 2
	}
	return 1
}

func (t *table) count() int { return len(t.keys) }

// index returns the index of the class with canonical rank key, or false.
func (t *table) index(key uint32) (int, bool) {
	lo, hi := 0, len(t.keys)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if t.keys[mid] < key {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(t.keys) && t.keys[lo] == key
}

// at returns the stored score of class i at counter c.
func (t *table) at(i, c int) score {
	j := c*len(t.keys) + i
	if t.wide {
		return wideScore(binary.LittleEndian.Uint16(t.values[2*j:]))
	}
	return byteScore[t.values[j]]
}

// put stores s as the value of class i in layer (the bytes of one
// counter's values), or reports false if its distance does not fit.
func (t *table) put(layer []byte, i int, s score) bool {
	if t.wide {
		v, ok := encodeWide(s)
		binary.LittleEndian.PutUint16(layer[2*i:], v)
		return ok
	}
	v, ok := encode(s)
	layer[i] = v
	return ok
}

func header(r rules.Rules, t *table) []byte {
	var b bytes.Buffer
	b.WriteString(fileMagic)
	rs := r.String()
	binary.Write(&b, binary.LittleEndian, uint32(fileVersion))
	binary.Write(&b, binary.LittleEndian, uint16(len(rs)))
	b.WriteString(rs)
	b.WriteByte(byte(t.m.Own))
	b.WriteByte(byte(t.m.Enemy))
	binary.Write(&b, binary.LittleEndian, uint16(t.limit))
	b.WriteByte(byte(t.width()))
	binary.Write(&b, binary.LittleEndian, uint32(t.count()))
	return b.Bytes()
}

func payload(t *table) []byte {
	p := make([]byte, 4*len(t.keys), 4*len(t.keys)+len(t.values))
	for i, k := range t.keys {
		binary.LittleEndian.PutUint32(p[4*i:], k)
	}
	return append(p, t.values...)
}

// writeTable writes t under dir atomically: a killed build leaves the old
// file or none, never half of one.
func writeTable(dir string, r rules.Rules, t *table) error {
	h, p := header(r, t), payload(t)
	sum := sha256.New()
	sum.Write(h)
	sum.Write(p)
	f, err := atomicfile.Create(filepath.Join(dir, FileName(r, t.m)))
	if err != nil {
		return err
	}
	for _, part := range [][]byte{h, sum.Sum(nil), p} {
		if _, err := f.Write(part); err != nil {
			f.Abort()
			return fmt.Errorf("writing %s: %w", f.Path(), err)
		}
	}
	return f.Commit(false)
}

// fileHeader is a file's header as read.
type fileHeader struct {
	version uint32
	rules   string
	m       Material
	limit   int
	width   int
	count   int
	size    int // header and checksum
}

// errShort stands for a file that ends inside its header.
var errShort = errors.New("truncated: it ends inside the header")

func parseHeader(b []byte) (fileHeader, error) {
	var h fileHeader
	if len(b) < len(fileMagic) || string(b[:len(fileMagic)]) != fileMagic {
		return h, errors.New("not a surakarta table: bad magic (want SKTBASE)")
	}
	b = b[len(fileMagic):]
	if len(b) < 6 {
		return h, errShort
	}
	h.version = binary.LittleEndian.Uint32(b)
	if h.version != fileVersion {
		return h, fmt.Errorf("format version %d, this program reads version %d: rebuild the tables", h.version, fileVersion)
	}
	n := int(binary.LittleEndian.Uint16(b[4:]))
	b = b[6:]
	if len(b) < n+9+sha256.Size {
		return h, errShort
	}
	h.rules = string(b[:n])
	b = b[n:]
	h.m = Material{int(b[0]), int(b[1])}
	h.limit = int(binary.LittleEndian.Uint16(b[2:]))
	h.width = int(b[4])
	h.count = int(binary.LittleEndian.Uint32(b[5:]))
	h.size = len(fileMagic) + 6 + n + 9 + sha256.Size
	if h.width != 1 && h.width != 2 {
		return h, fmt.Errorf("value width %d: want 1 or 2", h.width)
	}
	return h, nil
}

// errForeign marks a file whose header is for other rules than its name
// says: written under this name by a version that named tables by their
// variant alone. It is never replaced: Build refuses, and the error says
// the name the file should have.
var errForeign = errors.New("holds tables for other rules")

// foreignError is errForeign for header h, naming where the file belongs.
func foreignError(h fileHeader) error {
	r, err := rules.ParseRules(h.rules)
	if err != nil {
		return fmt.Errorf("%w: %q, which this program cannot read (%v)", errForeign, h.rules, err)
	}
	return fmt.Errorf("%w (%s; an earlier version named them so): rename it to %s", errForeign, h.rules, FileName(r, h.m))
}

// readHeader reads and checks the header of the table file path against the
// rules and balance its name promises.
func readHeader(path string, r rules.Rules, m Material) (fileHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return fileHeader{}, err
	}
	defer f.Close()
	b := make([]byte, 512)
	n, err := io.ReadFull(f, b)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fileHeader{}, fmt.Errorf("%s: %w", path, err)
	}
	h, err := checkHeader(b[:n], r, m)
	if err != nil {
		return h, fmt.Errorf("%s: %w", path, err)
	}
	return h, nil
}

func checkHeader(b []byte, r rules.Rules, m Material) (fileHeader, error) {
	h, err := parseHeader(b)
	switch {
	case err != nil:
		return h, err
	case h.rules != r.String():
		return h, foreignError(h)
	case h.m != m:
		return h, fmt.Errorf("holds balance %s, its name says %s", h.m, m)
	case h.limit != r.NoCaptureLimit:
		return h, fmt.Errorf("stores counters below %d, the rules' limit is %d", h.limit, r.NoCaptureLimit)
	case uint64(h.count) != m.classCount():
		return h, fmt.Errorf("holds %d classes, balance %s has %d: the file is damaged, rebuild it", h.count, m, m.classCount())
	}
	return h, nil
}

// loadTable reads, checks and returns the table of balance m under r from
// dir: header, length, checksum and the order of the keys. Every error
// names the file and what is wrong with it.
func loadTable(dir string, r rules.Rules, m Material) (*table, error) {
	path := filepath.Join(dir, FileName(r, m))
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := decodeTable(b, r, m)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func decodeTable(b []byte, r rules.Rules, m Material) (*table, error) {
	h, err := checkHeader(b, r, m)
	if err != nil {
		return nil, err
	}
	want := h.size + 4*h.count + h.width*h.limit*h.count
	if len(b) != want {
		return nil, fmt.Errorf("%d bytes, its header says %d: truncated or padded", len(b), want)
	}
	sum := sha256.New()
	sum.Write(b[:h.size-sha256.Size])
	sum.Write(b[h.size:])
	if !bytes.Equal(sum.Sum(nil), b[h.size-sha256.Size:h.size]) {
		return nil, errors.New("checksum mismatch: the file is damaged, rebuild it")
	}
	t := &table{m: m, limit: h.limit, keys: make([]uint32, h.count), values: b[h.size+4*h.count:], wide: h.width == 2}
	for i := range t.keys {
		t.keys[i] = binary.LittleEndian.Uint32(b[h.size+4*i:])
		if i > 0 && t.keys[i] <= t.keys[i-1] {
			return nil, fmt.Errorf("keys out of order at class %d", i)
		}
	}
	if n := m.rawCount(); h.count > 0 && uint64(t.keys[h.count-1]) >= n {
		return nil, fmt.Errorf("key %d beyond the balance's %d placements", t.keys[h.count-1], n)
	}
	return t, nil
}
