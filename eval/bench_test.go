package eval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta/surakarta/eval"
	"github.com/surakarta/surakarta/internal/testing/testgames"
	"github.com/surakarta/surakarta/rules"
)

// benchFENs are the positions of the rules benchmarks: the start, a
// middlegame with captures on both circuits and a sparse endgame.
var benchFENs = []struct{ name, fen string }{
	{"start", rules.StartFEN},
	{"middlegame", testgames.Middlegame},
	{"endgame", "4b1/5r/6/6/5b/r3r1 b 0 31"},
}

var sinkVector eval.Vector

func BenchmarkExtract(b *testing.B) {
	for _, bp := range benchFENs {
		b.Run(bp.name, func(b *testing.B) {
			p := testgames.Position(b, bp.fen)
			b.ReportAllocs()
			var v eval.Vector
			for b.Loop() {
				eval.ExtractVector(&v, &p)
			}
			sinkVector = v
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// gamePositions returns the positions of seeded uniformly random games
// under the default rules, every position of each game, until n are
// collected: a mix of openings, middlegames and endgames.
func gamePositions(seed uint64, n int) []rules.Position {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]rules.Position, 0, n)
	var buf [rules.MaxMoves]rules.Move
	for len(out) < n {
		g, err := rules.NewGame(rules.DefaultRules(), rules.Start())
		if err != nil {
			panic(err)
		}
		for !g.IsTerminal() && len(out) < n {
			p := g.Position()
			out = append(out, p)
			moves, _ := squareOrder(&p, buf[:0], nil)
			if err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
				panic(err)
			}
		}
	}
	return out
}

// squareOrder returns p's legal moves in square order
// (rules.Position.GenerateMovesBySquare) and, into caps, its captures in
// that order: the seeded positions of these tests (and the feature digest
// pinned on them) then do not depend on the side-relative order of
// GenerateMoves.
func squareOrder(p *rules.Position, buf, caps []rules.Move) (moves, captures []rules.Move) {
	moves = p.GenerateMovesBySquare(buf[:0])
	captures = caps[:0]
	for _, m := range moves {
		if m.IsCapture() {
			captures = append(captures, m)
		}
	}
	return moves, captures
}

// BenchmarkExtractGames extracts the features of 4096 positions of random
// games; positions/s is the figure the target refers to.
func BenchmarkExtractGames(b *testing.B) {
	ps := gamePositions(7, 4096)
	b.ReportAllocs()
	var v eval.Vector
	i := 0
	for b.Loop() {
		eval.ExtractVector(&v, &ps[i&4095])
		i++
	}
	sinkVector = v
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "positions/s")
}
