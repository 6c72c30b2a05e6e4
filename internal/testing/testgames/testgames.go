package testgames

import (
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// Rows plays games 0..n-1 of seed under r as a self-play run would pick
// them, but with random moves: the seed's random opening of opening plies,
// then moves drawn uniformly from the game's search stream. With
// preferCaptures each capture is then taken with probability 1/2, in
// generation order, so that games also end by capturing every piece.
func Rows(t testing.TB, r rules.Rules, seed uint64, n int64, opening int, preferCaptures bool) []dataset.GameRow {
	t.Helper()
	rows := make([]dataset.GameRow, 0, n)
	var buf [rules.MaxMoves]rules.Move
	for id := range n {
		g, err := rules.NewGame(r, rules.Start())
		if err != nil {
			t.Fatal(err)
		}
		k := dataset.PlayRandomOpening(g, seed, id, opening)
		s := dataset.NewStream(dataset.SearchSeed(seed, id))
		for !g.IsTerminal() {
			moves := g.LegalMoves(buf[:0])
			m := moves[s.IntN(len(moves))]
			if preferCaptures {
				for _, c := range moves {
					if c.IsCapture() && s.IntN(2) == 0 {
						m = c
						break
					}
				}
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		var row dataset.GameRow
		dataset.FillGame(&row, id, seed, k, g)
		rows = append(rows, row)
	}
	return rows
}

// Write claims dir's partition of r's variant for a random-play run of
// games games of seed with opening random plies, and writes rows (games of
// consecutive ids) as one part of it.
func Write(t testing.TB, dir string, r rules.Rules, seed uint64, games int64, opening int, rows []dataset.GameRow) {
	t.Helper()
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
		Engine: `{"test":"random"}`, Seed: seed, Games: games, RandomOpening: opening}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: rows[0].GameID, LastGame: rows[len(rows)-1].GameID}
	if err := dataset.WritePart(dir, meta, rows, nil); err != nil {
		t.Fatal(err)
	}
}
