package testgames

import (
	"slices"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// SynthGame plays game id as self-play would but with a uniformly random
// "search": the seed's random opening, then random moves, a policy of
// random visit counts over the legal moves (the played move always
// visited) and a random root value. Its rows are consistent, so Verify
// must accept them.
func SynthGame(t testing.TB, r rules.Rules, seed uint64, id int64, opening int) (dataset.GameRow, []dataset.PositionRow) {
	t.Helper()
	g, err := rules.NewGame(r, rules.Start())
	if err != nil {
		t.Fatal(err)
	}
	k := dataset.PlayRandomOpening(g, seed, id, opening)
	s := dataset.NewStream(dataset.SearchSeed(seed, id))
	var rows []dataset.PositionRow
	var buf [rules.MaxMoves]rules.Move
	for !g.IsTerminal() {
		p := g.Position()
		moves := g.LegalMoves(buf[:0])
		m := moves[s.IntN(len(moves))]
		var row dataset.PositionRow
		dataset.FillPosition(&row, id, g.Ply(), &p, m)
		for _, lm := range moves {
			v := int32(s.IntN(3))
			if lm == m {
				v += 1
			}
			if v > 0 {
				row.Policy = append(row.Policy, dataset.PolicyEntry{Action: int16(lm.Action()), Visits: v, Move: p.MoveString(lm)})
			}
		}
		// Ascending actions, as self-play writes them (Black's moves are
		// generated from f6 down).
		slices.SortFunc(row.Policy, func(a, b dataset.PolicyEntry) int { return int(a.Action) - int(b.Action) })
		row.RootValue = float32(s.IntN(2001)-1000) / 1000
		rows = append(rows, row)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	dataset.SetResults(rows, g.Outcome())
	var gr dataset.GameRow
	dataset.FillGame(&gr, id, seed, k, g)
	return gr, rows
}

// SynthRun returns the Run of a synthetic run of games games of seed
// under r with opening random plies (WriteSynth writes its parts).
func SynthRun(t testing.TB, r rules.Rules, seed uint64, games int64, opening int) dataset.Run {
	return dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
		Engine: `{"synthetic":true}`, Seed: seed, Games: games, RandomOpening: opening}
}

// WriteSynth writes games [first, last] of run as one part of dir.
func WriteSynth(t testing.TB, dir string, run dataset.Run, first, last int64) ([]dataset.GameRow, []dataset.PositionRow) {
	t.Helper()
	r, err := rules.ParseRules(run.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var games []dataset.GameRow
	var pos []dataset.PositionRow
	for id := first; id <= last; id++ {
		g, p := SynthGame(t, r, run.Seed, id, run.RandomOpening)
		games = append(games, g)
		pos = append(pos, p...)
	}
	meta := dataset.FileMeta{Run: run, Shard: 0, Shards: 1, FirstGame: first, LastGame: last}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		t.Fatal(err)
	}
	if err := dataset.WritePart(dir, meta, games, pos); err != nil {
		t.Fatal(err)
	}
	return games, pos
}

// Clone returns deep copies of rows (games or positions), which a test
// may change without touching the originals.
func Clone[R any, PR interface {
	*R
	Clone() R
}](rows []R) []R {
	out := make([]R, len(rows))
	for i := range rows {
		out[i] = PR(&rows[i]).Clone()
	}
	return out
}
