package arena

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/game"
)

// WritePGN writes one game of a games table of r's game as PGN in export
// format (the PGN standard, section 8): the seven-tag roster in its order
// (Event, Site, Date, Round, White, Black, Result), then the other tags in
// ASCII order of their names, a blank line, the movetext and a blank line.
// White is the player who moves first (Surakarta's Red, Alquerque's
// White); the engines' names come from m, a matches row of the same game,
// or are "?" (unknown, as PGN writes it) without one. Round is the game id
// plus one; Site and Date are unknown ("?", "????.??.??"): a games table
// records neither. The Game tag names the game (its name capitalised:
// Surakarta, Alquerque), Variant and Rules its rules; SetUp "1" and FEN
// give the start, in the game's position text, when it is not the
// standard start; PlyCount, Termination (normal, rules infraction, time
// forfeit or abandoned, from the reason), Reason (the rules' ending or the
// fault), OpeningPlies and Seed follow, and with m the sides by the game's
// names for its players (RedSide, BlackSide; WhiteSide, BlackSide: a or
// b), their time and nodes and the fault, and TimeControl, tc, for a game
// played on a game clock (match --tc: BASE+INC in seconds, the standard's
// incremental form when both are whole seconds, else the form
// cutechess-cli and fastchess write, e.g. 10+0.1; no tag without a clock).
// The movetext numbers the moves
// as the start numbers them, each in the game's canonical notation
// (Surakarta's from-to and fromxto, Alquerque's paths such as c4xc2xe2),
// a capture's route, where the notation names one, in a comment after it
// ("e4xd6 {route top-right}": brackets and commas are not PGN), a chain of
// captures as its first and last points with its path in a comment after
// it ("c4xe2 {path c4xc2xe2}": PGN readers take each jump for a move,
// @mliebelt/pgn-parser read e5xc3xe3 as e5xc3 and a move xe3), in lines
// of at most 79 characters, and ends with the result ("1-0" the first
// player won, "0-1" the second, "1/2-1/2" a draw).
func WritePGN[G game.Game[P, M], P any, M game.Move](w io.Writer, r G, g *dataset.GameRow, m *dataset.MatchRow, tc string) error {
	start, err := r.ParsePosition(g.StartFEN)
	if err != nil {
		return fmt.Errorf("game %d: %w", g.GameID, err)
	}
	result := map[string]string{r.PlayerName(game.First): "1-0", r.PlayerName(game.Second): "0-1", game.Draw.String(): "1/2-1/2"}[g.Winner]
	if result == "" {
		return fmt.Errorf("game %d: winner %q: want %s, %s or draw", g.GameID, g.Winner, r.PlayerName(game.First), r.PlayerName(game.Second))
	}
	var b strings.Builder
	pgnTags(&b, r, g, m, tc, result)
	b.WriteString("\n")
	n := 1
	if c, ok := any(&start).(interface{ MoveNumber() int }); ok {
		n = c.MoveNumber()
	}
	pgnMovetext(&b, g.Moves, n, r.ToMove(&start), result)
	b.WriteString("\n\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// pgnTags writes the tags of a game of r's game (WritePGN) to b.
func pgnTags[G game.Game[P, M], P any, M game.Move](b *strings.Builder, r G, g *dataset.GameRow, m *dataset.MatchRow, tc, result string) {
	tag := func(k, v string) { fmt.Fprintf(b, "[%s %s]\n", k, pgnString(v)) }
	event, white, black := r.Name()+" self-play", "?", "?"
	if m != nil {
		event, white, black = r.Name()+" match", m.RedName, m.BlackName
	}
	tag("Event", event)
	tag("Site", "?")
	tag("Date", "????.??.??")
	tag("Round", strconv.FormatInt(g.GameID+1, 10))
	tag("White", white)
	tag("Black", black)
	tag("Result", result)
	more := map[string]string{
		"Game":         capitalised(r.Name()),
		"Variant":      g.Variant,
		"Rules":        g.Rules,
		"Seed":         strconv.FormatUint(g.Seed, 10),
		"OpeningPlies": strconv.Itoa(int(g.OpeningPlies)),
		"PlyCount":     strconv.Itoa(len(g.Moves)),
		"Reason":       g.Reason,
		"Termination":  pgnTermination(g.Reason),
	}
	if std := r.Start(); g.StartFEN != r.FormatPosition(&std) {
		more["SetUp"], more["FEN"] = "1", g.StartFEN
	}
	if m != nil {
		// The matches table's red and black columns are the first and
		// the second player's, named here as the game names them.
		first, second := capitalised(r.PlayerName(game.First)), capitalised(r.PlayerName(game.Second))
		more[first+"Side"], more[second+"Side"] = m.Red, m.Black
		if m.Fault != "" {
			more["Fault"] = m.Fault
		}
		more[first+"TimeMS"] = strconv.FormatInt(m.RedTimeMS, 10)
		more[second+"TimeMS"] = strconv.FormatInt(m.BlackTimeMS, 10)
		more[first+"Nodes"] = strconv.FormatInt(m.RedNodes, 10)
		more[second+"Nodes"] = strconv.FormatInt(m.BlackNodes, 10)
	}
	if tc != "" {
		more["TimeControl"] = tc
	}
	for _, k := range slices.Sorted(maps.Keys(more)) {
		tag(k, more[k])
	}
}

// pgnMovetext writes moves and then result to b, the moves numbered from
// move n with side to move first, in lines of at most 79 characters.
func pgnMovetext(b *strings.Builder, moves []string, n int, side game.Player, result string) {
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
	for i, mv := range moves {
		if side == game.First || i == 0 {
			dots := "."
			if side == game.Second {
				dots = "..."
			}
			word(strconv.Itoa(n) + dots)
		}
		// A route's brackets and commas are not PGN: the route goes in a
		// comment after the move's points. A chain of captures
		// (Alquerque's c4xc2xe2) is no PGN move either (readers take its
		// second jump for a move of its own): the move is its first and
		// last points, its path in a comment after it.
		points, route, hasRoute := strings.Cut(mv, "[")
		if jumps := strings.Split(points, "x"); len(jumps) > 2 {
			word(jumps[0] + "x" + jumps[len(jumps)-1])
			word("{path " + points + "}")
		} else {
			word(points)
		}
		if hasRoute { // one word: a line break inside would be the comment's
			word("{route " + strings.TrimSuffix(route, "]") + "}")
		}
		if side == game.Second {
			n++
		}
		side = side.Other()
	}
	word(result)
}

// capitalised returns s with its first letter in upper case: a game's or
// a player's name as a tag writes it.
func capitalised(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
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

// PGNWriter writes one game of a games table as PGN, played on the game
// clock tc ("" for none): WritePGN of one game (PGNOf).
type PGNWriter func(w io.Writer, g *dataset.GameRow, m *dataset.MatchRow, tc string) error

// PGNOf returns WritePGN of r's game.
func PGNOf[G game.Game[P, M], P any, M game.Move](r G) PGNWriter {
	return func(w io.Writer, g *dataset.GameRow, m *dataset.MatchRow, tc string) error {
		return WritePGN(w, r, g, m, tc)
	}
}

// WriteDirPGN prints the games of the games table in dir (a match's
// record, or a self-play dataset), each partition's with the writer of its
// game in games (by the game's name), those of variant only when it is
// not empty (a partition's key, dataset.Key, or a variant: that variant of
// every game) and those of ids only when there are any, with a match's
// engines, time and nodes where its matches table has them and its game
// clock where its run records one. It returns the ids it printed.
func WriteDirPGN(w io.Writer, dir, variant string, ids []int64, games map[string]PGNWriter) (map[int64]bool, error) {
	want := map[int64]bool{}
	for _, id := range ids {
		want[id] = true
	}
	keys, err := dataset.Variants(dir)
	if err != nil {
		return nil, err
	}
	found := map[int64]bool{}
	read := 0
	for _, key := range keys {
		name, v := dataset.SplitKey(key)
		parts, err := filepath.Glob(filepath.Join(dataset.PartitionDir(dir, dataset.TableGames, key), "part-*.parquet"))
		if err != nil || len(parts) == 0 || (variant != "" && variant != key && variant != v) {
			continue // no games yet (a match claimed, none recorded), or another variant
		}
		write, ok := games[name]
		if !ok {
			return found, fmt.Errorf("%s holds games of %s: this program prints the games of %s", dataset.PartitionDir(dir, dataset.TableGames, key), name, strings.Join(slices.Sorted(maps.Keys(games)), " and "))
		}
		matches, err := matchRows(dir, key, want)
		if err != nil {
			return found, err
		}
		run, _, err := dataset.ReadManifest(dir, key)
		if err != nil {
			return found, err
		}
		read++
		err = dataset.ScanGames(dir, key, func(g *dataset.GameRow) error {
			if len(want) > 0 && !want[g.GameID] {
				return nil
			}
			found[g.GameID] = true
			var mp *dataset.MatchRow
			if m, ok := matches[g.GameID]; ok {
				mp = &m
			}
			return write(w, g, mp, run.TimeControl)
		})
		if err != nil {
			return found, err
		}
	}
	if read == 0 {
		return found, fmt.Errorf("%s holds no %s files", dir, dataset.TableGames)
	}
	return found, nil
}

// matchRows returns the matches rows of a partition of dir (its key) by
// game id, those of the ids in want only when it has any; none for a
// self-play dataset.
func matchRows(dir, key string, want map[int64]bool) (map[int64]dataset.MatchRow, error) {
	out := map[int64]dataset.MatchRow{}
	if dataset.OtherTable(dir, key) != dataset.TableMatches {
		return out, nil // a self-play dataset: no engine tags
	}
	err := dataset.ScanMatches(dir, key, func(m *dataset.MatchRow) error {
		if len(want) == 0 || want[m.GameID] {
			out[m.GameID] = *m
		}
		return nil
	})
	return out, err
}
