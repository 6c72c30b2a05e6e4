package arena

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/rules"
)

// ReadOpenings reads an opening book: one FEN (the game's position text)
// per line (blank lines and lines starting with # are skipped), each a
// position that is legal under r and not over, so that a match can play
// every game from one. name is the book's name for errors, which give its
// line: "book.txt:3: ...".
func ReadOpenings[G game.Game[P, M], P any, M game.Move](in io.Reader, name string, r G) ([]P, error) {
	var out []P
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<16)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		p, err := OpeningOf(r, text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w (one FEN per line)", name, err)
	}
	if len(out) == 0 {
		start := r.Start()
		return nil, fmt.Errorf("%s: no openings: want one FEN per line, e.g. %s", name, r.FormatPosition(&start))
	}
	return out, nil
}

// Opening parses one FEN as a Surakarta match's opening (OpeningOf).
func Opening(fen string, r rules.Rules) (rules.Position, error) { return OpeningOf(r, fen) }

// OpeningOf parses one FEN (r's position text) as a match's opening:
// legal under r and not over.
func OpeningOf[G game.Game[P, M], P any, M game.Move](r G, fen string) (P, error) {
	p, err := r.ParsePosition(fen)
	if err != nil {
		return p, err
	}
	g, err := game.NewLine(r, p)
	if err != nil {
		return p, fmt.Errorf("FEN %q: %w", fen, err)
	}
	if out := g.Outcome(); out.IsTerminal() {
		return p, fmt.Errorf("FEN %q: the game is already over there (%s): want a position with a move to play", fen, game.OutcomeText(r, out))
	}
	return p, nil
}

// OpeningsText describes a book for a match's settings: the FEN of a
// single opening, else the count and a digest of the FENs in order (so
// that a resumed match refuses another book however it is spaced).
func OpeningsText[G game.Game[P, M], P any, M game.Move](r G, book []P) string {
	switch len(book) {
	case 0:
		return ""
	case 1:
		return r.FormatPosition(&book[0])
	}
	h := sha256.New()
	for i := range book {
		io.WriteString(h, r.FormatPosition(&book[i])+"\n")
	}
	return fmt.Sprintf("%d openings, sha256 %s", len(book), hex.EncodeToString(h.Sum(nil))[:16])
}
