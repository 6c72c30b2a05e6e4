package dataset

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/surakarta/surakarta/internal/base/atomicfile"
)

// A journal keeps the games of a part in progress until the part is
// committed: each finished game is appended as one frame (length, CRC-32C,
// JSON of its rows) in a single write, so that a killed run keeps every
// game it finished; a resumed run reads the journals back instead of
// playing those games again. Journals live beside the games parts as
// _journal-FIRSTID-LASTID-N, which no reader of the tables sees. A frame
// cut short by a crash, and all after it, are ignored.

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// journalHeader is a journal's first frame: whose games it holds.
type journalHeader struct {
	Run       Run   `json:"run"`
	FirstGame int64 `json:"first_game"`
	LastGame  int64 `json:"last_game"`
}

// JournalGame is one game of a journal: its row and its position rows.
type JournalGame struct {
	Game      GameRow
	Positions []PositionRow
}

// Journal is a journal being written. One goroutine owns it.
type Journal struct {
	f     *os.File
	buf   []byte
	dirty bool
}

func parseJournalName(name string) (first, last int64, ok bool) {
	rest, found := strings.CutPrefix(name, journalPrefix)
	if !found || len(rest) < 22 || rest[10] != '-' || rest[21] != '-' {
		return 0, 0, false
	}
	first, ok1 := parseID(rest[:10])
	last, ok2 := parseID(rest[11:21])
	return first, last, ok1 && ok2
}

// CreateJournal starts a new journal for the games first..last of run in
// dataset dir. Its name is unique, so that the journals a resumed run
// reads stay intact until it no longer needs them.
func CreateJournal(dir string, run Run, first, last int64) (*Journal, error) {
	pdir := PartitionDir(dir, TableGames, run.Partition())
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return nil, err
	}
	f, err := atomicfile.CreateLog(pdir, fmt.Sprintf("%s%010d-%010d-", journalPrefix, first, last))
	if err != nil {
		return nil, err
	}
	j := &Journal{f: f}
	if err := j.frame(journalHeader{Run: run, FirstGame: first, LastGame: last}); err != nil {
		j.f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return j, nil
}

// Path returns the journal's path.
func (j *Journal) Path() string { return j.f.Name() }

func (j *Journal) frame(v any) error {
	payload, err := json.Marshal(v)
	if err != nil {
		return err
	}
	j.buf = binary.LittleEndian.AppendUint32(j.buf[:0], uint32(len(payload)))
	j.buf = binary.LittleEndian.AppendUint32(j.buf, crc32.Checksum(payload, crcTable))
	j.buf = append(j.buf, payload...)
	if _, err := j.f.Write(j.buf); err != nil {
		return fmt.Errorf("writing %s: %w", j.f.Name(), err)
	}
	j.dirty = true
	return nil
}

// Append adds a finished game. It is in the operating system's hands when
// Append returns (it survives the process being killed) and on disk after
// the next Sync.
func (j *Journal) Append(g *JournalGame) error { return j.frame(g) }

// Sync makes what was appended durable, if anything was since the last
// Sync.
func (j *Journal) Sync() error {
	if !j.dirty {
		return nil
	}
	j.dirty = false
	return j.f.Sync()
}

// Close syncs and closes the journal.
func (j *Journal) Close() error {
	err := j.Sync()
	if cerr := j.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Journals is what ReadJournals found.
type Journals struct {
	// Games holds the journaled games by id.
	Games map[int64]*JournalGame
	// Paths lists every journal read, foreign ones included; remove them
	// once their games are in committed parts or in newer journals.
	Paths []string
	// Notes describe journals or frames that were ignored.
	Notes []string
}

// ReadJournals reads the journals of the variant partition of run in dir
// whose games all lie in [lo, hi), those a writer of that range may
// remove. A journal of other settings or without a readable header gives
// no games, and a damaged frame ends its journal's games (both noted).
func ReadJournals(dir string, run Run, lo, hi int64) (*Journals, error) {
	p, err := ReadListing(dir, TableGames, run.Partition())
	if err != nil {
		return nil, err
	}
	js := &Journals{Games: map[int64]*JournalGame{}}
	for _, jf := range p.Journals {
		_, last, _ := parseJournalName(filepath.Base(jf.Path))
		if jf.First < lo || last >= hi {
			continue
		}
		js.Paths = append(js.Paths, jf.Path)
		if err := js.read(jf.Path, run, lo, hi); err != nil {
			return nil, err
		}
	}
	return js, nil
}

func (js *Journals) read(path string, run Run, lo, hi int64) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var hdr journalHeader
	if ok, err := readFrame(r, &hdr); err != nil || !ok {
		js.Notes = append(js.Notes, fmt.Sprintf("%s: no readable header; removed", path))
		return nil
	}
	if d := run.Diff(hdr.Run); d != "" {
		js.Notes = append(js.Notes, fmt.Sprintf("%s: a journal of another run (%s); removed", path, d))
		return nil
	}
	n := 0
	for {
		g := &JournalGame{}
		ok, err := readFrame(r, g)
		if err != nil {
			js.Notes = append(js.Notes, fmt.Sprintf("%s: %v after %d games; the rest is ignored", path, err, n))
			return nil
		}
		if !ok {
			return nil
		}
		id := g.Game.GameID
		if id < hdr.FirstGame || id > hdr.LastGame || !positionsOf(g, id) {
			js.Notes = append(js.Notes, fmt.Sprintf("%s: frame %d holds rows outside its games %d..%d; the rest is ignored", path, n+1, hdr.FirstGame, hdr.LastGame))
			return nil
		}
		n++
		if id >= lo && id < hi {
			js.Games[id] = g
		}
	}
}

// positionsOf reports whether every position row of g belongs to game id.
func positionsOf(g *JournalGame, id int64) bool {
	for i := range g.Positions {
		if g.Positions[i].GameID != id {
			return false
		}
	}
	return true
}

// readFrame decodes the next frame into v; ok is false at a clean end.
func readFrame(r *bufio.Reader, v any) (ok bool, err error) {
	var hdr [8]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		return false, errors.New("a frame cut short")
	}
	n := binary.LittleEndian.Uint32(hdr[:4])
	if n > 64<<20 {
		return false, fmt.Errorf("a frame of %d bytes", n)
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		return false, errors.New("a frame cut short")
	}
	if crc32.Checksum(payload, crcTable) != binary.LittleEndian.Uint32(hdr[4:]) {
		return false, errors.New("a frame whose checksum does not match")
	}
	if err := json.Unmarshal(payload, v); err != nil {
		return false, fmt.Errorf("an undecodable frame: %w", err)
	}
	return true, nil
}
