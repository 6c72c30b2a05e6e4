package positions

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/surakarta/surakarta/game"
)

// Moves is a position (in its game's text) with its legal moves (moves
// --json's object).
type Moves struct {
	FEN   string   `json:"fen"`
	Moves []string `json:"moves"`
}

// MovesOf is p with its legal moves under r, an empty list (not null)
// for none.
func MovesOf[G game.Game[P, M], P any, M game.Move](r G, p *P) Moves {
	return Moves{FEN: r.FormatPosition(p), Moves: append([]string{}, LegalMoveStrings(r, p)...)}
}

// WriteText writes each move on its own line.
func (m Moves) WriteText(w io.Writer) error {
	for _, s := range m.Moves {
		fmt.Fprintln(w, s)
	}
	return nil
}

// LegalMoveStrings lists p's legal moves in canonical notation, in the
// game's own order (its position's LegalMoveStrings, Surakarta's by from
// point then to point), else sorted.
func LegalMoveStrings[G game.Game[P, M], P any, M game.Move](r G, p *P) []string {
	if l, ok := any(p).(interface{ LegalMoveStrings() []string }); ok {
		return l.LegalMoveStrings()
	}
	moves := r.Moves(p, make([]M, 0, r.MaxMoves()))
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = r.FormatMove(p, m)
	}
	slices.Sort(out)
	return out
}

// EachPosition calls do with the position of each line of in, one
// position a line in r's text; its errors call in name ("stdin line 3:
// ...").
func EachPosition[G game.Game[P, M], P any, M game.Move](in io.Reader, name string, r G, do func(*P)) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		p, err := r.ParsePosition(text)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
		do(&p)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", name, err)
	}
	return nil
}
