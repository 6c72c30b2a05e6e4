package fit

import (
	"github.com/surakarta/surakarta/eval"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/dataset"
	"github.com/surakarta/surakarta/rules"
)

// TestPriorGradientMatchesFiniteDifferences compares the analytic gradient
// of the prior's objective with central differences at random points.
func TestPriorGradientMatchesFiniteDifferences(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	set := &policySet{tab: newMoveTable()}
	var b policyBuilder
	var buf [rules.MaxMoves]rules.Move
	for game := int64(0); game < 20; game++ {
		g, _ := rules.NewGame(rules.DefaultRules(), rules.Start())
		for ply := 0; !g.IsTerminal() && ply < 60; ply++ {
			p := g.Position()
			moves := g.LegalMoves(buf[:0])
			row := Sample{Red: p.Red(), Black: p.Black(), Side: p.SideToMove(), NoCapture: p.NoCapturePlies(), GameID: game, Ply: ply}
			for _, m := range moves {
				if rng.IntN(3) == 0 {
					row.Policy = append(row.Policy, dataset.PolicyEntry{Action: int16(m.Action()), Visits: int32(1 + rng.IntN(50))})
				}
			}
			if len(row.Policy) == 0 {
				row.Policy = []dataset.PolicyEntry{{Action: int16(moves[0].Action()), Visits: 1}}
			}
			if err := row.readPosition(); err != nil {
				t.Fatal(err)
			}
			if err := b.add(set, 0, &row); err != nil {
				t.Fatal(err)
			}
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	o := newPriorObjective(set, 1e-3, 2)
	beta := make([]float64, eval.NumMoveFeatures)
	for trial := 0; trial < 3; trial++ {
		for f := range beta {
			beta[f] = rng.NormFloat64() * 0.5
		}
		o.evaluate(beta)
		grad := append([]float64(nil), o.grad...)
		loss := func(x []float64) float64 { o.evaluate(x); return o.loss }
		for f := range beta {
			fd := centralDifference(loss, beta, f, 1e-5)
			if math.Abs(fd-grad[f]) > 1e-6*math.Max(1, math.Abs(fd)) {
				t.Errorf("trial %d: d loss / d β[%s] = %.9f analytically, %.9f by finite differences", trial, eval.MoveNames()[f], grad[f], fd)
			}
		}
	}
}
