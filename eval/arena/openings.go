package arena

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/rules"
)

// ReadOpenings reads an opening book: one FEN per line (blank lines and
// lines starting with # are skipped), each a position that is legal under
// r and not over, so that a match can play every game from one. name is
// the book's name for errors, which give its line: "book.txt:3: ...".
func ReadOpenings(in io.Reader, name string, r rules.Rules) ([]rules.Position, error) {
	var out []rules.Position
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<16)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := Opening(text, r)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w (one FEN per line)", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no openings: want one FEN per line, e.g. %s", name, rules.StartFEN)
	}
	return out, nil
}

// Opening parses one FEN as a match's opening: legal under r and not over.
func Opening(fen string, r rules.Rules) (rules.Position, error) {
	p, err := rules.ParseFEN(fen)
	if err != nil {
		return p, err
	}
	g, err := rules.NewGame(r, p)
	if err != nil {
		return p, fmt.Errorf("FEN %q: %w", fen, err)
	}
	if g.IsTerminal() {
		return p, fmt.Errorf("FEN %q: the game is already over there (%v): want a position with a move to play", fen, g.Outcome())
	}
	return p, nil
}

// OpeningsText describes a book for a match's settings: the FEN of a
// single opening, else the count and a digest of the FENs in order (so
// that a resumed match refuses another book however it is spaced).
func OpeningsText(book []rules.Position) string {
	switch len(book) {
	case 0:
		return ""
	case 1:
		return book[0].FEN()
	}
	h := sha256.New()
	for _, p := range book {
		io.WriteString(h, p.FEN()+"\n")
	}
	return fmt.Sprintf("%d openings, sha256 %s", len(book), hex.EncodeToString(h.Sum(nil))[:16])
}
