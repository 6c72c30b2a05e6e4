package arena

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/game"
	"github.com/surakarta/surakarta/internal/base/rng"
	"github.com/surakarta/surakarta/rules"
)

// ReadOpenings reads an opening book: one position per line (blank lines
// and lines starting with # are skipped), as a FEN (the game's position
// text: Surakarta's FEN, Alquerque's position text) or as an EPD line
// (epdFEN: the board and the side to move, then operations such as
// hmvc 0; fmvn 1; id "name";), each a position that is legal under r and
// not over, so that a match can play every game from one. name is the
// book's name for errors, which give its line: "book.txt:3: ...".
func ReadOpenings[G game.Game[P, M], P any, M game.Move](in io.Reader, name string, r G) ([]P, error) {
	var out []P
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<16)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fen, err := epdFEN(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		p, err := OpeningOf(r, fen)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w (one FEN or EPD per line)", name, err)
	}
	if len(out) == 0 {
		start := r.Start()
		return nil, fmt.Errorf("%s: no openings: want one FEN or EPD per line, e.g. %s", name, r.FormatPosition(&start))
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

// epdFEN returns the position text of a book's line: the line itself when
// its third field is a number (a FEN: board, side, plies since the last
// capture, move number), else the line read as EPD (as chess's EPD
// extends FEN: the board and the side to move, then operations, each an
// opcode, its operands and a semicolon), whose hmvc and fmvn operations
// give the plies since the last capture and the move number (0 and 1 when
// absent, as for a line of the board and the side alone) and whose other operations (id, c0, ...) are ignored. Both
// games' position texts have these four fields, so one reader serves
// both.
func epdFEN(line string) (string, error) {
	f := strings.Fields(line)
	if len(f) < 2 {
		return line, nil // the parser says what is missing
	}
	if len(f) > 2 {
		if _, err := strconv.Atoi(f[2]); err == nil {
			return line, nil
		}
	}
	ops := strings.Join(f[2:], " ")
	if ops != "" && !strings.HasSuffix(ops, ";") {
		return "", fmt.Errorf("EPD %q: each operation ends with a semicolon, e.g. hmvc 0; fmvn 1;", line)
	}
	counters := map[string]string{"hmvc": "0", "fmvn": "1"}
	for _, op := range epdOperations(ops) {
		w := strings.Fields(op)
		if len(w) == 0 {
			continue
		}
		if _, ok := counters[w[0]]; !ok {
			continue // id, c0 and the rest: names and comments
		}
		if len(w) != 2 {
			return "", fmt.Errorf("EPD %q: %s takes one whole number, e.g. %s 0;", line, w[0], w[0])
		}
		if n, err := strconv.Atoi(w[1]); err != nil || n < 0 {
			return "", fmt.Errorf("EPD %q: %s %q is not a whole number", line, w[0], w[1])
		}
		counters[w[0]] = w[1]
	}
	return f[0] + " " + f[1] + " " + counters["hmvc"] + " " + counters["fmvn"], nil
}

// epdOperations splits an EPD line's operations at the semicolons outside
// double quotes (an id or a comment may hold one).
func epdOperations(ops string) []string {
	var out []string
	quoted, from := false, 0
	for i, c := range ops {
		switch {
		case c == '"':
			quoted = !quoted
		case c == ';' && !quoted:
			out = append(out, ops[from:i])
			from = i + 1
		}
	}
	return append(out, ops[from:])
}

// ShuffleOpenings puts book in a uniformly random order drawn from seed
// (Fisher–Yates over the SplitMix64 stream of seed mixed with the word
// "openings", so that the order is not the games' own draws): the same
// seed gives the same order on any machine.
func ShuffleOpenings[P any](book []P, seed uint64) {
	draws := rng.NewSplitMix(rng.SplitMix64(seed ^ 0x6f70656e696e6773)) // "openings"
	for i := len(book) - 1; i > 0; i-- {
		j := draws.IntN(i + 1)
		book[i], book[j] = book[j], book[i]
	}
}
