package arena

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// PGNGame is the value of the Game tag: the game the moves are of.
const PGNGame = "Surakarta"

// WritePGN writes one game of a games table as PGN in export format (the
// PGN standard, section 8): the seven-tag roster in its order (Event, Site,
// Date, Round, White, Black, Result), then the other tags in ASCII order of
// their names, a blank line, the movetext and a blank line. White is the
// player who moves first, Red; the engines' names come from m, a matches
// row of the same game, or are "?" (unknown, as PGN writes it) without
// one. Round is the game id plus one; Site and Date are unknown ("?",
// "????.??.??"): a games table records neither. The Game tag names the
// game (PGNGame), Variant and Rules its rules; SetUp "1" and FEN give the
// start when it is not the standard start; PlyCount, Termination (normal,
// rules infraction, time forfeit or abandoned, from the reason), Reason
// (the rules' ending or the fault), OpeningPlies and Seed follow, and with
// m the sides (RedSide, BlackSide: a or b), their time and nodes and the
// fault. The movetext numbers the moves as the start FEN numbers them,
// each in canonical notation (rules.Position.MoveString: from-to,
// fromxto), a capture's route, where the notation names one, in a comment
// after it ("e4xd6 {route top-right}": brackets and commas are not PGN),
// in lines of at most 79 characters, and ends with the result ("1-0" Red
// won, "0-1" Black won, "1/2-1/2" a draw).
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
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %s]\n", k, pgnString(v)) }
	event, white, black := "surakarta self-play", "?", "?"
	if m != nil {
		event, white, black = "surakarta match", m.RedName, m.BlackName
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", "????.??.??")
	tag("Round", strconv.FormatInt(g.GameID+1, 10))
	tag("White", white)
	tag("Black", black)
	tag("Result", result)
	more := map[string]string{
		"Game":         PGNGame,
		"Variant":      g.Variant,
		"Rules":        g.Rules,
		"Seed":         strconv.FormatUint(g.Seed, 10),
		"OpeningPlies": strconv.Itoa(int(g.OpeningPlies)),
		"PlyCount":     strconv.Itoa(len(g.Moves)),
		"Reason":       g.Reason,
		"Termination":  pgnTermination(g.Reason),
	}
	std := rules.Start()
	if g.StartFEN != std.FEN() {
		more["SetUp"], more["FEN"] = "1", g.StartFEN
	}
	if m != nil {
		more["RedSide"], more["BlackSide"] = m.Red, m.Black
		if m.Fault != "" {
			more["Fault"] = m.Fault
		}
		more["RedTimeMS"] = strconv.FormatInt(m.RedTimeMS, 10)
		more["BlackTimeMS"] = strconv.FormatInt(m.BlackTimeMS, 10)
		more["RedNodes"] = strconv.FormatInt(m.RedNodes, 10)
		more["BlackNodes"] = strconv.FormatInt(m.BlackNodes, 10)
	}
	for _, k := range slices.Sorted(maps.Keys(more)) {
		tag(k, more[k])
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
		// A route's brackets and commas are not PGN: the route goes in a
		// comment after the move's points.
		points, route, hasRoute := strings.Cut(mv, "[")
		word(points)
		if hasRoute { // one word: a line break inside would be the comment's
			word("{route " + strings.TrimSuffix(route, "]") + "}")
		}
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

// pgnString quotes s as a PGN string token: a backslash and a quote are
// escaped with a backslash, and a character PGN does not allow in a string
// (a tab, a newline, any other control character) becomes a space.
func pgnString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '\\' || r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < ' ' || r == 0x7f:
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pgnTermination is the PGN Termination tag of a game that ended for
// reason: normal for the rules' endings, time forfeit for a player out of
// time, abandoned for a player that crashed, rules infraction for the
// other faults (an illegal move, garbage, a refusal).
func pgnTermination(reason string) string {
	switch reason {
	case FaultTimeout:
		return "time forfeit"
	case FaultCrash:
		return "abandoned"
	case FaultIllegalMove, FaultGarbage, FaultRefused:
		return "rules infraction"
	}
	return "normal"
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
