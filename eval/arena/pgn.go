package arena

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// WritePGN writes one game of a games table in a PGN-like text form: tag
// pairs (the game's settings, result and ending, and with m, a matches
// row of the same game or nil, the engines and their time and nodes), a
// blank line, then the moves numbered as the start FEN numbers them, the
// result last ("1-0" Red won, "0-1" Black won, "1/2-1/2" a draw).
func WritePGN(w io.Writer, g *dataset.GameRow, m *dataset.MatchRow) error {
	start, err := rules.ParseFEN(g.StartFEN)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.GameID, err)
	}
	result := map[string]string{"red": "1-0", "black": "0-1", "draw": "1/2-1/2"}[g.Winner]
	if result == "" {
		return fmt.Errorf("game %d: winner %q: want red, black or draw", g.GameID, g.Winner)
	}
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %s]\n", k, strconv.Quote(v)) }
	tag("Game", strconv.FormatInt(g.GameID, 10))
	tag("Variant", g.Variant)
	tag("Rules", g.Rules)
	tag("Seed", strconv.FormatUint(g.Seed, 10))
	if m != nil {
		tag("Red", m.Red+": "+m.RedName)
		tag("Black", m.Black+": "+m.BlackName)
	}
	tag("FEN", g.StartFEN)
	tag("OpeningPlies", strconv.Itoa(int(g.OpeningPlies)))
	tag("Result", result)
	tag("Reason", g.Reason)
	if m != nil {
		if m.Fault != "" {
			tag("Fault", m.Fault)
		}
		tag("RedTimeMS", strconv.FormatInt(m.RedTimeMS, 10))
		tag("BlackTimeMS", strconv.FormatInt(m.BlackTimeMS, 10))
		tag("RedNodes", strconv.FormatInt(m.RedNodes, 10))
		tag("BlackNodes", strconv.FormatInt(m.BlackNodes, 10))
	}
	b.WriteString("\n")
	n, side := start.MoveNumber(), start.SideToMove()
	col := 0
	word := func(s string) {
		if col > 0 && col+1+len(s) > 79 {
			b.WriteString("\n")
			col = 0
		} else if col > 0 {
			b.WriteString(" ")
			col++
		}
		b.WriteString(s)
		col += len(s)
	}
	for i, mv := range g.Moves {
		if side == rules.Red || i == 0 {
			dots := "."
			if side == rules.Black {
				dots = "..."
			}
			word(strconv.Itoa(n) + dots)
		}
		word(mv)
		if side == rules.Black {
			n++
		}
		side ^= 1
	}
	word(result)
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// WriteDirPGN prints the games of the games table in dir (a match's
// record, or a self-play dataset) with WritePGN, those of variant only
// when it is not empty and those of ids only when there are any, with a
// match's engines, time and nodes where its matches table has them. It
// returns the ids it printed.
func WriteDirPGN(w io.Writer, dir, variant string, ids []int64) (map[int64]bool, error) {
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	matches := map[string]map[int64]dataset.MatchRow{}
	vs, err := dataset.Variants(dir)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if variant != "" && v != variant {
			continue
		}
		matches[v] = map[int64]dataset.MatchRow{}
		if _, err := os.Stat(dataset.PartitionDir(dir, dataset.TableMatches, v)); errors.Is(err, fs.ErrNotExist) {
			continue // a self-play dataset: no engine tags
		}
		err := dataset.ScanMatches(dir, v, func(m *dataset.MatchRow) error {
			if len(want) == 0 || want[m.GameID] {
				matches[v][m.GameID] = *m
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	found := map[int64]bool{}
	err = dataset.ScanGames(dir, variant, func(g *dataset.GameRow) error {
		if len(want) > 0 && !want[g.GameID] {
			return nil
		}
		found[g.GameID] = true
		var mp *dataset.MatchRow
		if m, ok := matches[g.Variant][g.GameID]; ok {
			mp = &m
		}
		return WritePGN(w, g, mp)
	})
	return found, err
}
