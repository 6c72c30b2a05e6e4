package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// captureGames plays n seeded games under r with a capture-greedy random
// policy (a capture with probability 0.8 when one exists, else a uniformly
// random legal move): a cheap stand-in for self-play in which material,
// threats and defence all matter. It returns the dataset rows of every
// position (root_value is tanh(material/3), a plausible search value) and
// the game rows, ordered by game id and ply as a dataset is.
func captureGames(t testing.TB, r rules.Rules, seed uint64, n int) ([]dataset.GameRow, []dataset.PositionRow) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	var games []dataset.GameRow
	var pos []dataset.PositionRow
	var buf, cbuf [rules.MaxMoves]rules.Move
	for id := int64(0); id < int64(n); id++ {
		g, err := rules.NewGame(r, rules.Start())
		if err != nil {
			t.Fatal(err)
		}
		first := len(pos)
		for !g.IsTerminal() {
			p := g.Position()
			moves := g.LegalMoves(buf[:0])
			m := moves[rng.IntN(len(moves))]
			if caps := p.GenerateCaptures(cbuf[:0]); len(caps) > 0 && rng.Float64() < 0.8 {
				m = caps[rng.IntN(len(caps))]
			}
			var row dataset.PositionRow
			dataset.FillPosition(&row, id, g.Ply(), &p, m)
			stm := p.SideToMove()
			row.RootValue = float32(math.Tanh(float64(p.Count(stm)-p.Count(stm.Other())) / 3))
			row.Policy = []dataset.PolicyEntry{{Action: int16(m.Action()), Visits: 1}}
			pos = append(pos, row)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		dataset.SetResults(pos[first:], g.Outcome())
		var gr dataset.GameRow
		dataset.FillGame(&gr, id, seed, 0, g)
		games = append(games, gr)
	}
	return games, pos
}

// toRows converts dataset rows to fitting rows.
func toRows(pos []dataset.PositionRow) Samples {
	out := make(Samples, len(pos))
	for i, p := range pos {
		out[i] = Sample{
			Red: rules.Bitboard(p.Red), Black: rules.Bitboard(p.Black),
			Side: rules.Color(p.SideToMove), NoCapture: int(p.NoCapturePlies),
			Result: float64(p.Result), RootValue: float64(p.RootValue), GameID: p.GameID,
		}
	}
	return out
}

// writeDataset writes games and positions as a one-part dataset of dir.
func writeDataset(t testing.TB, dir string, r rules.Rules, seed uint64, games []dataset.GameRow, pos []dataset.PositionRow) {
	t.Helper()
	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
		Engine: `{"policy":"capture-greedy random"}`, Seed: seed, Games: int64(len(games))}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	meta := dataset.FileMeta{Run: run, Shards: 1, FirstGame: 0, LastGame: int64(len(games) - 1), Version: "test", Revision: "testrev"}
	if err := dataset.WritePart(dir, meta, games, pos); err != nil {
		t.Fatal(err)
	}
}
