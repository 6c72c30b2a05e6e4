package dataset_test

import (
	"fmt"
	"os"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// A dataset written and read back: one game of a player that always
// plays its first legal move, written as one part of both tables (its
// positions with the move played as the whole policy), then read back:
// the games table and one column of the positions table.
func Example() {
	dir, err := os.MkdirTemp("", "dataset-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	r := rules.DefaultRules()
	g, err := rules.NewGame(r, rules.Start())
	if err != nil {
		panic(err)
	}
	var positions []dataset.PositionRow
	var buf [rules.MaxMoves]rules.Move
	for !g.IsTerminal() {
		p := g.Position()
		m := g.LegalMoves(buf[:0])[0]
		var row dataset.PositionRow
		dataset.FillPosition(&row, 0, g.Ply(), &p, m)
		row.Policy = []dataset.PolicyEntry{{Action: int16(m.Action()), Visits: 1, Move: row.Move}}
		positions = append(positions, row)
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	dataset.SetResults(positions, g.Outcome())
	games := make([]dataset.GameRow, 1)
	dataset.FillGame(&games[0], 0, 1, 0, g)

	run := dataset.Run{SchemaVersion: dataset.SchemaVersion, Variant: r.Variant.String(), Rules: r.String(),
		Engine: `{"player":"first legal move"}`, Seed: 1, Games: 1}
	if err := dataset.ClaimPartition(dir, run); err != nil {
		panic(err)
	}
	if err := dataset.WritePart(dir, dataset.FileMeta{Run: run, Shards: 1}, games, positions); err != nil {
		panic(err)
	}

	err = dataset.ScanGames(dir, run.Variant, func(g *dataset.GameRow) error {
		fmt.Printf("game %d: %d plies, %d captures, %s (%s)\n", g.GameID, g.Plies, g.Captures, g.Winner, g.Reason)
		return nil
	})
	if err != nil {
		panic(err)
	}
	var moves []string
	err = dataset.ScanPositions(dir, run.Variant, []string{dataset.ColMove}, func(p *dataset.PositionRow) error {
		moves = append(moves, p.Move)
		return nil
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d positions, moves %s ... %s\n", len(moves), moves[0], moves[len(moves)-1])
	// Output:
	// game 0: 12 plies, 0 captures, draw (repetition)
	// 12 positions, moves a2-a3 ... f6-e6
}
