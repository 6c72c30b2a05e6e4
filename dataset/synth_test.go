package dataset

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta/surakarta/rules"
)

// synthGame plays game id as self-play would but with a uniformly random
// "search": the seed's random opening, then random moves, a policy of
// random visit counts over the legal moves (the played move always
// visited) and a random root value. Its rows are consistent, so Verify
// must accept them.
func synthGame(t testing.TB, r rules.Rules, seed uint64, id int64, opening int) (GameRow, []PositionRow) {
	t.Helper()
	g, err := rules.NewGame(r, rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	k := PlayRandomOpening(g, seed, id, opening)
	s := NewStream(SearchSeed(seed, id))
	var rows []PositionRow
	var buf [rules.MaxMoves]rules.Move
	for !g.IsTerminal() {
		p := g.Position()
		moves := g.LegalMoves(buf[:0])
		m := moves[s.IntN(len(moves))]
		var row PositionRow
		FillPosition(&row, id, g.Ply(), &p, m)
		for _, lm := range moves {
			v := int32(s.IntN(3))
			if lm == m {
				v += 1
			}
			if v > 0 {
				row.Policy = append(row.Policy, PolicyEntry{int16(lm.Action()), v, p.MoveString(lm)})
			}
		}
		// Ascending actions, as self-play writes them (Black's moves are
		// generated from f6 down).
		slices.SortFunc(row.Policy, func(a, b PolicyEntry) int { return int(a.Action) - int(b.Action) })
		row.RootValue = float32(s.IntN(2001)-1000) / 1000
		rows = append(rows, row)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	SetResults(rows, g.Outcome())
	var gr GameRow
	FillGame(&gr, id, seed, k, g)
	return gr, rows
}

// synthRun returns the Run and rows of games [first, last] of a synthetic
// run.
func synthRun(t testing.TB, r rules.Rules, seed uint64, games int64, opening int) Run {
	return Run{SchemaVersion: SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
		Engine: `{"synthetic":true}`, Seed: seed, Games: games, RandomOpening: opening}
}

// writeSynth writes games [first, last] of run as one part of dir.
func writeSynth(t testing.TB, dir string, run Run, first, last int64) ([]GameRow, []PositionRow) {
	t.Helper()
	r, err := rules.ParseRules(run.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var games []GameRow
	var pos []PositionRow
	for id := first; id <= last; id++ {
		g, p := synthGame(t, r, run.Seed, id, run.RandomOpening)
		games = append(games, g)
		pos = append(pos, p...)
	}
	meta := FileMeta{Run: run, Shard: 0, Shards: 1, FirstGame: first, LastGame: last}
	if err := ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := WritePart(dir, meta, games, pos); err != nil {
		t.Fatal(err)
	}
	return games, pos
}

// TestPositionRowRebuildsThePositionItWasFilledFrom checks that
// PositionRow.Position gives back the position FillPosition wrote (pieces,
// side to move, no-capture count) and that a row whose bitboards overlap
// is an error naming its game and ply.
func TestPositionRowRebuildsThePositionItWasFilledFrom(t *testing.T) {
	_, rows := synthGame(t, rules.DefaultRules(), 11, 3, 4)
	for i := range rows {
		p, err := rows[i].Position()
		if err != nil {
			t.Fatal(err)
		}
		if uint64(p.Red()) != rows[i].Red || uint64(p.Black()) != rows[i].Black || int8(p.SideToMove()) != rows[i].SideToMove || int16(p.NoCapturePlies()) != rows[i].NoCapturePlies || p.CountMoves() != int(rows[i].LegalMoves) {
			t.Fatalf("row %d (%s): rebuilt as %s", i, rows[i].FEN, p.FEN())
		}
	}
	bad := rows[0]
	bad.Black |= bad.Red & -bad.Red
	if _, err := bad.Position(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("game 3 ply %d: ", bad.Ply)) {
		t.Errorf("a row with a square held by both sides: error %v, want one naming game 3 ply %d", err, bad.Ply)
	}
}
