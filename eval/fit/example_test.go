package fit_test

import (
	"context"
	"fmt"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/eval/fit"
	"github.com/surakarta/surakarta/rules"
)

// A value fit: the positions of 200 games of seeded random moves, each
// labelled with its game's result for the side to move, fitted by ridge
// regression and scored on the held-out games beside the material-only
// baseline.
func ExampleFit() {
	var samples fit.Samples
	var buf [rules.MaxMoves]rules.Move
	for id := range int64(200) {
		g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
		if err != nil {
			panic(err)
		}
		s := dataset.NewStream(dataset.SearchSeed(5, id))
		first := len(samples)
		for !g.IsTerminal() {
			p := g.Position()
			samples = append(samples, fit.Sample{Red: p.Red(), Black: p.Black(), Side: p.SideToMove(), NoCapture: p.NoCapturePlies(), GameID: id})
			moves := g.LegalMoves(buf[:0])
			if err := g.Play(moves[s.IntN(len(moves))]); err != nil {
				panic(err)
			}
		}
		out := g.Outcome()
		for i := first; i < len(samples); i++ {
			samples[i].Result = float64(out.Return(samples[i].Side))
		}
	}
	res, err := fit.Fit(context.Background(), samples, fit.DefaultFitOptions())
	if err != nil {
		panic(err)
	}
	h := res.Report.Holdout
	fmt.Printf("trained on %d games (%d positions), scored on %d\n", res.Report.Train.Games, res.Report.Train.Positions, h.Games)
	fmt.Printf("%s: %.3f\n", res.Report.Weights[eval.Material].Name, res.Report.Weights[eval.Material].Weight)
	fmt.Printf("held-out MSE %.3f, material-only %.3f\n", h.MSE, h.BaselineMSE)
	// Output:
	// trained on 158 games (27714 positions), scored on 42
	// material: 0.135
	// held-out MSE 0.907, material-only 0.878
}
